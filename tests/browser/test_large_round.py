"""A large round paired from the browser by a worker process: the page shows progress, then the draft.

No request of the pairing may last a second: the press of Pair only queues, the engine runs
on the worker, and the page polls. The page that then shows the whole draft is not bound
here: rendering every board with its findings grows with the field (about 30 s for 2000
boards on a loaded machine, see the README). PLAYERS is kept small enough for the suite;
the acceptance case is the same test with SWISS_LARGE_ROUND=4000.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from tournaments.models import Entrant

from .conftest import sign_in

PLAYERS = int(os.environ.get("SWISS_LARGE_ROUND", "600"))


@pytest.fixture
def large_field(tournament: Any) -> None:
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament, name=f"Player {n:04d}, Large", pairing_number=n, fide_rating=2800 - n // 3
        )
        for n in range(1, PLAYERS + 1)
    )


@pytest.mark.django_db(transaction=True)
def test_a_large_round_is_paired_by_a_worker_while_every_request_stays_under_a_second(
    page: Page, live_server: Any, settings: Any, tournament: Any, large_field: None, start_worker: Any
) -> None:
    settings.JOBS_IN_PROCESS = False
    start_worker()
    durations: list[tuple[float, str]] = []

    def finished(request: Request) -> None:
        timing = request.timing
        durations.append((timing["responseEnd"] - timing["requestStart"], request.url))

    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/")
    page.on("requestfinished", finished)
    page.click("button[name=pair]")
    expect(page.locator("#job")).to_contain_text("Pairing round 1…")
    # The elapsed time moves on while the engine works (at least one poll swapped it).
    expect(page.locator("#job-elapsed")).not_to_have_text(page.locator("#job-elapsed").inner_text())
    expect(page.locator("#boards tr.board")).to_have_count(PLAYERS // 2, timeout=600_000)
    expect(page.locator("#job")).to_have_count(0)

    polls = [url for _, url in durations if url.endswith("/rounds/1/job/")]
    assert len(polls) >= 2
    # Everything up to the last poll: the press of Pair, its redirect, the page with progress, the polls.
    last_poll = max(i for i, (_, url) in enumerate(durations) if url.endswith("/rounds/1/job/"))
    slowest = max(durations[: last_poll + 1])
    if os.getloadavg()[0] > 2 * (os.cpu_count() or 1):
        # Other work holds every core: times then measure the queue for the CPU, not this code.
        pytest.skip(f"load average {os.getloadavg()[0]:.0f}: the 1 s bound was not judged ({slowest})")
    assert slowest[0] < 1000, f"{slowest[1]} took {slowest[0]:.0f} ms; all: {sorted(durations)[-5:]}"
