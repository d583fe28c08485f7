"""The official order of a team round's matches (the systems themselves are entries of `swiss.systems`)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from swiss.model import Board
from swiss.team.model import TeamState


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
