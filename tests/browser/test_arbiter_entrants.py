"""The entrants page in Chromium: a message arrives with the change it reports; states are visible."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import sign_in

expect.set_options(timeout=20_000)


@pytest.mark.django_db(transaction=True)
def test_an_entry_and_a_bye_are_confirmed_at_once_and_the_state_shows(live_server, page, tournament, players):
    page.set_viewport_size({"width": 1366, "height": 800})
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    page.evaluate("window.notReloaded = true")
    page.fill("#id_name", "Vogel, Martina")
    page.fill("#id_fide_rating", "1900")
    page.click(".quick-entry button[type=submit]")
    # HTMX swapped the list in place, and the message came with it, not one action later.
    expect(page.locator("#messages")).to_contain_text("Vogel, Martina entered.")
    expect(page.locator("#entrants")).to_contain_text("Vogel, Martina")
    assert page.evaluate("window.notReloaded") is True
    # Ready for the next player: htmx focuses the name once the swap settles, and waiting for that
    # keeps the focus from leaving a field below while it is typed in.
    expect(page.locator("#id_name")).to_be_focused()

    row = page.locator(f"#entrant-{players[2].pk}")
    row.locator("summary").click()
    withdraw = row.locator("button", has_text="Withdraw")
    box = withdraw.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1366  # nothing cut off at the right edge
    row.locator("input[name=round]").first.fill("2")
    row.locator("button", has_text="Record the bye").click()
    expect(page.locator("#messages")).to_contain_text(f"{players[2].name}: a ½-point bye in round 2.")
    expect(page.locator(f"#entrant-{players[2].pk} .states")).to_contain_text("½-point bye in round 2")
