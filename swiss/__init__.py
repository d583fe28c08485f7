"""The pairing engine: pure Python, no Django, no database, no HTTP.

Callers build a state (`swiss.trf.read_trf` for individuals, `read_team_trf` for teams, or
directly) and ask `swiss.pair(state, system)` for the next round; everything else a system
does (check, board order, explain) is its entry in `swiss.systems.SYSTEMS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swiss.model import Pairing, TournamentState
    from swiss.team.model import TeamState
    from swiss.us.options import USOptions


def pair(
    state: TournamentState | TeamState, system: str = "dutch", *, us: USOptions | None = None
) -> Pairing:
    """The next round of `state` under `system`, a name of `swiss.systems.SYSTEMS` ("dutch": the
    Dutch system in the state's own edition), US Chess with the director's `us` options.

    Raises PairingError when no legal pairing exists, ValueError for an unknown system or a
    state of the wrong kind (a team system needs a TeamState).
    """
    from swiss.model import TournamentState
    from swiss.systems import edition_system, player_system, team_system

    if isinstance(state, TournamentState):
        entry = edition_system(state) if system == "dutch" else player_system(system, us=us)
        return entry.pair(state)
    return team_system(system).pair(state)
