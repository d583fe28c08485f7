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

from swiss.model import Board, Colour, Pairing, PairingError
from swiss.systems import team_system
from swiss.team.model import Outcome, TeamState

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
    index = round_number - 1
    teams = tuple(replace(t, history=t.history[:index]) for t in state.teams)
    played = {t.number: t.history[index] for t in state.teams if len(t.history) > index}
    absent = {n: r.outcome for n, r in played.items() if r.outcome in _ABSENCES}
    lineups = {n: r.lineup for n, r in played.items() if r.lineup}
    return replace(state, teams=teams, absent=absent, lineups=lineups)


def recorded(state: TeamState, round_number: int) -> Pairing:
    """The matches and the bye of a completed round, as the history records them."""
    boards = []
    for team in state.teams:
        result = team.history[round_number - 1]
        if result.outcome is Outcome.PAB:
            boards.append(Board(team.number, None))
        elif result.opponent is not None and result.colour is Colour.WHITE:
            boards.append(Board(team.number, result.opponent))
    return Pairing(tuple(boards))


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
