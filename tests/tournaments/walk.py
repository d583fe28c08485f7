"""Every page of a tournament, public and arbiter's, built from the URL configuration itself.

A page added to either URL configuration is walked without touching this file; a new kind of
URL parameter fails `tournament_pages` until it is given values here.
"""

from __future__ import annotations

import itertools
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver, reverse


def _patterns(namespace: str) -> list[URLPattern]:
    resolver = get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver) and entry.namespace == namespace:
            return [p for p in entry.url_patterns if isinstance(p, URLPattern)]
    raise LookupError(namespace)


def _values(tournament: Any) -> dict[str, list[Any]]:
    entrants = list(tournament.entrants.order_by("pairing_number").values_list("pk", flat=True))
    teams = list(tournament.teams.order_by("pairing_number").values_list("pk", flat=True))
    published = list(tournament.rounds.exclude(state="draft").values_list("number", flat=True))
    drafts = list(tournament.rounds.filter(state="draft").values_list("number", flat=True)[:1])
    return {
        "slug": [tournament.slug],
        # The first and last published rounds, the first draft, and one past the last round.
        "number": sorted({*published[:1], *published[-1:], *drafts, tournament.total_rounds + 1}),
        "entrant_id": sorted({*entrants[:1], *entrants[-1:]}),
        "team_id": teams[:2],
        "board": [1],
        "kind": ["bye", "withdraw"],
        "title": ["IM", "GM"],
    }


def tournament_pages(tournament: Any, namespace: str) -> list[str]:
    """Every address of `namespace` ('public' or 'arbiter') for `tournament`, for GET."""
    values = _values(tournament)
    urls = []
    for pattern in _patterns(namespace):
        names = list(pattern.pattern.converters)
        missing = [n for n in names if n not in values]
        assert not missing, f"no values for {missing} of {pattern.name}: give them in walk.py"
        if "slug" not in names and names:
            continue
        for combination in itertools.product(*(values[n] for n in names)):
            urls.append(
                reverse(f"{namespace}:{pattern.name}", kwargs=dict(zip(names, combination, strict=True)))
            )
    return urls


def server_errors(client: Any, urls: list[str]) -> list[tuple[str, int]]:
    """The addresses among `urls` that answer a GET (plain and htmx) with a 5xx."""
    failed = []
    raising, client.raise_request_exception = client.raise_request_exception, False
    try:
        for url in urls:
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                status = client.get(url, **htmx).status_code
                if status >= 500:
                    failed.append((url, status))
    finally:
        client.raise_request_exception = raising
    return failed
