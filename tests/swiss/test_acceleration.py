from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from swiss.acceleration import (
    baku_last_ga,
    baku_last_ga_number,
    baku_round_one_list,
    baku_schedule,
    baku_virtual_points,
    virtual_points,
)
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
    players = len(re.findall(r"^001", text, flags=re.MULTILINE))
    if len(baku_round_one_list(state)) == players:
        assert derived == state.virtual_points
        assert len(derived) == baku_last_ga_number(players)
    else:
        # A zero-point round 1 (six cases): the corpus counts that player in N, we read
        # them as a late entry (docs/rules.md, "Baku late entries"), who joins GA only if
        # ranked above its last member. The virtual points themselves are the same.
        assert {tuple(v) for v in derived.values()} == {tuple(v) for v in state.virtual_points.values()}
        assert max(derived) == baku_last_ga(state)


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


def _baku_file(rounds_one: dict[int, str], total: int = 5, absent_round_1: str = "") -> str:
    """Players 1..N after round 1 (or before it), their round-1 fields as given, Baku."""
    lines = [
        "012 Baku late entry",
        "XXR 5" if total == 5 else f"XXR {total}",
        "192 FIDE_DUTCH_2026_BAKU",
        "XXC white1",
    ]
    for number, cell in sorted(rounds_one.items()):
        points = {"1": "1.0", "0": "0.0", "=": "0.5", "H": "0.5", "U": "1.0", "Z": "0.0"}[cell[-1]]
        line = f"001 {number:>4}      {f'Player{number:04d}':<33} {2400 - 10 * number:>4}".ljust(80)
        lines.append(line + f"{points:>4} {number:>4}  {cell}")
    return "\n".join([*lines, *([absent_round_1] if absent_round_1 else [])]) + "\n"


def test_a_late_entry_keeps_the_ga_cut_of_round_1_from_the_file_alone() -> None:
    """Baku 1.2-1.3.2 with no 250 records. Round 1 paired eight players 1-8 (1-5, 2-6, 3-7,
    4-8, White won): N1 = 8, GA = 2 * ceil(8 / 4) = 4, so old number 4 is the last GA
    participant. A late entry rated between old 2 and 3 is then numbered 3 (C.04.2 2.4): the
    old 3-8 become 4-9 and the newcomer's round 1 is a zero-point bye. The last GA participant
    stays the same person (1.3.2), now number 5; GA = 1-5, odd (Note 2), the newcomer in it as
    ranked above them. Recomputing from the nine players would give 2 * ceil(9 / 4) = 6 and
    a virtual point to old 5 (now 6), a GB player."""
    cells = {1: "   6 w 1", 2: "   7 b 0", 3: "0000 - Z", 4: "   8 w 1", 5: "   9 b 0",
             6: "   1 b 0", 7: "   2 w 1", 8: "   4 b 0", 9: "   5 w 1"}  # fmt: skip
    state = read_trf(_baku_file(cells))
    assert baku_round_one_list(state) == [1, 2, 4, 5, 6, 7, 8, 9]
    assert baku_last_ga(state) == 5
    # Five rounds: three accelerated, two with a win's worth, the third with half (1.4).
    assert virtual_points(state) == dict.fromkeys(range(1, 6), (ONE, ONE, HALF))


def test_a_requested_bye_in_round_1_keeps_the_player_in_the_round_1_list() -> None:
    """The decided case: 2 asked for a half-point bye in round 1. A bye with points takes
    the player into account for round 1 (C.04.2 2.4), as every corpus case with an H there
    counts them: N1 = 10 and GA = 2 * ceil(10 / 4) = 6, 1-6, not the 6th of the nine on a
    board (7). Before round 1 the same list gives the same cut: the H absence counts, a Z
    absence (a player first taken into account for round 2, like a late entry) does not."""
    cells = {1: "   6 w 1", 2: "0000 - H", 3: "   7 w 1", 4: "   8 b 0", 5: "   9 w 1",
             6: "   1 b 0", 7: "   3 b 0", 8: "   4 w 1", 9: "   5 b 0", 10: "0000 - U"}  # fmt: skip
    state = read_trf(_baku_file(cells))
    assert baku_last_ga(state) == 6
    assert sorted(virtual_points(state)) == list(range(1, 7))
    before = dict.fromkeys(range(1, 11), "0000 - Z")
    text = _baku_file(before).replace("  0000 - Z", "").replace("XXR 5", "XXR 5\n240 H 001 0002")
    assert baku_last_ga(read_trf(text)) == 6
    text = _baku_file(before).replace("  0000 - Z", "").replace("XXR 5", "XXR 5\n240 Z 001 0002")
    # Nine in the list, 1 3 4 ... 10: its 6th is 7, and 2 is in GA as ranked above.
    assert baku_last_ga(read_trf(text)) == 7
