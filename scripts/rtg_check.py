"""RTG check (C.04.A): random tournaments from `python -m swiss --dutch -g`, each re-checked
by our `-c` and by the reference's `-c`; prints the counts.

    SWISS_REFERENCE=/path/to/bbpPairings.exe nice -n 19 .venv/bin/python scripts/rtg_check.py \
        /tmp/rtg --tournaments 100

Field sizes are drawn from 5-300, rounds from 3-11; one tournament in three has harsh rates
(forfeits one game in 8, withdrawals one player in 15, half-point byes one in 6). The
reference reads the TRF-16 form of each file (bbpPairings v6 refuses the 192 code
FIDE_DUTCH_2026); the files that fail either check are kept in the output folder.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

from swiss.trf import read_trf, write_trf

HARSH = {"ForfeitRate": 8, "RetiredRate": 15, "HalfPointByeRate": 6}
MILD = {"ForfeitRate": 40, "RetiredRate": 100, "HalfPointByeRate": 30}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reference = os.environ.get("SWISS_REFERENCE")
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    ours = theirs = unpairable = 0
    for n in range(1, args.tournaments + 1):
        players = rng.randint(5, 300)
        rounds = rng.randint(3, min(11, max(3, players // 2)))
        rates = HARSH if n % 3 == 0 else MILD
        config = args.out / "config.txt"
        lines = [f"PlayersNumber={players}", f"RoundsNumber={rounds}", f"DrawPercentage={rng.randint(0, 60)}"]
        config.write_text("\n".join([*lines, *(f"{k}={v}" for k, v in rates.items())]) + "\n")
        trf = args.out / f"rtg-{n:04d}.trf"
        # A draw the engine cannot pair to the end (withdrawals leave too few players for the
        # rounds) exits 1; the next seed is tried, and counted.
        for seed in range(n, n + 100_000, 1000):
            run = [
                sys.executable,
                "-m",
                "swiss",
                "--dutch",
                "-g",
                str(config),
                "-o",
                str(trf),
                "-s",
                str(seed),
            ]
            made = subprocess.run(run, capture_output=True, text=True)
            if made.returncode != 1:
                break
            unpairable += 1
        if made.returncode != 0:
            raise SystemExit(f"the generator failed: {made.stderr}")
        ok = subprocess.run([sys.executable, "-m", "swiss", "--dutch", str(trf), "-c"], capture_output=True)
        ours += ok.returncode == 0
        agreed = True
        if reference:
            old = trf.with_suffix(".trf16")
            old.write_text(write_trf(read_trf(trf.read_text()), version="16", newline="\n"))
            checked = subprocess.run([reference, "--dutch", str(old), "-c"], capture_output=True, text=True)
            # It prints "NAME: Round #N" for each round, then any discrepancy below it.
            listed = [
                line for line in checked.stdout.splitlines() if line.strip() and ": Round #" not in line
            ]
            agreed = checked.returncode == 0 and not listed
            theirs += agreed
            if agreed:
                old.unlink()
        if ok.returncode == 0 and agreed:
            trf.unlink()
        print(
            f"{n}: {players} players, {rounds} rounds: ours {ok.returncode}, reference {agreed}", flush=True
        )
    print(
        f"{args.tournaments} tournaments: our -c passes {ours}, the reference's -c passes {theirs} "
        f"({unpairable} draws that could not be paired to the end were replaced)"
    )
    return 0 if ours == theirs == args.tournaments else 1


if __name__ == "__main__":
    raise SystemExit(main())
