"""In Chromium: what htmx shows when a colleague saved first, and when the database is gone."""

from __future__ import annotations

import pytest
from django.db import connection
from playwright.sync_api import Page, expect

from pairing import actions, publishing, results

expect.set_options(timeout=20_000)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends"),
]


@pytest.fixture
def signed_in(page: Page, live_server, client, arbiter) -> Page:
    client.force_login(arbiter)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return page


@pytest.fixture
def round_one(tournament, players, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    return rnd


def test_a_result_a_colleague_saved_first_is_shown_as_a_conflict(
    signed_in: Page, live_server, tournament, round_one, arbiter
):
    page = signed_in
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/rounds/1/results/")
    expect(page.locator("#results-form[data-keys-ready]")).to_have_count(1)
    results.record_results(round_one, arbiter, {1: "0-1"})  # the colleague, meanwhile
    page.select_option("select[name=board_1]", "1-0")
    page.select_option("select[name=board_2]", "1/2")
    page.click("button[name=save]")
    expect(page.locator("#conflict-1")).to_contain_text("stored now 0–1 (this page showed not yet played)")
    expect(page.locator("#conflict-1")).to_contain_text("You wanted 1–0: not saved.")
    expect(page.locator("#results-status")).to_contain_text("1 result(s) saved.")
    expect(page.locator("select[name=board_1]")).to_have_value("0-1")
    assert round_one.boards.get(number=1).result == "0-1" and round_one.boards.get(number=2).result == "1/2"


def test_a_draft_change_while_the_database_is_gone_shows_not_saved_in_the_page(
    signed_in: Page, live_server, tournament, players, arbiter, database_outage
):
    actions.pair_next_round(tournament, arbiter)
    page = signed_in
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/rounds/1/")
    expect(page.locator("#boards")).to_be_visible()
    with database_outage():
        page.fill("#change-colours input[name=board]", "1")
        page.click("#change-colours button[name=apply]")
        expect(page.locator("#server-error")).to_contain_text("Not saved: the database is not available")
    expect(page.locator("#boards")).to_be_visible()  # the draft stays on the page
    page.click("#change-colours button[name=apply]")
    expect(page.locator("#manual-changes")).to_contain_text("exchanged the colours on board 1")
    expect(page.locator("#server-error")).to_be_empty()
