"""CPU seconds to pair each round of a 200-team event, for every team system.

    .venv/bin/python scripts/bench_team.py [--teams 200] [--rounds 9] [--seed 4]

The event is generated round by round with the system itself; each round's
pairing is timed alone (user + system CPU time of this process).
"""

from __future__ import annotations

import argparse
import os
import random

from swiss.systems import ROUND_ROBINS, SYSTEMS, team_system
from swiss.team.generate import new_event, random_rates, rounds


def cpu() -> float:
    times = os.times()
    return times.user + times.system


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=4)
    options = parser.parse_args()
    for system in sorted(n for n, s in SYSTEMS.items() if s.kind == "teams" and n not in ROUND_ROBINS):
        pair = team_system(system).pair
        rng = random.Random(options.seed)
        state = new_event(rng, options.teams, 4, options.rounds)
        timings = []
        for before, _ in rounds(rng, state, pair, random_rates(rng)):
            start = cpu()
            pair(before)
            timings.append(cpu() - start)
        mean = sum(timings) / len(timings)
        print(f"{system}: {len(timings)} rounds, worst {max(timings):.2f} s, mean {mean:.2f} s")


if __name__ == "__main__":
    main()
