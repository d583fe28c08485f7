"""A player at the venue, on a phone without signing in: find yourself, read your board and standing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command

from tournaments.models import Tournament

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE, "java_script_enabled": False}


@pytest.mark.django_db(transaction=True)
def test_a_player_finds_their_pairing_and_standing_on_a_phone(live_server, page):
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    demo = Tournament.objects.get(slug="demo-open")
    player = demo.entrants.get(pairing_number=7)
    surname = player.name.split(",")[0]

    page.goto(f"{live_server.url}/t/demo-open/")
    # The QR code for the venue's wall is drawn, not a broken image.
    assert page.evaluate("document.querySelector('.qr img').naturalWidth") > 0
    page.fill("#q", surname)
    page.click("button[type=submit]")
    page.click(f"a:has-text('{player.name}')")

    assert page.locator("h1").inner_text() == player.name
    standing = page.locator(".standing").inner_text()
    row = next(r for r in _standings(demo) if r.entrant.pk == player.pk)
    assert f"Rank {row.place} with {float(row.points):g} points after round 4" in standing
    round_four = page.locator("#round-4").inner_text()
    board = demo.rounds.get(number=4).boards_with_seats()
    mine = next(b for b in board if player in (b.white, b.black))
    opponent = mine.black if mine.white == player else mine.white
    assert opponent.name in round_four
    # Nothing is wider than the phone: the page reads without sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # On the round's pairings both names of every board are on screen.
    page.goto(f"{live_server.url}/t/demo-open/round/4/")
    for name in page.locator("#board-1 a").all():
        box = name.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def _standings(demo):
    from tournaments.standings import standings

    return standings(demo, 4).rows


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_each_name_says_its_colour_and_the_standings_fit_the_screen(live_server, page):
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    page.goto(f"{live_server.url}/t/demo-open/round/4/")
    white = page.locator("#board-1 .white")
    black = page.locator("#board-1 .black")
    # The column heads are hidden on a phone: a chip beside each name tells the colours apart.
    assert page.locator("table.pairings thead").is_hidden()
    assert white.locator(".chip-white").is_visible() and black.locator(".chip-black").is_visible()
    assert "White:" in white.inner_text() and "Black:" in black.inner_text()
    assert white.locator(".muted").is_visible()  # the rating
    page.goto(f"{live_server.url}/t/demo-open/standings/")
    table = page.locator("table.standings")
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
    page.goto(f"{live_server.url}/t/demo-open/crosstable/")
    # On a phone each player's rounds wrap under the name: nothing to scroll, the last round in view.
    assert page.locator("table.crosstable").evaluate("t => t.scrollWidth <= t.clientWidth + 1")
    last = page.locator("table.crosstable tbody tr").first.locator("td.cell").last.bounding_box()
    assert last is not None and last["x"] >= 0 and last["x"] + last["width"] <= 390
