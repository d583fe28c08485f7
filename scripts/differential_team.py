"""Compare our C.04.6 pairings with the TEC's reference implementation on random team events.

Not part of CI: it needs gacrux 1.11.65 in its own virtual environment
(`python3 -m venv /work/ref/gacrux-venv && /work/ref/gacrux-venv/bin/pip install gacrux==1.11.65`).
Every round of every generated event is written as a TRF-2026 team file,
paired by both, and compared as sets of (white, black) matches and the bye.

    .venv/bin/python scripts/differential_team.py --events 300 --seed 1 [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from swiss.model import Pairing
from swiss.team import c046
from swiss.team.generate import new_event, random_rates, rounds
from swiss.team.model import Preferences, Primary
from swiss.trf import write_team_trf

SYSTEMS = [
    (Preferences.TYPE_A, Primary.MATCH_POINTS),
    (Preferences.TYPE_B, Primary.MATCH_POINTS),
    (Preferences.TYPE_A, Primary.GAME_POINTS),
]


def reference(python: str, path: Path, round_number: int) -> set[tuple[int, int]]:
    done = subprocess.run(
        [python, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-n", str(round_number)],
        capture_output=True,
        text=True,
        check=False,
    )
    result = json.loads(done.stdout)
    if result["status"]["error"]:
        raise RuntimeError(f"{path}: {result['status']['error']}")
    return {(w, b) for w, b in result["pairingResult"]["pairs"]}


def ours(pairing: Pairing) -> set[tuple[int, int]]:
    return {(b.white, b.black or 0) for b in pairing.boards}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--teams", type=int, nargs=2, default=(6, 40))
    parser.add_argument("--reference", default="/work/ref/gacrux-venv/bin/python")
    parser.add_argument("--keep", type=Path, help="folder for the files that differ")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    states = differing = 0
    with tempfile.TemporaryDirectory() as scratch:
        for event in range(options.events):
            preferences, primary = rng.choice(SYSTEMS)
            teams = rng.randint(*options.teams)
            state = new_event(
                rng,
                teams,
                rng.choice([4, 5, 6]),
                rng.randint(5, 11),
                preferences=preferences,
                primary=primary,
            )
            for before, pairing in rounds(rng, state, c046.pair, random_rates(rng)):
                path = Path(scratch) / f"event{event:04d}-round{before.round_to_pair:02d}.trf"
                path.write_text(write_team_trf(before))
                states += 1
                theirs = reference(options.reference, path, before.round_to_pair)
                mine = ours(pairing)
                if theirs != mine:
                    differing += 1
                    print(f"{path.name}: ours {sorted(mine - theirs)} reference {sorted(theirs - mine)}")
                    if options.keep:
                        options.keep.mkdir(parents=True, exist_ok=True)
                        (options.keep / path.name).write_text(path.read_text())
            print(f"event {event + 1}: {states} rounds, {differing} differ", file=sys.stderr, flush=True)
    print(f"{options.events} events, {states} rounds paired, {states - differing} agree, {differing} differ")
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
