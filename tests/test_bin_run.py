"""`bin/run` serves on the port it is given (an argument, or PORT), and refuses a port that is none."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A throwaway SQLite database and .env, so that the developer's own are left alone."""
    left_out = ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    variables = {k: v for k, v in os.environ.items() if k not in left_out}
    return {
        **variables,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}",
        "ENV_FILE": str(tmp_path / "run.env"),
        "CACHE_DIR": str(tmp_path / "cache"),
        **extra,
    }


def test_bin_run_serves_the_demo_on_the_port_given(tmp_path):
    port = free_port()
    log = tmp_path / "run.log"
    # The argument wins over PORT.
    with log.open("wb") as out:
        run = subprocess.Popen(
            ["bin/run", str(port)],
            cwd=ROOT,
            env=environment(tmp_path, PORT="1"),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 240
        while True:
            assert run.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/t/demo-open/", timeout=5) as page:
                    assert page.status == 200 and b"Demo Open" in page.read()
                    break
            except OSError:
                assert time.monotonic() < deadline, "bin/run did not serve in time"
                time.sleep(1)
        assert (tmp_path / "run.env").exists()
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        run.wait(30)
    assert f"Open http://127.0.0.1:{port}/" in log.read_text()


def test_bin_run_refuses_a_port_that_is_not_one(tmp_path):
    for args, extra in ((["99999"], {}), (["8080", "8081"], {}), ([], {"PORT": "http"})):
        done = subprocess.run(
            ["bin/run", *args], cwd=ROOT, env=environment(tmp_path, **extra), capture_output=True, timeout=30
        )
        assert done.returncode == 2
        assert "the port must be a number from 1 to 65535" in done.stderr.decode()
    assert not (tmp_path / "run.sqlite3").exists()  # refused before anything was done
