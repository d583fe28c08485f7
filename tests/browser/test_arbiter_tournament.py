"""A whole 7-round, 25-player tournament run by an arbiter in Chromium, through the pages only."""

from __future__ import annotations

import re

import pytest
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import Page, expect

from .conftest import sign_in

PLAYERS = 25
ROUNDS = 7

# Assertions wait as long as actions do: a loaded CI machine can take seconds to save a round.
expect.set_options(timeout=20_000)


def csv_text() -> str:
    lines = ["name,rating,federation,club"]
    for n in range(PLAYERS):
        lines.append(f'"Player {n + 1:02d}, Test",{2400 - 23 * n},SUI,Club {n % 4}')
    return "\n".join(lines) + "\n"


def create_tournament(page: Page) -> None:
    page.click("text=New tournament")
    page.fill("#id_name", "Browser Open")
    page.fill("#id_slug", "browser-open")
    page.fill("#id_start_date", "2026-05-01")
    page.fill("#id_end_date", "2026-05-07")
    page.fill("#id_total_rounds", str(ROUNDS))
    page.select_option("#id_initial_colour", "w")
    page.check("#id_public")  # players follow it; a draft must stay hidden from them all the same
    page.click("main button[type=submit]")  # not the header's sign-out button
    expect(page.locator("h1")).to_have_text("Browser Open")


def import_players(page: Page, text: str | None = None, count: int = PLAYERS) -> None:
    """The CSV `text` (this file's field by default) imported through the entrants page."""
    page.click("nav.tabs >> text=Entrants")
    page.click("text=Import from CSV or TRF")
    buffer = (csv_text() if text is None else text).encode()
    page.set_input_files("#id_file", {"name": "players.csv", "mimeType": "text/csv", "buffer": buffer})
    page.click("button[name=preview]")
    page.click("button[name=do-import]")
    expect(page.locator("#entrants tbody tr")).to_have_count(count)


def swap_and_see_the_finding(page: Page) -> None:
    """One manual swap: the finding appears beside the boards without reloading the page."""
    page.evaluate("window.notReloaded = true")
    page.fill("#change-swap input[name=board]", "1")
    page.fill("#change-swap input[name=other_board]", "12")
    page.click("#change-swap button[name=apply]")
    expect(page.locator("#draft .findings li", has_text="different scores").first).to_be_visible()
    expect(page.locator("#draft")).to_contain_text("swapped the opponents of boards 1 and 12")
    assert page.evaluate("window.notReloaded") is True


def publish(page: Page, number: int, *, findings: bool) -> None:
    if findings:
        page.click("button[name=publish]")
        expect(page.locator(".messages")).to_contain_text("confirm to publish")
        page.check("input[name=confirm]")
    page.click("button[name=publish]")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} is published")


def enter_results(page: Page, number: int) -> None:
    page.click("text=Enter results")
    selects = page.locator("#results select")
    # The first game by keyboard (= is a draw), the rest by choosing White's win.
    expect(page.locator("#results-form[data-keys-ready]")).to_have_count(1)
    selects.first.focus()
    page.keyboard.press("=")
    expect(selects.first).to_have_value("1/2")
    for index in range(1, selects.count()):
        selects.nth(index).select_option("1-0")
    page.click("button[name=save]")
    expect(page.locator("h1")).to_contain_text("Complete")


def assert_draft_hidden_from_visitors(page: Page, base: str, number: int) -> None:
    visitor = page.context.browser.new_context()
    other = visitor.new_page()
    other.goto(f"{base}/arbiter/browser-open/rounds/{number}/")
    assert "/accounts/login/" in other.url
    assert other.locator("#boards").count() == 0
    try:
        public = reverse("public:round", args=["browser-open", number])
    except NoReverseMatch:
        public = None
    if public:
        other.goto(f"{base}{public}")
        assert other.locator("text=Player 01, Test").count() == 0
    visitor.close()


def ask_before_clearing_a_result(page: Page, base: str) -> None:
    """The confirmation comes from static script (the policy forbids inline handlers); "no" sends nothing."""
    questions: list[str] = []

    def dismiss(dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.goto(f"{base}/arbiter/browser-open/rounds/{ROUNDS}/results/")
    page.click("#clear-form button[name=clear]")
    expect(page.locator("#clear-form")).to_be_visible()
    assert questions == ["Take this result back to not yet played?"]
    assert page.locator(".messages").count() == 0
    page.remove_listener("dialog", dismiss)


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_runs_a_seven_round_tournament_through_the_pages(live_server, page, arbiter):
    base = live_server.url
    page.set_default_timeout(20000)
    # Chromium reports what the Content-Security-Policy blocks on the console: nothing may be.
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    sign_in(page, base)
    create_tournament(page)
    import_players(page)
    for number in range(1, ROUNDS + 1):
        if number == 1:
            page.click("nav.tabs >> text=Browser Open")
        page.click(f"button:has-text('Pair round {number}')")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(13)
        expect(page.locator("#board-13")).to_contain_text("bye")
        if number == 2:
            assert_draft_hidden_from_visitors(page, base, number)
            swap_and_see_the_finding(page)
        publish(page, number, findings=number == 2)
        enter_results(page, number)
    page.click("nav.tabs >> text=Standings")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(PLAYERS)
    top = rows.first.locator("td").nth(6).inner_text()  # Rk, No., Title, Name, FED, Rtg, Points
    assert re.fullmatch(r"\d(\.5)?", top) and float(top) >= 5
    trf = page.request.get(f"{base}/arbiter/browser-open/export.trf").text()
    assert "### Round 2: manual change by arbiter: swapped the opponents of boards 1 and 12" in trf
    ask_before_clearing_a_result(page, base)
    page.goto(f"{base}/t/browser-open/round/{ROUNDS}/")
    page.goto(f"{base}/t/browser-open/standings/")
    assert blocked == [], "\n".join(blocked)
