"""A round robin's public tables: the crosstable of everyone against everyone, by pairing
number with the diagonal (docs/round-robin.md), over the standings' points and places."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .bridge import round_robin
from .bridge.state import players_after
from .models import Entrant, Tournament
from .standings import Row, Table


@dataclass(frozen=True)
class Line:
    row: Row  # points and place, as the standings count them
    # Per opponent number 1..N: the results of their games ("×" on the diagonal), and whether they
    # are left out of the standings (docs/round-robin.md 8).
    cells: list[tuple[str, bool]]


def crosstable(tournament: Tournament, table: Table) -> list[Line]:
    """One line per entrant in pairing-number order."""
    field = list(tournament.entrants.order_by("pairing_number"))
    players = players_after(tournament, table.after_round, field)
    grid = round_robin.crosstable(tournament, players)
    rows = {row.entrant.pairing_number: row for row in table.rows}
    lines = []
    for player in players:
        cells = [
            (" ".join(cell.text for cell in games), any(cell.annulled for cell in games))
            for games in grid[player.number]
        ]
        lines.append(Line(rows[player.number], cells))
    return lines


@dataclass(frozen=True)
class MatchScore:
    """A Scheveningen match's score: the points of team A's players and of team B's."""

    after_round: int
    a: float
    b: float


def match_score(tournament: Tournament, table: Table | None) -> MatchScore | None:
    """The two teams' points in `table` (docs/round-robin.md 6); None but for a Scheveningen
    event with standings."""
    if table is None or tournament.pairing_system != Tournament.PairingSystem.SCHEVENINGEN:
        return None
    points = {
        side: sum((row.points for row in table.rows if row.entrant.side == side), Fraction(0))
        for side in Entrant.Side
    }
    return MatchScore(table.after_round, float(points[Entrant.Side.A]), float(points[Entrant.Side.B]))
