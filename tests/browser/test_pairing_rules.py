"""Events paired by rules other than the default, run in Chromium through the pages: created
with their rules, two rounds paired and published, the rules read on the public pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from swiss import pair
from swiss.model import Edition
from tournaments.bridge.state import pairing_state
from tournaments.models import Tournament

from .conftest import sign_in
from .test_arbiter_tournament import enter_results, import_players, publish

expect.set_options(timeout=20_000)


def create(page: Page, name: str, slug: str, system: str) -> None:
    page.click("text=New tournament")
    page.fill("#id_name", name)
    page.fill("#id_slug", slug)
    page.fill("#id_start_date", "2025-11-01")
    page.fill("#id_end_date", "2025-11-07")
    page.fill("#id_total_rounds", "7")
    page.select_option("#id_pairing_system", system)
    page.select_option("#id_initial_colour", "w")
    page.check("#id_public")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text(name)


def pair_and_publish_two_rounds(page: Page, name: str) -> None:
    for number in (1, 2):
        if number == 1:
            page.click(f"nav.tabs >> text={name}")
        page.click(f"button:has-text('Pair round {number}')")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#board-13")).to_contain_text("bye")
        publish(page, number, findings=False)
        if number == 1:
            enter_results(page, number)


def engine_boards(slug: str, number: int) -> set[tuple[int, int | None]]:
    """The engine's own pairing of round `number`, by pairing numbers."""
    state = pairing_state(Tournament.objects.get(slug=slug), number)
    return {(b.white, b.black) for b in pair(state).boards}


def published_boards(slug: str, number: int) -> set[tuple[int, int | None]]:
    rnd = Tournament.objects.get(slug=slug).rounds.get(number=number)
    return {
        (b.white.pairing_number, b.black.pairing_number if b.black else None) for b in rnd.boards_with_seats()
    }


@pytest.mark.django_db(transaction=True)
def test_a_2017_edition_event_is_paired_by_it_and_says_so_in_public(live_server, page, arbiter):
    base = live_server.url
    page.set_default_timeout(20000)
    sign_in(page, base)
    create(page, "Autumn Open 2025", "autumn-2025", "dutch-2017")
    expect(page.locator("main")).to_contain_text("FIDE Dutch (2017)")
    import_players(page)
    pair_and_publish_two_rounds(page, "Autumn Open 2025")
    assert pairing_state(Tournament.objects.get(slug="autumn-2025"), 2).edition is Edition.DUTCH_2017
    assert published_boards("autumn-2025", 2) == engine_boards("autumn-2025", 2)

    context = page.context.browser.new_context()
    visitor = context.new_page()
    visitor.goto(f"{base}/t/autumn-2025/")
    expect(visitor.locator("p.rules")).to_have_text("Pairing rules: FIDE Dutch (2017)")
    visitor.goto(f"{base}/t/autumn-2025/round/2/")
    expect(visitor.locator("p.rules")).to_have_text("Paired by the FIDE Dutch (2017) rules.")
    expect(visitor.locator("#board-1")).to_be_visible()
    context.close()
