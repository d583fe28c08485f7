"""A large round paired from the browser by a worker process: the page shows progress, then the draft
a page of boards at a time; a swap between two pages is checked by the worker; the round is published.

The press of Pair only queues, the engine runs on the worker, and the page polls; the draft's
check is stored with it, so no page of the review checks the whole round again. How long each
request takes is printed, not judged (scripts/bench_large_round.py measures 4000 players).
PLAYERS is kept small enough for the suite; SWISS_LARGE_ROUND=4000 runs it at the acceptance size.
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
def test_a_large_round_is_paired_by_a_worker_reviewed_in_pages_changed_across_pages_and_published(
    page: Page, live_server: Any, settings: Any, tournament: Any, large_field: None, start_worker: Any
) -> None:
    settings.JOBS_IN_PROCESS = False
    durations: list[tuple[float, str]] = []

    def finished(request: Request) -> None:
        timing = request.timing
        durations.append((timing["responseEnd"] - timing["requestStart"], request.url))

    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/")
    page.on("requestfinished", finished)
    page.click("button[name=pair]")
    # No worker runs yet, so the job waits, and its elapsed time moves on (a poll swapped it).
    # The worker starts only then: the engine pairs this field in well under a second.
    expect(page.locator("#job")).to_contain_text("Pairing round 1…")
    expect(page.locator("#job")).to_contain_text("waiting for a worker")
    expect(page.locator("#job-elapsed")).not_to_have_text(page.locator("#job-elapsed").inner_text())
    start_worker()
    boards = PLAYERS // 2
    expect(page.locator("#boards tr.board")).to_have_count(min(boards, 100), timeout=600_000)
    expect(page.locator("#job")).to_have_count(0)
    # The check came with the draft: nothing is left to check.
    expect(page.locator("#checking")).to_have_count(0)
    assert len([url for _, url in durations if url.endswith("/rounds/1/job/")]) >= 2

    last = (boards + 99) // 100
    page.locator("nav.pages").first.get_by_role("link", name=str(last), exact=True).click()
    expect(page.locator("#boards tr.board").first).to_have_id(f"board-{(last - 1) * 100 + 1}")
    swap = page.locator("#change-swap")
    swap.locator("input[name=board]").fill("1")
    swap.locator("input[name=other_board]").fill(str(boards))
    swap.locator("button[name=apply]").click()
    expect(page.locator("#manual-changes")).to_contain_text(f"swapped the opponents of boards 1 and {boards}")
    # Checked by the worker; the page then reloads itself, on the page it was on, with the publish form.
    expect(page.locator("button[name=publish]")).to_be_visible(timeout=120_000)
    expect(page.locator("#checking")).to_have_count(0)
    assert page.url.endswith(f"?page={last}")
    confirm = page.locator("input[name=confirm]")
    if confirm.count():
        confirm.check()
    page.click("button[name=publish]")
    expect(page.locator("h1")).to_contain_text("Published")

    slowest = sorted(durations)[-3:]
    print(f"{PLAYERS} players, slowest requests: " + ", ".join(f"{ms:.0f} ms {url}" for ms, url in slowest))
