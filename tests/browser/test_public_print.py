"""The printable pairing list and result slips, as Chromium lays them out for paper."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command

from tournaments.models import Tournament


@pytest.mark.django_db(transaction=True)
def test_printing_shows_the_list_in_board_order_then_one_whole_slip_per_game(live_server, page):
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    boards = Tournament.objects.get(slug="demo-open").rounds.get(number=4).boards_with_seats()
    games = [b.number for b in boards if b.black is not None]

    page.goto(f"{live_server.url}/t/demo-open/round/4/print/")
    assert not page.locator(".slips").is_visible()  # on screen: the list only
    page.emulate_media(media="print")
    assert page.locator(".slips").is_visible() and not page.locator(".site-header").is_visible()
    listed = page.locator("table.pairings tbody tr td:first-child").all_inner_texts()
    assert listed == [str(b.number) for b in boards]
    slips = page.locator(".slip")
    assert slips.count() == len(games)
    for slip, number in zip(slips.all(), games, strict=True):
        text = slip.inner_text()
        assert f"Round 4 · Board {number}\n" in text and "Result:" in text
        # The signature line fits on the slip without wrapping out of its box.
        box, sign = slip.bounding_box(), slip.locator(".slip-sign").bounding_box()
        assert box and sign and sign["x"] + sign["width"] <= box["x"] + box["width"]
    # The slips start on a page of their own, after the list.
    assert page.evaluate("getComputedStyle(document.querySelector('.slips')).breakBefore") == "page"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
