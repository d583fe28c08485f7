"""FIDE rating changes (B.02 8.1-8.3) and the US Chess approximation: the worked examples of the
rules notes (docs/rules.md, "Rating estimates") and each rule's edges."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from swiss.ratings import (
    Game,
    capped_k,
    development_coefficient,
    dp,
    event_change,
    expected_score,
    first_rating,
    us_special_rating,
)

HALF = Fraction(1, 2)
MARCH_2026 = datetime.date(2026, 3, 14)


@pytest.mark.parametrize(
    ("difference", "hundredths"),
    [(0, 50), (3, 50), (4, 51), (100, 64), (-100, 36), (200, 76), (-200, 24), (300, 85), (400, 92)]
    + [(-400, 8), (160, 71), (-160, 29), (735, 99), (736, 100), (-736, 0), (455, 94)],
)
def test_expected_score_is_read_from_table_8_1_2(difference, hundredths):
    assert expected_score(difference) == Fraction(hundredths, 100)


def test_the_table_rises_with_the_difference_and_is_symmetric():
    values = [expected_score(d) for d in range(0, 800)]
    assert values == sorted(values)
    assert all(expected_score(d) + expected_score(-d) == 1 for d in range(800))


def test_one_game_6_1():
    """1850 (K 20) draws with 2010: |D| = 160, L = .29, +4.2; the 2010 player -4.2 (K 20) or -2.1 (K 10)."""
    lower = event_change(1850, 20, [Game(2010, HALF)], MARCH_2026)
    assert lower.change == Fraction(42, 10)
    assert lower.games[0].expected == Fraction(29, 100)
    assert event_change(2010, 20, [Game(1850, HALF)], MARCH_2026).change == Fraction(-42, 10)
    assert event_change(2010, 10, [Game(1850, HALF)], MARCH_2026).change == Fraction(-21, 10)


EXAMPLE_6_2 = [Game(2210, Fraction(0)), Game(2050, Fraction(1)), Game(2400, HALF)]
EXAMPLE_6_2 += [Game(1650, Fraction(1)), Game(2180, HALF)]


def test_one_event_with_the_400_point_rule_6_2():
    """2105, K 20: sum We 2.41 (the 1650 game capped to D = 400, .92), sum W 3.0: +11.8."""
    event = event_change(2105, 20, EXAMPLE_6_2, MARCH_2026)
    assert [g.expected for g in event.games] == [Fraction(n, 100) for n in (36, 58, 15, 92, 40)]
    assert event.games[3].difference == 400
    assert event.change == Fraction(118, 10)
    # Under the 2022 rule the one capped game is the same one: the same result.
    assert event_change(2105, 20, EXAMPLE_6_2, datetime.date(2023, 6, 1)).change == Fraction(118, 10)


def test_before_march_2024_only_the_largest_difference_is_capped():
    games = [Game(1500, Fraction(1)), Game(1600, Fraction(1))]  # D = 600 and 500 for a 2100 player
    old = event_change(2100, 20, games, datetime.date(2023, 6, 1))
    assert [g.difference for g in old.games] == [400, 500]
    assert [g.expected for g in old.games] == [Fraction(92, 100), Fraction(96, 100)]
    new = event_change(2100, 20, games, datetime.date(2024, 3, 1))
    assert [g.difference for g in new.games] == [400, 400]


def test_from_october_2025_a_player_of_2650_uses_the_real_difference():
    """2700 v 2200: the 2700 player uses D = 500 (.96), the 2200 player the capped 400 (.08)."""
    start = datetime.date(2025, 10, 1)
    assert event_change(2700, 10, [Game(2200, HALF)], start).games[0].expected == Fraction(96, 100)
    assert event_change(2200, 20, [Game(2700, HALF)], start).games[0].expected == Fraction(8, 100)
    # The day before, both were capped.
    before = datetime.date(2025, 9, 30)
    assert event_change(2700, 10, [Game(2200, HALF)], before).games[0].expected == Fraction(92, 100)


def test_a_junior_with_the_700_rule_6_3():
    """K 40 over 20 games: 800 > 700, so K = 35; +2.6 gives +91 instead of +104."""
    assert capped_k(40, 20) == 35
    assert capped_k(40, 17) == 40 and capped_k(40, 18) == 38
    assert capped_k(20, 36) == 19 and capped_k(10, 71) == 9
    # Twelve wins and seven losses against equals (+6 - 3.5) and a win against a player 365
    # lower (We .90, +0.1): the sum of W - We is +2.6, as in the example.
    games = [Game(1620, Fraction(1))] * 12 + [Game(1620, Fraction(0))] * 7 + [Game(1255, Fraction(1))]
    event = event_change(1620, 40, games, MARCH_2026)
    assert event.k == 35
    assert event.change == 91


def test_a_game_against_an_unrated_opponent_is_not_rated_8_3_1():
    """8.3.1 (2024): D, We and a change for each game against a rated player only; the unrated
    opponent counts neither in the sum nor in the n of the 700 rule."""
    event = event_change(1850, 20, [Game(None, Fraction(1)), Game(2010, HALF)], MARCH_2026)
    assert event.games[0].change is None and event.games[0].expected is None
    assert event.change == Fraction(42, 10)
    many = [Game(None, Fraction(1))] * 20 + [Game(1850, Fraction(1))] * 17
    assert event_change(1850, 40, many, MARCH_2026).k == 40  # 17 rated games: 680 <= 700


@pytest.mark.parametrize(
    ("rating", "born", "k"),
    [(1800, 2011, 40), (2299, 2009, 40), (2300, 2009, 20), (2399, None, 20), (2400, None, 10)]
    # 8.3.3 (2024): K 40 until the end of the year of the 18th birthday, so all of 2026 for a
    # player born in 2008, whatever the day of the birthday; from 2027 on, 20.
    + [(1800, 2008, 40), (1800, 2007, 20)],
)
def test_development_coefficient_from_rating_and_birth_year(rating, born, k):
    assert development_coefficient(rating, born, 2026) == k


@pytest.mark.parametrize(("p", "expected"), [("1/2", 0), ("11/16", 141), ("7/8", 336), ("1/4", -193)])
def test_dp_rounds_p_to_hundredths(p, expected):
    assert dp(Fraction(p)) == expected


OPPONENTS_6_4 = [1650, 1720, 1580, 1900, 1810, 1700]


def test_first_rating_6_4():
    """Ra = (10360 + 3600) / 8 = 1745; 3/6 gives p = .50, Ru 1745; 4.5 gives p = .69, 1886;
    6/6 gives p = .88, 2081."""
    assert first_rating(OPPONENTS_6_4, Fraction(3), MARCH_2026) == 1745
    assert first_rating(OPPONENTS_6_4, Fraction(9, 2), MARCH_2026) == 1886
    assert first_rating(OPPONENTS_6_4, Fraction(6), MARCH_2026) == 2081


def test_first_rating_needs_five_games_half_a_point_and_the_2024_rules():
    assert first_rating(OPPONENTS_6_4[:4], Fraction(3), MARCH_2026) is None
    assert first_rating(OPPONENTS_6_4, Fraction(0), MARCH_2026) is None
    assert first_rating(OPPONENTS_6_4, Fraction(3), datetime.date(2024, 2, 1)) is None
    assert first_rating([2700] * 9, Fraction(9), MARCH_2026) == 2200  # the 2200 cap
    assert first_rating([1000] * 5, HALF, MARCH_2026) is None  # below the 1400 floor


def test_us_chess_special_formula():
    """1500 on 6 games; 1400 (win), 1550 (loss), 1650 (draw): (9000 + 4600 + 0) / 9 = 1511."""
    games = [Game(1400, Fraction(1)), Game(1550, Fraction(0)), Game(1650, HALF)]
    assert us_special_rating(6, 1500, games) == 1511
    assert us_special_rating(0, None, games) == 1533  # unrated: the performance, 4600 / 3
    assert us_special_rating(9, 1500, games) is None  # the formula is for at most 8 games
    assert us_special_rating(0, None, [Game(None, Fraction(1))]) is None
