"""Benchmark: every round of large generated tournaments, the worst case per size and round.

    .venv/bin/python scripts/bench_hard_rounds.py [--sizes 2000,4000] [--seeds 1,2]
        [--profiles plain,draws,forfeits] [--rounds 9] [--generator ours|bbp]
        [--engine ROOT] [--memory MB] [--cpu SECONDS]

A case is one tournament of a size, a density profile and a seed, played round by round;
each round is paired in a fresh process (resource limits on), which reports its CPU
seconds (user + sys) and peak RSS. Per size and round the table prints the worst and the
median over the cases, beside issue 28's targets: every round of 2000 players within 3 s,
of 4000 within 15 s, peak under 1 GB; of 10,000 within 60 s, under 2 GB.

Two generators:
- `ours` (default): swiss.generate, the engine of this checkout pairing each round (the
  round measured is that pairing). The states are built in memory and handed to the
  child as a pickle, so 10,000 players work: TRF-16 and TRF-2026 both give the pairing
  number four digits (docs/trf.md, field 5-8: 1-9999), so no file format carries them.
  The pairings are kept in .cache/bench-hard; a later run compares every round with them
  and prints DIFFERS for a round paired differently (the states after it then differ too).
- `bbp`: the reference's own RTG (SWISS_REFERENCE=bbpPairings.exe, `--dutch -g CONFIG -o
  FILE -s SEED`), kept in .cache/bench-hard; each round is cut from its TRF (the state
  before it, as scripts/differential.py does) and paired. The reference pairs every round
  of its tournament itself, which takes it minutes a round at 2000 players; at 10,000 no
  file can hold the tournament.

`--engine ROOT` pairs with the swiss package under ROOT (another checkout: a before/after
comparison on the same states). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swiss.generate import generate  # noqa: E402
from swiss.model import Pairing, Scoring, TournamentState  # noqa: E402

CACHE = ROOT / ".cache" / "bench-hard"

# The density profiles, in the RTG's keys: (DrawPercentage, ForfeitRate, RetiredRate,
# HalfPointByeRate), the rates "one in N", 0 for never.
PROFILES = {
    "plain": (30, 0, 0, 0),
    "draws": (70, 0, 0, 0),
    "forfeits": (30, 6, 40, 12),
}

# Runs in the child: limits first, so a runaway case fails instead of taking the machine.
CHILD = """
import json, pickle, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[2]) << 20,) * 2)
resource.setrlimit(resource.RLIMIT_CPU, (int(sys.argv[3]),) * 2)
sys.path.insert(0, sys.argv[4])
with open(sys.argv[1], "rb") as f:
    state = pickle.load(f)
from swiss.dutch import pair
start = resource.getrusage(resource.RUSAGE_SELF)
pairing = pair(state)
usage = resource.getrusage(resource.RUSAGE_SELF)
cpu = usage.ru_utime + usage.ru_stime - start.ru_utime - start.ru_stime
boards = [[b.white, b.black] for b in pairing.boards]
print(json.dumps({"cpu": cpu, "rss_kb": usage.ru_maxrss, "boards": boards}))
"""


def target(players: int) -> tuple[float, int]:
    """Issue 28: CPU seconds for every round, and peak MB."""
    if players <= 2000:
        return 3.0, 1024
    if players <= 4000:
        return 15.0, 1024
    return 60.0, 2048


@dataclass
class Round:
    number: int
    cpu: float | None  # None: the child failed
    rss_mb: float
    verdict: str


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f}"


def pair_in_child(state: TournamentState, opts: argparse.Namespace) -> tuple[Pairing | None, Round]:
    from swiss.model import Board

    with tempfile.NamedTemporaryFile(suffix=".pickle") as handle:
        pickle.dump(state, handle)
        handle.flush()
        done = subprocess.run(
            [sys.executable, "-c", CHILD, handle.name, str(opts.memory), str(opts.cpu), str(opts.engine)],
            capture_output=True,
            text=True,
            check=False,
        )
    number = state.rounds_played + 1
    if done.returncode:
        last = (done.stderr.strip().splitlines() or [f"killed by signal {-done.returncode}"])[-1]
        return None, Round(number, None, 0, f"failed within {opts.cpu} CPU s and {opts.memory} MB: {last}")
    answer = json.loads(done.stdout)
    pairing = Pairing(tuple(Board(w, b) for w, b in answer["boards"]))
    return pairing, Round(number, answer["cpu"], answer["rss_kb"] / 1024, "")


def boards_of(pairing: Pairing) -> list[list[int | None]]:
    return sorted([b.white, b.black] for b in pairing.boards)


def ours(players: int, profile: str, seed: int, opts: argparse.Namespace) -> list[Round]:
    """Every round of swiss.generate's tournament, paired in a child, against the kept pairings."""
    draws, forfeits, retired, half_byes = PROFILES[profile]
    kept_file = CACHE / f"ours-{players}-{profile}-{seed}-{opts.rounds}.json"
    kept: list[list[list[int | None]]] = json.loads(kept_file.read_text()) if kept_file.exists() else []
    found: list[list[list[int | None]]] = []
    rounds: list[Round] = []

    def measured(state: TournamentState) -> Pairing:
        pairing, measure = pair_in_child(state, opts)
        if pairing is None:
            rounds.append(measure)
            raise _Stop
        index = state.rounds_played
        found.append(boards_of(pairing))
        if index < len(kept):
            measure.verdict = "as kept" if kept[index] == found[-1] else "DIFFERS from the kept pairing"
        rounds.append(measure)
        shown = f"{measure.cpu:.2f} CPU s, {measure.rss_mb:.0f} MB {measure.verdict}"
        print(f"  round {measure.number}: {shown}", flush=True)
        return pairing

    try:
        generate(
            seed,
            players,
            opts.rounds,
            pair=measured,
            draw_rate=draws / 100,
            forfeit_rate=1 / forfeits if forfeits else 0.0,
            withdrawal_rate=1 / retired if retired else 0.0,
            bye_rate=1 / half_byes if half_byes else 0.0,
            ratings=(1400, 2700),
            scoring=Scoring(),
        )
    except _Stop:
        print(f"  {rounds[-1].verdict}")
    if len(found) > len(kept):
        CACHE.mkdir(parents=True, exist_ok=True)
        kept_file.write_text(json.dumps(found))
    return rounds


def bbp(players: int, profile: str, seed: int, opts: argparse.Namespace) -> list[Round]:
    """Every round of the reference RTG's tournament, cut from its TRF and paired in a child."""
    from swiss.colours import initial_colour
    from swiss.recorded import state_before_round
    from swiss.trf import read_trf

    reference = os.environ.get("SWISS_REFERENCE")
    if not reference:
        raise SystemExit("--generator bbp needs SWISS_REFERENCE=/path/to/bbpPairings.exe")
    draws, forfeits, retired, half_byes = PROFILES[profile]
    trf = CACHE / f"bbp-{players}-{profile}-{seed}-{opts.rounds}.trf"
    if not trf.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        config = CACHE / f"{trf.stem}.cfg"
        lines = [f"PlayersNumber={players}", f"RoundsNumber={opts.rounds}", f"DrawPercentage={draws}"]
        rates = (("ForfeitRate", forfeits), ("RetiredRate", retired), ("HalfPointByeRate", half_byes))
        for key, rate in rates:
            if rate:
                lines.append(f"{key}={rate}")
        config.write_text("\n".join(lines) + "\n")
        print(f"  (the reference generates {trf.name}: it pairs every round itself)", flush=True)
        command = [reference, "--dutch", "-g", str(config), "-o", str(trf), "-s", str(seed)]
        subprocess.run(command, check=False)
        if not trf.exists():
            return [Round(1, None, 0, "the reference generated nothing")]
    state = read_trf(trf.read_text(encoding="latin-1") + f"\nXXR {opts.rounds}\n")
    state = replace(state, initial_colour=initial_colour(state))
    rounds = []
    for number in range(1, state.rounds_played + 1):
        pairing, measure = pair_in_child(state_before_round(state, number), opts)
        rounds.append(measure)
        shown = "failed" if measure.cpu is None else f"{measure.cpu:.2f} CPU s, {measure.rss_mb:.0f} MB"
        print(f"  round {number}: {shown} {measure.verdict}", flush=True)
    return rounds


class _Stop(Exception):
    """A round failed in its child: the tournament stops there."""


def table(players: int, cases: dict[str, list[Round]]) -> None:
    cpu_target, mb_target = target(players)
    print(f"\n{players} players, {len(cases)} cases; {load()}")
    print(f"{'round':>5}{'worst CPU s':>13}{'median':>8}{'target':>8}{'peak MB':>9}{'target':>8}  worst case")
    numbers = sorted({r.number for rounds in cases.values() for r in rounds})
    for number in numbers:
        of_round = [(name, r) for name, rounds in cases.items() for r in rounds if r.number == number]
        failed = [name for name, r in of_round if r.cpu is None]
        timed = [(r.cpu, name) for name, r in of_round if r.cpu is not None]
        if not timed:
            print(f"{number:>5}  failed: {', '.join(failed)}")
            continue
        worst, worst_case = max(timed)
        median = statistics.median(c for c, _ in timed)
        rss = max(r.rss_mb for _, r in of_round)
        over = " OVER" if worst > cpu_target or rss > mb_target else ""
        failures = f"; failed: {', '.join(failed)}" if failed else ""
        print(
            f"{number:>5}{worst:>13.2f}{median:>8.2f}{cpu_target:>8.0f}{rss:>9.0f}{mb_target:>8}"
            f"  {worst_case}{over}{failures}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,4000", help="comma-separated numbers of players")
    parser.add_argument("--seeds", default="1,2", help="comma-separated generator seeds")
    parser.add_argument("--profiles", default=",".join(PROFILES), help=f"of {', '.join(PROFILES)}")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of each tournament")
    parser.add_argument("--generator", choices=("ours", "bbp"), default="ours")
    parser.add_argument("--engine", type=Path, default=ROOT, help="the checkout whose engine pairs")
    parser.add_argument("--memory", type=int, default=4096, help="address-space limit per round, MB")
    parser.add_argument("--cpu", type=int, default=600, help="CPU-time limit per round, seconds")
    opts = parser.parse_args()
    run: Callable[[int, str, int, argparse.Namespace], list[Round]]
    run = ours if opts.generator == "ours" else bbp
    print(f"engine {opts.engine}, generator {opts.generator}; {load()}")
    results: dict[int, dict[str, list[Round]]] = {}
    for players in (int(size) for size in opts.sizes.split(",")):
        for profile in opts.profiles.split(","):
            for seed in (int(s) for s in opts.seeds.split(",")):
                name = f"{profile}-s{seed}"
                print(f"{players} players, {name} ({load()})", flush=True)
                results.setdefault(players, {})[name] = run(players, profile, seed, opts)
    for players, cases in results.items():
        table(players, cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
