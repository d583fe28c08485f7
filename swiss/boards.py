"""Official board order of a round's pairing."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from swiss.model import Board, TournamentState
from swiss.scores import PairingScores


def order_boards(state: TournamentState, boards: Iterable[Board]) -> tuple[Board, ...]:
    """C.04.2 (GHR) 3.6: the boards in their official order, the PAB last.

    Pairs are sorted by the score of the higher-ranked participant
    (descending), then by the sum of both scores (descending), then by the
    pairing number of the higher-ranked participant (ascending).  The
    higher-ranked participant is the one with the higher score, or on equal
    scores the lower pairing number.  Scores are pairing scores of the round
    being paired, so under acceleration they include that round's virtual
    points (Baku 1.5); without acceleration they are the real scores.

    With equal higher scores, "sum descending" orders exactly as "lower
    score descending", the wording of the corpus README.
    """
    round_number = state.round_to_pair
    pairing_score = PairingScores(state)

    def key(board: Board) -> tuple[int, Fraction, Fraction, int]:
        if board.black is None:
            # By convention the pairing-allocated bye comes last.
            return (1, Fraction(0), Fraction(0), board.white)
        white = (pairing_score(board.white, round_number), -board.white)
        black = (pairing_score(board.black, round_number), -board.black)
        higher, lower = max(white, black), min(white, black)
        return (0, -higher[0], -(higher[0] + lower[0]), -higher[1])

    return tuple(sorted(boards, key=key))
