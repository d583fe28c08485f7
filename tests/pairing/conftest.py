"""Fixtures for the arbiter's workflow: a signed-in arbiter and a field of rated players."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse


@pytest.fixture
def arbiter_client(client: Any, arbiter: Any) -> Any:
    client.force_login(arbiter)
    return client


@pytest.fixture
def field(make_entrant: Any) -> list[Any]:
    """Eleven players with distinct ratings, numbered by rating."""
    return [make_entrant(fide_rating=2500 - 37 * n, name=f"Player {n + 1:02d}") for n in range(11)]


def play_round(rnd: Any, arbiter: Any) -> None:
    """Publish the draft and give White the win on every board, through the actions."""
    from pairing import publishing, results

    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


@pytest.fixture
def draft(tournament: Any, field: list[Any], arbiter: Any) -> Any:
    """Round 1 played (White won everywhere), round 2 drafted by the engine."""
    from pairing import actions

    play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    return actions.pair_next_round(tournament, arbiter)
