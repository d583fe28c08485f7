from __future__ import annotations

from fractions import Fraction

from swiss.model import Acceleration, Code, Colour, Player, RoundResult, Scoring, TournamentState
from swiss.scores import PairingScores, score

HISTORY = (
    RoundResult(2, Colour.WHITE, Code.WIN),
    RoundResult(None, None, Code.HALF_BYE),
    RoundResult(3, Colour.BLACK, Code.FORFEIT_WIN),
)


def test_the_score_is_the_exact_sum_of_the_results_under_the_scoring() -> None:
    player = Player(1, history=HISTORY)
    assert score(player, Scoring()) == Fraction(5, 2)
    assert score(player, Scoring(win=Fraction(3), half_bye=Fraction(1), forfeit_win=Fraction(3))) == 7
    assert score(player, Scoring(), rounds=2) == Fraction(3, 2)


def test_the_pairing_score_adds_the_virtual_points_of_the_round_being_paired() -> None:
    players = tuple(Player(n, history=HISTORY if n == 1 else ()) for n in range(1, 9))
    state = TournamentState(players=players, total_rounds=9, acceleration=Acceleration.BAKU)
    assert PairingScores(state)(1, 1) == 1
    assert PairingScores(state)(1, 3) == Fraction(3, 2) + 1
    assert PairingScores(state)(1, 4) == Fraction(5, 2) + Fraction(1, 2)
    assert PairingScores(state)(1, 6) == Fraction(5, 2)
    assert PairingScores(state)(5, 1) == 0


def test_explicit_virtual_points_are_used_as_given() -> None:
    players = tuple(Player(n) for n in range(1, 5))
    state = TournamentState(
        players=players, total_rounds=5, virtual_points={3: (Fraction(0), Fraction(1, 2))}
    )
    assert [PairingScores(state)(3, r) for r in (1, 2, 3)] == [0, Fraction(1, 2), 0]


def test_topscorers_exist_only_when_the_final_round_is_paired() -> None:
    from swiss.generate import generate
    from swiss.scores import topscorer_threshold

    assert topscorer_threshold(generate(5, 10, 5, played=3)) is None
    final = generate(5, 10, 5, played=4)
    # C.04.3 1.8: more than half of the 4 points four rounds could give.
    assert topscorer_threshold(final) == 2
