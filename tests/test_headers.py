"""Response headers: the content and permissions policies everywhere, arbiters' pages kept out of caches."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from tournaments.models import Tournament


@pytest.fixture
def demo(db):
    call_command("load_demo", "--password", "demo password 1", stdout=StringIO())
    return Tournament.objects.get(slug="demo-open")


def test_every_kind_of_page_carries_a_strict_content_security_policy_and_a_permissions_policy(client, demo):
    client.force_login(demo.chief_arbiter)
    pages = ["/", "/t/demo-open/standings/", "/arbiter/demo-open/rounds/5/", "/admin/", "/accounts/login/"]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        policy = response["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy, page
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, page
        assert "frame-ancestors 'none'" in policy, page
        assert "camera=()" in response["Permissions-Policy"], page


def arbiter_pages(demo) -> list[str]:
    base = "/arbiter/demo-open"
    return [
        "/arbiter/",
        "/arbiter/new/",
        *(f"{base}/{tail}" for tail in ("", "edit/", "arbiters/", "entrants/", "entrants/import/")),
        *(f"{base}/{tail}" for tail in ("forbidden-pairs/", "rounds/5/", "rounds/4/results/", "standings/")),
        f"{base}/rounds/5/boards/1/",
        f"{base}/export.trf",
    ]


def test_arbiters_pages_and_drafts_are_never_kept_by_a_browser_or_proxy_cache(client, demo):
    client.force_login(demo.chief_arbiter)
    for page in arbiter_pages(demo):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(page, **htmx)
            assert response.status_code == 200, page
            directives = {d.strip() for d in response["Cache-Control"].split(",")}
            assert {"private", "no-store"} <= directives, page


def test_without_e_mail_the_sign_in_page_offers_no_reset_and_the_reset_page_says_so(client, demo, settings):
    settings.PASSWORD_RESET_BY_EMAIL = False
    assert "password_reset" not in client.get("/accounts/login/").content.decode()
    for response in (
        client.get("/accounts/password_reset/"),
        client.post("/accounts/password_reset/", {"email": "arbiter@example.org"}),
    ):
        assert response.status_code == 404
        assert "cannot reset a password by e-mail; no message was sent" in response.content.decode()
    assert mail.outbox == []


def test_with_e_mail_configured_the_reset_link_works_and_sends_the_message(client, demo, settings):
    settings.PASSWORD_RESET_BY_EMAIL = True
    demo.chief_arbiter.email = "arbiter@example.org"
    demo.chief_arbiter.save()
    assert 'href="/accounts/password_reset/"' in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/password_reset/", {"email": "arbiter@example.org"})
    assert response.status_code == 302
    assert [message.to for message in mail.outbox] == [["arbiter@example.org"]]


def test_arbiters_error_pages_are_never_kept_by_a_cache_either(client, demo, django_user_model):
    """A 403 (another arbiter's tournament), a 404 (no such round) and a 405 under /arbiter/."""
    stranger = django_user_model.objects.create_user("stranger", password="x", is_staff=True)
    client.force_login(stranger)
    forbidden = client.get("/arbiter/demo-open/")
    client.force_login(demo.chief_arbiter)
    missing = client.get("/arbiter/demo-open/rounds/99/")
    not_allowed = client.get("/arbiter/demo-open/rounds/5/publish/")
    for response, status in ((forbidden, 403), (missing, 404), (not_allowed, 405)):
        assert response.status_code == status
        directives = {d.strip() for d in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives, status
