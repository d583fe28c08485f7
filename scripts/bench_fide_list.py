"""Benchmark of the FIDE list: the whole import of a 1.1-million-row list, a second (newer) one, and
the type-ahead's answers on the full table.

    nice -n 19 .venv/bin/python scripts/bench_fide_list.py [--rows 1100000] [--keep]

On a database of its own (bench_fide_<pid> on the server of DATABASE_URL, else 127.0.0.1:5432),
dropped at the end unless --keep. The lists are written by scripts/make_fide_list.py (the second
with 30 % of the ratings changed) and imported by `manage.py import_fide_list`, each in a process
of its own, whose wall time, CPU time and peak memory (maximum resident set) are printed with
the machine's load average. Then every query of QUERIES is answered 20 times by
`ratinglists.search` alone and by the type-ahead's endpoint, and the median and slowest are printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
QUERIES = [
    "k", "pe", "petrov", "Petrov, Ma", "muller", "Müller", "dvorak", "Dvořák z", "nguyen minh",
    "marko", "jose", "zzz", "1000", "100007", "7700000",
]  # fmt: skip


def database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds and peak memory (MB) of a child process, and its output's last line."""
    began = time.monotonic()
    child = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert child.stdout is not None
    last = ""
    for line in child.stdout:
        last = line.strip() or last
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        sys.exit(f"{' '.join(command)} failed: {last}")
    return time.monotonic() - began, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, last


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=1_100_000)
    parser.add_argument("--keep", action="store_true", help="keep the database (bench_fide_<pid>)")
    parser.add_argument(
        "--queries-only", action="store_true", help="time the type-ahead on the list already in DATABASE_URL"
    )
    args = parser.parse_args()
    if args.queries_only:
        os.environ.update(DEBUG="true", ENV_FILE=os.devnull)
        time_queries()
        return
    server = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    name = f"bench_fide_{os.getpid()}"
    admin = database(server, "postgres")
    subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {name}"], check=True)
    env = {**os.environ, "DATABASE_URL": database(server, name), "DEBUG": "true", "ENV_FILE": os.devnull}
    try:
        with tempfile.TemporaryDirectory() as folder:
            first, second = Path(folder, "players_list_foa.txt"), Path(folder, "players_list_foa_next.txt")
            make = [sys.executable, "scripts/make_fide_list.py", "--rows", str(args.rows)]
            subprocess.run([*make, str(first)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            subprocess.run(
                [*make, str(second), "--changed", "0.3"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL
            )
            subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
            print(
                f"{'import':<22}{'rows':>10}{'wall s':>8}{'CPU s':>7}{'rows/s':>9}{'peak MB':>9}"
                "  load average"
            )
            for label, path in (("first list", first), ("newer list (30 %)", second)):
                before = os.getloadavg()[0]
                wall, cpu, peak, last = run([sys.executable, "manage.py", "import_fide_list", str(path)], env)
                load = f"{before:.1f} -> {os.getloadavg()[0]:.1f}"
                print(
                    f"{label:<22}{args.rows:>10,}{wall:>8.0f}{cpu:>7.0f}{args.rows / wall:>9,.0f}"
                    f"{peak:>9}  {load}"
                )
                print(f"  {last}")
        os.environ.update(env)
        time_queries()
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name}"], check=False)


def time_queries() -> None:
    """Each query as the type-ahead answers it: the search alone, and the whole request to the
    entrants page's endpoint (Django's test client: the view, the search and the template)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import datetime

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from ratinglists.models import ListedPlayer
    from ratinglists.search import search
    from tournaments.models import Tournament

    user, _ = get_user_model().objects.get_or_create(username="bench", defaults={"is_staff": True})
    day = datetime.date(2026, 9, 1)
    tournament, _ = Tournament.objects.get_or_create(
        slug="bench",
        defaults={
            "name": "Bench",
            "start_date": day,
            "end_date": day,
            "total_rounds": 9,
            "chief_arbiter": user,
        },
    )
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    url = f"/arbiter/{tournament.slug}/entrants/fide-lookup/"
    print(f"\ntype-ahead on {ListedPlayer.objects.count():,} players, ms (median and slowest of 20)")
    print(f"  {'query':<16}{'search':>8}{'max':>7}{'request':>9}{'max':>7}  found")
    for query in QUERIES:
        alone, whole = [], []
        for _ in range(20):
            began = time.perf_counter()
            found = search(query)
            alone.append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            response = client.get(url, {"q": query})
            whole.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200, response.status_code
        print(
            f"  {query!r:<16}{statistics.median(alone):8.1f}{max(alone):7.1f}"
            f"{statistics.median(whole):9.1f}{max(whole):7.1f}  {len(found)}"
        )
    print(f"load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
