"""Login throttling (django-axes) on both sign-in pages: the arbiters' and the admin's."""

from __future__ import annotations

import pytest

PAGES = ["/accounts/login/", "/admin/login/"]


def sign_in(client, page: str, password: str):
    return client.post(page, {"username": "arbiter", "password": password})


@pytest.mark.parametrize("page", PAGES)
def test_after_100_wrong_passwords_the_right_one_is_refused_with_a_clear_message(client, arbiter, page):
    for _ in range(100):
        assert sign_in(client, page, "wrong").status_code in (200, 429)
    response = sign_in(client, page, "correct horse battery")
    assert response.status_code == 429
    assert "Signing in is locked" in response.content.decode()
    assert "_auth_user_id" not in client.session
    # The lock holds on the other page too: it is the account and address that are locked.
    other = next(p for p in PAGES if p != page)
    assert sign_in(client, other, "correct horse battery").status_code == 429


@pytest.mark.parametrize("page", PAGES)
def test_a_right_password_after_a_few_wrong_ones_signs_in_and_starts_the_count_again(client, arbiter, page):
    for _ in range(2):
        for _ in range(3):
            assert sign_in(client, page, "wrong").status_code == 200
        assert sign_in(client, page, "correct horse battery").status_code == 302
        assert client.session["_auth_user_id"] == str(arbiter.pk)
        client.logout()


def test_another_user_at_the_same_address_is_not_locked_out(client, arbiter, django_user_model):
    django_user_model.objects.create_user("deputy", password="deputy password 1", is_staff=True)
    for _ in range(10):
        sign_in(client, PAGES[0], "wrong")
    response = client.post(PAGES[0], {"username": "deputy", "password": "deputy password 1"})
    assert response.status_code == 302
