"""The norm rules (swiss.norms) against norms.md's tables and its worked examples 6.1-6.5 where
they are about the numbers rather than a file (the files are in test_norms_cases)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from swiss.model import Code
from swiss.norms import NormEvent, NormTitle, Status, rules, tournament_norms, with_result
from swiss.norms.player import Game
from swiss.norms.reach import Field, describe, reach

from .norms_build import CASES, state_of


def case(name: str):  # type: ignore[no-untyped-def]
    return next(c for c in CASES if c.name.startswith(name))


def test_the_dp_table_has_its_51_rows_and_mirrors_below_one_half() -> None:
    assert [rules.dp(p) for p in (100, 99, 89, 78, 67, 56, 50)] == [800, 677, 351, 220, 125, 43, 0]
    assert all(rules.dp(100 - p) == -rules.dp(p) for p in range(50, 101))


@pytest.mark.parametrize(
    ("games", "score", "ra"),
    [
        (9, "3.5", 2680),
        (9, "7", 2380),
        (10, "5", 2600),
        (11, "8.5", 2389),
        (12, "7.5", 2505),
        (13, "5", 2687),
    ],
)
def test_the_gm_table_of_section_3(games: int, score: str, ra: int) -> None:
    """The lowest Ra for a GM norm is max(2380, 2600 - dp(p)), p rounded half-up (Q1: 7.5/12 is .63)."""
    p = rules.p_hundredths(Fraction(score), games)
    assert max(2380, 2600 - rules.dp(p)) == ra
    # IM, WGM, WIM: the same cell less 150, 200, 350 (both thresholds move together).
    for title, offset in ((NormTitle.IM, 150), (NormTitle.WGM, 200), (NormTitle.WIM, 350)):
        need = rules.REQUIREMENTS[title]
        assert max(need.average, need.performance - rules.dp(p)) == ra - offset


def test_the_minimum_counts_of_section_4() -> None:
    """35 % rounded up to a half point, and the mix counts for 9 .. 13 games (§4 step 5)."""
    assert [rules.minimum_score(n) for n in range(7, 14)] == [Fraction(x, 2) for x in (5, 6, 7, 7, 8, 9, 10)]
    counts = [
        (
            rules.titled_needed(n),
            rules.strong_needed(n),
            rules.own_federation_allowed(n),
            rules.one_federation_allowed(n),
        )
        for n in range(9, 14)
    ]
    assert counts == [(5, 3, 5, 6), (5, 4, 6, 6), (6, 4, 6, 7), (6, 4, 7, 8), (7, 5, 7, 8)]


def test_titles_in_either_trf_spelling_and_unknown_codes() -> None:
    assert [rules.title_of(c) for c in ("g", "GM", "wm", "c", "", "x")] == ["GM", "GM", "WIM", "CM", "", None]


def test_example_6_1_figures() -> None:
    norms = tournament_norms(state_of(case("01")), NormEvent(host_federation="ESP"))
    im = norms.players[0].check_for(NormTitle.IM)
    assert im is not None and (im.status, im.ratings_sum, im.average, im.p, im.dp, im.performance) == (
        Status.ACHIEVED,
        20360,
        2262,
        78,
        220,
        2482,
    )
    assert im.raised == 9
    gm = norms.players[0].check_for(NormTitle.GM)
    assert gm is not None and (gm.status, gm.average) == (Status.MISSED, 2279)


def test_example_6_4_reach_and_what_a_pairing_gives() -> None:
    """After 8 rounds: "GM norm: needs 1 point against an opponent rated >= 2416"; the review's
    question, what does this opponent give, answered by playing the round out."""
    state = state_of(case("05"))
    event = NormEvent(host_federation="ESP")
    player = tournament_norms(state, event).players[0]
    gm = next(r for r in player.reach if r.title is NormTitle.GM)
    assert [(o.points, o.rating) for o in gm.options] == [(Fraction(1), 2416)]
    assert str(describe(gm)) == "GM norm possible: needs 1 point against an opponent rated ≥ 2416"
    strong = state.players[-2].number  # the field's 2600 GM
    assert with_result(state, 1, strong, "win", event).achieved == (NormTitle.GM, NormTitle.IM)
    assert with_result(state, 1, strong, "draw", event).achieved == (NormTitle.IM,)
    weak = replace(
        state, players=tuple(replace(p, rating=2415) if p.number == strong else p for p in state.players)
    )
    assert with_result(weak, 1, strong, "win", event).achieved == (NormTitle.IM,)


def test_example_6_5_one_absent_round_ends_the_exemption_for_every_round() -> None:
    exempt = tournament_norms(state_of(case("08")), NormEvent(host_federation="ESP"))
    short = tournament_norms(state_of(case("09")), NormEvent(host_federation="ESP"))
    assert (exempt.event.exemption, exempt.event.federation_rules) == ("1.4.3(d)", False)
    assert (short.event.exemption, short.event.federation_rules) == ("", True)
    assert [f.foreigners for f in short.event.fields][4] == 18


def test_without_a_host_federation_the_exemption_is_not_assumed() -> None:
    norms = tournament_norms(state_of(case("08")), NormEvent())
    assert norms.players[0].achieved == ()
    assert "The host federation is not given" in str(norms.event.notes[0])


def test_an_event_of_seven_rounds_fails_as_a_whole() -> None:
    state = replace(state_of(case("01")), total_rounds=9)
    seven = replace(
        state, total_rounds=7, players=tuple(replace(p, history=p.history[:7]) for p in state.players)
    )
    failed = tournament_norms(seven).event.failed
    assert [str(c.text) for c in failed] == ["rounds: 7, at least 9 needed"]


def test_a_draw_is_enough_against_a_stronger_opponent() -> None:
    """8 games against 2300 (3 IMs, 6 titled, four federations), 5.5 points; IM, one round left.
    A win: 6.5/9, p .72, dp 166, Ra >= 2284, sum >= 9 x 2283.5 -> 20552, R >= 20552 - 18400 =
    2152. A draw: 6/9, dp 125, Ra >= 2325, sum >= 20921, R >= 2521. A loss: Ra >= 2370, R >= 2926,
    above the field's best (2600): out."""
    titles = ("IM", "IM", "IM", "FM", "FM", "FM", "", "")
    feds = ("ESP", "GER", "FRA", "NED", "ESP", "GER", "FRA", "ENG")
    codes = (Code.WIN,) * 4 + (Code.DRAW,) * 3 + (Code.LOSS,)
    games = tuple(
        Game(r, code, r + 1, 2300, t, f, Fraction(0))
        for r, (t, f, code) in enumerate(zip(titles, feds, codes, strict=True), 1)
    )
    field = Field([(20, 2600, "GM"), (21, 2400, "IM"), (22, 2000, "")])
    found = reach(games, NormTitle.IM, "IND", 1, field, {1})
    assert [(o.points, o.rating) for o in found.options] == [(Fraction(1), 2152), (Fraction(1, 2), 2521)]
    assert str(describe(found)) == (
        "IM norm possible: needs 1 point against an opponent rated ≥ 2152; "
        "or ½ point against an opponent rated ≥ 2521"
    )
