"""A 10-player round robin run in Chromium from registration to the final standings: the
entrants typed in, the numbers drawn by lot, nine rounds paired by the Berger table through the
review and publish pages, a withdrawal after round 5 (five games of nine: the rest are
forfeits, FIDE Tournament Rules V.4), and the public crosstable and standings."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from swiss.roundrobin import berger_round
from tournaments.models import Entrant

from .conftest import sign_in

PLAYERS = 10
ROUNDS = 9
WITHDRAWN_FROM = 6

expect.set_options(timeout=20_000)


def create_event(page: Page) -> None:
    page.click("text=New tournament")
    page.fill("#id_name", "Club Championship")
    page.fill("#id_slug", "club-championship")
    page.fill("#id_start_date", "2026-06-01")
    page.fill("#id_end_date", "2026-06-09")
    page.fill("#id_total_rounds", str(ROUNDS))
    page.select_option("#id_pairing_system", "round-robin")
    page.check("#id_public")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Club Championship")


def register(page: Page) -> None:
    page.click("nav.tabs >> text=Entrants")
    for n in range(1, PLAYERS + 1):
        page.fill("#id_name", f"Member {n:02d}, Ann")
        page.fill("#id_fide_rating", str(2300 - 25 * n))
        page.click(".quick-entry button[type=submit]")
        expect(page.locator("#messages")).to_contain_text(f"Member {n:02d}, Ann entered.")
        expect(page.locator("#entrants tbody tr[id^=entrant-]")).to_have_count(n)
        # htmx focuses the new form's name once the swap settles: typing sooner could land there.
        expect(page.locator("#id_name")).to_be_focused()


def draw_by_lot(page: Page) -> None:
    page.click("nav.tabs >> text=Draw")
    expect(page.locator("#draw-state")).to_contain_text("Not drawn yet")
    page.check("input[name=method][value=lot]")
    page.click("main button[type=submit]")
    expect(page.locator("#draw-state")).to_contain_text("Drawn by lot (seed")
    expect(page.locator(".rr-round")).to_have_count(ROUNDS)
    if shots := os.environ.get("SCREENSHOTS"):
        page.set_viewport_size({"width": 375, "height": 800})
        page.screenshot(path=str(Path(shots) / "rr-draw.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})


def enter_results(page: Page, games: int) -> None:
    page.click("text=Enter results")
    selects = page.locator("#results select")
    expect(selects).to_have_count(games)
    for index in range(games):
        selects.nth(index).select_option(["1-0", "1/2", "0-1"][index % 3])
    page.click("button[name=save]")
    expect(page.locator("h1")).to_contain_text("Complete")


def withdraw(page: Page, name: str) -> None:
    page.click("nav.tabs >> text=Entrants")
    row = page.locator("#entrants tbody tr", has_text=name)
    row.locator("summary").click()
    row.locator("input[name=round]").nth(1).fill(str(WITHDRAWN_FROM))
    row.locator("button:has-text('Withdraw')").click()
    expect(page.locator(".messages")).to_contain_text(f"withdrawn from round {WITHDRAWN_FROM} on")


def boards_by_number(page: Page) -> list[tuple[int, int | None]]:
    """The draft's boards as pairing numbers, read from the review page's number cells."""
    found = []
    for row in page.locator("#boards tbody tr[id^=board-]").all():
        white = re.search(r"\d+", row.locator("td.wn").inner_text())
        black = re.search(r"\d+", row.locator("td.bn").inner_text())
        assert white is not None
        found.append((int(white[0]), int(black[0]) if black else None))
    return found


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_runs_a_ten_player_round_robin_with_a_withdrawal(
    live_server: Any, page: Page, arbiter: Any
) -> None:
    base = live_server.url
    shots = os.environ.get("SCREENSHOTS")
    sign_in(page, base)
    create_event(page)
    register(page)
    draw_by_lot(page)
    leaving = Entrant.objects.get(pairing_number=3)
    for number in range(1, ROUNDS + 1):
        if number == WITHDRAWN_FROM:
            withdraw(page, leaving.name)
        page.click("nav.tabs >> text=Club Championship")
        page.click(f"button:has-text('Pair round {number}')")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        table = berger_round(PLAYERS, number)
        playing = [game for game in table if number < WITHDRAWN_FROM or 3 not in game]
        expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(len(table))
        expect(page.locator("#draft .findings li")).to_have_count(0)
        shown = boards_by_number(page)
        assert shown[: len(playing)] == playing, (number, shown)
        if shots and number == WITHDRAWN_FROM:
            page.set_viewport_size({"width": 375, "height": 800})
            page.screenshot(path=str(Path(shots) / "rr-review.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        page.click("button[name=publish]")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} is published")
        enter_results(page, len(playing))
    page.goto(f"{base}/t/club-championship/standings/")
    expect(page.locator("main h1")).to_contain_text("after round 9")
    expect(page.locator("table.standings tbody tr")).to_have_count(PLAYERS)
    page.goto(f"{base}/t/club-championship/crosstable/")
    expect(page.locator("table.crosstable td.diagonal")).to_have_count(PLAYERS)
    row = page.locator("table.crosstable tbody tr").nth(2)  # number 3, who withdrew
    cells = row.locator("td.cell").all_inner_texts()
    assert cells.count("−") == ROUNDS - (WITHDRAWN_FROM - 1), cells
    if shots:
        page.set_viewport_size({"width": 375, "height": 800})
        page.screenshot(path=str(Path(shots) / "rr-crosstable.png"), full_page=True)
        page.goto(f"{base}/t/club-championship/table/")
        page.screenshot(path=str(Path(shots) / "rr-table.png"), full_page=True)
