"""The lineup round: an arbiter enters the captains' lineups of a round, closes them and releases them.

The team pairing is published first; the lineups are entered afterwards, all teams of the
round in one save, until the arbiter closes them or the round's first result is entered
(`tournaments.bridge.lineups.closed_reason`); the public pages show them once released. A
draft's lineups can be entered too: the draft is then seated again. Like every action, each
locks the tournament first (see pairing/actions.py) and goes to the audit trail.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.bridge.drafting import drafting
from tournaments.bridge.lineups import closed_reason, round_lineups
from tournaments.bridge.state import StateError
from tournaments.bridge.teams import LineupError, seat_lineups
from tournaments.models import AuditRecord, Entrant, LineupBoard, Round, Team

from .actions import ActionError, locked_round


def set_lineup(rnd: Round, user: User, team: Team, players: list[Entrant]) -> None:
    """Store `players` (board 1 first) as the lineup of `team` in round `rnd` (`set_lineups`)."""
    set_lineups(rnd, user, {team: players})


def set_lineups(rnd: Round, user: User, lineups: dict[Team, list[Entrant] | None]) -> None:
    """Store the lineups handed in for round `rnd`, each team's players board 1 first; None takes
    a team's entry back (it plays the default). All or nothing, in one audit record.

    A lineup that leaves the roster's board order, or names someone off the roster, is refused
    (C.04.6 1.1); so is a short one once the round is paired (a draft's may be short, flagged
    before pairing). A paired round gets its games seated again with the new lineups.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        reason = closed_reason(rnd)
        if reason:
            raise ActionError(reason)
        tournament = rnd.tournament
        boards = tournament.boards or 0
        before = round_lineups(tournament, rnd.number)
        changed = {}
        for team, players in lineups.items():
            if players is not None and rnd.is_paired and len(players) != boards:
                raise ActionError(
                    _("Round %(number)s is paired: the lineup of %(team)s needs %(boards)s players.")
                    % {"number": rnd.number, "team": team.name, "boards": boards}
                )
            rnd.lineup_boards.filter(team=team).delete()
            if players is not None:
                LineupBoard.objects.bulk_create(
                    LineupBoard(round=rnd, team=team, board=board, entrant=entrant)
                    for board, entrant in enumerate(players, start=1)
                )
            changed[team.pk] = team
        after = round_lineups(tournament, rnd.number)
        for pk in changed:
            if after[pk].problem and len(after[pk].players) >= boards:
                raise ActionError(after[pk].problem)
        if rnd.is_paired:
            _seat_again(rnd, set(changed))
        AuditRecord.record(
            user,
            AuditRecord.Action.CHANGE,
            rnd,
            {"lineups": {t.name: _described(before[pk]) for pk, t in changed.items()}},
            {"lineups": {t.name: _described(after[pk]) for pk, t in changed.items()}},
        )


def _described(lineup: Any) -> list[int] | str:
    return [e.pk for e in lineup.players] if lineup.entered else "default"


def _seat_again(rnd: Round, teams: set[int]) -> None:
    """Seat the games of the matches of `teams` with the round's lineups now."""
    tournament = rnd.tournament
    if rnd.state == Round.State.DRAFT:
        flow = drafting(tournament)
        try:
            flow.store(rnd, flow.current(rnd))
            rnd.record_input(flow.fingerprint(tournament, flow.state(tournament, rnd.number)))
        except StateError as error:
            raise ActionError(str(error)) from error
        return
    try:
        seat_lineups(rnd, teams)
    except (StateError, LineupError) as error:
        raise ActionError(str(error)) from error


def close_lineups(rnd: Round, user: User, *, release: bool) -> None:
    """Close the lineups of the published round `rnd`: no more changes; with `release`, players see them."""
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state == Round.State.DRAFT:
            raise ActionError(_("Round %(number)s is not published yet.") % {"number": rnd.number})
        wanted = Round.Lineups.RELEASED if release else Round.Lineups.CLOSED
        if rnd.lineups == Round.Lineups.RELEASED or rnd.lineups == wanted:
            return
        before = rnd.lineups
        rnd.lineups = wanted
        rnd.save(update_fields=["lineups"])
        AuditRecord.record(user, AuditRecord.Action.CHANGE, rnd, {"lineups": before}, {"lineups": wanted})


def release_lineups(rnd: Round, user: User) -> None:
    """Close the lineups of `rnd` and show them on the public pages."""
    close_lineups(rnd, user, release=True)
