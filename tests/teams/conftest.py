"""Fixtures for team events: a C.04.6 event of rated teams with rosters in board order."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture
def team_event(db: None, arbiter: Any) -> Any:
    """A five-round C.04.6 event on two boards, one reserve allowed, White first by lot."""
    from tournaments.models import Tournament

    return Tournament.objects.create(
        name="Team Cup",
        slug="team-cup",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 3),
        total_rounds=5,
        chief_arbiter=arbiter,
        public=True,
        kind=Tournament.Kind.TEAM,
        pairing_system=Tournament.PairingSystem.TEAM_C046,
        boards=2,
        reserves=1,
        initial_colour="w",
    )


@pytest.fixture
def make_team(team_event: Any) -> Callable[..., Any]:
    """A team with the next pairing number and `players` rated players in board order, numbered on."""
    from tournaments.models import Entrant, Team

    def make(name: str, rating: int, players: int = 3, tournament: Any = team_event) -> Any:
        team = Team.objects.create(
            tournament=tournament, name=name, pairing_number=tournament.teams.count() + 1
        )
        for board in range(1, players + 1):
            number = tournament.entrants.count() + 1
            Entrant.objects.create(
                tournament=tournament,
                name=f"{name} {board}",
                pairing_number=number,
                fide_rating=rating - 10 * board,
                team=team,
                board_order=board,
            )
        return team

    return make


@pytest.fixture
def teams(make_team: Callable[..., Any]) -> list[Any]:
    """Five teams, strongest first (so with an odd number, one team has the bye each round)."""
    return [
        make_team(name, 2300 - 50 * n) for n, name in enumerate(["Basel", "Bern", "Chur", "Genf", "Sion"])
    ]
