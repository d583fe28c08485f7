"""The lineup of each team in a round: entered by an arbiter, or the default, and what is wrong with it.

Default (issue 12): the lineup of the team's latest earlier round, else the top boards of
its roster. Drafting a round stores the lineups it used (`LineupBoard` rows), so the
default of the next round is always the lineup actually played last.
"""

from __future__ import annotations

from dataclasses import dataclass

from swiss.team.lineups import lineup_problem
from swiss.team.model import Team
from tournaments.models import Entrant, LineupBoard, TeamAbsence, Tournament


@dataclass(frozen=True)
class Lineup:
    """A team's players of one round, board 1 first; `source` says where they come from."""

    players: list[Entrant]
    source: str  # "entered", "previous round" or "roster"
    problem: str  # why the engine would refuse it, "" when it is complete and in roster order


def round_lineups(tournament: Tournament, number: int) -> dict[int, Lineup]:
    """Per team id, its lineup for round `number` (three queries)."""
    boards = tournament.boards or 0
    teams = list(tournament.teams.prefetch_related("players"))
    rows = (
        LineupBoard.objects.filter(round__tournament=tournament, round__number__lte=number)
        .select_related("entrant", "round")
        .order_by("-round__number", "board")
    )
    latest: dict[int, tuple[int, list[Entrant]]] = {}
    for row in rows:
        round_number, players = latest.setdefault(row.team_id, (row.round.number, []))
        if row.round.number == round_number:
            players.append(row.entrant)
    result = {}
    for team in teams:
        roster = sorted(team.players.all(), key=lambda p: p.board_order or 0)
        if team.pk in latest:
            round_number, players = latest[team.pk]
            source = "entered" if round_number == number else "previous round"
        else:
            players, source = roster[:boards], "roster"
        result[team.pk] = Lineup(players, source, _problem(team.name, roster, players, boards))
    return result


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
        return f"{name} lines up {len(players)} players for {boards} boards."
    if any(p.pk not in ids for p in players):
        return f"{name} lines up a player who is not on its roster."
    return f"{name}'s lineup does not keep the roster's board order."
