"""PostgreSQL stopped for 10 s under a live gunicorn, during publish and during result entry; prints
what the arbiter saw and what the database holds afterwards. Not part of the test suite.

    .venv/bin/python scripts/faults.py [--players 200] [--down 10]

The database is a throwaway cluster this script starts itself from the local PostgreSQL
binaries (initdb and pg_ctl, run as the postgres user when started as root), on a port of its
own, and removes at the end: the shared server on 5432 is never touched. For each fault: the
cluster is stopped (`pg_ctl stop -m fast`, which also cuts the open connections), the
arbiter's request is sent while it is down, the cluster is started again after `--down`
seconds, and the same gunicorn (never restarted) is asked again. Printed: the status and the
page's message while down, the stored state after, and whether a second send doubled anything.
tests/pairing/test_database_unavailable.py automates the same checks without stopping a server.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import http.cookiejar
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "faults script"
UNAVAILABLE = "Not saved: the database is not available right now."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster of this script's own, in a temporary directory."""

    def __init__(self) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
        if not found:
            raise SystemExit("No PostgreSQL binaries under /usr/lib/postgresql.")
        self.bin, self.port = found[-1], free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="swiss-faults-"))
        # initdb refuses to run as root, so the cluster belongs to the postgres user.
        self.as_pg = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        if self.as_pg:
            shutil.chown(self.dir, "postgres")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/swiss_faults"

    def run(self, *args: str) -> None:
        subprocess.run([*self.as_pg, *args], check=True, stdout=subprocess.DEVNULL)

    def init(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", f"{self.dir}/data", "-A", "trust", "-U", "postgres")
        self.start()
        subprocess.run(
            [
                "psql",
                f"postgres://postgres@127.0.0.1:{self.port}/postgres",
                "-qc",
                "CREATE DATABASE swiss_faults",
            ],
            check=True,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self.run(
            str(self.bin / "pg_ctl"),
            "-D",
            f"{self.dir}/data",
            "-l",
            f"{self.dir}/log",
            "-w",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        self.run(str(self.bin / "pg_ctl"), "-D", f"{self.dir}/data", "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class Arbiter:
    """An arbiter's browser, as plain HTTP: a session cookie, the CSRF token, no redirects followed."""

    def __init__(self, base: str) -> None:
        self.base, self.jar = base, http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: object, **kwargs: object) -> None:
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def send(self, path: str, data: dict[str, str] | None = None) -> tuple[int, str]:
        if data is not None:
            token = next(c.value for c in self.jar if c.name == "csrftoken")
            data = {"csrfmiddlewaretoken": token, **data}
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, body, {"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def sign_in(self, username: str) -> None:
        self.send("/accounts/login/")
        status, _ = self.send("/accounts/login/", {"username": username, "password": PASSWORD})
        assert status == 302, f"sign-in answered {status}"


def said(page: str) -> str:
    """The message a page shows the arbiter: the database box, or the first message."""
    if UNAVAILABLE in page:
        return f"“{UNAVAILABLE} …try again”"
    found = re.search(r'<li class="(?:success|error|info|warning)[^"]*">(.*?)</li>', page, re.S)
    return f"“{found.group(1).strip()}”" if found else "(no message)"


def outage(cluster: Cluster, seconds: float, arbiter: Arbiter, path: str, data: dict[str, str]) -> None:
    """Stop the database, send the request while it is down, start it again after `seconds`."""
    from django.db import connections

    connections.close_all()
    stopped = time.monotonic()
    cluster.stop()
    status, page = arbiter.send(path, data)
    print(f"  database down, POST {path}: {status} {said(page)}")
    time.sleep(max(0.0, seconds - (time.monotonic() - stopped)))
    cluster.start()
    print(f"  database started again after {time.monotonic() - stopped:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--down", type=float, default=10.0)
    options = parser.parse_args()
    cluster = Cluster()
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": cluster.url,
        "DEBUG": "false",
        "SECRET_KEY": "faults-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "ENV_FILE": os.devnull,
        "LOG_LEVEL": "CRITICAL",
        "JOBS_IN_PROCESS": "true",
        "CACHE_DIR": f"{tempfile.gettempdir()}/swiss-faults-cache-{os.getpid()}",
    }
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    web = None
    try:
        cluster.init()
        for command in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
        import django

        django.setup()
        from django.contrib.auth import get_user_model

        from pairing import actions
        from tournaments.models import AuditRecord, Board, Entrant, Round, Tournament

        user = get_user_model().objects.create_user("faults-arbiter", password=PASSWORD, is_staff=True)
        tournament = Tournament.objects.create(
            name="Faults Open",
            slug="faults-open",
            start_date=datetime.date(2026, 6, 6),
            end_date=datetime.date(2026, 6, 7),
            total_rounds=5,
            initial_colour="w",
            chief_arbiter=user,
            public=True,
        )
        rng = random.Random(10)
        ratings = sorted((rng.randint(1200, 2600) for _ in range(options.players)), reverse=True)
        Entrant.objects.bulk_create(
            Entrant(tournament=tournament, name=f"Player {n:03d}, Faults", pairing_number=n, fide_rating=r)
            for n, r in enumerate(ratings, 1)
        )
        rnd = actions.pair_next_round(tournament, user)
        boards = rnd.boards.count()
        web = subprocess.Popen(
            [
                ".venv/bin/gunicorn",
                "config.wsgi",
                "-w",
                "2",
                "-b",
                f"127.0.0.1:{port}",
                "--log-level",
                "critical",
            ],
            cwd=ROOT,
            env=env,
        )
        arbiter = Arbiter(f"http://127.0.0.1:{port}")
        for _ in range(100):
            with contextlib.suppress(OSError):
                arbiter.sign_in("faults-arbiter")
                break
            time.sleep(0.2)
        print(f"{options.players} players, round 1 drafted ({boards} boards); gunicorn pid {web.pid}")

        review = "/arbiter/faults-open/rounds/1/"
        version = re.search(r'name="version" value="(\d+)"', arbiter.send(review)[1]).group(1)  # type: ignore[union-attr]
        publish = {"version": version, "confirm": "on", "publish": ""}
        print("Publishing round 1:")
        outage(cluster, options.down, arbiter, review + "publish/", publish)
        rnd.refresh_from_db()
        print(f"  after: round 1 is {rnd.state}, {rnd.boards.count()} boards (draft kept)")
        status, page = arbiter.send(review + "publish/", publish)
        followed = arbiter.send(review)[1]
        print(f"  sent again (same gunicorn, not restarted): {status} → {said(followed)}")
        status, page = arbiter.send(review + "publish/", publish)
        rnd.refresh_from_db()
        publishes = AuditRecord.objects.filter(object_id=str(rnd.pk), after__state="published").count()
        print(
            f"  sent a third time: {status} {said(arbiter.send(review)[1])}; round 1 {rnd.state}, "
            f"{publishes} publish in the audit trail, {rnd.boards.count()} boards"
        )
        public = arbiter.send("/t/faults-open/round/1/")
        shown = public[1].count('<tr id="board-')
        print(f"  public round page: {public[0]}, {shown} boards shown")

        results = "/arbiter/faults-open/rounds/1/results/"
        page = arbiter.send(results)[1]
        games = [int(n) for n in re.findall(r'name="board_(\d+)"', page)][:20]
        entered = {f"board_{n}": rng.choice(["1-0", "1/2", "0-1"]) for n in games}
        entered |= {f"seen_{n}": "" for n in games}
        print(f"Entering {len(games)} results of round 1:")
        outage(cluster, options.down, arbiter, results, entered)
        stored = Board.objects.filter(round=rnd).exclude(result="").count()
        print(f"  after: {stored} results stored (none half-saved)")
        status, _ = arbiter.send(results, entered)
        print(f"  sent again: {status} → {said(arbiter.send(results)[1])}")
        status, _ = arbiter.send(results, entered)
        print(f"  sent a third time: {status} → {said(arbiter.send(results)[1])}")
        rnd = Round.objects.get(pk=rnd.pk)
        stored = dict(Board.objects.filter(round=rnd, number__in=games).values_list("number", "result"))
        right = sum(stored[n] == entered[f"board_{n}"] for n in games)
        changes = AuditRecord.objects.filter(
            object_type="tournaments.board",
            object_id__in=[
                str(pk)
                for pk in Board.objects.filter(round=rnd, number__in=games).values_list("pk", flat=True)
            ],
        ).count()
        print(f"  after: {right} of {len(games)} results as entered, {changes} changes in the audit trail")
    finally:
        if web is not None:
            web.terminate()
            web.wait()
        cluster.remove()


if __name__ == "__main__":
    main()
