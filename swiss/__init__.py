"""The pairing engine: pure Python, no Django, no database, no HTTP.

Callers build a state (`swiss.trf.read_trf` for individuals, `read_team_trf` for teams, or
directly) and ask `swiss.pair(state, system)` for the next round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swiss.model import Pairing, TournamentState
    from swiss.team.model import TeamState
    from swiss.us.options import USOptions

INDIVIDUAL_SYSTEMS = ("dutch", "us")
TEAM_SYSTEMS = ("team-c046", "team-ecu", "team-olympiad")
SYSTEMS = (*INDIVIDUAL_SYSTEMS, *TEAM_SYSTEMS)


def pair(
    state: TournamentState | TeamState, system: str = "dutch", *, us: USOptions | None = None
) -> Pairing:
    """The next round of `state` under `system` (one of SYSTEMS): FIDE Dutch C.04.3 in the
    state's edition (2026 or 2017; the 1998 text has a package of its own), US Chess (rules
    27-29, with the director's `us` options), or a team Swiss.

    Raises PairingError when no legal pairing exists, ValueError for an unknown system or a
    state of the wrong kind (a team system needs a TeamState).
    """
    from swiss.model import Edition, TournamentState
    from swiss.team.model import TeamState

    if system in TEAM_SYSTEMS:
        if not isinstance(state, TeamState):
            raise ValueError(f"{system} pairs teams: it needs a team state")
        from swiss.team import systems

        return systems.pair(state, system)
    if system not in INDIVIDUAL_SYSTEMS:
        raise ValueError(f"unknown pairing system {system!r}; expected one of {', '.join(SYSTEMS)}")
    if not isinstance(state, TournamentState):
        raise ValueError(f"{system} pairs players: it needs a tournament state, not a team state")
    if system == "us":
        from swiss.us import pairing

        return pairing.pair(state, us)
    if state.edition is Edition.DUTCH_1998:
        from swiss.dutch1998 import pair as dutch1998

        return dutch1998(state)
    from swiss.dutch import pair as dutch

    return dutch(state)
