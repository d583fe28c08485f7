"""Helpers shared by the browser tests (the fixtures are in tests/conftest.py)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def sign_in(page: Page, base: str) -> None:
    """Through the sign-in page, as the `arbiter` fixture's user."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "arbiter")
    page.fill("#id_password", "correct horse battery")
    page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Your tournaments")


def play_round_1(page: Page, tournament_url: str, boards: int) -> None:
    """From the arbiter's tournament page: pair round 1, publish it, White wins every game."""
    page.goto(f"{tournament_url}/")
    page.click("button[name=pair]")
    page.click("button[name=publish]")
    page.click("text=Enter results")
    for board in range(1, boards + 1):
        page.select_option(f"select[name=board_{board}]", "1-0")
    page.click("button[name=save]")
    expect(page.locator("h1")).to_contain_text("Complete")
