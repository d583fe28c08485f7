"""Results entry on a 390-pixel phone: every board's control on screen, with numbers and points."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from pairing import actions, publishing, results

expect.set_options(timeout=20_000)
PHONE = {"width": 390, "height": 844}


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_enters_a_result_on_a_phone(page: Page, live_server, client, tournament, players, arbiter):
    first = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(first, arbiter, confirmed=True)
    results.record_results(first, arbiter, {b.number: "1-0" for b in first.boards.all() if not b.is_bye})
    second = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(second, arbiter, confirmed=True)
    client.force_login(arbiter)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/rounds/2/results/")
    expect(page.locator("#results-form[data-keys-ready]")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    board = second.boards_with_seats()[0]
    row = page.locator("#result-1")
    # Pairing numbers and the points before the round, as on the pairing sheet.
    expect(row.locator(".rw")).to_contain_text(f"{board.white.pairing_number} {board.white.name} (1)")
    for select in page.locator("#results select").all():
        box = select.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.locator("#results select").first.select_option("1/2")
    page.click("button[name=save]")
    expect(page.locator("#results-status")).to_contain_text("1 result(s) saved.")
