"""Pages that tell the truth (issue 23, point 5): what cannot be pressed yet says why, an unlisted
event says players cannot see it, a stale draft offers both ways out, forms show what applies."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import sign_in

expect.set_options(timeout=20_000)
# Screenshots at phone width, looked at by the developer; not part of the repository.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))


def phone(page: Page, base: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, base)


def results(page: Page, **chosen: str) -> None:
    """Results entered on the results page: `board_N="1-0"`."""
    for name, result in chosen.items():
        page.select_option(f"select[name={name}]", result)
    page.click("button[name=save]")
    expect(page.locator("#results-status")).to_contain_text("saved")


@pytest.mark.django_db(transaction=True)
def test_nothing_is_offered_that_would_be_refused_and_an_unlisted_event_says_so(
    live_server, page, tournament, make_entrant
):
    from tournaments.models import Job

    tournament.public = False
    tournament.save()
    base = f"{live_server.url}/arbiter/{tournament.slug}"
    phone(page, live_server.url)
    page.goto(f"{base}/")
    expect(page.locator("#round-2")).to_contain_text("Not paired yet")
    expect(page.locator("#round-1 button")).to_be_disabled()
    expect(page.locator("#not-pairable")).to_contain_text(
        "A pairing needs at least two entrants, and 0 are entered."
    )
    page.screenshot(path=SHOTS / "dashboard-no-entrants-390.png", full_page=True)
    # Sent anyway (a page left open): refused with the same sentence, and no job was queued.
    page.evaluate(
        """() => { const f = document.createElement('form'); f.method = 'post'; f.action = 'pair/';
        f.innerHTML = '<input name="csrfmiddlewaretoken" value="' +
          document.querySelector('[name=csrfmiddlewaretoken]').value + '"><input name="round" value="1">';
        document.body.append(f); f.submit(); }"""
    )
    expect(page.locator(".messages")).to_contain_text(
        "at least two entrants, and 0 are entered. Nothing was paired."
    )
    assert not Job.objects.exists()

    for n in range(6):
        make_entrant(fide_rating=2400 - 50 * n)
    page.goto(f"{base}/")
    page.click("button[name=pair]")
    expect(page.locator("#boards tbody tr.board")).to_have_count(3)
    page.click("button[name=publish]")
    expect(page.locator(".messages")).to_contain_text("Round 1 is published.")
    expect(page.locator(".messages")).to_contain_text("players cannot see this round until it is made public")
    expect(page.locator("#unlisted")).to_contain_text("players cannot see this tournament")
    page.screenshot(path=SHOTS / "published-unlisted-390.png", full_page=True)
    page.click("#unlisted button[name=make-public]")
    expect(page.locator(".messages")).to_contain_text(f"players find it at /t/{tournament.slug}/")
    expect(page.locator("h1")).to_contain_text("Round 1")
    expect(page.locator("#unlisted")).to_have_count(0)
    tournament.refresh_from_db()
    assert tournament.public

    # Round 2 waits for round 1's last result, and says which boards lack one.
    page.click("text=Enter results")
    results(page, board_1="1-0", board_2="1/2")
    page.click("nav.tabs >> text=Spring Open")
    expect(page.locator("#round-1")).to_contain_text("Published")
    expect(page.locator("#round-2 button")).to_be_disabled()
    expect(page.locator("#not-pairable")).to_contain_text(
        "Round 2 can be paired once round 1 has every result: 1 board has none yet."
    )
    page.screenshot(path=SHOTS / "dashboard-pending-390.png", full_page=True)
    page.locator("#not-pairable a", has_text="board 3").click()
    expect(page).to_have_url(f"{base}/rounds/1/results/#result-3")
    results(page, board_3="0-1")

    # A stale draft: both ways out in the box, and re-pairing clears it.
    page.click("nav.tabs >> text=Spring Open")
    page.click("button[name=pair]")
    expect(page.locator("#boards tbody tr.board")).to_have_count(3)
    page.goto(f"{base}/rounds/1/results/")
    results(page, board_3="1/2")
    page.goto(f"{base}/rounds/2/")
    box = page.locator("#stale-draft")
    expect(box.locator("button[name=keep]")).to_be_visible()
    expect(box.locator("button[name=repair-stale]")).to_be_visible()
    box.screenshot(path=SHOTS / "stale-draft-box-390.png")
    box.locator("button[name=repair-stale]").click()
    expect(page.locator(".messages")).to_contain_text("Round 2 paired again by the engine.")
    expect(page.locator("#stale-draft")).to_have_count(0)


@pytest.mark.django_db(transaction=True)
def test_the_team_event_form_shows_no_individual_settings(live_server, page, arbiter):
    phone(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/")
    page.click("#new-team-event")
    expect(page.locator("#id_boards")).to_be_visible()
    expect(page.locator("#id_us_variations")).to_have_count(0)
    expect(page.locator("#id_prize_categories")).to_have_count(0)
    expect(page.locator("#id_tiebreaks_0 option:checked")).to_have_text(
        "Olympiad Sonneborn-Berger (opponents' match points × game points), cut 1"
    )
    page.screenshot(path=SHOTS / "team-form-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
