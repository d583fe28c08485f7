"""Every arbiter page refuses a signed-out visitor and a signed-in user who is not an arbiter there."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, get_resolver, reverse

from pairing import actions

ARGS = {"slug": "spring-open", "number": 1, "board": 1, "kind": "bye", "team_id": 1, "title": "IM"}


def arbiter_urls() -> list[str]:
    patterns = get_resolver("pairing.urls").url_patterns
    names = [p.name for p in patterns if isinstance(p, URLPattern)]
    assert len(names) >= 19
    return names


@pytest.fixture
def every_url(tournament, players, arbiter):
    actions.pair_next_round(tournament, arbiter)
    args = {**ARGS, "entrant_id": players[0].pk}
    urls = []
    for name in arbiter_urls():
        pattern = next(p for p in get_resolver("pairing.urls").url_patterns if p.name == name)
        keys = list(pattern.pattern.regex.groupindex)
        urls.append(reverse(f"arbiter:{name}", kwargs={k: args[k] for k in keys}))
    return urls


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_signed_out_visitor_is_sent_to_sign_in_on_every_arbiter_url(client, every_url, method):
    for url in every_url:
        response = getattr(client, method)(url)
        assert response.status_code in (302, 405), url
        if response.status_code == 302:
            assert response["Location"].startswith(reverse("login")), url


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_signed_in_non_arbiter_is_refused_on_every_arbiter_url(
    client, django_user_model, every_url, method
):
    client.force_login(django_user_model.objects.create_user("visitor", password="x"))
    for url in every_url:
        assert getattr(client, method)(url).status_code in (403, 405), url


def test_nothing_changed_after_the_refusals(client, django_user_model, every_url, tournament):
    client.force_login(django_user_model.objects.create_user("visitor", password="x"))
    for url in every_url:
        client.post(url, {"kind": "colours", "board": 1, "confirm": "on", "name": "Intruder"})
    assert tournament.rounds.get(number=1).state == "draft"
    assert not tournament.entrants.filter(name="Intruder").exists()


def test_a_deputy_added_by_the_chief_arbiter_may_pair(
    client, django_user_model, tournament, players, arbiter
):
    deputy = django_user_model.objects.create_user("deputy", password="x")
    client.force_login(arbiter)
    client.post(reverse("arbiter:arbiters", args=[tournament.slug]), {"username": "deputy"})
    client.force_login(deputy)
    response = client.post(reverse("arbiter:pair", args=[tournament.slug]))
    assert response.status_code == 302 and tournament.rounds.get(number=1).is_paired
    # A deputy does not appoint deputies.
    assert (
        client.post(reverse("arbiter:arbiters", args=[tournament.slug]), {"username": "deputy"}).status_code
        == 403
    )


@pytest.mark.django_db
def test_every_arbiter_page_names_the_methods_it_answers(arbiter_client, tournament):
    """Each view carries require_GET, require_POST or require_http_methods: a PUT is refused
    with 405 before the view runs, whichever page it is sent to."""
    from django.urls import URLPattern

    from pairing import urls

    values = {"slug": tournament.slug, "str": "half-bye"}
    refused = {}
    for pattern in urls.urlpatterns:
        assert isinstance(pattern, URLPattern)
        route = re.sub(
            r"<(\w+):(\w+)>", lambda m: str(values.get(m[2], values.get(m[1], 1))), str(pattern.pattern)
        )
        refused[route] = arbiter_client.put(f"/arbiter/{route}").status_code
    assert set(refused.values()) == {405}, refused
