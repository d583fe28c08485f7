"""FIDE mode in Chromium at phone width: on for a new tournament, and enabling full-point byes
on request warns on the page that follows."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

from tournaments.models import Tournament

from .conftest import sign_in

expect.set_options(timeout=20_000)


def test_fide_mode_is_on_for_a_new_tournament_and_enabling_full_point_byes_warns(live_server, page, arbiter):
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server.url)
    page.click("text=New tournament")
    expect(page.locator("#id_fide_mode")).to_be_checked()
    expect(page.locator("#id_allow_full_point_byes")).not_to_be_checked()
    shots = Path(os.environ.get("SCREENSHOTS", "/tmp"))
    page.locator("#id_fide_mode").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "fide-mode-form.png"))
    page.fill("#id_name", "Phone Open")
    page.fill("#id_slug", "phone-open")
    page.fill("#id_start_date", "2026-05-01")
    page.fill("#id_end_date", "2026-05-07")
    page.fill("#id_total_rounds", "5")
    page.check("#id_allow_full_point_byes")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Phone Open")
    expect(page.get_by_text("FIDE mode: Full-point byes on request are not allowed by FIDE.")).to_be_visible()
    page.screenshot(path=str(shots / "fide-mode-warning.png"))
    assert Tournament.objects.get(slug="phone-open").allow_full_point_byes
