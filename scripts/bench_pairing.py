"""Benchmark: pair every case of the perf corpus and print CPU seconds and peak memory.

    .venv/bin/python scripts/bench_pairing.py [FOLDER]   (default: ../shared/corpus/perf)

Each case runs in a fresh process, so the peak memory is that pairing's alone.
Figures are printed, never asserted: timings belong to this machine, not to tests.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "corpus" / "perf"

# Runs in the child: pair the case and report the child's own CPU time and peak memory.
CHILD = """
import resource, sys
from swiss.dutch import pair
from swiss.trf import read_trf
state = read_trf(open(sys.argv[1]).read())
pairing = pair(state)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(len(state.players), usage.ru_utime + usage.ru_stime, usage.ru_maxrss, len(pairing.boards))
"""


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    cases = sorted(folder.glob("*.trf"))
    if not cases:
        print(f"no .trf cases in {folder}")
        return 1
    print(f"{'case':<24}{'players':>8}{'CPU s':>10}{'peak MB':>10}")
    for case in cases:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(case)], capture_output=True, text=True, cwd=ROOT, check=True
        )
        players, seconds, peak_kb, _ = done.stdout.split()
        print(f"{case.stem:<24}{players:>8}{float(seconds):>10.2f}{int(peak_kb) / 1024:>10.0f}")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"total CPU {usage.ru_utime + usage.ru_stime:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
