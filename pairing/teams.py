"""Teams of a team event: entering them with their rosters, adding a player to a roster,
ordering the teams (their pairing numbers) before round 1, and a team's absences.

Players are entered as any entrant (pairing/registration.py numbers them); teams take the
next team pairing number in the order they are entered, until an arbiter re-seeds them by
rating or moves one. Like every action, each locks the tournament first and goes to the
audit trail; a batch is saved whole or not at all.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.bridge.teams import seeded
from tournaments.models import AuditRecord, Entrant, Round, Team, TeamAbsence, Tournament

from .actions import ActionError, locked_tournament
from .registration import add_entrants


def add_teams(tournament: Tournament, user: User | None, teams: list[tuple[Team, list[Entrant]]]) -> int:
    """Save teams with their players in board order; returns how many player numbers moved."""
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        if not tournament.is_team:
            raise ActionError(_("Only a team event has teams."))
        names = [team.name.strip().casefold() for team, _ in teams]
        taken = {name.casefold() for name in tournament.teams.values_list("name", flat=True)}
        twice = sorted({name for name in names if name in taken or names.count(name) > 1})
        if twice:
            raise ActionError(
                _("A team of this name is entered already: %(names)s. Team names differ.")
                % {"names": ", ".join(twice)}
            )
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


def add_to_roster(team: Team, user: User, entrant: Entrant) -> int:
    """Add `entrant` below the team's last board; returns how many player numbers moved."""
    with transaction.atomic():
        tournament = locked_tournament(team.tournament)
        allowed = (tournament.boards or 0) + tournament.reserves
        if team.players.count() >= allowed:
            raise ActionError(
                _(
                    "%(team)s has %(allowed)s players already: %(boards)s boards and "
                    "%(reserves)s reserves allowed."
                )
                % {
                    "team": team.name,
                    "allowed": allowed,
                    "boards": tournament.boards,
                    "reserves": tournament.reserves,
                }
            )
        last = team.players.aggregate(last=models.Max("board_order"))["last"] or 0
        entrant.team, entrant.board_order = team, last + 1
        return add_entrants(team.tournament, user, [entrant])


def reseed_by_rating(tournament: Tournament, user: User) -> None:
    """Number the teams by their rosters' ratings (`seeded`), before round 1 is published."""
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        if not tournament.teams.exists():
            raise ActionError(_("There are no teams to number yet."))
        _renumber(tournament, user, seeded(tournament))


def move_team(team: Team, user: User, number: int) -> None:
    """Give `team` pairing number `number`; the teams from there on move down one place."""
    with transaction.atomic():
        tournament = locked_tournament(team.tournament)
        teams = [t for t in tournament.teams.order_by("pairing_number") if t.pk != team.pk]
        if not 1 <= number <= len(teams) + 1:
            raise ActionError(_("Team numbers run from 1 to %(last)s.") % {"last": len(teams) + 1})
        teams.insert(number - 1, team)
        _renumber(tournament, user, teams)


def _renumber(tournament: Tournament, user: User, order: list[Team]) -> None:
    """Number `order` 1, 2, ...; refused once round 1 is published (C.04.6 1.1: TPNs stay fixed)."""
    if tournament.rules_locked():
        raise ActionError(_("The team numbers are fixed once round 1 is published."))
    before = dict(tournament.teams.values_list("name", "pairing_number"))
    # Cleared first: the numbers are unique per tournament at every step.
    tournament.teams.update(pairing_number=None)
    for number, team in enumerate(order, start=1):
        team.pairing_number = number
        team.save(update_fields=["pairing_number"])
    after = {team.name: team.pairing_number for team in order}
    AuditRecord.record(
        user, AuditRecord.Action.CHANGE, tournament, {"team numbers": before}, {"team numbers": after}
    )
    if tournament.numbers_drawn:
        # New numbers void a team round robin's draw (docs/round-robin.md 5).
        tournament.numbers_drawn = ""
        tournament.save(update_fields=["numbers_drawn"])


def record_team_absence(team: Team, user: User, round_number: int, *, withdraw: bool) -> None:
    """Mark `team` absent from round `round_number`, or withdrawn from it on: not paired, no points.

    Only rounds not yet published; a draft that pairs the team goes stale, to be paired again.
    """
    with transaction.atomic():
        tournament = locked_tournament(team.tournament)
        lookup = {"number__gte" if withdraw else "number": round_number}
        rounds = tournament.rounds.filter(**lookup)
        if not rounds.exists():
            raise ActionError(_("There is no such round."))
        published = rounds.exclude(state=Round.State.DRAFT).order_by("number").first()
        if published is not None:
            raise ActionError(_("Round %(number)s is already published.") % {"number": published.number})
        kind = TeamAbsence.Kind.WITHDRAWN if withdraw else TeamAbsence.Kind.ABSENT
        for rnd in rounds:
            TeamAbsence.objects.update_or_create(round=rnd, team=team, defaults={"kind": kind})
        AuditRecord.record(
            user, AuditRecord.Action.CHANGE, team, None, {"absence": kind.value, "round": round_number}
        )


def cancel_team_absence(team: Team, user: User, round_number: int) -> None:
    """Take back the absence (or the withdrawal) of `team` in a round not yet published."""
    with transaction.atomic():
        locked_tournament(team.tournament)
        absence = (
            TeamAbsence.objects.filter(team=team, round__number=round_number).select_related("round").first()
        )
        if absence is None:
            raise ActionError(
                _("%(team)s is not marked absent in round %(number)s.")
                % {"team": team.name, "number": round_number}
            )
        if absence.round.state != Round.State.DRAFT:
            raise ActionError(_("Round %(number)s is already published.") % {"number": round_number})

        later = TeamAbsence.objects.filter(team=team, round__number__gt=round_number, kind=absence.kind)
        if absence.kind == TeamAbsence.Kind.WITHDRAWN:
            # Back for this round is back for the rest of the withdrawal too.
            later.delete()
        absence.delete()
        AuditRecord.record(
            user, AuditRecord.Action.CHANGE, team, {"absence": absence.kind, "round": round_number}, None
        )
