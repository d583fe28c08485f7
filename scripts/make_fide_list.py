"""Write an invented FIDE combined rating list in the official fixed-width TXT layout.

    python scripts/make_fide_list.py OUT.txt [--rows 1100000] [--month SEP26] [--changed 0.3]

Every line is 162 characters, in the columns of FIDE's `players_list_foa.txt` (docs/rating-lists.md).
The players are invented: surnames and given names drawn from pools (a fifth with accents),
federations, titles, ratings, K factors and flags in plausible proportions. The same seed
gives the same players; `--changed` gives a share of them new ratings and game counts, as
next month's list would, so a second import can be measured and checked.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path


def _words(text: str) -> list[str]:
    return text.split()


HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SURNAMES = _words(
    "Novak Horvat Kovacs Nagy Muller Schmidt Garcia Fernandez Lopez Martinez Rossi Russo "
    "Ferrari Kumar Sharma Singh Patel Gupta Reddy Nguyen Tran Le Pham Ivanov Petrov Smirnov "
    "Popov Kuznetsov Kowalski Nowak Wisniewski Jensen Hansen Nielsen Larsen Andersen Johansson "
    "Karlsson Berg Silva Santos Oliveira Souza Pereira Costa Almeida Dubois Laurent Moreau "
    "Lefebvre Mercier Yilmaz Kaya Demir Sahin Celik Cohen Levi Mizrahi Friedman Schwartz Katz "
    "Wong Chen Wang Li Zhang Liu Yang Huang Zhao Wu Kim Lee Park Choi Jung Kang Cho Yoon Jang "
    "Lim Smith Jones Brown Taylor Wilson Davies Evans Thomas Johnson Roberts Walker Wright "
    "Thompson White Hughes Edwards "
)
ACCENTED = _words(
    "Müller Dvořák Šťastný Nuñez Gómez Jiménez Łukasz Ødegaard Çelik Ağaoğlu Pérez Lévêque Hernández "
)
GIVEN = _words(
    "Anna Peter Maria Jan Elena Pablo Tomasz Jonas Layla Marko Selma Per Mai Arjun Priya Wei "
    "Ming Olga Ivan Sofia Lucas Emma Noah Mia Liam Leon Lea Paul Julia David Sara Adam Eva Igor "
    "Nina Rahul Deepa Vikram Ananya Minh Linh Hiroshi Yuki Ahmed Fatima Omar Aisha Carlos Lucia "
    "Diego "
)
ACCENTED_GIVEN = _words("José Zoë Łucja Björn Søren Ayşe Žofia Renée Andrés Inés ")
FEDERATIONS = _words("IND RUS GER FRA ESP ITA USA POL TUR IRI CZE HUN SRB NED ENG ARG BRA VIE CHN FID ")
TITLES = [("GM", ""), ("IM", ""), ("FM", ""), ("CM", ""), ("WGM", "WGM"), ("WIM", "WIM"), ("WFM", "WFM")]
OTHER = ["", "", "", "", "", "", "", "", "NA", "FA", "IA", "FT", "NI", "IA,FA"]


def line(fide_id: int, rng: random.Random, change: random.Random | None) -> str:
    surname = rng.choice(ACCENTED) if rng.random() < 0.2 else rng.choice(SURNAMES)
    given = rng.choice(ACCENTED_GIVEN) if rng.random() < 0.1 else rng.choice(GIVEN)
    name = f"{surname}, {given}" if rng.random() < 0.97 else f"{surname} {given}"
    woman = rng.random() < 0.15
    title, w_title = rng.choice(TITLES) if rng.random() < 0.03 else ("", "")
    born = rng.randint(1940, 2020)
    ratings = []
    for share in (0.8, 0.5, 0.5):  # rated in standard, rapid, blitz
        if rng.random() < share:
            rating, games, k = rng.randint(1400, 2750), rng.randint(0, 12), rng.choice((10, 20, 40))
        else:
            rating, games, k = None, None, None
        if rating is not None and change is not None:
            rating, games = max(1400, rating + change.randint(-40, 40)), change.randint(1, 15)
        ratings.append((rating, games, k))
    flags = ("w" if woman else "") + ("i" if rng.random() < 0.4 else "")
    fields = [f"{fide_id:<15}{name:<61}{rng.choice(FEDERATIONS):<4}{'F' if woman else 'M':<4}"]
    fields.append(f"{title:<5}{w_title:<5}{rng.choice(OTHER):<15}{'':<4}")
    for rating, games, k in ratings:
        fields.append(f"{'' if rating is None else rating:<6}{'' if games is None else games:<4}")
        fields.append(f"{'' if k is None else k:<3}")
    fields.append(f"{born:<6}{flags:<4}")
    return "".join(fields)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--rows", type=int, default=1_100_000)
    parser.add_argument("--changed", type=float, default=0.0, help="share of players with a new rating")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with args.out.open("w", encoding="utf-8", newline="\n") as out:
        out.write(HEADER + "\n")
        for number in range(args.rows):
            # The players stay the same whatever --changed: one generator per player, seeded by its number.
            rng = random.Random(args.seed * 10_000_000 + number)
            change = random.Random(-number - 1)
            out.write(
                line(100_000 + number * 7, rng, change if change.random() < args.changed else None) + "\n"
            )
    print(f"{args.rows:,} players written to {args.out} ({args.out.stat().st_size / 1e6:.0f} MB)")


if __name__ == "__main__":
    main()
