"""The A/B/C/D acceleration, standard and advanced (seed (e), docs/acceleration.md section 3).

The expected pairings of the step-by-step events were worked out by hand from the seed's
steps 1-6 and, inside each group, from the Dutch rules (C.04.3 2026: C12 colour preferences,
then Article 4.2's order); the comments give the reasoning. Where a round goes on beyond
what was worked by hand, the rest is compared with the plain Dutch pairing of the players
left over, which is what the method says: "everyone else, in ordinary scoregroups".
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from swiss.abcd import Groups, accelerated, groups
from swiss.check import check
from swiss.cli import main
from swiss.dutch import pair, pair_with_notes
from swiss.generate import generate
from swiss.model import (
    Acceleration,
    Board,
    Code,
    Colour,
    Pairing,
    Player,
    RoundResult,
    TournamentState,
    TrfError,
)
from swiss.pairing_text import format_pairing
from swiss.trf import read_trf, write_trf

ABCD, ADVANCED = Acceleration.ABCD, Acceleration.ABCD_ADVANCED


def field(players: int, acceleration: Acceleration, rounds: int = 7) -> TournamentState:
    return TournamentState(
        players=tuple(Player(n, rating=2700 - 10 * n) for n in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
        acceleration=acceleration,
    )


def play(
    state: TournamentState, pairing: Pairing, results: dict[tuple[int, int], str] | None = None
) -> TournamentState:
    """The round played: the lower pairing number wins unless `results` gives, for the pair
    (lower, higher), "0" (the higher number wins) or "=" (a draw)."""
    rounds: dict[int, RoundResult] = {}
    for board in pairing.boards:
        if board.black is None:
            rounds[board.white] = RoundResult(None, None, Code.PAB)
            continue
        low, high = sorted((board.white, board.black))
        outcome = (results or {}).get((low, high), "1")
        codes = {"1": (Code.WIN, Code.LOSS), "0": (Code.LOSS, Code.WIN), "=": (Code.DRAW, Code.DRAW)}[outcome]
        colour = {board.white: Colour.WHITE, board.black: Colour.BLACK}
        rounds[low] = RoundResult(high, colour[low], codes[0])
        rounds[high] = RoundResult(low, colour[high], codes[1])
    players = tuple(replace(p, history=(*p.history, rounds[p.number])) for p in state.players)
    return replace(state, players=players)


def boards(*pairs: tuple[int, int | None]) -> set[Board]:
    return {Board(white, black) for white, black in pairs}


def rest_by_plain_dutch(state: TournamentState, paired: set[int]) -> set[Board]:
    """The players not in `paired`, paired by the Dutch rules alone in their score groups."""
    plain = replace(state, acceleration=Acceleration.NONE, absences=dict.fromkeys(paired, Code.ZERO_BYE))
    return set(pair(plain).boards)


# --- Step 1: the groups ------------------------------------------------------------------


@pytest.mark.parametrize("players", range(20, 61))
def test_the_standard_groups_follow_the_remainder_rule_of_step_1(players: int) -> None:
    quarter, remainder = divmod(players, 4)
    split = groups(players)
    # Step 1: a remainder of 1 or 2 adds two to the top half; 3 adds two to it and one below.
    top = {0: 2 * quarter, 1: 2 * quarter + 2, 2: 2 * quarter + 2, 3: 2 * quarter + 2}[remainder]
    bottom = {0: 2 * quarter, 1: 2 * quarter - 1, 2: 2 * quarter, 3: 2 * quarter + 1}[remainder]
    assert (split.top, players - split.top) == (top, bottom)
    assert split.a == split.b and split.a + split.b + split.c + split.d == players
    assert split.d - split.c == bottom % 2  # an odd bottom half gives its extra player to D


@pytest.mark.parametrize("players", range(20, 61))
def test_the_advanced_top_half_is_the_largest_even_number_within_56_to_60_percent(players: int) -> None:
    split = groups(players, advanced=True)
    in_range = [t for t in range(0, players + 1, 2) if 56 * players <= 100 * t <= 60 * players]
    if in_range:
        assert split.top == max(in_range)
    else:
        # No even number in the range: the even number just below 60 %.
        assert split.top % 2 == 0 and 100 * split.top < 56 * players < 100 * (split.top + 2)
    assert split.top > players - split.top  # larger than the bottom half, as the text requires
    assert split.a == split.b and split.c + split.d == players - split.top and 0 <= split.d - split.c <= 1


def test_the_spec_examples_of_the_group_sizes() -> None:
    assert groups(40) == Groups(10, 10, 10, 10)
    assert groups(23) == Groups(6, 6, 5, 6)  # 23 = 4 * 5 + 3: top 12, bottom 11
    assert groups(50, advanced=True) == Groups(15, 15, 10, 10)  # 60 % of 50 is 30


# --- 40 players, standard ----------------------------------------------------------------


def test_forty_players_rounds_1_to_3_step_by_step() -> None:
    state = field(40, ABCD)
    # Step 2: A (1-10) plays B (11-20), C (21-30) plays D (31-40). Inside each group the
    # Dutch colours: the higher player with an odd number gets the drawn colour (White).
    round_1 = pair(state)
    expected = {Board(i, 10 + i) if i % 2 else Board(10 + i, i) for i in range(1, 11)}
    expected |= {Board(20 + i, 30 + i) if i % 2 else Board(30 + i, 20 + i) for i in range(1, 11)}
    assert set(round_1.boards) == expected
    state = play(state, round_1, {(4, 14): "0", (3, 13): "=", (26, 36): "0", (25, 35): "="})

    # Round 2. 3(a) first, as 3 pairs the groups "in order": the top-half winners 1 2 5 6 7 8
    # 9 10 14 pair by the Dutch rules: S1 1 2 5 6, S2 7 8 9 10 14; C12 makes 1-8, 2-7, 5-10,
    # 6-9, and 14 floats.
    top_group = boards((8, 1), (2, 7), (10, 5), (6, 9))
    # 6: the floater 14 meets the highest-ranked player half a point below: of 3 13 25 35,
    # 3. Colours "as usual" (our reading, docs/rules.md): 14 and 3 both had White and want
    # Black; 14 has the higher score and gets it. 35, who wants White, would have suited 14's
    # colour, but rank, not colour, chooses the opponent here.
    floater = boards((3, 14))
    # The bottom-half winners (9) do not outnumber the top-half non-winners left for (b) (4 11
    # 12 13 15 16 17 18 19 20), so 6's exception does not apply. 3(b): 21 22 23 24 27 28 29 30
    # 36 in order, each against the nine highest of them (4 11 12 13 15 16 17 18 19), the
    # highest whose colour preference goes with theirs: 21 (had White) takes 4 (had Black),
    # 22 takes 12, 23 11, 24 16, 27 13, 28 18, 29 15; 30 (wants White) finds 17 and 19 both
    # wanting White and takes the higher, 17, with White on the higher score; 36 takes 19.
    special = boards((4, 21), (22, 12), (11, 23), (24, 16), (13, 27), (28, 18), (15, 29), (30, 17), (19, 36))
    # Left: 25 and 35 on ½ met in round 1 and both float to the 0 group (C.04.3), where S1 25
    # 35 meet its highest players 20 and 26 with every preference granted (35 wants White, 20
    # Black; 25 Black, 26 White); then S1 31 32 33 34 against S2 37 38 39 40, transposed by
    # C12 so that every preference is granted.
    below = boards((35, 20), (26, 25), (31, 38), (37, 32), (33, 40), (39, 34))
    round_2 = pair(state)
    assert set(round_2.boards) == top_group | floater | special | below
    _, notes = pair_with_notes(state)
    assert any("A/B/C/D acceleration (3(b))" in str(note) for note in notes[21])
    assert any("A/B/C/D acceleration (6)" in str(note) for note in notes[14])

    state = play(state, round_2, {(4, 21): "0", (3, 14): "0", (19, 36): "0"})
    # Round 3: 1 2 5 6 14 are the top half on 100 % (2), 21 and 36 the bottom half; 13 and
    # 25 have 1½. 4(a) first: 14 floated down last round (the rule 6 pair is a float), so by
    # C14 another floats; of the rest, floating 5 leaves S1 1 2 against 6 14 with every
    # colour granted and needs only a transposition (C.04.3 4.3): 5 floats. 6: 5 meets the
    # highest-ranked player on 1½, 13 (5 wants White, 13 Black: here both readings agree).
    top_group = boards((1, 6), (14, 2), (5, 13))
    # 4(b): 21 and 36 (both want White) meet the highest top-half player with a suitable
    # colour from the 1 and 1½ groups, 13 gone: 21 passes 7 (wants White) for 8; 36 passes
    # 7 and 9 for 10.
    special = boards((21, 8), (36, 10))
    round_3 = set(pair(state).boards)
    assert special | top_group <= round_3
    assert not [f for f in check(state, Pairing(tuple(round_3))) if f.absolute]
    assert accelerated(play(state, Pairing(tuple(round_3)), {(8, 21): "0"}))


def test_an_acceleration_pair_is_not_a_dutch_float() -> None:
    """Seed (e) 3(b): in round 2 the bottom-half winner 21 (1 point) meets the top-half
    loser 4 (0), and 22 (1) the top-half 12 (0); those pairs are the method's, made before
    the brackets, not floats of the Dutch brackets (C.04.3 1.4 defines floats for the
    brackets it pairs). So in round 3 none of the four counts as having floated last round,
    while the floater of rule 6, 14 (1) against 3 (½), floats ("un flotante"), and so does
    the Dutch pair of different scores 35 (½) - 20 (0)."""
    from swiss.dutch import Float, floats

    state = field(40, ABCD)
    state = play(state, pair(state), {(4, 14): "0", (3, 13): "=", (26, 36): "0", (25, 35): "="})
    round_2 = pair(state)
    assert {Board(4, 21), Board(22, 12), Board(3, 14), Board(35, 20)} <= set(round_2.boards)
    state = play(state, round_2, {(4, 21): "0", (19, 36): "0"})
    last = {n: f[0] for n, f in floats(state).items()}
    assert [last[n] for n in (21, 4, 22, 12)] == [Float.NONE] * 4
    assert (last[14], last[3], last[35], last[20]) == (Float.DOWN, Float.UP, Float.DOWN, Float.UP)
    plain = {n: f[0] for n, f in floats(replace(state, acceleration=Acceleration.NONE)).items()}
    assert (plain[21], plain[4]) == (Float.DOWN, Float.UP)


def test_fifty_players_advanced_rounds_1_to_3_step_by_step() -> None:
    state = field(50, ADVANCED)
    # Advanced step 1: the top half is 30 (60 %): A 1-15, B 16-30, C 31-40, D 41-50.
    round_1 = pair(state)
    expected = {Board(i, 15 + i) if i % 2 else Board(15 + i, i) for i in range(1, 16)}
    expected |= {Board(30 + i, 40 + i) if i % 2 else Board(40 + i, 30 + i) for i in range(1, 11)}
    assert set(round_1.boards) == expected
    state = play(state, round_1, {(1, 16): "0", (33, 43): "=", (34, 44): "0"})

    # Round 2 is the standard step 3 with the larger top half. The bottom-half winners 31 32
    # 35 36 37 38 39 40 44 meet the nine highest top-half non-winners 1 17 18 19 20 21 22 23
    # 24. 44 (wants Black) finds none of them left with a matching preference, and 3(b)
    # keeps it among the nine: 23, who also wants Black; 44 has the higher score and gets it.
    special = boards((18, 31), (32, 1), (20, 35), (36, 17), (22, 37), (38, 19), (24, 39), (40, 21), (23, 44))
    # 3(a): 2-16 on 1, S1 2-8 against S2 9-16 with every preference granted; 16 floats to
    # 33 (½); 43 floats to the 0 group and meets 25; then S1 26 27 28 29 30 34 41 against
    # S2 42 45 46 47 48 49 50, six preferences of seven granted, 34 taking 49 in order.
    top_group = boards((2, 9), (10, 3), (4, 11), (12, 5), (6, 13), (14, 7), (8, 15))
    below = boards((16, 33), (43, 25), (26, 42), (45, 27), (28, 46), (47, 29), (30, 48), (34, 49), (41, 50))
    round_2 = pair(state)
    assert set(round_2.boards) == special | top_group | below

    state = play(state, round_2, {(18, 31): "0", (1, 32): "=", (23, 44): "="})
    # Round 3, 4(b): 31 (2 points, wants White) meets the highest top-half player on 1 or
    # 1½ who wants Black: 10. Advanced: 32 and 44 are half a point behind, and meet
    # top-half players on ½ or 1: 32 (wants Black, has met 1) takes 9, 44 (wants White)
    # takes 12, 11 wanting White too.
    special = boards((31, 10), (9, 32), (44, 12))
    # 4(a): 2 3 4 5 6 7 8 16 on 2: three preferences of four at best; in 4.2 order 2-6,
    # 3-8, 4-7, 5-16.
    top_group = boards((6, 2), (3, 8), (7, 4), (5, 16))
    round_3 = set(pair(state).boards)
    assert special | top_group <= round_3
    assert round_3 - special == rest_by_plain_dutch(state, {31, 10, 32, 9, 44, 12})

    # The standard method pairs only 31 specially; 32 and 44 stay in their score group.
    standard = replace(state, acceleration=ABCD)
    assert {b for b in pair(standard).boards if {b.white, b.black} & {32, 44}} <= rest_by_plain_dutch(
        standard, {31, 10}
    )


# --- Rule 6 and the stop rule ------------------------------------------------------------


def test_rule_6_pairs_the_top_groups_floater_with_a_bottom_half_leader_when_opponents_run_short() -> None:
    state = field(12, ABCD)  # top half 1-6, bottom half 7-12
    state = play(
        state, Pairing((Board(1, 4), Board(5, 2), Board(3, 6), Board(7, 10), Board(11, 8), Board(9, 12)))
    )
    state = play(
        state,
        Pairing((Board(5, 1), Board(2, 6), Board(4, 3), Board(8, 7), Board(9, 11), Board(10, 12))),
        {(1, 5): "1", (8, 11): "1"},
    )
    # On 2 points: 1 2 3 (top, odd) and 7 9 (bottom); no top-half player has 1 or 1½. So the
    # top group's floater, 3 (wants White), meets a bottom-half leader with a suitable
    # colour: 9, who had White twice, rather than 7, who wants White too.
    result = pair(state)
    assert Board(3, 9) in result.boards
    assert not [f for f in check(state, result) if f.absolute]


def test_the_acceleration_stops_once_no_bottom_half_player_is_on_100_percent() -> None:
    state = field(20, ABCD)
    round_1 = pair(state)
    # Every bottom-half game is drawn: nobody in 11-20 is on 100 % after round 1.
    state = play(state, round_1, {(10 + i, 15 + i): "=" for i in range(1, 6)})
    assert not accelerated(state)
    assert set(pair(state).boards) == set(pair(replace(state, acceleration=Acceleration.NONE)).boards)
    # The advanced method goes on: bottom-half players half a point behind still count.
    advanced = field(20, ADVANCED)
    advanced = play(advanced, pair(advanced), {(12 + i, 16 + i): "=" for i in range(1, 5)})
    assert accelerated(advanced)


def test_the_acceleration_stops_when_two_rounds_remain() -> None:
    state = field(20, ABCD, rounds=5)
    for _ in range(3):
        assert accelerated(state)
        state = play(state, pair(state), {(k, 11): "0" for k in range(1, 11)})
    # Round 4 of 5: 11 has won every game and is in the bottom half, yet two rounds remain.
    assert all(r.code is Code.WIN for r in state.players[10].history)
    assert not accelerated(state)
    # No pair is made before the brackets any more; the accelerated rounds' own pairs
    # (4(b)) still float nobody in the history, so the float criteria may differ from an
    # event that was never accelerated.
    _, notes = pair_with_notes(state)
    assert not [n for ns in notes.values() for n in ns if "A/B/C/D acceleration" in str(n)]
    assert not accelerated(field(20, ABCD, rounds=2))


# --- 200 generated events ----------------------------------------------------------------


def test_every_round_of_200_generated_accelerated_events_keeps_the_absolute_rules() -> None:
    rng = random.Random(2026)
    rounds_checked = special_rounds = 0

    def checked(state: TournamentState) -> Pairing:
        nonlocal rounds_checked, special_rounds
        result, notes = pair_with_notes(state)
        absolute = [str(f) for f in check(state, result) if f.absolute]
        assert not absolute, (state.name, state.round_to_pair, absolute)
        rounds_checked += 1
        special_rounds += any("A/B/C/D" in str(note) for lines in notes.values() for note in lines)
        return result

    for event in range(200):
        generate(
            event,
            rng.randint(14, 32),
            rng.randint(5, 7),
            pair=checked,
            acceleration=ABCD if event % 2 else ADVANCED,
            draw_rate=rng.choice((0.1, 0.3, 0.5)),
            forfeit_rate=0.02,
            bye_rate=0.02,
            absence_rate=0.02,
        )
    # Most events are accelerated beyond round 1 (the pairs made before the brackets).
    assert rounds_checked > 1000 and special_rounds > 200


def test_where_no_even_number_lies_within_56_to_60_percent_the_top_half_falls_just_below() -> None:
    without = [n for n in range(20, 61) if not any(56 * n <= 100 * t <= 60 * n for t in range(0, n + 1, 2))]
    assert without == [22, 23, 26, 29, 33, 36, 43]  # as docs/rules.md lists them
    assert [groups(n, advanced=True).top for n in without] == [12, 12, 14, 16, 18, 20, 24]


# --- TRF and command line ----------------------------------------------------------------


@pytest.mark.parametrize("version", ["2026", "16"])
@pytest.mark.parametrize("acceleration", [ABCD, ADVANCED])
def test_the_trf_records_the_method_so_that_a_reimport_pairs_the_same_way(
    acceleration: Acceleration, version: str
) -> None:
    state = generate(4, 24, 7, played=2, acceleration=acceleration)
    text = write_trf(state, version=version)
    assert f"XAC {acceleration.value}" in text.splitlines()
    again = read_trf(text)
    assert again.acceleration is acceleration
    assert set(pair(again).boards) == set(pair(state).boards)


def test_a_malformed_xac_line_is_refused_where_it_stands() -> None:
    text = write_trf(generate(4, 8, 5, played=1, acceleration=ABCD)).replace("XAC abcd", "XAC quarters")
    with pytest.raises(TrfError, match="expected one of abcd, abcd-advanced"):
        read_trf(text)


def test_virtual_points_beside_an_xac_line_are_refused() -> None:
    text = write_trf(generate(4, 8, 5, played=1, acceleration=ABCD)) + "XXA    1  1.0\r\n"
    with pytest.raises(TrfError, match="no virtual points"):
        read_trf(text)


def test_the_command_line_acceleration_overrides_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1: A/B/C/D pairs 1-7, plain Dutch 1-13.
    state = generate(8, 24, 7, played=0)
    path = tmp_path / "plain.trf"
    path.write_text(write_trf(state))
    outputs = {}
    for option in ([], ["--acceleration", "abcd"], ["--acceleration", "none"]):
        assert main(["pair", *option, str(path)]) == 0
        outputs[tuple(option)] = capsys.readouterr().out
    abcd = replace(state, acceleration=ABCD)
    assert outputs[("--acceleration", "abcd")] == format_pairing(abcd, pair(abcd))
    assert outputs[("--acceleration", "abcd")] != outputs[()] == outputs[("--acceleration", "none")]
    assert main(["--dutch", str(path), "-p", "--acceleration", "abcd-advanced"]) == 0
    advanced = replace(state, acceleration=ADVANCED)
    assert capsys.readouterr().out == format_pairing(advanced, pair(advanced))


# --- Late entries --------------------------------------------------------------------------


def late_entry_after_round_1() -> TournamentState:
    """Twelve players after round 1 (the top half 1-6; 1 2 3 and 7 8 9 won), then a late
    entry rated between 2 and 3, numbered 3 with a zero-point bye for round 1: the others
    from 3 on move one number down, so the top half's last player, 6, is now 7."""
    state = field(12, ABCD)
    state = play(state, pair(state))

    def renumbered(number: int | None) -> int | None:
        return number if number is None or number < 3 else number + 1

    players = [
        replace(
            p,
            number=renumbered(p.number) or 0,
            history=tuple(replace(r, opponent=renumbered(r.opponent)) for r in p.history),
        )
        for p in state.players
    ]
    late = Player(3, rating=2675, history=(RoundResult(None, None, Code.ZERO_BYE),))
    return replace(state, players=tuple(sorted([*players, late], key=lambda p: p.number)))


def opponents(pairing: Pairing) -> dict[int, int]:
    return {
        a: b
        for board in pairing.boards
        if board.black
        for a, b in ((board.white, board.black), (board.black, board.white))
    }


def test_a_late_entry_ranks_against_the_top_half_cut_fixed_at_round_1() -> None:
    state = late_entry_after_round_1()
    fixed = replace(state, abcd_last_top=7)
    _, notes = pair_with_notes(fixed)
    # The round-1 winners of C and D (now 8 9 10) are still the bottom half on 100 %: 3(b) gives
    # each one of the three highest top-half players who did not win, the late entry 3 among them.
    met = opponents(pair(fixed))
    for winner in (8, 9, 10):
        assert any("A/B/C/D acceleration (3(b))" in str(note) for note in notes[winner]), winner
    assert {met[8], met[9], met[10]} == {3, 5, 6}
    # Cut from the thirteen now entered, the top half would be 1-8 and take 8 out of 3(b).
    _, derived = pair_with_notes(state)
    assert not any("A/B/C/D acceleration" in note for note in derived.get(8, []))


def test_a_late_entry_below_the_cut_joins_the_bottom_half() -> None:
    state = field(12, ABCD)
    state = play(state, pair(state))
    # The late entry rated below everyone is numbered 13: the top half stays 1-6.
    late = Player(13, rating=1000, history=(RoundResult(None, None, Code.ZERO_BYE),))
    state = replace(state, players=(*state.players, late), abcd_last_top=6)
    _, notes = pair_with_notes(state)
    met = opponents(pair(state))
    for winner in (7, 8, 9):  # the bottom-half winners of round 1, each against the top half (3(b))
        assert any("A/B/C/D acceleration (3(b))" in str(note) for note in notes[winner]) and met[winner] <= 6
    # Cut from the thirteen now entered, the top half would be 1-8 and take 7 and 8 out of 3(b).
    _, derived = pair_with_notes(replace(state, abcd_last_top=None))
    assert not any("A/B/C/D acceleration" in str(note) for n in (7, 8) for note in derived.get(n, []))


@pytest.mark.parametrize("version", ["2026", "16"])
def test_the_trf_keeps_the_round_1_cut_so_that_a_reimport_pairs_the_same_way(version: str) -> None:
    state = replace(late_entry_after_round_1(), abcd_last_top=7)
    text = write_trf(state, version=version)
    assert "XAC abcd 7" in text.splitlines()
    again = read_trf(text)
    assert again.abcd_last_top == 7
    assert (
        set(pair(again).boards)
        == set(pair(state).boards)
        != set(pair(replace(state, abcd_last_top=None)).boards)
    )
    assert read_trf(write_trf(replace(state, abcd_last_top=None))).abcd_last_top is None


@pytest.mark.parametrize(("cut", "message"), [("x7", "the top half's last player"), ("14", "from 1 to 13")])
def test_a_cut_that_names_no_player_is_refused(cut: str, message: str) -> None:
    text = write_trf(replace(late_entry_after_round_1(), abcd_last_top=7)).replace(
        "XAC abcd 7", f"XAC abcd {cut}"
    )
    with pytest.raises(TrfError, match=message):
        read_trf(text)


def test_another_method_on_the_command_line_drops_the_files_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = replace(late_entry_after_round_1(), abcd_last_top=7)
    path = tmp_path / "late.trf"
    path.write_text(write_trf(state))
    assert main(["pair", "--acceleration", "abcd-advanced", str(path)]) == 0
    advanced = replace(state, acceleration=ADVANCED, abcd_last_top=None)
    assert capsys.readouterr().out == format_pairing(advanced, pair(advanced))
    assert main(["pair", str(path)]) == 0
    assert capsys.readouterr().out == format_pairing(state, pair(state))


def test_the_explanation_cites_rule_3b_not_a_dutch_float() -> None:
    """Round 2 of the 40-player event: 21 (bottom half, 1 point) meets 4 (top half, lost)
    by seed (e) 3(b); the board's explanation says so, and does not call it a float of the
    Dutch brackets (C.04.3 C6-C7). The floater 14 (1) meets 3 (½) by rule 6, and says so; the
    Dutch pair 35 (½) - 20 (0) is a float of the Dutch brackets."""
    from swiss.explain import explain_board

    state = field(40, ABCD)
    state = play(state, pair(state), {(4, 14): "0", (3, 13): "=", (26, 36): "0", (25, 35): "="})
    pairing, notes = pair_with_notes(state)
    special = " ".join(map(str, explain_board(state, Board(4, 21), notes)))
    assert "21 (1), of the bottom half, meets 4 (0), of the top half, by rule 3(b)" in special
    assert "floats" not in special and "C.04.3" not in special
    floater = " ".join(map(str, explain_board(state, Board(3, 14), notes)))
    assert (
        "14 (1) is the floater of the top-half leaders and meets 3 (½), half a point below, by rule 6"
        in floater
    )
    assert "C.04.3" not in floater
    assert Board(35, 20) in pairing.boards
    dutch = " ".join(map(str, explain_board(state, Board(35, 20), notes)))
    assert "35 (½) floats down to meet 20 (0)" in dutch
