"""One entry point for the team systems, and the official order of a round's matches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from swiss.model import Board, Pairing
from swiss.team import c046, ecu, olympiad
from swiss.team.lineups import check_lineups
from swiss.team.model import TeamState

PairFunction = Callable[[TeamState], Pairing]

SYSTEMS: dict[str, PairFunction] = {
    "team-c046": c046.pair,
    "team-ecu": ecu.pair,
    "team-olympiad": olympiad.pair,
}


def pair(state: TeamState, system: str = "team-c046") -> Pairing:
    """The next round's matches under `system` (a key of SYSTEMS); PairingError when none is legal.

    Raises LineupError first when a lineup of the round breaks its roster's board order.
    """
    check_lineups(state)
    return SYSTEMS[system](state)


def order_matches(state: TeamState, boards: Iterable[Board]) -> tuple[Board, ...]:
    """GHR 3.6 applied to teams: by the higher primary score of the pair (descending), then the
    sum of both (descending), then the smaller TPN; the bye last."""
    score = {t.number: t.score(state.primary) for t in state.teams}

    def key(board: Board) -> tuple[int, Fraction, Fraction, int]:
        if board.black is None:
            return (1, Fraction(0), Fraction(0), board.white)
        a, b = score[board.white], score[board.black]
        return (0, -max(a, b), -(a + b), min(board.white, board.black))

    return tuple(sorted(boards, key=key))
