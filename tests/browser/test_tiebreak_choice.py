"""Tie-breaks picked by name, in order, on the settings page (issue 23, point 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import sign_in

expect.set_options(timeout=20_000)
# Screenshots at phone width, looked at by the developer; not part of the repository.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))


def new_tournament(page: Page, base: str, slug: str) -> None:
    page.goto(f"{base}/arbiter/new/")
    page.fill("#id_name", slug.replace("-", " ").title())
    page.fill("#id_slug", slug)
    page.fill("#id_start_date", "2026-05-01")
    page.fill("#id_end_date", "2026-05-07")
    page.fill("#id_total_rounds", "7")


def rows(page: Page) -> list[str]:
    return [page.locator(f"#id_tiebreaks_{n}").input_value() for n in range(6)]


@pytest.mark.django_db(transaction=True)
def test_the_arbiter_picks_tie_breaks_by_name_and_the_defaults_follow_the_system(live_server, page, arbiter):
    from tournaments.models import Tournament

    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server.url)
    new_tournament(page, live_server.url, "club-open")
    # The defaults of a FIDE event, in words.
    assert rows(page) == ["BH-C1", "BH", "SB", "DE", "WIN", ""]
    expect(page.locator("#id_tiebreaks_0 option:checked")).to_have_text("Buchholz, cut 1")
    expect(page.locator(".field-tiebreaks .helptext")).to_contain_text(
        "Default: FIDE events Buchholz, cut 1;"
    )
    page.click("#tiebreak-meanings summary")
    expect(page.locator("#tiebreak-meanings")).to_contain_text("the sum of the opponents' scores (Art. 8.1)")
    page.select_option("#id_tiebreaks_1", label="Sonneborn-Berger, cut 1")
    page.select_option("#id_tiebreaks_2", label="—")
    page.select_option("#id_tiebreaks_4", label="Progressive score")
    page.locator(".field-tiebreaks").screenshot(path=SHOTS / "tiebreaks-390.png")
    page.screenshot(path=SHOTS / "tournament-form-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Club Open")
    assert Tournament.objects.get(slug="club-open").tiebreaks == ["BH-C1", "SB-C1", "DE", "PS"]
    page.click("nav.tabs >> text=Settings")
    assert rows(page) == ["BH-C1", "SB-C1", "DE", "PS", "", ""]

    # The same tie-break twice is refused with a sentence, and nothing is saved.
    page.select_option("#id_tiebreaks_4", label="Buchholz, cut 1")
    page.click("main button[type=submit]")
    expect(page.locator(".field-tiebreaks")).to_contain_text("A tie-break may appear only once in the order.")
    assert Tournament.objects.get(slug="club-open").tiebreaks == ["BH-C1", "SB-C1", "DE", "PS"]

    # A US Chess event: its variations appear with the system, and the defaults left alone are its own.
    new_tournament(page, live_server.url, "us-open")
    expect(page.locator("#id_us_variations")).to_be_hidden()
    page.select_option("#id_pairing_system", "us-chess")
    expect(page.locator("#id_us_variations")).to_be_visible()
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Us Open")
    assert Tournament.objects.get(slug="us-open").tiebreaks == []
    page.click("nav.tabs >> text=Settings")
    assert rows(page) == ["MM", "SOLK", "CUM", "OCUM", "", ""]
    expect(page.locator("#id_tiebreaks_0 option:checked")).to_have_text("Modified median (34E1)")
