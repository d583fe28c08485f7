"""The teams and lineups pages belong to team events; every team invariant is a message on the form."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from swiss.team.seeding import initial_order, seeding_rating
from tournaments.models import Team


def test_an_individual_event_has_no_teams_pages_and_stores_no_team(
    arbiter_client: Any, tournament: Any
) -> None:
    slug = tournament.slug
    for name, args in (("teams", []), ("teams-import", []), ("teams-reseed", []), ("lineups", [1])):
        url = reverse(f"arbiter:{name}", args=[slug, *args])
        assert arbiter_client.get(url).status_code in (404, 405), name
        assert arbiter_client.post(url, {"add-team": "1", "name": "Intruders"}).status_code == 404, name
    assert not Team.objects.exists()


def test_the_engine_refuses_to_seed_teams_for_matches_without_boards() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        seeding_rating([2000, 1900], 0)
    with pytest.raises(ValueError, match="at least one board"):
        initial_order([], 0)
