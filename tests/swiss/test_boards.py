from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from swiss.boards import order_boards
from swiss.model import Acceleration, Board, Code, Player, RoundResult, TournamentState
from swiss.trf import read_trf


def state_with_scores(*scores: Fraction, **settings: object) -> TournamentState:
    """Players 1..N after one round with the given scores (1 = win, 1/2 = half bye, 0 = zero bye)."""
    codes = {Fraction(1): Code.FULL_BYE, Fraction(1, 2): Code.HALF_BYE, Fraction(0): Code.ZERO_BYE}
    players = tuple(
        Player(n, history=(RoundResult(None, None, codes[s]),)) for n, s in enumerate(scores, start=1)
    )
    return TournamentState(players=players, total_rounds=9, **settings)  # type: ignore[arg-type]


def expected_boards(path: Path) -> list[Board]:
    rows = [line.split() for line in path.read_text().splitlines()[1:]]
    return [Board(int(w), int(b) or None) for w, b in rows]


def test_the_corpus_pairings_are_listed_in_the_official_board_order(layout_trf: Path) -> None:
    state = read_trf(layout_trf.read_text())
    if state.virtual_points:
        # The oracle orders Baku boards by real scores; GHR 3.6 asks for pairing scores.
        state = TournamentState(**{**state.__dict__, "virtual_points": {}})
    boards = expected_boards(layout_trf.with_suffix(".expected"))
    assert list(order_boards(state, reversed(boards))) == boards


def test_the_higher_score_then_the_sum_then_the_higher_ranked_number_decide() -> None:
    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    state = state_with_scores(half, one, one, zero, one, half, half, half, zero, zero)
    boards = [Board(9, 10), Board(4, 5), Board(2, 7), Board(6, 8), Board(1, None), Board(3, 6)]
    assert order_boards(state, boards) == (
        Board(2, 7),  # 1 + 1/2, higher-ranked 2
        Board(3, 6),  # 1 + 1/2, higher-ranked 3
        Board(4, 5),  # 1 + 0
        Board(6, 8),  # 1/2 + 1/2
        Board(9, 10),
        Board(1, None),
    )


def test_under_acceleration_the_virtual_points_count_for_the_board_order() -> None:
    zero, half = Fraction(0), Fraction(1, 2)
    boards = [Board(1, 2), Board(3, 4), Board(5, 6)]
    plain = state_with_scores(zero, zero, half, half, half, half)
    assert order_boards(plain, boards) == (Board(3, 4), Board(5, 6), Board(1, 2))
    # Round 2 to pair: players 1 and 2 carry one virtual point in it (GHR 3.6 with Baku 1.5).
    accelerated = state_with_scores(
        zero, zero, half, half, half, half, virtual_points={1: (zero, 1), 2: (1, 1)}
    )
    assert order_boards(accelerated, boards) == (Board(1, 2), Board(3, 4), Board(5, 6))
    assert accelerated.acceleration is Acceleration.NONE
