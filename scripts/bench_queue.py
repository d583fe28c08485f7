"""A federation's busy weekend on this machine, and a worker killed mid-job; prints figures, asserts nothing.

    .venv/bin/python scripts/bench_queue.py [--workers 1 2 4] [--small 50] [--large 5] [--kill]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench on 127.0.0.1:5432, dropped
and created again), for each worker count: `small` tournaments of 100-400 players and
`large` of 2000 have their round 1 paired at the same moment by that many worker processes
(`manage.py procrastinate worker --concurrency 1`); the time until the last draft is stored
is printed, with the p99 latency of public pages under wrk (200 connections, gunicorn with
4 workers, `PUBLIC_PAGES` in turn) from the first job queued to the last draft stored, against
the same pages with nothing pairing. --kill: a worker is
killed (-9) while it pairs a 2000-player round; printed are what the database holds after
the kill and how long the job took to be paired by a second worker.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench_database import fresh_database

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/swiss_bench")
PORT = 8766
ENV = {
    **os.environ,
    "DATABASE_URL": DATABASE_URL,
    "DEBUG": "false",
    "SECRET_KEY": "bench-only",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "false",
    "ENV_FILE": os.devnull,
    "LOG_LEVEL": "WARNING",
    "JOBS_IN_PROCESS": "false",
    "WORKER_STALLED_SECONDS": "5",
    "CACHE_DIR": f"/tmp/swiss-bench-cache-{os.getpid()}",
}
os.environ.update(ENV)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
sys.path.insert(0, str(ROOT))


def manage(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "manage.py", *args], cwd=ROOT, env=ENV)


def field(slug: str, players: int, rng: random.Random) -> object:
    from django.contrib.auth import get_user_model

    from tournaments.models import Entrant, Tournament

    arbiter, _ = get_user_model().objects.get_or_create(username="bench-arbiter")
    tournament = Tournament.objects.create(
        name=slug,
        slug=slug,
        start_date=datetime.date(2026, 6, 6),
        end_date=datetime.date(2026, 6, 7),
        total_rounds=7,
        initial_colour="w",
        chief_arbiter=arbiter,
        public=True,
    )
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {n:04d}, {slug}", pairing_number=n, fide_rating=r)
        for n, r in enumerate(ratings, 1)
    )
    return tournament


# The public pages wrk asks for, in turn: a round's pairings, the tournament, standings, players.
PUBLIC_PAGES = (
    "/t/public-open/round/1/",
    "/t/public-open/",
    "/t/public-open/standings/",
    "/t/public-open/players/",
)
WRK_SCRIPT = Path(f"/tmp/swiss-bench-pages-{os.getpid()}.lua")


def wrk(base: str, seconds: int) -> subprocess.Popen[str]:
    """wrk (2 threads, 200 connections) on `PUBLIC_PAGES` for `seconds`, or until sent SIGINT."""
    paths = ", ".join(f'"{path}"' for path in PUBLIC_PAGES)
    WRK_SCRIPT.write_text(
        f"local paths = {{{paths}}}\nlocal i = 0\n"
        'request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end\n'
    )
    return subprocess.Popen(
        ["wrk", "-t2", "-c200", f"-d{seconds}s", "--latency", "-s", str(WRK_SCRIPT), base],
        stdout=subprocess.PIPE,
        text=True,
    )


def p99(output: str) -> str:
    found = re.search(r"^\s+99%\s+(\S+)", output, re.MULTILINE)
    rate = re.search(r"Requests/sec:\s+(\S+)", output)
    return f"p99 {found.group(1) if found else '?'}, {rate.group(1) if rate else '?'} req/s"


def wait_done(jobs: list[object], limit: float = 3600) -> float:
    from tournaments.models import Job

    began = time.monotonic()
    ids = [job.pk for job in jobs]  # type: ignore[attr-defined]
    while Job.objects.filter(pk__in=ids, status__in=Job.ACTIVE).exists():
        if time.monotonic() - began > limit:
            raise SystemExit("jobs still running after the limit")
        time.sleep(0.25)
    return time.monotonic() - began


def weekend(workers: int, small: int, large: int, url: str, rng: random.Random) -> None:
    from pairing import tasks
    from tournaments.models import Job

    fields = [field(f"w{workers}-s{n}", rng.randint(100, 400), rng) for n in range(small)]
    fields += [field(f"w{workers}-l{n}", 2000, rng) for n in range(large)]
    started = [manage("procrastinate", "worker", "--concurrency", "1") for _ in range(workers)]
    time.sleep(8)  # the workers start and listen
    # Under load from just before the first job is queued until the last draft is stored.
    load = wrk(url, 3600)
    queued = time.monotonic()
    requested = [tasks.request_pairing(t, None, again=False, expected=1)[1] for t in fields]  # type: ignore[arg-type]
    enqueue = time.monotonic() - queued
    took = enqueue + wait_done(requested)
    load.send_signal(signal.SIGINT)
    during = load.communicate()[0]
    failed = Job.objects.filter(pk__in=[j.pk for j in requested]).exclude(status=Job.Status.DONE).count()  # type: ignore[union-attr]
    for worker in started:
        worker.send_signal(signal.SIGINT)
    for worker in started:
        worker.wait()
    print(
        f"{workers} worker(s): {len(fields)} rounds queued in {enqueue:.1f} s, last draft after {took:.1f} s"
        f" ({failed} not done); public pages under wrk meanwhile: {p99(during)}",
        flush=True,
    )


def killed_worker(rng: random.Random) -> None:
    from pairing import tasks
    from tournaments.models import Board, Job

    tournament = field("kill-2000", 2000, rng)
    first = manage("procrastinate", "worker", "--concurrency", "1")
    time.sleep(8)
    job = tasks.request_pairing(tournament, None, again=False, expected=1)[1]  # type: ignore[arg-type]
    assert job is not None
    while Job.objects.get(pk=job.pk).status != Job.Status.RUNNING:
        time.sleep(0.1)
    time.sleep(3)  # well into the engine's work
    first.kill()
    first.wait()
    killed = time.monotonic()
    time.sleep(1)
    boards = Board.objects.filter(round__tournament=tournament).count()
    second = manage("procrastinate", "worker", "--concurrency", "1")
    took = wait_done([job])
    job.refresh_from_db()
    stored = Board.objects.filter(round__tournament=tournament).count()
    print(
        f"worker killed 3 s into a 2000-player job: {boards} boards stored after the kill; the job was "
        f"{job.status} on attempt {job.attempts} ({stored} boards) {took + 1:.1f} s after the kill "
        f"(WORKER_STALLED_SECONDS={ENV['WORKER_STALLED_SECONDS']}); {time.monotonic() - killed:.1f} s in all",
        flush=True,
    )
    second.send_signal(signal.SIGINT)
    second.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--small", type=int, default=50)
    parser.add_argument("--large", type=int, default=5)
    parser.add_argument("--kill", action="store_true")
    options = parser.parse_args()
    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from pairing import actions, publishing

    rng = random.Random(2026)
    public = field("public-open", 150, rng)
    publishing.publish_round(actions.pair_next_round(public, None), None, confirmed=True)  # type: ignore[arg-type]
    web = subprocess.Popen(
        [".venv/bin/gunicorn", "config.wsgi", "-w", "4", "-b", f"127.0.0.1:{PORT}", "--log-level", "warning"],
        cwd=ROOT,
        env=ENV,
    )
    try:
        url = f"http://127.0.0.1:{PORT}"
        for _ in range(100):
            if subprocess.run(["curl", "-sf", "-o", "/dev/null", url + PUBLIC_PAGES[0]]).returncode == 0:
                break
            time.sleep(0.2)
        load = os.getloadavg()
        print(
            f"load average before: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {os.cpu_count()} cores",
            flush=True,
        )
        print(f"public pages, nothing pairing (30 s): {p99(wrk(url, 30).communicate()[0])}", flush=True)
        if options.kill:
            killed_worker(rng)
        for workers in options.workers:
            weekend(workers, options.small, options.large, url, rng)
    finally:
        web.terminate()
        web.wait()
        WRK_SCRIPT.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
