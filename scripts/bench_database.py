"""The database of one benchmark script, dropped, created and migrated again before each run."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fresh_database(url: str, env: Mapping[str, str], *, static_files: bool = False) -> None:
    """An empty, migrated database at `url` (on a server that lets the caller drop it), and with
    `static_files` the static files collected for a gunicorn serving them."""
    server, name = url.rsplit("/", 1)
    drop, create = f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"
    subprocess.run(["psql", f"{server}/postgres", "-qc", drop, "-c", create], check=True)
    commands = [["migrate", "-v0"], *([["collectstatic", "--noinput", "-v0"]] if static_files else [])]
    for command in commands:
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=dict(env), check=True)
