"""The cost of sorting names by ICU's collation (tournaments/names.py), timed in CPU seconds.

    .venv/bin/python scripts/bench_collation.py [--names 1000] [--runs 20]

Makes a field of names from many alphabets and languages (accents, Ø, Ł, Ç, Cyrillic, Greek),
then prints the one-off cost of building a collator, and per sort of the field: ICU's sort keys
for the root collation and for "de" and "sv", beside a plain sort by code points (the floor:
what any sort costs). Best of `--runs`, with the machine's load. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import names  # noqa: E402

SURNAMES = [
    "Müller",
    "Øvergaard",
    "Łukaszewicz",
    "Çelik",
    "Öztürk",
    "Émond",
    "Nguyễn",
    "Đặng",
    "García",
    "Peña",
    "Šťastný",
    "Żółkiewski",
    "Ångström",
    "Þórsson",
    "Dvořák",
    "Şahin",
    "Ibáñez",
    "Sørensen",
    "Kowalski",
    "Smith",
    "O'Brien",
    "MacDonald",
    "van der Berg",
    "De Santis",
    "Иванчук",
    "Єфименко",
    "Антоненко",
    "Яковенко",
    "Παπαδόπουλος",
    "Ἀλεξίου",
    "Carlsen",
    "Anand",
    "Caruana",
    "Nakamura",
]
GIVEN = [
    "Anna",
    "Ayşe",
    "Zoé",
    "Łucja",
    "Jürgen",
    "Åsa",
    "Ðorđe",
    "Søren",
    "Ivan",
    "Олег",
    "Μαρία",
    "Chloé",
    "Ramón",
    "Iñaki",
]


def field(count: int) -> list[str]:
    rng = random.Random(24)
    return [
        f"{rng.choice(SURNAMES)}{rng.choice(['', 'a', 'sson', 'ová'])}, {rng.choice(GIVEN)}"
        for _ in range(count)
    ]


def best_cpu(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--names", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    players = field(args.names)
    print(f"{args.names} names, best of {args.runs} runs; load average {os.getloadavg()[0]:.2f}")
    start = time.process_time()
    names.sort_key("", "fr")  # a locale no run below uses: the collator is built here
    built = time.process_time() - start
    print(f"  {'building one collator (first use of a locale)':48} {built * 1000:6.2f} ms CPU")
    plain = best_cpu(args.runs, lambda: sorted(players))
    print(f"  {'by code points (sorted(), the floor)':48} {plain * 1000:6.2f} ms CPU")
    for locale in (names.ROOT, "de", "sv"):
        names.sort_key("", locale)  # built before timing
        cost = best_cpu(
            args.runs, lambda locale=locale: sorted(players, key=lambda n: names.sort_key(n, locale))
        )
        print(f"  {'ICU collation, ' + (locale or 'root'):48} {cost * 1000:6.2f} ms CPU")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
