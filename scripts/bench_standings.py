"""The public pages that rank the whole field, timed cold after rounds 1, 2 and 5 of a 4000-player event.

    .venv/bin/python scripts/bench_standings.py [--players 4000] [--after 1,2,5]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench_standings on 127.0.0.1:5432,
dropped and created again). The rounds are not paired by the engine (round 2 of 4000 players
takes it minutes): each score group's top half meets its bottom half, avoiding rematches,
which gives the Dutch system's shape of tied groups. Results are random. After each round
listed, every page below is asked for once with the public cache emptied, through Django's
test client, and its time printed; the standings' own computation is timed apart. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

from bench_database import fresh_database, in_process_settings, open_event

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = in_process_settings("standings")
ENV = dict(os.environ)
sys.path.insert(0, str(ROOT))
SLUG = "standings-open"
PAGES = ("standings/", "standings.csv", "crosstable/", "prizes/", "players/", "players/{card}/")


def split_groups(state: object) -> list[tuple[int, int | None]]:
    """Pairs of pairing numbers: in each score group (by points, then number) the top half meets the
    bottom half, the first player of the half below that it has not met; the odd one out floats."""
    from swiss.model import TournamentState

    assert isinstance(state, TournamentState)
    score = {
        p.number: sum((state.scoring.points(r.code) for r in p.history), Fraction(0)) for p in state.players
    }
    met = {p.number: {r.opponent for r in p.history} for p in state.players}
    groups: dict[Fraction, list[int]] = {}
    for number in sorted(score, key=lambda n: (-score[n], n)):
        groups.setdefault(score[number], []).append(number)
    pairs: list[tuple[int, int | None]] = []
    carried: list[int] = []
    for points in sorted(groups, reverse=True):
        group = carried + groups[points]
        carried = [group.pop()] if len(group) % 2 else []
        top, bottom = group[: len(group) // 2], group[len(group) // 2 :]
        for player in top:
            opponent = next((b for b in bottom if b not in met[player]), bottom[0])
            bottom.remove(opponent)
            pairs.append((player, opponent))
    if carried:
        pairs.append((carried[0], None))
    return pairs


def play(number: int, rng: random.Random) -> None:
    from django.contrib.auth import get_user_model

    from pairing import results
    from tournaments.bridge.state import pairing_state
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    arbiter = get_user_model().objects.get(username="bench-arbiter")
    entrants = {e.pairing_number: e for e in tournament.entrants.all()}
    pairs = split_groups(pairing_state(tournament, number))
    rnd = tournament.rounds.get(number=number)
    rnd.store_draft([(entrants[w], entrants[b] if b else None) for w, b in pairs])
    rnd.publish(arbiter)
    games = [board.number for board in rnd.boards_with_seats() if not board.is_bye]
    results.record_results(rnd, arbiter, {n: rng.choice(["1-0", "1/2", "0-1"]) for n in games})


def timed_pages(after: int) -> None:
    from django.core.cache import cache
    from django.test import Client

    from tournaments import standings
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    began = time.perf_counter()
    standings.standings(tournament, after)
    print(f"after round {after}: standings computed in {time.perf_counter() - began:.2f} s", flush=True)
    card = tournament.entrants.get(pairing_number=1).pk
    client = Client()
    for page in PAGES:
        cache.clear()
        address = f"/t/{SLUG}/{page.format(card=card)}"
        began = time.perf_counter()
        response = client.get(address)
        spent = time.perf_counter() - began
        print(f"  {spent:6.2f} s  {len(response.content) / 1e6:5.2f} MB  {response.status_code}  {address}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--after", default="1,2,5")
    options = parser.parse_args()
    marks = sorted(int(n) for n in options.after.split(","))
    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments.models import Entrant

    arbiter = get_user_model().objects.create_user("bench-arbiter", is_staff=True)
    tournament = open_event("Standings Open", SLUG, arbiter)
    rng = random.Random(options.players)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(options.players)), reverse=True)
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {n:04d}, Standings", pairing_number=n, fide_rating=r)
        for n, r in enumerate(ratings, 1)
    )
    load = os.getloadavg()
    print(f"{options.players} players; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}", flush=True)
    for number in range(1, marks[-1] + 1):
        play(number, rng)
        if number in marks:
            timed_pages(number)


if __name__ == "__main__":
    main()
