"""US Chess tie-breaks (rule 34E) against values worked by hand from the rule text.

The text is the 7th edition's as quoted on club pages (ochess.org "From the US Chess
Federation's Official Rules of Chess, 7th Edition", the Michigan Chess Association's rules);
each test says which sentence it checks.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from swiss.model import Code, Colour, Player, RoundResult, Scoring
from swiss.us.options import OPTION_NAMES
from tournaments.bridge.us_tiebreaks import standings
from tournaments.us_chess import US_DEFAULT_TIEBREAKS as DEFAULT_TIEBREAKS
from tournaments.us_chess import US_TIEBREAK_CODES, US_VARIATIONS

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, colour: Colour, code: Code) -> RoundResult:
    return RoundResult(opponent, colour, code)


BYE = RoundResult(None, None, Code.FULL_BYE)
ABSENT = RoundResult(None, None, Code.ZERO_BYE)


def round_robin() -> list[Player]:
    """Four players, three rounds, every game played:
    R1 1-0 between 1 and 2, 3 and 4 draw; R2 1 and 3 draw, 2 beats 4; R3 4 beats 1, 3 beats 2.
    Final scores: 1: 1½, 2: 1, 3: 2, 4: 1½ (maximum 3, so 1½ is an even score)."""
    return [
        Player(1, history=(game(2, W, Code.WIN), game(3, B, Code.DRAW), game(4, W, Code.LOSS))),
        Player(2, history=(game(1, B, Code.LOSS), game(4, W, Code.WIN), game(3, B, Code.LOSS))),
        Player(3, history=(game(4, W, Code.DRAW), game(1, W, Code.DRAW), game(2, W, Code.WIN))),
        Player(4, history=(game(3, B, Code.DRAW), game(2, B, Code.LOSS), game(1, B, Code.WIN))),
    ]


def values(rows, number):
    return next(r.values for r in rows if r.number == number)


def test_the_modified_median_drops_by_the_players_score_and_solkoff_drops_nothing():
    """34E1: even scores drop the highest and the lowest opponent, plus scores the lowest only,
    minus scores the highest only; 34E2 Solkoff is the same with nothing dropped.
    Player 1 (even): opponents 1, 2, 1½ -> 1½; player 3 (plus): 1½, 1½, 1 -> 3;
    player 2 (minus): 1½, 1½, 2 -> 3. Solkoff: 4½, 4, 5."""
    rows = standings(round_robin(), Scoring(), 3, ["MM", "SOLK"])
    assert values(rows, 1) == {"MM": Decimal("1.5"), "SOLK": Decimal("4.5")}
    assert values(rows, 3) == {"MM": Decimal(3), "SOLK": Decimal(4)}
    assert values(rows, 2) == {"MM": Decimal(3), "SOLK": Decimal(5)}


def test_the_default_order_breaks_the_tie_of_equal_medians_by_the_cumulative_score():
    """34E's announced order MM, Solkoff, cumulative, opposition's cumulative: players 1 and 4
    tie on 1½ points, MM 1½ and Solkoff 4½; the cumulative score (34E3: the running scores
    added) is 1 + 1½ + 1½ = 4 for player 1 and ½ + ½ + 1½ = 2½ for player 4.
    34E4: player 1's opponents' cumulative scores are 2 (player 2: 0, 1, 1), 3½ (player 3:
    ½, 1, 2) and 2½: 8."""
    rows = standings(round_robin(), Scoring(), 3, DEFAULT_TIEBREAKS)
    assert [r.number for r in rows] == [3, 1, 4, 2]
    assert [r.place for r in rows] == ["1", "2", "3", "4"]
    assert values(rows, 1)["CUM"] == 4 and values(rows, 4)["CUM"] == Decimal("2.5")
    assert values(rows, 1)["OCUM"] == 8


def test_the_cumulative_score_takes_off_a_point_for_a_bye():
    """34E3 (the Michigan example): bye, win, loss, draw, win gives
    1 + 2 + 2 + 2½ + 3½ - 1 = 10."""
    player = Player(
        1,
        history=(
            BYE,
            game(2, W, Code.WIN),
            game(3, B, Code.LOSS),
            game(4, W, Code.DRAW),
            game(5, B, Code.WIN),
        ),
    )
    others = [Player(n) for n in range(2, 6)]
    assert values(standings([player, *others], Scoring(), 5, ["CUM"]), 1)["CUM"] == 10


def test_unplayed_rounds_count_a_half_point_for_opponents_and_zero_for_the_player():
    """34E1: "an opponent who won the first two games, lost the third, withdrew and did not
    play rounds four or five would have an adjusted score of 3 points (1+1+0+0.5+0.5)";
    the player's own unplayed games count as opponents with adjusted scores of 0.
    Player 9 plays only round 3 (beating the withdrawn player 1): Solkoff 3 + 0 + 0 + 0 + 0.
    With 1 point of 5 (a minus score) the modified median drops the highest: 0.
    The adjusted score serves only tie-breaks: player 1 keeps 2 points."""
    withdrawn = Player(
        1, history=(game(7, W, Code.WIN), game(8, B, Code.WIN), game(9, W, Code.LOSS), ABSENT, ABSENT)
    )
    lone = Player(9, history=(ABSENT, ABSENT, game(1, B, Code.WIN), ABSENT, ABSENT))
    seven = Player(7, history=(game(1, B, Code.LOSS), ABSENT, ABSENT, ABSENT, ABSENT))
    eight = Player(8, history=(ABSENT, game(1, W, Code.LOSS), ABSENT, ABSENT, ABSENT))
    rows = standings([withdrawn, lone, seven, eight], Scoring(), 5, ["SOLK", "MM"])
    assert values(rows, 9) == {"SOLK": Decimal(3), "MM": Decimal(0)}
    assert next(r.points for r in rows if r.number == 1) == 2


def test_nine_rounds_drop_two_scores_at_each_end():
    """34E1: from nine rounds on the top two and bottom two are dropped for an even score.
    Player 1 draws nine games against players 2-10, each of whom has only that game:
    adjusted scores ½ (the draw) + 8 × ½ (unplayed) = 4½ each; 9 × 4½ = 40½ Solkoff,
    5 × 4½ = 22½ median."""
    history = tuple(game(n, W if n % 2 else B, Code.DRAW) for n in range(2, 11))
    others = [
        Player(n, history=tuple(game(1, B, Code.DRAW) if r == n - 2 else ABSENT for r in range(9)))
        for n in range(2, 11)
    ]
    rows = standings([Player(1, history=history), *others], Scoring(), 9, ["SOLK", "MM", "MED"])
    assert values(rows, 1) == {"SOLK": Decimal("40.5"), "MM": Decimal("22.5"), "MED": Decimal("22.5")}


def test_kashdan_and_most_blacks():
    """Kashdan: 4 a win, 2 a draw, 1 a loss, 0 unplayed; most Blacks counts games played with Black.
    Player 3: draw, draw, win (all White): 2 + 2 + 4 = 8, no Black; player 4: three Blacks, 2 + 1 + 4."""
    rows = standings(round_robin(), Scoring(), 3, ["KASH", "BLK"])
    assert values(rows, 3) == {"KASH": Decimal(8), "BLK": Decimal(0)}
    assert values(rows, 4) == {"KASH": Decimal(7), "BLK": Decimal(3)}


def test_sonneborn_berger_counts_the_adjusted_scores_of_the_opponents_beaten_and_half_of_those_drawn():
    """Player 3 beat player 2 (1 point) and drew players 4 and 1 (1½ each): 1 + ¾ + ¾ = 2½.
    Player 1 beat player 2 (1) and drew player 3 (2): 1 + 1 = 2."""
    rows = standings(round_robin(), Scoring(), 3, ["SB"])
    assert values(rows, 3) == {"SB": Decimal("2.5")} and values(rows, 1) == {"SB": Decimal(2)}


def test_players_equal_on_every_tie_break_share_a_place():
    rows = standings(round_robin(), Scoring(), 3, ["MM", "SOLK"])
    assert [(r.number, r.place) for r in rows] == [(3, "1"), (1, "2-3"), (4, "2-3"), (2, "4")]


def test_an_unknown_code_is_refused():
    with pytest.raises(ValueError, match="BH"):
        standings(round_robin(), Scoring(), 3, ["BH"])


def test_every_code_the_model_accepts_is_computed():
    """The data app names the codes (`tournaments.us_chess`); the standings refuse one they do not compute."""
    rows = standings(round_robin(), Scoring(), 3, US_TIEBREAK_CODES)
    assert all(set(row.values) == set(US_TIEBREAK_CODES) for row in rows)


def test_the_variations_offered_are_the_engines_options_in_its_order():
    """A tournament's variations reach the engine unchanged: every engine option has a label, none more."""
    assert tuple(US_VARIATIONS) == tuple(OPTION_NAMES)
