"""Tie-breaks from plain records (tournaments.tiebreaks): worked example, hand-computed events."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest

from swiss.model import Code, Colour, Player, RoundResult, Scoring
from tournaments.bridge.tiebreaks import edition, ranking_codes, standings

W, B = Colour.WHITE, Colour.BLACK
MIRROR = {Code.WIN: Code.LOSS, Code.LOSS: Code.WIN, Code.DRAW: Code.DRAW}


def game(opponent: int, colour: Colour, code: Code) -> RoundResult:
    return RoundResult(opponent, colour, code)


def bye(code: Code) -> RoundResult:
    return RoundResult(None, None, code)


def worked_example() -> list[Player]:
    """docs/tiebreaks.md section 3: A (1) beats B, takes a half-point bye, draws C, loses to D, beats E.

    B, C, D and E (2-5) finish on 3, 2.5, 4 and 1 and play every round; their other
    opponents (10 and up) play only them and are absent otherwise.
    """
    a = [
        game(2, W, Code.WIN),
        bye(Code.HALF_BYE),
        game(3, B, Code.DRAW),
        game(4, W, Code.LOSS),
        game(5, B, Code.WIN),
    ]
    players = [Player(1, "A", 2000, tuple(a))]
    fillers: list[Player] = []
    for number, rating, final, met in ((2, 2100, 3, 1), (3, 1900, 2.5, 3), (4, 2200, 4, 4), (5, 1700, 1, 5)):
        own = a[met - 1]
        against_a = MIRROR[own.code]
        rest = Fraction(final) - Scoring().points(against_a)
        history = []
        for rnd in range(1, 6):
            if rnd == met:
                history.append(game(1, B if own.colour is W else W, against_a))
                continue
            code = Code.WIN if rest >= 1 else Code.DRAW if rest == Fraction(1, 2) else Code.LOSS
            rest -= Scoring().points(code)
            filler = 10 * number + rnd
            history.append(game(filler, W, code))
            filler_history = [bye(Code.ZERO_BYE)] * 5
            filler_history[rnd - 1] = game(number, B, MIRROR[code])
            fillers.append(Player(filler, "", 1500, tuple(filler_history)))
        players.append(Player(number, "", rating, tuple(history)))
    return players + fillers


def row(rows, number):
    return next(r for r in rows if r.number == number)


@pytest.mark.parametrize(
    ("ruleset", "bh", "sb"),
    [("fide-2024", "13.5", "6.75"), ("fide-2026", "13", "6.5")],
)
def test_the_worked_example_of_the_spec_in_both_editions(ruleset, bh, sb):
    codes = ["BH", "BH-C1", "SB", "ARO", "WIN", "WON", "REP", "PS", "BPG"]
    a = row(standings(worked_example(), Scoring(), 5, codes, ruleset), 1)
    assert a.points == 3
    assert a.values["BH"] == Decimal(bh)
    # The requested bye's contribution is cut first (16.5.1), not the lowest opponent score 1.
    assert a.values["BH-C1"] == Decimal("10.5")
    assert a.values["SB"] == Decimal(sb)
    assert a.values["ARO"] == 1975  # byes have no rating
    assert (a.values["WIN"], a.values["WON"], a.values["REP"]) == (2, 2, 4)
    assert a.values["PS"] == Decimal("9.5")  # 1 + 1.5 + 2 + 2 + 3
    assert a.values["BPG"] == 2


def test_the_edition_follows_the_start_date():
    assert edition(datetime.date(2026, 2, 28)) == "fide-2024"
    assert edition(datetime.date(2026, 3, 1)) == "fide-2026"


def four_player_round_robin() -> list[Player]:
    """1 beats 2 and 3, loses to 4; 2 beats 3 and 4; 3 beats 4; so 1 and 2 tie on 2 points.

    Hand-computed: BH(1) = 2 + 1 + 1 = 4, BH(2) = 2 + 1 + 1 = 4; SB(1) = 2 + 1 = 3,
    SB(2) = 1 + 1 = 2. 3 and 4 tie on 1 point; 3 beat 4 directly.
    """
    return [
        Player(1, "", 2000, (game(2, W, Code.WIN), game(3, B, Code.WIN), game(4, W, Code.LOSS))),
        Player(2, "", 1900, (game(1, B, Code.LOSS), game(4, W, Code.WIN), game(3, W, Code.WIN))),
        Player(3, "", 1800, (game(4, W, Code.WIN), game(1, W, Code.LOSS), game(2, B, Code.LOSS))),
        Player(4, "", 1700, (game(3, B, Code.LOSS), game(2, B, Code.LOSS), game(1, B, Code.WIN))),
    ]


def test_a_small_event_ranks_by_points_then_buchholz_then_sonneborn_berger():
    rows = standings(four_player_round_robin(), Scoring(), 3, ["BH", "SB", "DE"], "fide-2026")
    assert [(r.values["BH"], r.values["SB"]) for r in rows[:2]] == [(4, 3), (4, 2)]
    # 3 and 4 both have BH 1 + 2 + 2 = 5; SB(3) = 1 (beat 4), SB(4) = 2 (beat 1): SB puts 4 first.
    assert [r.number for r in rows] == [1, 2, 4, 3]


def test_direct_encounter_separates_players_that_buchholz_cannot():
    rows = standings(four_player_round_robin(), Scoring(), 3, ["BH", "DE"], "fide-2026")
    assert [r.number for r in rows] == [1, 2, 3, 4]  # 1 beat 2; 3 beat 4


def test_standings_after_an_earlier_round_use_only_that_many_rounds():
    rows = standings(four_player_round_robin(), Scoring(), 1, ["SB"], "fide-2026")
    assert [(r.number, r.points) for r in rows] == [(1, 1), (3, 1), (2, 0), (4, 0)]


def test_a_forfeit_win_is_unplayed_for_buchholz_and_counts_as_a_win_but_not_as_won():
    players = [
        Player(1, "", 2000, (game(2, W, Code.FORFEIT_WIN), game(3, B, Code.DRAW))),
        Player(2, "", 1900, (game(1, B, Code.FORFEIT_LOSS), game(4, W, Code.WIN))),
        Player(3, "", 1800, (game(4, W, Code.LOSS), game(1, W, Code.DRAW))),
        Player(4, "", 1700, (game(3, B, Code.WIN), game(2, B, Code.LOSS))),
    ]
    for ruleset, bh in (("fide-2024", "2"), ("fide-2026", "1.5")):
        one = row(standings(players, Scoring(), 2, ["BH", "WIN", "WON", "REP"], ruleset), 1)
        # Round 1 scores a dummy: in 2024 the own score 1.5; in 2026 min(1.5, scheduled opponent 2's
        # score 1) (16.4.1). Round 2 adds opponent 3's 0.5.
        assert one.values["BH"] == Decimal(bh)
        assert (one.values["WIN"], one.values["WON"]) == (1, 0)
        assert one.values["REP"] == 2  # a forfeit win is not voluntary
        two = row(standings(players, Scoring(), 2, ["REP"], ruleset), 2)
        assert two.values["REP"] == 1  # the forfeit loss is a VUR


def test_a_requested_bye_in_the_last_round_counts_as_a_draw_for_the_opponents():
    players = [
        Player(1, "", 2000, (game(2, W, Code.WIN), bye(Code.ZERO_BYE))),
        Player(2, "", 1900, (game(1, B, Code.LOSS), game(3, W, Code.DRAW))),
        Player(3, "", 1800, (bye(Code.PAB), game(2, B, Code.DRAW))),
    ]
    two = row(standings(players, Scoring(), 2, ["BH"], "fide-2024"), 2)
    # 1 scored 1 but its trailing zero bye counts as a draw (16.2.5): 1.5; round 2 opponent 3 has 1.5.
    assert two.values["BH"] == 3


def one_round_of_four() -> list[Player]:
    """Round 1: 1 beats 2, 3 beats 4. Nothing can separate 1 from 3, or 2 from 4."""
    return [
        Player(1, "", 2000, (game(2, W, Code.WIN),)),
        Player(2, "", 1900, (game(1, B, Code.LOSS),)),
        Player(3, "", 1800, (game(4, W, Code.WIN),)),
        Player(4, "", 1700, (game(3, B, Code.LOSS),)),
    ]


def places(rows) -> list[tuple[int, str]]:
    return [(r.number, r.place) for r in rows]


@pytest.mark.parametrize("ruleset", ["fide-2024", "fide-2026"])
def test_players_tied_after_every_tie_break_share_a_place_listed_by_pairing_number(ruleset):
    rows = standings(one_round_of_four(), Scoring(), 1, ["BH-C1", "BH", "SB", "DE", "WIN"], ruleset)
    # C.07 leaves these ties to a drawing of lots: no rank of their own, one shared place.
    assert places(rows) == [(1, "1-2"), (3, "1-2"), (2, "3-4"), (4, "3-4")]
    assert [(r.rank, r.last) for r in rows] == [(1, 2), (1, 2), (3, 4), (3, 4)]


def test_direct_encounter_breaks_a_tie_that_the_values_leave():
    # 1 and 2 are equal on BH (4) and so are 3 and 4 (5); 1 beat 2 and 3 beat 4.
    assert places(standings(four_player_round_robin(), Scoring(), 3, ["BH"], "fide-2026")) == [
        (1, "1-2"),
        (2, "1-2"),
        (3, "3-4"),
        (4, "3-4"),
    ]
    rows = standings(four_player_round_robin(), Scoring(), 3, ["BH", "DE"], "fide-2026")
    assert places(rows) == [(1, "1"), (2, "2"), (3, "3"), (4, "4")]


def test_a_list_ending_with_the_pairing_number_leaves_no_shared_place():
    rows = standings(one_round_of_four(), Scoring(), 1, ["BH", "TPN"], "fide-2026")
    assert places(rows) == [(1, "1"), (3, "2"), (2, "3"), (4, "4")]
    rows = standings(one_round_of_four(), Scoring(), 1, ["RTNG"], "fide-2026")
    assert places(rows) == [(1, "1"), (3, "2"), (2, "3"), (4, "4")]
    assert all(set(r.values) == set() for r in rows)  # RTNG orders without a column


def test_tpn_and_rtng_are_left_out_before_the_2026_edition():
    kept, dropped = ranking_codes(["BH", "TPN", "RTNG"], one_round_of_four(), "fide-2024")
    assert kept == ["BH"] and set(dropped) == {"TPN", "RTNG"}


def test_rating_tie_breaks_are_dropped_when_an_unrated_player_takes_part():
    codes = ["ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "BH", "STD"]
    field = one_round_of_four()
    kept, dropped = ranking_codes(codes, field, "fide-2026")
    assert kept == ["ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "BH"] and list(dropped) == ["STD"]
    field[3] = Player(4, "", 0, field[3].history)  # player 4 is unrated
    kept, dropped = ranking_codes(codes, field, "fide-2026")
    assert kept == ["BH"]
    assert set(dropped) == {"ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "STD"}
    assert "Art. 10" in dropped["ARO"]


def test_aro_breaks_a_tie_only_while_everyone_is_rated():
    # 1 met 2 (1900), 3 met 4 (1700): ARO puts 1 first. With 4 unrated, ARO leaves the list.
    rated = one_round_of_four()
    assert places(standings(rated, Scoring(), 1, ["ARO"], "fide-2026"))[:2] == [(1, "1"), (3, "2")]
    unrated = [*rated[:3], Player(4, "", 0, rated[3].history)]
    kept, _ = ranking_codes(["ARO"], unrated, "fide-2026")
    assert places(standings(unrated, Scoring(), 1, kept, "fide-2026"))[:2] == [(1, "1-2"), (3, "1-2")]


def test_a_cut_that_removes_a_players_only_value_leaves_zero_and_decides_nothing():
    # Round 1: 1 beats 2, 3 has the pairing-allocated bye. C.07 Art. 14.1 cuts the one value each
    # has, so BH-C1 is 0 for everyone and cannot put the bye ahead of the win (or the reverse).
    field = [
        Player(1, "", 2000, (game(2, W, Code.WIN),)),
        Player(2, "", 1900, (game(1, B, Code.LOSS),)),
        Player(3, "", 1800, (bye(Code.PAB),)),
    ]
    rows = standings(field, Scoring(), 1, ["BH-C1"], "fide-2026")
    assert places(rows) == [(1, "1-2"), (3, "1-2"), (2, "3")]
    assert [r.values["BH-C1"] for r in rows] == [0, 0, 0]


def test_median_buchholz_after_two_rounds_is_zero_for_everyone():
    rows = standings(four_player_round_robin(), Scoring(), 2, ["BH-M1"], "fide-2026")
    assert {r.values["BH-M1"] for r in rows} == {0}
    # From the third round on, Median-1 keeps the middle value (1 and 2: opponents on 1, 2 and 1).
    rows = standings(four_player_round_robin(), Scoring(), 3, ["BH-M1"], "fide-2026")
    assert {r.number: r.values["BH-M1"] for r in rows}[1] == 1


def test_a_whole_value_prints_without_an_exponent():
    # Progressive score of four straight wins: 1 + 2 + 3 + 4 = 10, not "1E+1".
    wins = tuple(game(n, W, Code.WIN) for n in (2, 3, 4, 5))
    losers = [
        Player(
            n,
            "",
            1900 - n,
            tuple(game(1, B, Code.LOSS) if r == n - 2 else bye(Code.ZERO_BYE) for r in range(4)),
        )
        for n in (2, 3, 4, 5)
    ]
    rows = standings([Player(1, "", 2000, wins), *losers], Scoring(), 4, ["PS"], "fide-2026")
    assert str(rows[0].values["PS"]) == "10"


def test_a_player_without_a_game_played_has_no_rating_average():
    # 3 had the bye: no opponent over the board, so no ARO or TPR (C.07 Art. 10), listed after 1.
    field = [
        Player(1, "", 2000, (game(2, W, Code.WIN),)),
        Player(2, "", 1900, (game(1, B, Code.LOSS),)),
        Player(3, "", 1800, (bye(Code.PAB),)),
    ]
    rows = standings(field, Scoring(), 1, ["ARO", "TPR"], "fide-2026")
    assert places(rows) == [(1, "1"), (3, "2"), (2, "3")]
    assert dict(rows[1].values) == {}
    assert set(rows[0].values) == {"ARO", "TPR"}
