"""Fixtures shared by the app and browser tests; engine tests under tests/swiss/ need none of them."""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
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
def demo(db: None) -> Any:
    """The demo tournament of `load_demo` (40 players, four rounds played, round 5 drafted)."""
    from io import StringIO

    from django.core.cache import cache
    from django.core.management import call_command

    from tournaments.models import Tournament

    cache.clear()
    call_command("load_demo", stdout=StringIO())
    return Tournament.objects.get(slug="demo-open")
