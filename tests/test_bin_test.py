"""`bin/test` on a machine without Chromium: installs it as root, else stops at once with one line."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
AS_ROOT = os.geteuid() == 0


def run(script: str, *, env: dict[str, str], as_nobody: bool = False) -> subprocess.CompletedProcess[str]:
    command = ["bash", "-c", script]
    if as_nobody and AS_ROOT:
        command = ["runuser", "-u", "nobody", "--", *command]
    return subprocess.run(
        command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=60, check=False
    )


def fake_apt_get(bin_dir: Path, log: Path) -> None:
    """An apt-get that records its arguments and, on install, puts an executable where Chromium goes."""
    bin_dir.mkdir()
    script = bin_dir / "apt-get"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$*" >> {log}\n'
        'case "$1" in install) printf "#!/bin/sh\\n" > "$CHROMIUM"; chmod +x "$CHROMIUM";; esac\n'
    )
    script.chmod(0o755)


def test_without_chromium_and_not_root_bin_test_stops_in_seconds_naming_the_command(tmp_path: Path) -> None:
    missing = tmp_path / "no-chromium"
    started = time.monotonic()
    done = run("bin/test tests/browser", env={"CHROMIUM": str(missing)}, as_nobody=True)
    assert time.monotonic() - started < 10
    assert done.returncode == 1
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert f"need Chromium at {missing}" in line and "sudo apt-get install chromium" in line


def test_the_engine_tests_alone_need_no_browser() -> None:
    done = run(". bin/_browser.sh; needs_browser tests/swiss tests/pairing::x || echo no", env={})
    assert done.stdout == "no\n"
    whole = run(
        ". bin/_browser.sh; needs_browser && needs_browser -x tests/browser/test_access.py && echo yes",
        env={},
    )
    assert whole.stdout == "yes\n"


@pytest.mark.skipif(not AS_ROOT, reason="installing system packages needs root, as in CI")
def test_as_root_the_missing_chromium_is_installed_with_apt_get(tmp_path: Path) -> None:
    chromium, log = tmp_path / "chromium", tmp_path / "apt.log"
    fake_apt_get(tmp_path / "bin", log)
    env = {"CHROMIUM": str(chromium), "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    done = run(". bin/_browser.sh; ensure_chromium", env=env)
    assert done.returncode == 0, done.stderr
    assert log.read_text().splitlines() == ["update -qq", "install -y -qq chromium"]
    assert os.access(chromium, os.X_OK)
    # Once it is there, nothing is installed again.
    again = run(". bin/_browser.sh; ensure_chromium", env=env)
    assert again.returncode == 0 and len(log.read_text().splitlines()) == 2
