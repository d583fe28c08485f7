"""Proves the browser plumbing: Debian's Chromium, driven by Playwright, against the live server."""

from __future__ import annotations

import pytest


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_signs_in_to_the_admin_and_sees_the_tournaments(live_server, page, arbiter):
    arbiter.is_superuser = True
    arbiter.save()
    page.goto(f"{live_server.url}/admin/")
    page.fill("#id_username", "arbiter")
    page.fill("#id_password", "correct horse battery")
    page.click("input[type=submit]")
    page.wait_for_selector("text=Tournaments")
    assert page.locator("a", has_text="Audit records").count() == 1
