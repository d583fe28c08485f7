"""Every arbiter page refuses a signed-out visitor and a signed-in user who is not an arbiter there."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

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


def _routes(patterns: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
    """(route, view) of every URL the project serves, Django's own views (the admin, auth) left out."""
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith("admin/"):
            continue
        if isinstance(pattern, URLResolver):
            found += _routes(pattern.url_patterns, route)
        elif not pattern.callback.__module__.startswith("django."):
            found.append((route, pattern.callback))
    return found


@pytest.mark.django_db
def test_every_page_of_the_project_names_the_methods_it_answers(arbiter_client, tournament):
    """Each view of every app (the arbiter's, the public pages, the rating lists, config's) carries
    require_GET, require_POST, require_safe or require_http_methods: a PUT is refused with 405
    before the view runs, whichever page it is sent to."""
    values = {"slug": tournament.slug, "str": "half-bye"}
    refused = {}
    routes = _routes(get_resolver().url_patterns)
    assert {view.__module__ for _, view in routes} >= {
        *("pairing.views", "pairing.norms_views", "pairing.fide_list", "tournaments.public_views"),
        *("tournaments.public_team_views", "ratinglists.views", "config.urls"),
    }
    for route, _ in routes:
        address = re.sub(r"<(\w+):(\w+)>", lambda m: str(values.get(m[2], values.get(m[1], 1))), route)
        refused[address] = arbiter_client.put(f"/{address}").status_code
    assert set(refused.values()) == {405}, refused
