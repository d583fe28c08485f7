"""A Scheveningen match on a phone (docs/round-robin.md 6): the arbiter puts the players in team A
and team B on the Draw page, fixes the numbers, plays round 1, and the public home page shows the
match score; every page fits 360 px."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.round_robin_event import scheveningen_event

from .conftest import play_round_1, sign_in

PHONE = {"width": 360, "height": 780}

expect.set_options(timeout=20_000)


def fits(page: Page, shot: str) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], shot
    if shots := os.environ.get("SCREENSHOTS"):
        page.screenshot(path=str(Path(shots) / f"{PHONE['width']}-{shot}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_puts_the_teams_draws_and_the_public_sees_the_match_score_on_a_phone(
    live_server: Any, page: Page, arbiter: Any
) -> None:
    event = scheveningen_event(arbiter)
    base = live_server.url
    sign_in(page, base)
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/arbiter/{event.slug}/draw/")
    for entrant in event.entrants.all():
        page.select_option(f"#id_side-{entrant.pk}", "A" if entrant.name.startswith("Home") else "B")
    fits(page, "scheveningen-sides")
    page.click("#sides button[type=submit]")
    page.check("input[name=method][value=entered]")
    page.click("main form:not(#sides) button[type=submit]")
    expect(page.locator("#draw-state")).to_contain_text("As entered")
    numbers = page.locator("table.rr-draw tbody tr")
    expect(numbers.nth(0)).to_contain_text("Home 01")
    expect(numbers.nth(3)).to_contain_text("Home 07")
    expect(numbers.nth(4)).to_contain_text("Away 02")
    fits(page, "scheveningen-draw")
    play_round_1(page, f"{base}/arbiter/{event.slug}", boards=4)
    page.goto(f"{base}/t/{event.slug}/")
    # Round 1 of the table: team A has White on boards 1 and 2, team B on 3 and 4.
    expect(page.locator("#match-score")).to_have_text("Team A 2 – 2 Team B, after round 1")
    fits(page, "scheveningen-home")
    page.goto(f"{base}/t/{event.slug}/standings/")
    expect(page.locator("#match-score")).to_contain_text("Team A 2 – 2 Team B")
    fits(page, "scheveningen-standings")
