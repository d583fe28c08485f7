"""What an unplayed round counts as: floats (1.4), the bye (C2, C9), and the checker agreeing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swiss.check import check
from swiss.dutch import Float, floats, pair
from swiss.model import Board, Code, Colour, Edition, Pairing, Player, RoundResult, Scoring, TournamentState
from swiss.unplayed import blocks_bye, unplayed_downfloat, unplayed_games


def _round(opponent: int | None, colour: str | None, code: str) -> RoundResult:
    return RoundResult(opponent, Colour(colour) if colour else None, Code(code))


def _state(*histories: tuple[RoundResult, ...], scoring: Scoring | None = None) -> TournamentState:
    players = tuple(Player(number=n, history=h) for n, h in enumerate(histories, start=1))
    return TournamentState(
        players=players, total_rounds=5, initial_colour=Colour.WHITE, scoring=scoring or Scoring()
    )


@pytest.mark.parametrize(
    ("result_of_3", "float_of_3"), [("+", Float.DOWN), ("-", Float.NONE)], ids=["forfeit", "double-forfeit"]
)
def test_a_forfeit_loss_to_a_lower_scored_opponent_is_no_float(result_of_3: str, float_of_3: Float) -> None:
    """1.4.4: 1 (1 point) loses by forfeit to 3 (0 points) in round 2, and neither is upfloated
    nor downfloated by the scores; 3's forfeit win brings points without a game: a downfloat."""
    state = _state(
        (_round(2, "w", "1"), _round(3, "b", "-")),
        (_round(1, "b", "0"), _round(4, "w", "1")),
        (_round(4, "w", "0"), _round(1, "w", result_of_3)),
        (_round(3, "b", "1"), _round(2, "b", "0")),
    )
    floated = floats(state)
    assert floated[1] == (Float.NONE, Float.NONE)
    assert floated[3] == (float_of_3, Float.NONE)
    # A played game still floats by the scores: 4 (1 point) down, 2 (0 points) up.
    assert (floated[4][0], floated[2][0]) == (Float.DOWN, Float.UP)


@pytest.mark.parametrize(
    ("code", "floats_down"),
    [("U", True), ("H", True), ("F", True), ("+", True), ("Z", False), ("-", False)],
)
def test_an_unplayed_round_is_a_downfloat_only_when_it_brought_points(code: str, floats_down: bool) -> None:
    opponent = 2 if code in "+-" else None
    result = _round(opponent, "w" if opponent else None, code)
    assert unplayed_downfloat(result, Scoring(), Edition.DUTCH_2026) is floats_down


@pytest.mark.parametrize("code", ["U", "H", "F", "+", "Z", "-"])
def test_in_the_2017_edition_every_unplayed_round_is_a_downfloat(code: str) -> None:
    """2017 A.4: a round without a game counts as a downfloat, whatever it scored."""
    opponent = 2 if code in "+-" else None
    assert unplayed_downfloat(
        _round(opponent, "w" if opponent else None, code), Scoring(), Edition.DUTCH_2017
    )


def test_the_pab_is_a_downfloat_even_where_it_is_worth_nothing() -> None:
    """1.4.3 names the PAB itself, whatever the tournament makes it worth."""
    assert unplayed_downfloat(_round(None, None, "U"), Scoring(pab=Fraction(0)), Edition.DUTCH_2026)


@pytest.mark.parametrize(
    ("code", "blocks"), [("U", True), ("F", True), ("+", True), ("H", False), ("Z", False)]
)
def test_the_pab_is_barred_after_a_win_without_playing_but_not_after_a_half_point_bye(
    code: str, blocks: bool
) -> None:
    opponent = 2 if code == "+" else None
    assert (
        blocks_bye(_round(opponent, "w" if opponent else None, code), Scoring(), Edition.DUTCH_2026) is blocks
    )


@pytest.mark.parametrize(
    ("code", "blocks"), [("U", True), ("+", True), ("F", False), ("H", False), ("Z", False)]
)
def test_in_the_2017_edition_only_the_pab_and_a_forfeit_win_bar_the_pab(code: str, blocks: bool) -> None:
    """2017 C.2 names the PAB and a win because the opponent did not appear; a full-point
    bye the player asked for does not bar it."""
    opponent = 2 if code == "+" else None
    assert (
        blocks_bye(_round(opponent, "w" if opponent else None, code), Scoring(), Edition.DUTCH_2017) is blocks
    )


def test_a_pab_worth_half_a_point_still_bars_a_second_one() -> None:
    """C2 bars anyone who already had a PAB, whatever it scored."""
    scoring = Scoring(pab=Fraction(1, 2))
    assert blocks_bye(_round(None, None, "U"), scoring, Edition.DUTCH_2026)
    # The engine and the checker read the same rule: 3 cannot get the bye again.
    state = _state(
        (_round(2, "w", "1"),),
        (_round(1, "b", "0"),),
        (_round(None, None, "U"),),
        scoring=scoring,
    )
    assert Board(3, None) not in pair(state).boards
    findings = check(state, Pairing((Board(1, 2), Board(3, None))))
    assert [str(f) for f in findings if f.rule == "C2"] == ["Board 2: 3 already had the bye in round 1 (C2)"]


def test_unplayed_games_count_every_round_without_a_game() -> None:
    history = (_round(2, "w", "1"), _round(3, "b", "-"), _round(None, None, "H"), _round(4, "w", "+"))
    assert unplayed_games(history) == 3


def test_c9_gives_the_bye_to_the_fewest_unplayed_games_when_nobody_below_may_take_it() -> None:
    """Random corpus case random-0001: 6 and 9 already had the PAB, so it goes to the 2-point
    group, where 1 has played every round and 3 missed one; C9 gives it to 1."""
    rows = {
        1: [(5, "w", "1"), (4, "b", "="), (2, "w", "0"), (7, "b", "=")],
        2: [(6, "b", "1"), (9, "w", "1"), (1, "b", "1"), (4, "w", "=")],
        3: [(7, "w", "="), (None, None, "Z"), (6, "b", "="), (8, "w", "1")],
        4: [(8, "b", "1"), (1, "w", "="), (9, "b", "1"), (2, "b", "=")],
        5: [(1, "b", "0"), (8, "w", "0"), (None, None, "U"), (9, "b", "1")],
        6: [(2, "w", "0"), (7, "b", "="), (3, "w", "="), (None, None, "U")],
        7: [(3, "b", "="), (6, "w", "="), (8, "b", "1"), (1, "w", "=")],
        8: [(4, "w", "0"), (5, "b", "1"), (7, "w", "0"), (3, "b", "0")],
        9: [(None, None, "U"), (2, "b", "0"), (4, "w", "0"), (5, "w", "0")],
    }
    players = tuple(Player(number=n, history=tuple(_round(*r) for r in rows[n])) for n in rows)
    state = TournamentState(
        players=players,
        total_rounds=9,
        initial_colour=Colour.WHITE,
        absences={5: Code.ZERO_BYE, 8: Code.ZERO_BYE},
    )
    assert set(pair(state).boards) == {Board(7, 2), Board(4, 6), Board(3, 9), Board(1, None)}
