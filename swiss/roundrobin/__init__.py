"""All-play-all pairings: the Berger tables (FIDE C.05 Annex 1) for players or teams, one or more
cycles, and the Scheveningen system for two teams (docs/round-robin.md).

Nothing here reads scores: the round to pair and the size of the field fix every board.
"""

from __future__ import annotations

from swiss.roundrobin.berger import berger_round, schedule, table_size
from swiss.roundrobin.pairing import (
    Field,
    berger,
    board_order,
    check,
    explain,
    explain_round,
    field_of,
    pair,
    scheveningen,
)
from swiss.roundrobin.scheveningen import scheveningen_schedule
from swiss.roundrobin.withdrawals import (
    Forfeit,
    annulled,
    annulled_teams,
    standings_records,
    team_standings_records,
)

__all__ = [
    "annulled",
    "annulled_teams",
    "Forfeit",
    "Field",
    "berger",
    "berger_round",
    "board_order",
    "check",
    "explain",
    "explain_round",
    "field_of",
    "pair",
    "schedule",
    "scheveningen",
    "scheveningen_schedule",
    "standings_records",
    "table_size",
    "team_standings_records",
]
