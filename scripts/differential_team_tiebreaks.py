"""Compare our team tie-breaks with the TEC's reference implementation on random team events.

Not part of CI: it needs gacrux 1.11.65 in its own virtual environment
(`python3 -m venv /work/ref/gacrux-venv && /work/ref/gacrux-venv/bin/pip install gacrux==1.11.65`).
Every generated event (C.04.6, with byes, forfeited boards and matches, withdrawals) is
written as a TRF-2026 team file after a random round, and every team's value of every
tie-break is compared, under both editions of C.07 (a 042 start date before or after
1 Mar 2026 selects the reference's ruleset).

    .venv/bin/python scripts/differential_team_tiebreaks.py --events 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from swiss.team import c046
from swiss.team.generate import new_event, play, random_rates, rounds
from swiss.trf import write_team_trf
from tournaments.bridge.team_tiebreaks import standings

CODES = ["GP", "EMGSB", "EMGSB-C1", "EMMSB", "EMMSB-C1", "EGGSB", "EGMSB-C2", "BH:MP", "BH:MP-C1", "BH:GP-M1"]
# The reference's spelling: its PTS family for the totals, MTB26 "/C1" for our "-C1".
THEIRS = {"GP": "GPTS"}


def reference(python: str, path: Path, played: int, codes: list[str]) -> dict[int, list[Decimal]]:
    spelled = [THEIRS.get(c, c.replace("-", "/")) for c in codes]
    done = subprocess.run(
        # -s: a Swiss (gacrux guesses a round-robin when the teams are one more than the rounds).
        [python, "-m", "gacrux.tiebreakchecker", "-s", "-i", str(path), "-n", str(played)]
        + ["-F", "TXT", "-d", ";", "-t", *spelled],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.strip().splitlines()[1:]
    return {int(cells[0]): [Decimal(v) for v in cells[2:]] for cells in (line.split(";") for line in lines)}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", default="/work/ref/gacrux-venv/bin/python")
    parser.add_argument("--keep", type=Path, help="folder for the files that differ")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    compared = differing = 0
    with tempfile.TemporaryDirectory() as scratch:
        for event in range(options.events):
            state = new_event(rng, rng.randint(6, 24), rng.choice([4, 6]), rng.randint(3, 9))
            rates = random_rates(rng)
            rates = replace(
                rates, match_forfeit=rates.match_forfeit * 2, board_forfeit=rates.board_forfeit * 3
            )
            stop = rng.randint(1, state.total_rounds)
            for before, pairing in rounds(rng, state, c046.pair, rates):
                state = play(rng, before, pairing, rates)
                if before.round_to_pair == stop:
                    break
            state = replace(state, absent={})
            played = state.rounds_played
            for edition_2026, start in ((True, "2026-06-01"), (False, "2025-06-01")):
                path = Path(scratch) / f"event{event:04d}-{start}.trf"
                text = write_team_trf(state)
                path.write_text(text.replace("\n", f"\n042 {start}\n", 1))
                theirs = reference(options.reference, path, played, CODES)
                ours = standings(state.teams, played, state.boards, CODES, edition_2026=edition_2026)
                for row in ours:
                    compared += 1
                    mine = [row.values[c] for c in CODES]
                    if mine != theirs[row.number]:
                        differing += 1
                        print(f"{path.name} team {row.number}: ours {mine} reference {theirs[row.number]}")
                        if options.keep:
                            options.keep.mkdir(parents=True, exist_ok=True)
                            (options.keep / path.name).write_text(path.read_text())
    print(f"{options.events} events x 2 editions: {compared} team rows compared, {differing} differ")
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
