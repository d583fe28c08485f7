"""Fixtures shared by the app and browser tests; engine tests under tests/swiss/ need none of them."""

from __future__ import annotations

import contextlib
import datetime
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# pytest-playwright runs an event loop for the whole session; Django refuses ORM calls
# from inside one unless told that this test process knows what it does.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(autouse=True)
def _site_language_after_each_test() -> Iterator[None]:
    """Each test starts in the site's language. The language middleware activates a request's
    language in the test's own thread and a server never resets it (the next request activates
    its own); a test reading text outside a request would otherwise read the last page's language."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium: Playwright cannot download its own browser here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def arbiter(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("arbiter", password="correct horse battery", is_staff=True)


@pytest.fixture
def tournament(db: None, arbiter: Any) -> Any:
    from tournaments.models import Tournament

    return Tournament.objects.create(
        name="Spring Open",
        slug="spring-open",
        place="Basel",
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 5),
        total_rounds=5,
        chief_arbiter=arbiter,
        public=True,
    )


@pytest.fixture
def make_entrant(tournament: Any) -> Callable[..., Any]:
    """Creates an entrant in `tournament`; the next free pairing number unless one is given."""
    from tournaments.models import Entrant

    def make(**fields: Any) -> Any:
        number = fields.pop("pairing_number", tournament.entrants.count() + 1)
        fields.setdefault("name", f"Player {number}")
        return Entrant.objects.create(tournament=tournament, pairing_number=number, **fields)

    return make


@pytest.fixture
def players(make_entrant: Callable[..., Any]) -> list[Any]:
    """Six rated players numbered 1 to 6."""
    return [make_entrant(fide_rating=2400 - 50 * n) for n in range(6)]


@pytest.fixture
def database_outage() -> Callable[[], contextlib.AbstractContextManager[None]]:
    """A context manager: inside it the database is gone for the live server, outside it is back.

    The server threads' open connections are cut (`pg_terminate_backend`) and new ones go
    to a local port that is bound but not listening, so they are refused. The test's own
    connection stays open to check what was stored.
    """
    from django.db import connection

    @contextlib.contextmanager
    def outage() -> Iterator[None]:
        with socket.socket() as closed:
            closed.bind(("127.0.0.1", 0))
            port = connection.settings_dict["PORT"]
            # Every thread's connection shares this settings dict, so new connections follow it.
            connection.settings_dict["PORT"] = closed.getsockname()[1]
            try:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                yield
            finally:
                connection.settings_dict["PORT"] = port

    return outage


@pytest.fixture
def demo(db: None) -> Any:
    """The demo tournament of `load_demo` (40 players, four rounds played, round 5 drafted)."""
    from io import StringIO

    from django.core.cache import cache
    from django.core.management import call_command

    from tournaments.models import Tournament

    cache.clear()
    call_command("load_demo", stdout=StringIO())
    return Tournament.objects.get(slug="demo-open")


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def start_worker() -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Starts `manage.py procrastinate worker` on the test database; every worker is stopped at the end."""
    from django.db import connection

    started: list[subprocess.Popen[bytes]] = []
    db = connection.settings_dict

    def start(**env: str) -> subprocess.Popen[bytes]:
        address = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
        variables = {
            **os.environ,
            "DATABASE_URL": address,
            "DEBUG": "true",
            "ENV_FILE": os.devnull,
            "JOBS_IN_PROCESS": "false",
            "WORKER_STALLED_SECONDS": "2",
            "LOG_LEVEL": "WARNING",
            **env,
        }
        variables.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "procrastinate", "worker"], cwd=ROOT, env=variables
        )
        started.append(worker)
        return worker

    yield start
    for worker in started:
        if worker.poll() is None:
            worker.send_signal(signal.SIGINT)
            try:
                worker.wait(20)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
