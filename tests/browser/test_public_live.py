"""A phone left on the pairings during a round: results appear without a reload, and the polls
that find nothing new are answered 304 by the public cache."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import Page, expect

from pairing import publishing, results
from tournaments import public_cache, public_context
from tournaments.models import Board, Tournament


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}, "is_mobile": True}


@pytest.mark.django_db(transaction=True)
def test_the_pairings_show_a_result_entered_while_the_phone_watches(
    live_server: Any, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(public_context, "POLL_SECONDS", 1)
    unchanged = []
    real = public_cache._not_modified
    monkeypatch.setattr(public_cache, "_not_modified", lambda token: unchanged.append(token) or real(token))
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    demo = Tournament.objects.get(slug="demo-open")
    rnd = demo.rounds.get(number=5)
    assert publishing.publish_round(rnd, demo.chief_arbiter, confirmed=True)
    boards = [b for b in rnd.boards_with_seats() if not b.is_bye]

    page.goto(f"{live_server.url}/t/demo-open/round/5/")
    cell = page.locator(f"#board-{boards[0].number} td.result")
    expect(cell).to_have_text("")
    # Nothing changes for a few polls: each is a 304, the page stays as it is.
    page.wait_for_timeout(3500)
    assert len(unchanged) >= 2
    results.record_results(rnd, demo.chief_arbiter, {boards[0].number: Board.Result.WHITE_FORFEITS})
    expect(cell).to_have_text("−:+", timeout=10_000)
    # The round complete, the page stops asking.
    results.record_results(rnd, demo.chief_arbiter, {b.number: Board.Result.DRAW for b in boards[1:]})
    expect(page.locator(f"#board-{boards[-1].number} td.result")).to_have_text("½–½", timeout=10_000)
    expect(page.locator("main")).not_to_have_attribute("hx-trigger", "every 1s")
