"""The free pairings checker (FPC, C.04.A) for the team systems: each recorded round of a team
file re-paired from the rounds before it, as `-c` does for the Dutch system.

A round's state is the file's history cut before it; the teams that had a bye by request or
were absent in it (half-, full- or zero-point) become its absences, and the lineups it records
are the lineups of that round. The recorded pairing is every match, the team with White on
board 1 first, and the pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from swiss.model import Pairing, PairingError
from swiss.recorded import histories_before, recorded_boards, round_records
from swiss.systems import team_system
from swiss.team.model import Outcome, TeamRound, TeamState

_ABSENCES = (Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE)


@dataclass(frozen=True)
class Replayed:
    """One recorded round: what was recorded and what the system pairs (or why it cannot)."""

    round: int
    recorded: Pairing
    paired: Pairing | None
    error: str = ""

    @property
    def agrees(self) -> bool:
        return self.paired is not None and set(self.paired.boards) == set(self.recorded.boards)


def state_before(state: TeamState, round_number: int) -> TeamState:
    """The state as it stood before `round_number` was paired."""
    played = _records(state, round_number)
    absent = {n: r.outcome for n, r in played.items() if r.outcome in _ABSENCES}
    lineups = {n: r.lineup for n, r in played.items() if r.lineup}
    teams = histories_before(state.teams, round_number)
    return replace(state, teams=teams, absent=absent, lineups=lineups)


def recorded(state: TeamState, round_number: int) -> Pairing:
    """The matches and the bye of a completed round, as the history records them."""
    return recorded_boards(_records(state, round_number), lambda r: r.outcome is Outcome.PAB)


def _records(state: TeamState, round_number: int) -> dict[int, TeamRound]:
    return round_records(((t.number, t.history) for t in state.teams), round_number)


def replay(state: TeamState, system: str) -> Iterator[Replayed]:
    """Every completed round of `state`, re-paired by `system` from the rounds before it."""
    for round_number in range(1, state.rounds_played + 1):
        before = state_before(state, round_number)
        try:
            paired: Pairing | None = team_system(system).pair(before)
            error = ""
        except PairingError as failure:
            paired, error = None, str(failure)
        yield Replayed(round_number, recorded(state, round_number), paired, error)
