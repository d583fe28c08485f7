"""Public addresses never depend on a pairing number: a late entry renumbers the field (C.04.2 2.4),
and every link players may have saved still leads to the same player."""

from __future__ import annotations

import re

import pytest

from pairing import registration
from tournaments import public_urls
from tournaments.models import Entrant


def test_no_public_address_takes_a_pairing_number():
    """Each number in a public address is a round, an entrant's id or a team's id."""
    routes = [str(pattern.pattern) for pattern in public_urls.urlpatterns]
    numbers = {name for route in routes for name in re.findall(r"<int:(\w+)>", route)}
    assert numbers == {"number", "entrant_id", "team_id"}


@pytest.mark.django_db
def test_every_players_link_survives_a_renumbering(client, tournament, players, arbiter):
    def links() -> dict[str, str]:
        page = client.get(f"/t/{tournament.slug}/players/").content.decode()
        return {name: href for href, name in re.findall(r'<a href="([^"]+)"><bdi>([^<]+)</bdi>', page)}

    before = links()
    assert len(before) == 6
    moved = registration.add_entrants(tournament, arbiter, [Entrant(name="Late, Strong", fide_rating=2600)])
    assert moved == 6
    after = links()
    assert {name: after[name] for name in before} == before
    for name, href in before.items():
        page = client.get(href).content.decode()
        number = Entrant.objects.get(tournament=tournament, name=name).pairing_number
        assert f"<bdi>{name}</bdi>" in page and f"No. {number}" in page
