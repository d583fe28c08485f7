"""The lineup of each team in a round: entered by an arbiter, or the default, and what is wrong with it.

The order of events (docs/rules.md, "The lineup round"): the team pairing of a round is
published first; the captains then hand in their lineups, which an arbiter enters until
the round's lineups are closed (by the arbiter, or by the first result entered); the
arbiter releases them to the public pages. A team that handed in none plays its default
lineup: the top boards of its roster, in roster order (C.04.6 1.1 keeps that order).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from swiss.team.lineups import lineup_problem
from swiss.team.model import Team
from tournaments.models import Board, Entrant, LineupBoard, Round, TeamAbsence, Tournament


@dataclass(frozen=True)
class Lineup:
    """A team's players of one round, board 1 first; `source` says where they come from."""

    players: list[Entrant]
    source: str  # "entered" (handed in) or "roster" (the default)
    problem: str  # why the engine would refuse it, "" when it is complete and in roster order

    @property
    def entered(self) -> bool:
        return self.source == "entered"


def round_lineups(tournament: Tournament, number: int) -> dict[int, Lineup]:
    """Per team id, its lineup for round `number`: the one entered, else the default (two queries)."""
    boards = tournament.boards or 0
    teams = list(tournament.teams.prefetch_related("players"))
    rows = (
        LineupBoard.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("entrant")
        .order_by("board")
    )
    entered: dict[int, list[Entrant]] = {}
    for row in rows:
        entered.setdefault(row.team_id, []).append(row.entrant)
    result = {}
    for team in teams:
        roster = sorted(team.players.all(), key=lambda p: p.board_order or 0)
        if team.pk in entered:
            players, source = entered[team.pk], "entered"
        else:
            players, source = roster[:boards], "roster"
        result[team.pk] = Lineup(players, source, _problem(team.name, roster, players, boards))
    return result


def closed_reason(rnd: Round) -> str:
    """Why the lineups of `rnd` can no longer change, "" while they can.

    A draft's lineups change with the draft; a published round's until the arbiter closes
    them or a game of the round has a result (the games have begun).
    """
    if rnd.state == Round.State.COMPLETE:
        return _("Round %(number)s is complete; its lineups stand as played.") % {"number": rnd.number}
    if rnd.state == Round.State.DRAFT:
        return ""
    if rnd.lineups != Round.Lineups.OPEN:
        return _("The lineups of round %(number)s are closed.") % {"number": rnd.number}
    if Board.objects.filter(round=rnd).exclude(result="").exists():
        return _("Round %(number)s has results; its lineups stand as played.") % {"number": rnd.number}
    return ""


def status(lineup: Lineup, *, open_: bool) -> str:
    """A team's lineup status as the lineups page shows it: entered, missing while lineups are
    still handed in, or the default once they are closed."""
    if lineup.entered:
        return _("entered")
    return _("missing") if open_ else _("default from the roster")


def absent_teams(tournament: Tournament, number: int) -> set[int]:
    """The ids of the teams marked absent (or withdrawn) in round `number`: they do not play it."""
    absences = TeamAbsence.objects.filter(round__tournament=tournament, round__number=number)
    return set(absences.values_list("team_id", flat=True))


def lineup_problems(tournament: Tournament, number: int) -> list[str]:
    """What is wrong with the lineups of round `number`, the teams marked absent from it left out
    (they are not paired, so their lineups do not matter)."""
    absent = absent_teams(tournament, number)
    lineups = round_lineups(tournament, number).items()
    return [lineup.problem for team, lineup in lineups if lineup.problem and team not in absent]


def _problem(name: str, roster: list[Entrant], players: list[Entrant], boards: int) -> str:
    """The engine's reason (C.04.6 1.1: board order kept, a full lineup) in the arbiter's words."""
    ids = {p.pk: i + 1 for i, p in enumerate(roster)}
    engine_team = Team(number=0, roster=tuple(ids.values()))
    problem = lineup_problem(engine_team, tuple(ids.get(p.pk, 0) for p in players), boards)
    if problem is None:
        return ""
    if len(players) != boards:
        return _("%(team)s lines up %(players)s players for %(boards)s boards.") % {
            "team": name,
            "players": len(players),
            "boards": boards,
        }
    if any(p.pk not in ids for p in players):
        return _("%(team)s lines up a player who is not on its roster.") % {"team": name}
    return _("%(team)s's lineup does not keep the roster's board order.") % {"team": name}
