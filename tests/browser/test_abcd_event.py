"""An A/B/C/D event in Chromium: created through the form, two rounds paired, and the rules
read on the public page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import sign_in
from .test_arbiter_tournament import enter_results, import_players, publish

PLAYERS = 12

expect.set_options(timeout=20_000)


def players_csv() -> str:
    rows = [f'"Quarter {n:02d}, Test",{2300 - 25 * n},ENG,' for n in range(1, PLAYERS + 1)]
    return "\n".join(["name,rating,federation,club", *rows]) + "\n"


def create_abcd_event(page: Page) -> None:
    page.click("text=New tournament")
    page.fill("#id_name", "Quarters Open")
    page.fill("#id_slug", "quarters-open")
    page.fill("#id_start_date", "2026-06-01")
    page.fill("#id_end_date", "2026-06-03")
    page.fill("#id_total_rounds", "5")
    page.select_option("#id_initial_colour", "w")
    options = page.locator("#id_acceleration option")
    expect(options.filter(has_text="A/B/C/D (national / non-FIDE)")).to_have_count(1)
    expect(options.filter(has_text="A/B/C/D advanced (national / non-FIDE)")).to_have_count(1)
    page.select_option("#id_acceleration", "abcd")
    page.check("#id_public")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Quarters Open")
    expect(page.locator("main")).to_contain_text("A/B/C/D (national / non-FIDE)")
    import_players(page, players_csv(), PLAYERS)


def pair_round(page: Page, number: int) -> None:
    page.click(f"button:has-text('Pair round {number}')")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(PLAYERS // 2)


@pytest.mark.django_db(transaction=True)
def test_an_abcd_event_pairs_two_rounds_and_its_public_page_names_the_rules(live_server, page, arbiter):
    base = live_server.url
    page.set_default_timeout(20000)
    sign_in(page, base)
    create_abcd_event(page)
    page.click("nav.tabs >> text=Quarters Open")
    pair_round(page, 1)
    # Groups of three: A 1-3 plays B 4-6 (board 1: 1 against 4), C 7-9 plays D 10-12.
    expect(page.locator("#board-1")).to_contain_text("Quarter 01, Test")
    expect(page.locator("#board-1")).to_contain_text("Quarter 04, Test")
    expect(page.locator("#board-4")).to_contain_text("Quarter 07, Test")
    expect(page.locator("#board-4")).to_contain_text("Quarter 10, Test")
    publish(page, 1, findings=False)
    # Board 1 drawn, White wins elsewhere: 7 (White on board 4) is a bottom-half player on 100 %.
    enter_results(page, 1)
    page.goto(f"{base}/arbiter/quarters-open/")
    pair_round(page, 2)
    # Seed (e) 3(b): the bottom-half winners 7, 9 and 11 (all want Black) meet the three
    # highest top-half non-winners 1, 2 and 4: 7 takes 2 and 9 takes 4 (both want White),
    # and 11 is left with 1, within the three, rather than 6 (worked by hand).
    for bottom, top in ((7, 2), (9, 4), (11, 1)):
        row = page.locator("#boards tbody tr", has_text=f"Quarter {bottom:02d}, Test")
        expect(row).to_contain_text(f"Quarter {top:02d}, Test")
    publish(page, 2, findings=False)

    visitor = page.context.browser.new_context()
    public = visitor.new_page()
    public.goto(f"{base}/t/quarters-open/")
    expect(public.locator("#pairing-rules")).to_have_text(
        "Pairing rules: FIDE Dutch (2026), A/B/C/D (national / non-FIDE)"
    )
    public.goto(f"{base}/t/quarters-open/round/2/")
    expect(public.locator("main")).to_contain_text("Quarter 07, Test")
    visitor.close()
