"""Correcting an entrant on the entrants page, as an arbiter does it on a phone (issue 23, point 1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import sign_in

expect.set_options(timeout=20_000)
# Screenshots at phone width, looked at by the developer; not part of the repository.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))


def open_correction(page: Page, entrant_id: int) -> None:
    page.click(f"#entrant-{entrant_id} a.edit-entrant")
    expect(page.locator(f"#edit-{entrant_id}")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_rating_corrected_before_round_1_renumbers_and_says_what_moved(
    live_server, page, tournament, players
):
    from tournaments.models import AuditRecord, Entrant

    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    page.evaluate("window.notReloaded = true")
    last = players[5]  # No. 6, 2150
    open_correction(page, last.pk)
    expect(page.locator(f"#edit-{last.pk} .correction-notice")).to_contain_text(
        "re-sorts the pairing numbers"
    )
    page.fill(f"#edit-{last.pk}-fide_rating", "2450")
    page.select_option(f"#edit-{last.pk}-title", "IM")
    page.fill(f"#edit-{last.pk}-club", "SK Bern")
    page.click(f"#edit-{last.pk} button[name=save]")
    expect(page.locator("#messages")).to_contain_text(f"{last.name} corrected: FIDE rating, title, club.")
    moves = page.locator("#renumbered li")
    expect(moves).to_have_count(6)
    expect(moves.first).to_have_text(f"6 → 1 {last.name}")
    expect(page.locator("#entrants tbody tr").first).to_contain_text(last.name)
    assert page.evaluate("window.notReloaded") is True
    page.screenshot(path=SHOTS / "entrants-renumbered-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    last.refresh_from_db()
    assert (last.pairing_number, last.fide_rating, last.title, last.club) == (1, 2450, "IM", "SK Bern")
    record = AuditRecord.objects.get(object_type="tournaments.entrant", object_id=str(last.pk))
    assert record.before == {"fide_rating": 2150, "title": "", "club": ""}
    assert (
        AuditRecord.objects.filter(object_type="tournaments.tournament", after__has_key="moved").count() == 1
    )

    # A colleague corrects the same player after this page was loaded: nothing is overwritten.
    second = players[1]
    open_correction(page, second.pk)
    page.screenshot(path=SHOTS / "entrant-correction-form-390.png", full_page=True)
    Entrant.objects.filter(pk=second.pk).update(club="Colleague's club")
    page.fill(f"#edit-{second.pk}-club", "My club")
    page.click(f"#edit-{second.pk} button[name=save]")
    box = page.locator(f"#edit-{second.pk} .error-box")
    expect(box).to_contain_text("was changed by someone else since this page was loaded; nothing was saved")
    expect(box).to_contain_text("Colleague's club")
    second.refresh_from_db()
    assert second.club == "Colleague's club"
    # Seen now, the arbiter's correction may replace it.
    expect(page.locator(f"#edit-{second.pk}-club")).to_have_value("My club")
    page.click(f"#edit-{second.pk} button[name=save]")
    expect(page.locator("#messages")).to_contain_text(f"{second.name} corrected: club.")
    second.refresh_from_db()
    assert second.club == "My club"
    assert page.evaluate("window.notReloaded") is True


@pytest.mark.django_db(transaction=True)
def test_a_correction_that_changes_the_engine_input_makes_the_draft_stale(
    live_server, page, tournament, players
):
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/")
    page.click("button[name=pair]")
    expect(page.locator("#boards tbody tr.board")).to_have_count(3)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    third = players[2]
    open_correction(page, third.pk)
    expect(page.locator(f"#edit-{third.pk} .correction-notice")).to_contain_text(
        "The draft of round 1 was paired from the ratings and numbers as they are"
    )
    page.fill(f"#edit-{third.pk}-fide_rating", "2000")
    page.click(f"#edit-{third.pk} button[name=save]")
    expect(page.locator("#messages")).to_contain_text("Round 1's draft is stale now.")
    expect(page.locator("#renumbered")).to_contain_text(f"3 → 6 {third.name}")
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/rounds/1/")
    expect(page.locator("#stale-draft")).to_contain_text(
        "The entrants this draft was paired from changed since"
    )


@pytest.mark.django_db(transaction=True)
def test_the_plain_form_without_scripts_corrects_and_lists_the_moves(
    live_server, browser, tournament, players
):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    sign_in(page, live_server.url)
    last = players[5]
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    page.click(f"#entrant-{last.pk} a.edit-entrant")
    expect(page.locator("h1")).to_have_text(f"Correct {last.name}")
    page.screenshot(path=SHOTS / "entrant-correction-page-390.png", full_page=True)
    page.fill(f"#edit-{last.pk}-fide_rating", "2390")
    page.click(f"#edit-{last.pk} button[name=save]")
    expect(page.locator("h1")).to_have_text("Entrants")
    expect(page.locator(".messages")).to_contain_text(f"{last.name} corrected: FIDE rating.")
    expect(page.locator("#renumbered li").first).to_have_text(f"6 → 2 {last.name}")
    context.close()
