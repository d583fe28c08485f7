"""ECU N.6, hand-worked cases: each state, the steps of the procedure, and the expected matches.

Colours follow D.02 article 7 (docs/rules.md, team Swiss): the due colour
equalises, else alternates; when both teams are due the same colour the one
that needs it more (a 7.3 limit, then the larger difference) gets it, then
7.6 (the latest round in which their colours differed), then the
higher-ranked team.  Rankings are match points, game points, TPN (N.6.3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from swiss.team import ecu
from swiss.team.median import walk
from tests.swiss.team.build import build, matches

CASES = {
    # N.6.1: 1 v 5, 2 v 6, 3 v 7, 4 v 8; team 1 (odd) takes the initial White, team 2 (even) Black.
    "round 1, eight teams": (build(8, 5, []), "1-5 3-7 6-2 8-4"),
    # N.6.1 with an odd number: the bye goes to the lowest-ranked team, 7; then 1 v 4, 2 v 5, 3 v 6.
    "round 1, seven teams": (build(7, 5, []), "1-4 3-6 5-2 7-bye"),
    "round 1, six teams": (build(6, 5, []), "1-4 3-6 5-2"),
    # Team 9 is absent: the eight others pair as in the first case.
    "round 1, one team absent": (build(9, 5, [], absent="Z:9"), "1-5 3-7 6-2 8-4"),
    # N.6.1 accelerated, 4N = 8: quarter 1 v quarter 2 (1-3, 2-4), quarter 3 v quarter 4 (5-7, 6-8).
    "round 1 accelerated, eight teams": (build(8, 5, [], accelerated=True), "1-3 4-2 5-7 8-6"),
    # 4N+2 = 10: the top half is the 2N+2 = 6 best (1-4, 2-5, 3-6), the rest 7-9, 8-10.
    "round 1 accelerated, ten teams": (build(10, 5, [], accelerated=True), "1-4 10-8 3-6 5-2 7-9"),
    # Twelve teams: quarters of three.
    "round 1 accelerated, twelve teams": (build(12, 5, [], accelerated=True), "1-4 11-8 3-6 5-2 7-10 9-12"),
    # Nine teams: the bye to 9, then the eight others by quarters.
    "round 1 accelerated, nine teams": (build(9, 5, [], accelerated=True), "1-3 4-2 5-7 8-6 9-bye"),
    # Groups MP2 [4 (4 GP), 1, 2, 3 (2.5)] and MP0 [7 (1.5), 5, 6, 8 (0)].  Ranking 4 1 2 3 7 5 6 8:
    # the median team is the lower middle one, 7, so MP0 is the median group and MP2 is paired first:
    # 4 v 3 (highest v lowest), 1 v 2; then the median group 7 v 8, 5 v 6.  Colours: each due the
    # opposite of round 1.
    "round 2, highest against lowest": (build(8, 5, ["1-5:3 6-2:1 3-7:2.5 8-4:0"]), "2-1 4-3 5-6 7-8"),
    # N.6.2: after the accelerated round 1 the top half (1-4) carries 2 imaginary points.  Pairing
    # scores 1:4, 2:3, 4:3, 7:2, 8:2, 3:2, 6:0, 5:0.  Ranking 1 2 4 7 8 3 6 5; median team 8, so
    # the median group is [7, 8, 3].  Group {1} floats 1, which joins [1, 2, 4] (by GP) and meets the
    # lowest, 4; 2 floats into the median group [7, 8, 2, 3] (GP 3, 2.5, 2, 1): 7 v 3, 8 v 2.
    # Below: [5, 6] from the lowest, 5 v 6.  Colours: 1 and 4 both had White; 1 ranks higher.
    "round 2 accelerated, imaginary points": (
        build(8, 5, ["1-3:3 4-2:2 5-7:1 8-6:2.5"], accelerated=True),
        "2-8 4-1 6-5 7-3",
    ),
    # 4N+2 = 10 accelerated, round 2: imaginary points for teams 1-6.  Scores 4: [1, 3, 5];
    # 2: [7, 10, 2, 4, 6]; 0: [8, 9].  Ranking 1 3 5 7 10 2 4 6 8 9, median team 2.  [1, 3, 5]
    # pairs 1 v 5 and floats 3; below, 9 v 8; the median group [3, 7, 10, 2, 4, 6]: 3 has met 6,
    # so 3 v 4, then 7 v 6, 10 v 2.
    "round 2 accelerated, ten teams": (
        build(10, 5, ["1-4:3 5-2:3 3-6:3 7-9:3 10-8:3"], accelerated=True),
        "2-10 4-3 5-1 6-7 8-9",
    ),
    # Six teams drawn in round 1 form one group [1..6]: combinations (1)-(3) hold 1 v 6, a rematch,
    # (4) holds 3 v 4, a rematch; (5) 1 v 5, 2 v 4, 3 v 6 is the first that is valid.
    "a rematch moves to combination (5)": (build(6, 5, ["1-6:2 2-5:2 3-4:2"]), "4-2 5-1 6-3"),
    # Four teams drawn: 1 has met 4, the lowest, so 1 v 3 and 2 v 4 (N.6.4).
    "the highest plays the lowest it has not met": (build(4, 5, ["1-4:2 2-3:2"]), "3-1 4-2"),
    # Winners [1 (4 GP), 3 (3), 2 (2.5)]: combination (1) is 1 v 2, and 3 floats.  It joins the
    # median group [3, 5, 6, 4] (GP 3, 1.5, 1, 0) and meets the lowest it has not met, 4; then 5 v 6.
    # With ranking by TPN it would have been 1 v 3 with 2 floating.
    "game points rank inside the group": (build(6, 5, ["1-4:4 5-2:1.5 3-6:3"]), "2-1 4-3 6-5"),
    # Five winners [1..5]: combination (1), 1 v 5 and 2 v 4, floats 3 into [3, 6, 7, 8, 9, 10]:
    # 3 v 10, 6 v 9, 7 v 8.  1 and 5 both had White: 7.6 finds no round where they differed, so
    # the higher-ranked team, 1, gets its due Black.
    "odd group, the middle team floats": (
        build(10, 5, ["1-6:3 7-2:1 3-8:3 9-4:1 5-10:3"]),
        "10-3 2-4 5-1 6-9 8-7",
    ),
    # Groups MP2 [1, 2, 5], MP1 [3, 4, 8, 9] (median, team 8), MP0 [6, 7, 10].  Above: 1 v 5, 2
    # floats down.  Below, from the lowest (N.6.9): [10, 7, 6] pairs 10 v 6 and floats 7 up.  The
    # median group [2, 3, 4, 8, 9, 7]: 2 has met 7, so 2 v 9; then 3 v 7, 4 v 8.
    "floaters from both sides": (
        build(10, 5, ["1-6:3 7-2:1 3-8:2 9-4:2 5-10:3"]),
        "2-9 4-8 5-1 6-10 7-3",
    ),
    # As above, but 2 has not met 7: 2 v 7 would pair the floater from above with the floater from
    # below, which N.6.8.1 forbids, so 2 v 9 again.
    "floaters from above and below never meet": (
        build(10, 5, ["1-6:3 2-7:3 3-8:2 9-4:2 5-10:3"]),
        "4-8 5-1 6-10 7-3 9-2",
    ),
    # Nine teams: the bye to the lowest-ranked, 8.  MP2 [3, 4, 1, 2] pairs 3 v 2, 4 v 1; the median
    # group is 9's alone; below, [7, 6, 5] from the lowest pairs 7 v 5 and floats 6 up to meet 9.
    "bye, and a floater from below meets the median group": (
        build(9, 5, ["bye:9 1-5:3 6-2:1 3-7:3.5 8-4:0.5"]),
        "2-3 4-1 5-7 8-bye 9-6",
    ),
    # All on 1 MP; the lowest, 5, had the bye, so 4 gets it (N.5.4).  Then 1 v 5 and 2 v 3.
    "the bye skips a team that had one": (build(5, 5, ["bye:5 1-3:2 4-2:2"]), "2-3 4-bye 5-1"),
    # Ranking 1 2 3 4 5; the lowest, 5, scored without playing (a half-point bye), so 4 gets the bye.
    # Groups {1}, {2}, [3, 5]: 1 floats to 2, 3 v 5.
    "a half-point bye also bars the bye": (
        build(5, 5, ["H:5 1-3:3 2-4:3", "5-1:0 3-4:2 bye:2"]),
        "1-2 3-5 4-bye",
    ),
    # The lowest, 1, lost by forfeit, which does not bar the bye.  Then {3} and the median group
    # [2, 4, 5]: 3 joins it and meets the lowest, 5, but 2 v 4 would be a rematch, so 3 v 4 and 2 v 5.
    # The forfeited match gave no colour: 3 has none, 4 is due Black; 5 has none, 2 is due White.
    "a forfeit loss does not bar the bye": (build(5, 5, ["H:5 1-3:- 4-2:2"]), "1-bye 2-5 3-4"),
    # MP2 [3, 5], MP1 [1, 2] (median, team 2), MP0 [4, 6].  3 v 5 leaves a legal pairing; from the
    # bottom, 6 v 4 would leave the median group 1 v 2, a rematch: the two groups cannot both be
    # paired, so they are merged (N.6.8) into the median group [1, 2, 4, 6]: 1 v 6, 2 v 4.
    "a merge": (build(6, 5, ["1-2:2 3-4:3 5-6:3"]), "2-4 5-3 6-1"),
    # MP3 [1, 2, 3], MP2 [4, 8] (median), MP1 [5, 6, 7].  Combination (1), 1 v 3 with 2 floating,
    # fails: 2 has met 4 and 8, the whole next group (N.6.8), so (2): 1 v 2, 3 floats.  Below,
    # [7, 6, 5]: 7 v 5 and 6 floats up.  Median [3, 4, 8, 6]: 3 may not meet 6 (N.6.8.1), so 3 v 8
    # and 4 v 6.  Colours: 1 (WW) Black; 7 (BB) White; 3 (WW) Black; 6 (BB) White.
    "backtracking: the floater has met the whole next group": (
        build(8, 5, ["2-4:3 1-6:3 3-7:3 5-8:2", "8-2:2 4-5:3 1-7:2 3-6:2"]),
        "2-1 6-4 7-5 8-3",
    ),
    # Round 2 with seven teams: the bye to the lowest-ranked, 6.  Ranking 1 2 3 7 4 5, median team 7,
    # whose group is 7 alone.  Above, [1, 2, 3]: 1 v 3 and 2 floats to meet 7; below, 5 v 4.
    "round 2, the bye and a one-team median group": (
        build(7, 5, ["bye:7 1-4:3 5-2:1 3-6:3"]),
        "2-7 3-1 4-5 6-bye",
    ),
    # All on 2 MP after two draws each: 1 has met 3 and 4, so 1 v 2, then 3 v 4.  1 (WW) must have
    # Black, 4 (BB) White: no team gets a colour three times running (D.02 7.3).
    "colours: no third White or Black running": (
        build(4, 5, ["1-3:2 2-4:2", "1-4:2 3-2:2"]),
        "2-1 4-3",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_hand_worked_ecu_case(name: str) -> None:
    state, expected = CASES[name]
    assert matches(ecu.pair(state)) == sorted(expected.split())


def test_the_imaginary_points_are_gone_in_round_3() -> None:
    state = build(8, 5, ["1-3:3 4-2:2 5-7:1 8-6:2.5", "2-1:1 3-7:2 4-8:3 6-5:2"], accelerated=True)
    plain = build(8, 5, ["1-3:3 4-2:2 5-7:1 8-6:2.5", "2-1:1 3-7:2 4-8:3 6-5:2"])
    assert ecu.Field(state).pairing_score == ecu.Field(plain).score
    assert matches(ecu.pair(state)) == matches(ecu.pair(plain))


def test_a_floater_that_joins_as_no_2_is_never_floated_again() -> None:
    """N.6.7's example on the walker itself: team 10 floats from {10} into [1, 10, 2, 3, 4], where
    the tie-break puts it second.  It has met 2 and 3, so combinations (1) 1-4 10-3 and (2) 1-4
    10-2 are rematches, and (3) 1-4 2-3 would float 10 again: invalid.  (4) 1-3 10-4 floats 2
    into the median group [2, 5, 6, 7] (median team 5): 2-7, 5-6.  Below it, 9-8."""
    score = {10: 3, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0}
    tie_break = {1: 0, 10: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9}
    met = {frozenset((10, 2)), frozenset((10, 3))}
    groups = walk(
        list(score),
        lambda n: Fraction(score[n]),
        lambda n: (-score[n], n),
        lambda a, b: frozenset((a, b)) not in met,
        ecu.combinations,
        lambda n: (tie_break[n],),
    )
    paired = {frozenset(pair) for group in groups for pair in group.pairs}
    assert paired == {frozenset(p) for p in ((1, 3), (10, 4), (2, 7), (5, 6), (8, 9))}
    assert next(g for g in groups if 10 in g.incoming).floater == 2
