"""Olympiad rules D.02, hand-worked cases from the text: the state, the steps, the expected matches.

Ranking: match points, then pairing number (3.2).  Colours: article 7 as in
test_ecu_cases.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from swiss.model import Board, Colour
from swiss.team import olympiad
from swiss.team.colours import allocate, due_colour
from swiss.team.median import walk
from swiss.team.model import Outcome, Team, TeamRound
from tests.swiss.team.build import build, matches


def anyone(a: int, b: int) -> bool:
    return True


def always(teams: Sequence[int]) -> bool:
    return True


def test_six_teams_come_in_the_order_of_the_9_3_table() -> None:
    rows = [
        " ".join(f"{a}-{b}" for a, b in pairs)
        for pairs, _ in olympiad.combinations([1, 2, 3, 4, 5, 6], "above", anyone, always)
    ]
    # 9.3 as the spec gives it, with row 4's misprint "3 x 5" read as 3 x 6, the only team left.
    assert rows == [
        "1-4 2-5 3-6", "1-4 2-6 3-5", "1-4 2-3 5-6", "1-5 2-4 3-6", "1-5 2-6 3-4",
        "1-5 2-3 4-6", "1-6 2-4 3-5", "1-6 2-5 3-4", "1-6 2-3 4-5", "1-3 2-5 4-6",
        "1-3 2-6 4-5", "1-3 2-4 5-6", "1-2 3-5 4-6", "1-2 3-6 4-5", "1-2 3-4 5-6",
    ]  # fmt: skip


CASES = {
    # 7.2's example: eight teams, White drawn: 1-5, 6-2, 3-7, 8-4 (team 1's colour for the odd
    # teams of the top half, the opposite for the even ones).
    "round 1, White drawn": (build(8, 9, []), "1-5 3-7 6-2 8-4"),
    "round 1, Black drawn": (build(8, 9, [], initial=Colour.BLACK), "2-6 4-8 5-1 7-3"),
    # Seven teams: the bye to the lowest-ranked team, 7 (4); then 1-4, 2-5, 3-6.
    "round 1, seven teams": (build(7, 9, []), "1-4 3-6 5-2 7-bye"),
    # 9.3's example: team 1 has met 4, so the next line, 1-5, is tried, and the rest pairs 2-4 3-6.
    "9.3: team 1 has met 4": (build(6, 9, ["1-4:2 2-6:2 3-5:2"]), "4-2 5-1 6-3"),
    # Groups MP2 [1, 2, 3, 4] and MP0 [5..8]; the median team (the lower middle one, 5) puts MP0 in
    # the median group.  Upper half v lower half: 1-3 2-4, then 5-7 6-8.  1 and 3 both had White
    # and never differed: the higher-ranked, 1, alternates (7.6).
    "round 2, upper half against lower half": (
        build(8, 9, ["1-5:3 6-2:1 3-7:3 8-4:1"]),
        "2-4 3-1 5-7 8-6",
    ),
    # Winners [1..5] above the median group [6..10]: the lowest-ranked, 5, floats down (8.3) and
    # meets the highest-ranked team it has not met, 6; 1-3 2-4 above, 7-9 8-10 below it.
    "8.3: the lowest team of an odd group floats down": (
        build(10, 9, ["1-6:3 7-2:1 3-8:3 9-4:1 5-10:3"]),
        "2-4 3-1 6-5 8-10 9-7",
    ),
    # MP2 [1, 2, 5], MP1 [3, 4, 8, 9] (median, team 8), MP0 [6, 7, 10].  Above, 5 floats down and
    # 1-2; below, the highest-ranked, 6, floats up (8.2) and 7-10.  In the median group 5 meets the
    # highest it has not met, 3, and 6 the lowest, 9; then 4-8.
    "8.2: the highest team of an odd group below floats up": (
        build(10, 9, ["1-6:3 7-2:1 3-8:2 9-4:2 5-10:3"]),
        "10-7 2-1 3-5 4-8 6-9",
    ),
    # Seven teams after round 1: the bye to the lowest-ranked, 6.  The median team 7 is a group of
    # its own; above, 3 (the lowest) floats down to meet it, 1-2; below, 4-5.
    "round 2, the bye and a one-team median group": (
        build(7, 9, ["bye:7 1-4:3 5-2:1 3-6:3"]),
        "2-1 4-5 6-bye 7-3",
    ),
    # Ranking 1 (4 MP), 3 (2), 4 (2), 2 (1), 5 (1).  The bye (4): 5 and 2 have had it, 4 won by
    # default; 3 gets it.  {1} cannot float to {4} (they have met): merged, and 1-4 is a rematch:
    # merged with the median group [1, 4, 2, 5], paired 1-2 (1 v N/2+1), 4-5.
    "4: no bye after a bye or a win by default; merges": (
        build(5, 9, ["bye:5 1-3:3 2-4:-", "bye:2 4-1:0 3-5:3"]),
        "1-2 3-bye 5-4",
    ),
    # MP2 [1, 2, 3], MP0 [4, 5, 6]: the median team is the lower middle one, 4 (6.4); 3 floats down
    # to the highest it has not met, 4; 1-2; 5-6.
    "6.4: the median team is the lower of the two middle teams": (
        build(6, 9, ["1-4:3 2-5:3 6-3:1"]),
        "2-1 3-4 5-6",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_hand_worked_olympiad_case(name: str) -> None:
    state, expected = CASES[name]
    assert matches(olympiad.pair(state)) == sorted(expected.split())


def team(number: int, colours: str) -> Team:
    """A team that played with these board-1 colours (`-` an unplayed, forfeited match)."""
    history = tuple(
        TeamRound(Outcome.FORFEIT_WIN, 99, Colour.WHITE, Fraction(2), Fraction(4))
        if c == "-"
        else TeamRound(Outcome.PLAYED, 99, Colour(c), Fraction(1), Fraction(2))
        for c in colours
    )
    return Team(number, history=history)


def test_7_5_a_team_at_plus_one_that_had_black_last_still_gets_black() -> None:
    assert due_colour(team(1, "wwb")) is Colour.BLACK
    assert allocate(team(1, "wwb"), team(2, "bbw"), Colour.WHITE) == Board(2, 1)


def test_7_6_equal_teams_alternate_from_the_latest_round_their_colours_differed() -> None:
    # Both +1 and due Black; they differed last in round 3, where 1 had White: 1 gets Black.
    assert allocate(team(1, "wbw"), team(2, "wwb"), Colour.WHITE) == Board(2, 1)
    assert allocate(team(1, "wwb"), team(2, "wbw"), Colour.WHITE) == Board(1, 2)


def test_7_6_teams_whose_colours_were_always_the_same_alternate_the_higher_ranked_team() -> None:
    assert allocate(team(1, "wb"), team(2, "wb"), Colour.WHITE) == Board(1, 2)
    assert allocate(team(2, "bw"), team(1, "bw"), Colour.WHITE) == Board(1, 2)


def test_7_7_an_unplayed_match_gives_no_colour() -> None:
    assert due_colour(team(1, "-")) is None
    assert due_colour(team(1, "w-")) is Colour.BLACK
    assert allocate(team(1, "-"), team(2, "w"), Colour.WHITE) == Board(1, 2)


def test_8_2_when_the_highest_team_below_cannot_float_the_second_highest_does() -> None:
    """Scores 3: [1..4], 2: [5, 6, 7] (the median group, team 6), 1: [8, 9, 10].  Below, 8 (the
    highest) would float up, but 9-10 have met, so the group would not pair: 9 floats instead and
    meets the lowest-ranked team of the median group it has not met, 7; then 8-10, 5-6, 1-3, 2-4."""
    score = {1: 3, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}
    groups = walk(
        list(score),
        lambda n: Fraction(score[n]),
        lambda n: (-score[n], n),
        lambda a, b: {a, b} != {9, 10},
        olympiad.combinations,
    )
    paired = {frozenset(pair) for group in groups for pair in group.pairs}
    assert paired == {frozenset(p) for p in ((1, 3), (2, 4), (5, 6), (9, 7), (8, 10))}
