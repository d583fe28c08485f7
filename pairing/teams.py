"""Teams of a team event: entering them with their rosters, and adding a player to a roster.

Players are entered as any entrant (pairing/registration.py numbers them); teams take the
next team pairing number in the order they are entered. Like every action, each locks
the tournament first and goes to the audit trail; a batch is saved whole or not at all.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction

from tournaments.models import AuditRecord, Entrant, Team, Tournament

from .actions import ActionError, locked_tournament
from .registration import add_entrants


def add_teams(tournament: Tournament, user: Any, teams: list[tuple[Team, list[Entrant]]]) -> int:
    """Save teams with their players in board order; returns how many player numbers moved."""
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        number = tournament.teams.aggregate(last=models.Max("pairing_number"))["last"] or 0
        players = []
        for team, roster in teams:
            number += 1
            team.tournament, team.pairing_number = tournament, number
            team.save()
            AuditRecord.record(user, AuditRecord.Action.CREATE, team, None, {"name": team.name})
            for board, entrant in enumerate(roster, start=1):
                entrant.team, entrant.board_order = team, board
                players.append(entrant)
        return add_entrants(tournament, user, players)


def add_to_roster(team: Team, user: Any, entrant: Entrant) -> int:
    """Add `entrant` below the team's last board; returns how many player numbers moved."""
    with transaction.atomic():
        tournament = locked_tournament(team.tournament)
        allowed = (tournament.boards or 0) + tournament.reserves
        if team.players.count() >= allowed:
            raise ActionError(
                f"{team.name} has {allowed} players already: {tournament.boards} boards and "
                f"{tournament.reserves} reserves allowed."
            )
        last = team.players.aggregate(last=models.Max("board_order"))["last"] or 0
        entrant.team, entrant.board_order = team, last + 1
        return add_entrants(team.tournament, user, [entrant])
