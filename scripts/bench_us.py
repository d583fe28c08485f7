"""Benchmark: US Chess pairings of a generated 500-player section, CPU seconds per round.

    .venv/bin/python scripts/bench_us.py [PLAYERS]   (default: 500)

A 9-round section is played out by the US engine itself (results by rating, some
half-point byes and withdrawals); each round's pairing is timed alone.  Figures are
printed, never asserted: timings belong to this machine, not to tests.
"""

from __future__ import annotations

import sys
import time

from swiss.generate import generate
from swiss.model import Pairing, TournamentState
from swiss.us import pair


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    timings: list[float] = []

    def timed(state: TournamentState) -> Pairing:
        start = time.process_time()
        pairing = pair(state)
        timings.append(time.process_time() - start)
        return pairing

    state = generate(1, players, 9, played=8, pair=timed, bye_rate=0.02, withdrawal_rate=0.005)
    timed(state)
    for round_number, seconds in enumerate(timings, start=1):
        print(f"round {round_number}: {seconds:.3f} s CPU")
    print(f"slowest: {max(timings):.3f} s CPU for {players} players")


if __name__ == "__main__":
    main()
