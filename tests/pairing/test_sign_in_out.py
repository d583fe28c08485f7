"""Signing in from the home page, signing out from any arbiter page, and the site's icon."""

from __future__ import annotations

from django.contrib.staticfiles import finders


def test_the_home_page_links_to_the_arbiters_sign_in(client, db):
    page = client.get("/").content.decode()
    assert 'href="/accounts/login/?next=/arbiter/"' in page


def test_a_signed_in_arbiter_can_sign_out_from_any_page(arbiter_client, tournament):
    page = arbiter_client.get(f"/arbiter/{tournament.slug}/").content.decode()
    assert 'action="/accounts/logout/"' in page and "Sign out arbiter" in page
    assert arbiter_client.post("/accounts/logout/").status_code == 302
    assert arbiter_client.get(f"/arbiter/{tournament.slug}/").status_code == 302  # back to sign-in


def test_every_page_names_an_icon_that_exists(client, arbiter_client, tournament):
    for page in (client.get("/"), arbiter_client.get(f"/arbiter/{tournament.slug}/")):
        assert 'rel="icon" href="/static/img/favicon.svg"' in page.content.decode()
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/img/favicon.svg"
    assert finders.find("img/favicon.svg")
