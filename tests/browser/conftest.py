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
