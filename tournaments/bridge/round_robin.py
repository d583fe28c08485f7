"""A round-robin event (docs/round-robin.md) as the pages need it: the whole table by entrant
before round 1, the standings' records after withdrawals, and the crosstable of everyone
against everyone. The table itself is the engine's (`swiss.roundrobin`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from swiss.model import Code, PairingError, Player
from swiss.roundrobin import (
    Field,
    Forfeit,
    annulled,
    berger,
    scheveningen,
    standings_records,
    team_standings_records,
)
from swiss.roundrobin import annulled_teams as annulled_matches
from swiss.roundrobin.berger import Pairs
from swiss.team.model import Team as EngineTeam
from tournaments.models import Entrant, Seat, Team, TeamAbsence, Tournament

from . import notation
from .state import StateError, scoring
from .teams import match_scoring

# The tie-breaks a round robin ranks by when its arbiter chose none (docs/round-robin.md 9).
ROUND_ROBIN_TIEBREAKS = ("SB", "DE", "WIN", "KS")


def table(tournament: Tournament, entrants: int) -> list[Pairs]:
    """The event's rounds for `entrants` entrants, the engine's (`swiss.roundrobin`: Berger, or
    the stored Scheveningen table); StateError when its rounds are not whole cycles of the table
    (docs/round-robin.md 4), or a Scheveningen event has no table for its size (6)."""
    field = Field(tuple(range(1, entrants + 1)), frozenset(), tournament.total_rounds, 1)
    rounds = scheveningen if tournament.pairing_system == Tournament.PairingSystem.SCHEVENINGEN else berger
    try:
        return rounds(field)
    except PairingError as error:
        raise StateError(str(error)) from error


@dataclass(frozen=True)
class Game:
    white: Entrant | Team | None  # None: the dummy (the other side rests)
    black: Entrant | Team | None


def rounds_by_entrant(tournament: Tournament) -> list[list[Game]]:
    """Every round of the table with the entrants (a team event's teams) of each number, round 1
    first; [] before every one has a number. Raises StateError as `table` does."""
    drawn = tournament.teams if tournament.is_team else tournament.entrants
    entrants: dict[int | None, Entrant | Team] = {e.pairing_number: e for e in drawn.all()}
    if None in entrants or len(entrants) < 2:
        return []
    return [
        [Game(entrants.get(white), entrants.get(black)) for white, black in games]
        for games in table(tournament, len(entrants))
    ]


def withdrawals(tournament: Tournament, *, teams: bool = False) -> dict[int, int]:
    """Per pairing number, the first round a withdrawn entrant is absent from; with `teams`, per
    team pairing number, the first round a withdrawn team is."""
    rows: Iterable[tuple[int | None, int]]
    if teams:
        absences = TeamAbsence.objects.filter(round__tournament=tournament, kind=TeamAbsence.Kind.WITHDRAWN)
        rows = absences.values_list("team__pairing_number", "round__number")
    else:
        seats = Seat.objects.filter(round__tournament=tournament, absence=Seat.Absence.WITHDRAWN)
        rows = seats.values_list("entrant__pairing_number", "round__number")
    first: dict[int, int] = {}
    for number, round_number in rows:
        if number is not None:
            first[number] = min(round_number, first.get(number, round_number))
    return first


def counted_teams(
    tournament: Tournament, teams: tuple[EngineTeam, ...], *, annul: bool = True
) -> tuple[EngineTeam, ...]:
    """The teams' rounds as a team round robin's standings count them (docs/round-robin.md 8);
    without `annul`, as its crosstable shows them."""
    gone = withdrawals(tournament, teams=True)
    if not gone:
        return teams
    games, points = scoring(tournament), match_scoring(tournament)
    assert tournament.boards is not None
    forfeit = Forfeit(
        win=(points.win, tournament.boards * games.points(Code.FORFEIT_WIN)),
        loss=(points.loss, tournament.boards * games.points(Code.FORFEIT_LOSS)),
    )
    return team_standings_records(teams, table(tournament, len(teams)), gone, forfeit, annul=annul)


def annulled_teams(tournament: Tournament, teams: tuple[EngineTeam, ...]) -> set[int]:
    """The numbers of the withdrawn teams whose matches the standings leave out (V.4.1)."""
    gone = withdrawals(tournament, teams=True)
    return annulled_matches(teams, table(tournament, len(teams)), gone) if gone else set()


def counted(tournament: Tournament, players: tuple[Player, ...]) -> tuple[Player, ...]:
    """The players' records as a round robin's standings count them (docs/round-robin.md 8)."""
    gone = withdrawals(tournament)
    if not gone:
        return players
    return standings_records(players, table(tournament, len(players)), gone)


@dataclass(frozen=True)
class Cell:
    text: str  # "1", "½", "0", "+", "−"; "×" on the diagonal; "" before the game
    annulled: bool = False  # a game left out of the standings (V.4.1): in the table, not counted


def crosstable(tournament: Tournament, players: tuple[Player, ...]) -> dict[int, list[list[Cell]]]:
    """Per pairing number, per opponent number 1..N, the cells of their games in round order (one
    per cycle played so far); the diagonal holds "×". Games a withdrawal left unplayed are "+" and
    "−" (V.4); those of a player whose games are annulled are marked so."""
    gone = withdrawals(tournament)
    rounds = table(tournament, len(players)) if gone else []
    records = standings_records(players, rounds, gone, annul=False) if gone else players
    void = {p.number for p in players if p.number in gone and annulled(p, rounds, len(players))}
    numbers = [p.number for p in players]
    grid: dict[int, list[list[Cell]]] = {}
    for player in records:
        row: dict[int, list[Cell]] = {n: [] for n in numbers}
        row[player.number] = [Cell("×")]
        for record in player.history:
            if record.opponent in row and record.opponent != player.number:
                cancelled = player.number in void or record.opponent in void
                row[record.opponent].append(Cell(notation.side(record.code), annulled=cancelled))
        grid[player.number] = [row[n] for n in numbers]
    return grid
