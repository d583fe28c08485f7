"""Lineups before each round: an arbiter enters or corrects the players of a team for one round.

Like every action, each locks the tournament first (see pairing/actions.py) and goes to the audit trail.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.bridge.drafting import drafting
from tournaments.bridge.lineups import round_lineups
from tournaments.bridge.state import StateError
from tournaments.models import AuditRecord, Entrant, LineupBoard, Round, Team

from .actions import ActionError, locked_round


def set_lineup(rnd: Round, user: User, team: Team, players: list[Entrant]) -> None:
    """Store `players` (board 1 first) as the lineup of `team` in the draft round `rnd`.

    A lineup that leaves the roster's board order, or names someone off the roster, is
    refused (C.04.6 1.1); a short one is kept and flagged before pairing. A draft already
    paired gets its games again with the new lineup.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state != Round.State.DRAFT:
            raise ActionError(f"Round {rnd.number} is published; its lineups stand as played.")
        boards = rnd.tournament.boards or 0
        if rnd.is_paired and len(players) != boards:
            raise ActionError(
                f"Round {rnd.number} is paired: the lineup of {team.name} needs {boards} players, "
                "one per board."
            )
        before = [e.pk for e in round_lineups(rnd.tournament, rnd.number)[team.pk].players]
        rnd.lineup_boards.filter(team=team).delete()
        LineupBoard.objects.bulk_create(
            LineupBoard(round=rnd, team=team, board=board, entrant=entrant)
            for board, entrant in enumerate(players, start=1)
        )
        lineup = round_lineups(rnd.tournament, rnd.number)[team.pk]
        if lineup.problem and len(players) >= boards:
            raise ActionError(lineup.problem)
        if rnd.is_paired:
            flow = drafting(rnd.tournament)
            try:
                flow.store(rnd, flow.current(rnd))
                rnd.record_input(flow.fingerprint(rnd.tournament, flow.state(rnd.tournament, rnd.number)))
            except StateError as error:
                raise ActionError(str(error)) from error
        after = [e.pk for e in players]
        AuditRecord.record(
            user,
            AuditRecord.Action.CHANGE,
            rnd,
            {"lineup": {team.name: before}},
            {"lineup": {team.name: after}},
        )
