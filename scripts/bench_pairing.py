"""Benchmark: pair rounds 1, 2 and a mid-event round at 1000, 2000 and 4000 players.

    .venv/bin/python scripts/bench_pairing.py [--sizes 1000,2000,4000] [--corpus FOLDER]
                                              [--memory MB] [--cpu SECONDS]

Each case runs in a fresh process and reports that process's CPU seconds (user + sys)
and peak memory, beside the targets of issue 8. The 1000-player cases are the perf
corpus's (perf-1000-r1, perf-1000-r2, perf-1000-gen), checked against the reference
pairing; the others are generated with swiss.generate (fixed seeds, rounds paired by
this engine, kept in .cache/bench) and checked with swiss.check, which must find
nothing. Figures are printed, never asserted: timings belong to the machine.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "perf"
CACHE = ROOT / ".cache" / "bench"
# Completed rounds before the round to pair, for each kind of case.
ROUNDS_PLAYED = {"r1": 0, "r2": 1, "mid": 4}
CORPUS_CASE = {"r1": "perf-1000-r1", "r2": "perf-1000-r2", "mid": "perf-1000-gen"}
MEMORY_TARGET_MB = 1024


def cpu_target(players: int, kind: str) -> float:
    """Issue 8: 1000 players in 1 s (2 s in rounds 1 and 2), 2000 in 5 s, 4000 in 30 s."""
    if players <= 1000:
        return 2.0 if kind in ("r1", "r2") else 1.0
    return 5.0 if players <= 2000 else 30.0


# Limits keep a runaway child from taking the shared machine: it fails instead.
LIMITS = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[2]) << 20,) * 2)
resource.setrlimit(resource.RLIMIT_CPU, (int(sys.argv[3]),) * 2)
"""
CHILD = (
    LIMITS
    + """
from pathlib import Path
from swiss.check import check
from swiss.dutch import pair
from swiss.trf import read_trf
state = read_trf(open(sys.argv[1]).read())
pairing = pair(state)
usage = resource.getrusage(resource.RUSAGE_SELF)
expected = Path(sys.argv[1]).with_suffix(".expected")
if expected.exists():
    rows = [line.split() for line in expected.read_text().splitlines()[1:] if line.strip()]
    boards = {(int(w), int(b) or None) for w, b in rows}
    verdict = "as reference" if boards == {(b.white, b.black) for b in pairing.boards} else "DIFFERS"
else:
    findings = check(state, pairing)
    verdict = "check: clean" if not findings else f"check: {len(findings)} FINDINGS"
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss, verdict)
"""
)


# Runs in a child too, under the same limits: write a generated case (seed, players, rounds played).
GENERATE = (
    LIMITS
    + """
from swiss.generate import generate
from swiss.trf import write_trf
state = generate(int(sys.argv[4]), int(sys.argv[4]), 9, played=int(sys.argv[5]))
open(sys.argv[1], "w").write(write_trf(state, version="16", newline="\\n"))
"""
)


def run(code: str, args: list[str], opts: argparse.Namespace, cpu: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args[:1], str(opts.memory), str(cpu), *args[1:]],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def failure(done: subprocess.CompletedProcess[str], opts: argparse.Namespace, cpu: int) -> str:
    last = (done.stderr.strip().splitlines() or [f"killed by signal {-done.returncode}"])[-1]
    return f"failed within {cpu} CPU s and {opts.memory} MB: {last}"


def case_file(players: int, kind: str, opts: argparse.Namespace) -> Path | str:
    """The input of a case: the perf corpus's when it has one, else generated once and kept;
    or why it could not be generated."""
    if players == 1000 and (opts.corpus / f"{CORPUS_CASE[kind]}.trf").exists():
        return Path(opts.corpus / f"{CORPUS_CASE[kind]}.trf")
    path = CACHE / f"gen-{players}-{kind}.trf"
    if not path.exists():
        print(f"(generating {path.name} ...)", flush=True)
        CACHE.mkdir(parents=True, exist_ok=True)
        # Generating pairs every earlier round: it may take a few times one case.
        cpu = 4 * opts.cpu
        done = run(GENERATE, [str(path), str(players), str(ROUNDS_PLAYED[kind])], opts, cpu)
        if done.returncode:
            path.unlink(missing_ok=True)
            return f"generating the input {failure(done, opts, cpu)}"
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2000,4000", help="comma-separated numbers of players")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the perf corpus folder")
    parser.add_argument("--memory", type=int, default=3072, help="address-space limit per case, MB")
    parser.add_argument("--cpu", type=int, default=300, help="CPU-time limit per case, seconds")
    opts = parser.parse_args()
    print(f"{'case':<8}{'players':>8}{'CPU s':>9}{'target':>8}{'peak MB':>9}{'target':>8}  result")
    for players in (int(size) for size in opts.sizes.split(",")):
        for kind in ROUNDS_PLAYED:
            path = case_file(players, kind, opts)
            if isinstance(path, str):
                print(f"{kind:<8}{players:>8}  {path}")
                continue
            done = run(CHILD, [str(path)], opts, opts.cpu)
            if done.returncode:
                print(f"{kind:<8}{players:>8}  {failure(done, opts, opts.cpu)}")
                continue
            seconds, peak_kb, verdict = done.stdout.split(maxsplit=2)
            target = cpu_target(players, kind)
            print(
                f"{kind:<8}{players:>8}{float(seconds):>9.2f}{target:>8.0f}"
                f"{int(peak_kb) / 1024:>9.0f}{MEMORY_TARGET_MB:>8}  {verdict.strip()}",
                flush=True,
            )
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"total CPU of the children (cases and generating) {usage.ru_utime + usage.ru_stime:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
