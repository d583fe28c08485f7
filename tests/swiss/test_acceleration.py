from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from swiss.acceleration import baku_last_ga_number, baku_schedule, baku_virtual_points, virtual_points
from swiss.model import Acceleration, Player, Scoring, TournamentState
from swiss.trf import read_trf

ONE, HALF = Fraction(1), Fraction(1, 2)


def field(players: int, rounds: int, **settings: object) -> TournamentState:
    return TournamentState(
        players=tuple(Player(n) for n in range(1, players + 1)),
        total_rounds=rounds,
        **settings,  # type: ignore[arg-type]
    )


def test_derived_virtual_points_equal_the_xxa_lines_of_every_baku_case(baku_trf: Path) -> None:
    text = baku_trf.read_text()
    state = read_trf(text)
    assert state.virtual_points, "the Baku cases list their virtual points"
    derived = baku_virtual_points(TournamentState(**{**state.__dict__, "virtual_points": {}}))
    assert derived == state.virtual_points
    assert len(derived) == baku_last_ga_number(len(re.findall(r"^001", text, flags=re.MULTILINE)))


@pytest.mark.parametrize(
    ("players", "last"), [(20, 10), (100, 50), (101, 52), (102, 52), (103, 52), (161, 82), (178, 90)]
)
def test_ga_is_half_the_field_rounded_up_to_an_even_number(players: int, last: int) -> None:
    assert baku_last_ga_number(players) == last


@pytest.mark.parametrize(
    ("rounds", "full", "half"),
    [(5, 2, 1), (6, 2, 1), (7, 2, 2), (8, 2, 2), (9, 3, 2), (10, 3, 2), (11, 3, 3), (12, 3, 3), (13, 4, 3)],
)
def test_the_accelerated_rounds_follow_the_table_of_baku_1_4(rounds: int, full: int, half: int) -> None:
    assert baku_schedule(rounds, ONE) == (ONE,) * full + (HALF,) * half


def test_the_virtual_points_are_the_points_for_a_win_and_half_of_them() -> None:
    scoring = Scoring(win=Fraction(3), draw=Fraction(3, 2), pab=Fraction(3), full_bye=Fraction(3))
    points = baku_virtual_points(field(8, 9, scoring=scoring))
    assert points[1] == (3, 3, 3, Fraction(3, 2), Fraction(3, 2))


def test_an_explicit_last_ga_number_moves_the_split_for_late_entries() -> None:
    points = baku_virtual_points(field(22, 9), last_ga_number=11)
    assert sorted(points) == list(range(1, 12))


def test_baku_refuses_scoring_where_a_win_is_not_two_draws() -> None:
    with pytest.raises(ValueError, match="Baku 1.1"):
        baku_virtual_points(field(8, 9, scoring=Scoring(win=Fraction(3), draw=Fraction(1))))


def test_explicit_points_win_over_baku_and_no_acceleration_means_none() -> None:
    explicit = {2: (HALF,)}
    assert virtual_points(field(8, 9, acceleration=Acceleration.BAKU, virtual_points=explicit)) == explicit
    assert virtual_points(field(8, 9, acceleration=Acceleration.BAKU))[4] == (ONE, ONE, ONE, HALF, HALF)
    assert virtual_points(field(8, 9)) == {}
