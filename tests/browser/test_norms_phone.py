"""The norms page and the norm report on a 390-pixel phone, and the report as Chromium prints it."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tournaments.bridge.trf import import_trf

expect.set_options(timeout=20_000)
PHONE = {"width": 390, "height": 844}
CASE = Path(__file__).parents[1] / "norms_cases" / "01-im-norm-with-the-floor.trf"
SHOTS = Path("/tmp/norms-screenshots")


def on_a_phone(page: Page, live_server, client, arbiter) -> None:
    """Signed in as the arbiter, on a 390-pixel screen."""
    client.force_login(arbiter)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    SHOTS.mkdir(exist_ok=True)


@pytest.mark.django_db(transaction=True)
def test_the_norms_page_and_the_report_fit_a_phone_and_print(page: Page, live_server, client, arbiter):
    tournament = import_trf(CASE.read_text(), slug="norm-open", start_date=datetime.date(2026, 5, 1))
    tournament.chief_arbiter = arbiter
    tournament.save()
    on_a_phone(page, live_server, client, arbiter)

    page.goto(f"{live_server.url}/arbiter/norm-open/norms/")
    player = page.locator("#player-1")
    expect(player.locator(".norm-made")).to_have_text("IM norm")
    im = player.locator("details[open]")
    expect(im.locator("summary")).to_contain_text("IM: achieved · Ra 2262 · Rp 2482")
    expect(im.locator("li.met")).to_have_count(10)
    # The GM check is closed; opened, its unmet conditions stand out.
    gm = player.locator("details").first
    gm.locator("summary").click()
    expect(gm.locator("li.unmet").first).to_contain_text("Ra 2279")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(SHOTS / "norms-390.png"), full_page=True)

    page.get_by_role("link", name="Norm report").click()
    expect(page.locator("#norm-report h1")).to_have_text("Certificate of title result: IM norm")
    expect(page.locator("#report-games tbody tr")).to_have_count(9)
    expect(page.locator("#report-games tbody tr").last).to_contain_text("2050raised from 1980")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(SHOTS / "report-390.png"), full_page=True)

    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible() and not page.locator(".no-print").is_visible()
    assert page.pdf(format="A4").startswith(b"%PDF")


@pytest.mark.django_db(transaction=True)
def test_the_reviews_norm_mark_and_the_public_cards_norm_on_a_phone(page: Page, live_server, client, arbiter):
    from pairing import actions

    last_round = CASE.with_name("05-last-round-needs-a-win-against-2416.trf")
    hunt = import_trf(last_round.read_text(), slug="norm-hunt", start_date=datetime.date(2026, 5, 1))
    done = import_trf(CASE.read_text(), slug="norm-open", start_date=datetime.date(2026, 5, 1))
    for tournament in (hunt, done):
        tournament.chief_arbiter, tournament.public = arbiter, True
        tournament.save()
    actions.pair_next_round(hunt, arbiter)
    on_a_phone(page, live_server, client, arbiter)
    page.goto(f"{live_server.url}/arbiter/norm-hunt/rounds/9/")
    expect(page.locator("#norm-marks li").first).to_contain_text("Candidate: GM norm")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#norm-marks").screenshot(path=str(SHOTS / "review-marks-390.png"))

    candidate = done.entrants.get(pairing_number=1)
    page.goto(f"{live_server.url}/t/norm-open/players/{candidate.pk}/")
    expect(page.locator("#norms")).to_have_text("IM norm")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(SHOTS / "public-card-390.png"))
