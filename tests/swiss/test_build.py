"""A checkout nobody installed pairs too: the first import compiles the matching extension."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "corpus" / "dutch" / "case-0001"


def test_python_m_swiss_in_a_plain_checkout_builds_the_extension_and_pairs(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "swiss", tmp_path / "swiss", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    assert not list((tmp_path / "swiss").glob("_blossom*.so"))
    done = subprocess.run(
        # The interpreter the venv was made from, without site-packages: nothing installed.
        [
            str(Path(sys.base_prefix) / "bin" / "python3"),
            "-S",
            "-m",
            "swiss",
            "pair",
            str(CASE.with_suffix(".trf")),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == CASE.with_suffix(".expected").read_text().split()
    assert list((tmp_path / "swiss").glob("_blossom*.so"))
