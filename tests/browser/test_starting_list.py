"""The starting list as arbiters know it, public and printable, and standings with No., title and FED
(issue 23, point 3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import play_round_1, sign_in

expect.set_options(timeout=20_000)
# Screenshots at phone width, looked at by the developer; not part of the repository.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))
FEDS = ["SUI", "GER", "FRA", "ITA", "AUT", "NED"]


@pytest.mark.django_db(transaction=True)
def test_the_starting_list_and_the_standings_show_what_arbiters_expect(
    live_server, page, tournament, players
):
    for n, player in enumerate(players):
        player.title, player.federation = ("GM", "IM", "", "FM", "", "")[n], FEDS[n]
        player.fide_id, player.club = str(1300000 + n), f"Club {n % 2}"
        player.save()
    tournament.initial_colour = "w"
    tournament.save()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{tournament.slug}/players/")
    page.click("#starting-list-link")
    rows = page.locator("#starting-list tbody tr")
    expect(rows).to_have_count(6)
    cells = rows.first.locator("td")
    assert [cells.nth(i).inner_text() for i in range(7)] == [
        "1",
        "GM",
        players[0].name,
        "SUI",
        "1300000",
        "2400",
        "Club 0",
    ]
    expect(page.locator("#starting-list thead th")).to_have_text(
        ["No.", "Title", "Name", "FED", "FIDE ID", "Rating", "Club"]
    )
    page.screenshot(path=SHOTS / "public-starting-list-390.png", full_page=True)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(rows.first).to_be_visible()
    page.emulate_media(media="screen")

    # The arbiter's printable list is the same table; then round 1, and the standings.
    sign_in(page, live_server.url)
    base = f"{live_server.url}/arbiter/{tournament.slug}"
    page.goto(f"{base}/entrants/")
    page.click("#print-starting-list")
    expect(page.locator("#starting-list tbody tr").first).to_contain_text("1300000")
    play_round_1(page, base, boards=3)
    page.click("nav.tabs >> text=Standings")
    top = page.locator("#standings tbody tr").first.locator("td")
    # Three winners after one round share first place.
    assert [top.nth(i).inner_text() for i in range(7)] == [
        "1-3",
        "1",
        "GM",
        players[0].name,
        "SUI",
        "2400",
        "1",
    ]
    page.screenshot(path=SHOTS / "arbiter-standings-390.png", full_page=True)
    page.goto(f"{live_server.url}/t/{tournament.slug}/standings/")
    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td.no")).to_have_text("1")
    expect(first.locator("td.fed")).to_have_text("SUI")  # its column on a wider screen
    expect(first.locator("td.name .phone-rating")).to_have_text("2400 SUI")  # on a phone, under the name
    expect(first.locator("td.name")).to_contain_text("GM")
    page.screenshot(path=SHOTS / "public-standings-390.png", full_page=True)
