"""The database of one benchmark script, dropped, created and migrated again before each run."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def in_process_settings(name: str) -> str:
    """Django's settings for a benchmark that renders pages in its own process, on the database
    `swiss_bench_<name>` (or BENCH_DATABASE_URL): put in os.environ; returns the database URL."""
    url = os.environ.get("BENCH_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/swiss_bench_{name}")
    os.environ.update(
        {
            "DATABASE_URL": url,
            "DEBUG": "false",
            "SECRET_KEY": "bench-only",
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "false",
            "ENV_FILE": os.devnull,
            "LOG_LEVEL": "WARNING",
            "JOBS_IN_PROCESS": "true",
            "CACHE_DIR": f"/tmp/swiss-bench-{name}-cache-{os.getpid()}",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return url


def server_settings(name: str) -> dict[str, str]:
    """The environment of a benchmark that starts gunicorn and a worker as production runs them (DEBUG
    off, jobs queued) on the database `swiss_bench_<name>` (or BENCH_DATABASE_URL), over plain HTTP on
    127.0.0.1; put in os.environ too, for the script's own Django."""
    url = os.environ.get("BENCH_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/swiss_bench_{name}")
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": "bench-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "ENV_FILE": os.devnull,
        "LOG_LEVEL": "WARNING",
        "JOBS_IN_PROCESS": "false",
        "CACHE_DIR": f"/tmp/swiss-bench-{name}-cache-{os.getpid()}",
    }
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return env


def fresh_database(url: str, env: Mapping[str, str], *, static_files: bool = False) -> None:
    """An empty, migrated database at `url` (on a server that lets the caller drop it), and with
    `static_files` the static files collected for a gunicorn serving them."""
    server, name = url.rsplit("/", 1)
    drop, create = f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"
    subprocess.run(["psql", f"{server}/postgres", "-qc", drop, "-c", create], check=True)
    commands = [["migrate", "-v0"], *([["collectstatic", "--noinput", "-v0"]] if static_files else [])]
    for command in commands:
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=dict(env), check=True)


def open_event(name: str, slug: str, arbiter: object) -> Any:
    """The public nine-round open every benchmark plays in (Django must be set up first)."""
    from tournaments.models import Tournament

    return Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=datetime.date(2026, 6, 6),
        end_date=datetime.date(2026, 6, 14),
        total_rounds=9,
        initial_colour="w",
        chief_arbiter=arbiter,
        public=True,
    )
