"""The public pages under 200 connections, alone and while a 4000-player round is paired on the same
machine, beside a static file served by the same gunicorn (the machine's ceiling); prints one table
with the targets. Asserts nothing.

    .venv/bin/python scripts/bench_public_pages.py [--seconds 20] [--connections 200] [--players 4000]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench_public on 127.0.0.1:5432,
dropped and created again): the load test's 150-player tournament (scripts/load_tournament.py:
five rounds played, the sixth published) and a 4000-player one; gunicorn as configured
(config/gunicorn.py) and one procrastinate worker. wrk (Debian: apt-get install wrk; 2 threads)
asks for each address for `--seconds`, first with nothing else running, then while the worker
pairs round 1 of the 4000 players again and again. Every page is asked for during 2 s before, so
the figures are of the cached pages (served by config/wsgi.py's fast path) in every worker. wrk
runs on the same two cores and takes its share of them.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench_database import fresh_database, open_event, server_settings

ROOT = Path(__file__).resolve().parent.parent
ENV = server_settings("public")
DATABASE_URL = ENV["DATABASE_URL"]
PORT = 8769
BASE = f"http://127.0.0.1:{PORT}"
sys.path.insert(0, str(ROOT))
TARGET_RATE, TARGET_P99_MS, TARGET_DURING = 1500, 250, 0.8


def prepare(players: int) -> list[tuple[str, str]]:
    """The two tournaments; returns the addresses to load, as (what, path)."""
    fresh_database(DATABASE_URL, ENV, static_files=True)
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0"],
        cwd=ROOT,
        env=ENV,
        stdin=(ROOT / "scripts" / "load_tournament.py").open(),
        check=True,
    )
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments.models import Entrant

    arbiter = get_user_model().objects.get(username="load-arbiter")
    large = open_event("Large Open", "large-open", arbiter)
    Entrant.objects.bulk_create(
        Entrant(tournament=large, name=f"Player {n:04d}, Large", pairing_number=n, fide_rating=2800 - n // 3)
        for n in range(1, players + 1)
    )
    player = Entrant.objects.get(tournament__slug="load-open", pairing_number=17).pk
    static = sorted((ROOT / "staticfiles").rglob("app.*.css")) or sorted(
        (ROOT / "staticfiles").rglob("app.css")
    )
    return [
        ("static file (ceiling)", "/static/" + str(static[0].relative_to(ROOT / "staticfiles"))),
        ("round 6 pairings", "/t/load-open/round/6/"),
        ("standings", "/t/load-open/standings/"),
        ("player card", f"/t/load-open/players/{player}/"),
    ]


def wrk(path: str, seconds: int, connections: int) -> tuple[float, float, int]:
    """Requests per second, p99 in ms and the count of errors and non-2xx answers."""
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", BASE + path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    value, unit = re.search(r"^\s+99%\s+([\d.]+)(\w+)", out, re.M).groups()  # type: ignore[union-attr]
    p99 = float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    wrong = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = sum(int(n) for n in socket.groups()) if socket else 0
    return rate, p99, errors + (int(wrong.group(1)) if wrong else 0)


def keep_pairing(stop: threading.Event, paired: list[int]) -> None:
    """Queue the pairing of round 1 of the large tournament again each time the last one ended."""
    from pairing import tasks
    from tournaments.models import Job, Tournament

    large = Tournament.objects.get(slug="large-open")
    arbiter = large.chief_arbiter
    while not stop.is_set():
        _, job = tasks.request_pairing(large, arbiter, again=True, expected=1)  # type: ignore[arg-type]
        assert job is not None
        while Job.objects.filter(pk=job.pk, status__in=Job.ACTIVE).exists() and not stop.is_set():
            time.sleep(0.2)
        paired.append(job.pk)


# What competes for the two cores, in turn: sync and threaded workers (config/gunicorn.py ships
# gthread), each with the pages' version tokens in a PostgreSQL table (the default, read on every
# request) and with the tokens and pages in Redis.
SETUPS = {
    "sync x3, tokens in PostgreSQL": {"GUNICORN_WORKER_CLASS": "sync"},
    "sync x3, Redis": {"REDIS_URL": "redis://127.0.0.1:6379/9", "GUNICORN_WORKER_CLASS": "sync"},
    "gthread 3x4, tokens in PostgreSQL": {"GUNICORN_WORKER_CLASS": "gthread", "GUNICORN_THREADS": "4"},
    "gthread 3x4, Redis": {
        "REDIS_URL": "redis://127.0.0.1:6379/9",
        "GUNICORN_WORKER_CLASS": "gthread",
        "GUNICORN_THREADS": "4",
    },
}


def measure(
    setup: dict[str, str], addresses: list[tuple[str, str]], options: argparse.Namespace
) -> tuple[dict[str, list[tuple[float, float, int]]], list[float], int]:
    """wrk on every address, alone and while the large round is paired: per address [alone, during];
    the load averages before, during and after; how many pairings ended meanwhile."""
    env = {**ENV, **setup}
    if "REDIS_URL" in setup:  # a database of Redis's of its own, emptied: nothing of an earlier run
        import redis

        redis.Redis.from_url(setup["REDIS_URL"]).flushdb()
    web = subprocess.Popen(
        [".venv/bin/gunicorn", "config.wsgi", "-c", "config/gunicorn.py", "-b", f"127.0.0.1:{PORT}"],
        cwd=ROOT,
        env=env,
    )
    worker = subprocess.Popen([sys.executable, "manage.py", "procrastinate", "worker"], cwd=ROOT, env=env)
    rows: dict[str, list[tuple[float, float, int]]] = {}
    loads = []
    paired: list[int] = []
    try:
        for _ in range(150):
            if subprocess.run(["curl", "-sf", "-o", "/dev/null", BASE + addresses[1][1]]).returncode == 0:
                break
            time.sleep(0.2)
        for _, path in addresses:  # every worker (each on a socket of its own) has the page
            wrk(path, 2, options.connections)
        loads.append(os.getloadavg()[0])
        for what, path in addresses:
            rows[what] = [wrk(path, options.seconds, options.connections)]
        stop = threading.Event()
        pairing = threading.Thread(target=keep_pairing, args=(stop, paired))
        pairing.start()
        time.sleep(5)  # the engine at work, past the state's queries
        loads.append(os.getloadavg()[0])
        for what, path in addresses:
            rows[what].append(wrk(path, options.seconds, options.connections))
        stop.set()
        pairing.join()
        loads.append(os.getloadavg()[0])
    finally:
        worker.send_signal(signal.SIGINT)
        worker.wait()
        web.terminate()
        web.wait()
    return rows, loads, len(paired)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--setups", nargs="+", default=list(SETUPS), choices=list(SETUPS))
    options = parser.parse_args()
    addresses = prepare(options.players)
    results = {name: measure(SETUPS[name], addresses, options) for name in options.setups}
    print(
        f"public pages, {options.connections} connections, {options.seconds} s each; during: while a "
        f"{options.players}-player round 1 is paired again and again (wrk runs on the same cores)"
    )
    print(
        f"{'setup':<30} {'address':<22} {'req/s':>7} {'p99 ms':>7} {'err':>4} | {'during':>7} {'p99 ms':>7} "
        f"{'err':>4} {'ratio':>6} | target: >= {TARGET_RATE} req/s, p99 < {TARGET_P99_MS} ms, "
        f"during >= {TARGET_DURING:.0%}"
    )
    for name, (rows, loads, paired) in results.items():
        for what, ((rate, p99, errors), (during, p99_during, errors_during)) in rows.items():
            ratio = during / rate if rate else 0.0
            met = rate >= TARGET_RATE and p99 < TARGET_P99_MS and ratio >= TARGET_DURING
            verdict = "(the ceiling)" if what.startswith("static") else "met" if met else "not met"
            print(
                f"{name:<30} {what:<22} {rate:7.0f} {p99:7.0f} {errors:4d} | {during:7.0f} {p99_during:7.0f} "
                f"{errors_during:4d} {ratio:6.0%} | {verdict}"
            )
        print(
            f"{name:<30} load average before {loads[0]:.1f}, during {loads[1]:.1f}, after {loads[2]:.1f}; "
            f"{paired} pairing(s) ended during"
        )
    print(f"{os.cpu_count()} cores")


if __name__ == "__main__":
    main()
