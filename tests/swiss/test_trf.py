from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swiss.model import (
    Acceleration,
    Board,
    Code,
    Colour,
    Pairing,
    Player,
    RoundResult,
    Scoring,
    TournamentState,
    TrfError,
)
from swiss.trf import decode_trf, read_trf, write_trf


def player_line(number: int, points: str, *rounds: str, name: str = "") -> str:
    """A 001 line built column by column (docs/trf.md section 3), independent of the writer."""
    line = f"001 {number:>4}      {(name or f'Player{number:04d}'):<33} {2400 - number:>4}"
    line = line.ljust(80) + f"{points:>4} {number:>4}"
    return line + "".join(f"  {r}" for r in rounds)


def small_file(*extra: str, **lines: str) -> str:
    """Four players after round 1 (1-3 won by White, 4-2 drawn); 4 has an H in round 2."""
    players = {
        "p1": player_line(1, "1.0", "   3 w 1"),
        "p2": player_line(2, "0.5", "   4 b ="),
        "p3": player_line(3, "0.0", "   1 b 0"),
        "p4": player_line(4, "0.5", "   2 w =", "0000 - H"),
    }
    players.update(lines)
    return "\n".join(["012 Small test", *players.values(), "XXR 5", "XXC white1", *extra]) + "\n"


def error_of(text: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    return caught.value


# --------------------------------------------------------------------------- the corpus


def test_every_corpus_file_reads_back_equal_after_writing_it_as_trf_2026(corpus_trf: Path) -> None:
    state = read_trf(corpus_trf.read_text())
    assert read_trf(write_trf(state)) == state


def test_every_corpus_file_reads_back_equal_after_writing_it_as_trf_16(corpus_trf: Path) -> None:
    state = read_trf(corpus_trf.read_text())
    written = write_trf(state, version="16")
    assert not any(
        line[:3] in {"142", "152", "162", "192", "240", "250", "260"} for line in written.splitlines()
    )
    assert read_trf(written) == state


def test_the_writer_reproduces_the_corpus_player_lines_column_for_column(layout_trf: Path) -> None:
    text = layout_trf.read_text()
    original = [line for line in text.splitlines() if line.startswith("001")]
    written = [line for line in write_trf(read_trf(text)).splitlines() if line.startswith("001")]
    assert written == original


# --------------------------------------------------------------------------- reading


def test_a_small_file_gives_history_absences_and_settings() -> None:
    state = read_trf(small_file())
    assert state.name == "Small test"
    assert state.total_rounds == 5
    assert state.initial_colour is Colour.WHITE
    assert state.round_to_pair == 2
    assert state.players[0].history == (RoundResult(3, Colour.WHITE, Code.WIN),)
    assert state.players[3].history == (RoundResult(2, Colour.WHITE, Code.DRAW),)
    assert state.absences == {4: Code.HALF_BYE}
    assert state.players[1].rating == 2398
    assert state.players[1].name == "Player0002"


def test_a_forward_bye_may_already_be_counted_in_the_points_column() -> None:
    counted = small_file(p4=player_line(4, "1.0", "   2 w =", "0000 - H"))
    assert read_trf(counted) == read_trf(small_file())


def test_a_field_with_no_opponent_and_no_result_in_the_round_to_pair_is_a_zero_absence() -> None:
    state = read_trf(small_file(p3=player_line(3, "0.0", "   1 b 0", "0000 -  ")))
    assert state.absences == {3: Code.ZERO_BYE, 4: Code.HALF_BYE}


def test_a_blank_field_in_a_completed_round_is_a_zero_point_bye() -> None:
    text = small_file(
        p1=player_line(1, "0.0", "        "),
        p3=player_line(3, "0.0", "        "),
    )
    state = read_trf(text)
    assert state.players[0].history == (RoundResult(None, None, Code.ZERO_BYE),)
    assert state.players[2].history == (RoundResult(None, None, Code.ZERO_BYE),)


def test_nobody_paired_yet_means_round_one_with_forward_byes_as_absences() -> None:
    text = "\n".join(
        [player_line(1, "0.0"), player_line(2, "0.0", "0000 - Z"), player_line(3, "0.0"), "XXR 3"]
    )
    state = read_trf(text)
    assert state.round_to_pair == 1
    assert all(p.history == () for p in state.players)
    assert state.absences == {2: Code.ZERO_BYE}
    assert state.initial_colour is None


def test_240_records_and_xxz_lines_add_absences_for_the_round_to_pair_only() -> None:
    state = read_trf(small_file("240 F 002 0001", "240 H 001 0002", "XXZ 3"))
    assert state.absences == {1: Code.FULL_BYE, 3: Code.ZERO_BYE, 4: Code.HALF_BYE}


def test_cr_lf_and_crlf_line_endings_read_the_same() -> None:
    text = small_file()
    state = read_trf(text)
    assert read_trf(text.replace("\n", "\r")) == state
    assert read_trf(text.replace("\n", "\r\n")) == state


def test_utf8_is_decoded_and_latin1_is_the_fallback() -> None:
    text = small_file(p1=player_line(1, "1.0", "   3 w 1", name="Müller, Jörg"))
    assert read_trf(decode_trf(text.encode("utf-8"))).players[0].name == "Müller, Jörg"
    assert read_trf(decode_trf(text.encode("latin-1"))).players[0].name == "Müller, Jörg"
    assert decode_trf(b"\xef\xbb\xbf012 x") == "012 x"


def test_unknown_records_and_comments_are_skipped() -> None:
    text = small_file("### a ruler 1234567890", "022 Oslo", "GER national rating line", "BBW 1.0", "801 x")
    assert read_trf(text) == read_trf(small_file())


def test_records_142_and_152_give_rounds_and_colour_and_may_repeat_the_xx_lines() -> None:
    text = small_file("142 5", "152 B").replace("XXC white1\n", "")
    state = read_trf(text)
    assert (state.total_rounds, state.initial_colour) == (5, Colour.BLACK)


def test_scoring_from_162_applies_to_the_points_check_and_xxs_overrides_it() -> None:
    text = small_file(
        "162  W 3.0    D 1.0",
        p1=player_line(1, "3.0", "   3 w 1"),
        p2=player_line(2, "1.0", "   4 b ="),
        p4=player_line(4, "1.0", "   2 w =", "0000 - H"),
    )
    scoring = read_trf(text).scoring
    assert (scoring.win, scoring.draw, scoring.pab, scoring.full_bye, scoring.half_bye) == (3, 1, 3, 3, 1)
    overridden = read_trf(text + "XXS FPB=2.0 ZPB=0.5\n").scoring
    assert (overridden.win, overridden.full_bye, overridden.zero_bye) == (3, 2, Fraction(1, 2))


def test_a_baku_system_code_selects_baku_acceleration() -> None:
    assert read_trf(small_file("192 FIDE_DUTCH_2026_BAKU")).acceleration is Acceleration.BAKU
    assert read_trf(small_file("192 FIDE_DUTCH_2026")).acceleration is Acceleration.NONE


def test_virtual_points_come_from_250_records_or_xxa_lines_alike() -> None:
    from_250 = read_trf(small_file("250      01.0 001 001 0001 0002", "250      00.5 002 002 0001 0002"))
    from_xxa = read_trf(small_file("XXA    1  1.0  0.5", "XXA    2  1.0  0.5  0.0"))
    expected = {1: (Fraction(1), Fraction(1, 2)), 2: (Fraction(1), Fraction(1, 2))}
    assert from_250.virtual_points == from_xxa.virtual_points == expected


def test_250_records_and_xxa_lines_that_disagree_are_rejected() -> None:
    error = error_of(small_file("250      01.0 001 001 0001 0002", "XXA    1  0.5"))
    assert (error.line, error.column) == (9, 10)


def test_forbidden_pairs_come_from_xxp_cliques_and_from_260_records_of_this_round() -> None:
    state = read_trf(small_file("XXP 1 2 3", "260 002 005 0004 0001", "260 003 005 0002 0004"))
    assert state.forbidden == {(1, 2), (1, 3), (2, 3), (1, 4)}


# --------------------------------------------------------------------------- malformed input


@pytest.mark.parametrize(
    ("lines", "line", "column"),
    [
        ({"p2": player_line(2, "0.5", "   4 b =").replace("   2 ", "  2x ", 1)}, 3, 5),
        ({"p2": player_line(2, "0.5", "   4 b =").replace("2398", "23a8")}, 3, 49),
        ({"p2": player_line(2, "0,5", "   4 b =")}, 3, 81),
    ],
    ids=["pairing number", "rating", "points"],
)
def test_bad_numbers_are_rejected_where_they_stand(lines: dict[str, str], line: int, column: int) -> None:
    error = error_of(small_file(**lines))
    assert (error.line, error.column) == (line, column)


def test_an_unknown_result_code_is_rejected_at_its_column() -> None:
    error = error_of(small_file(p2=player_line(2, "0.5", "   4 b x")))
    assert (error.line, error.column) == (3, 99)
    assert "result code" in error.message


def test_an_opponent_number_out_of_range_is_rejected() -> None:
    error = error_of(small_file(p3=player_line(3, "0.0", "   9 b 0")))
    assert (error.line, error.column) == (4, 92)


def test_an_opponent_who_does_not_list_the_player_back_is_rejected() -> None:
    error = error_of(small_file(p3=player_line(3, "0.0", "0000 - Z")))
    assert (error.line, error.column) == (2, 92)
    assert "player 3" in error.message


def test_opponents_with_the_same_colour_are_rejected() -> None:
    error = error_of(small_file(p3=player_line(3, "0.0", "   1 w 0")))
    assert (error.line, error.column) == (2, 97)


def test_results_that_do_not_mirror_each_other_are_rejected() -> None:
    error = error_of(small_file(p3=player_line(3, "1.0", "   1 b 1")))
    assert (error.line, error.column) == (2, 99)


def test_two_pairing_allocated_byes_in_one_round_are_rejected() -> None:
    text = small_file(
        p1=player_line(1, "1.0", "0000 - U"),
        p3=player_line(3, "1.0", "0000 - U"),
    )
    error = error_of(text)
    assert (error.line, error.column) == (4, 99)


def test_a_points_column_that_disagrees_with_the_results_is_rejected() -> None:
    error = error_of(small_file(p1=player_line(1, "0.5", "   3 w 1")))
    assert (error.line, error.column) == (2, 81)
    assert "1.0" in error.message


def test_the_points_check_names_both_accepted_totals_when_a_forward_bye_has_points() -> None:
    error = error_of(small_file(p4=player_line(4, "2.0", "   2 w =", "0000 - H")))
    assert (error.line, error.column) == (5, 81)
    assert "0.5" in error.message and "1.0" in error.message


def test_a_bye_with_an_opponent_and_a_game_without_one_are_rejected() -> None:
    error = error_of(small_file(p4=player_line(4, "0.5", "   2 w H")))
    assert (error.line, error.column) == (5, 92)
    error = error_of(small_file(p4=player_line(4, "0.5", "0000 w 1")))
    assert (error.line, error.column) == (5, 92)


def test_a_game_without_a_result_is_rejected_as_an_unfinished_round() -> None:
    error = error_of(small_file(p1=player_line(1, "1.0", "   3 w 1", "   2 w  ")))
    assert (error.line, error.column) == (2, 109)


def test_round_data_beyond_the_round_to_pair_is_rejected() -> None:
    error = error_of(small_file(p4=player_line(4, "0.5", "   2 w =", "0000 - H", "0000 - H")))
    assert (error.line, error.column) == (5, 112)


def test_without_a_total_number_of_rounds_the_rounds_played_are_the_tournament() -> None:
    """As bbpPairings reads such a file: it can be checked, and there is nothing to pair."""
    text = small_file(p4=player_line(4, "0.5", "   2 w =")).replace("XXR 5\n", "")
    state = read_trf(text)
    assert (state.total_rounds, state.rounds_played) == (1, 1)


def test_the_142_record_gives_the_total_number_of_rounds_without_xxr() -> None:
    assert read_trf(small_file("142 7").replace("XXR 5\n", "")).total_rounds == 7


def test_byes_of_the_round_to_pair_without_a_total_number_of_rounds_are_rejected_at_the_field() -> None:
    error = error_of(small_file().replace("XXR 5\n", ""))
    assert (error.line, error.column) == (5, 102)
    assert "142 or XXR" in error.message


def test_a_non_breaking_space_where_a_blank_belongs_is_rejected_with_line_and_column() -> None:
    line = player_line(3, "0.0", "   1 b 0")
    # Column 90, before round 1's field, must be blank; 0xA0 read from a Latin-1 file.
    text = small_file(p3=line[:89] + "\xa0" + line[90:])
    error = error_of(decode_trf(text.encode("latin-1")))
    assert (error.line, error.column) == (4, 90)
    assert "non-breaking space" in error.message
    error = error_of(small_file().replace("XXR 5", "XXR\xa05"))
    assert (error.line, error.column) == (6, 4)


def test_a_non_breaking_space_in_a_name_is_part_of_the_name() -> None:
    state = read_trf(small_file(p3=player_line(3, "0.0", "   1 b 0", name="Anna\xa0Maria")))
    assert state.players[2].name == "Anna\xa0Maria"


@pytest.mark.parametrize("where", ["name", "comment", "points"])
def test_a_nul_byte_anywhere_is_rejected_with_line_and_column(where: str) -> None:
    if where == "name":
        text = small_file(p3=player_line(3, "0.0", "   1 b 0", name="Anna\0"))
        position = (4, 19)
    elif where == "comment":
        text = small_file("### exported\0")
        position = (8, 13)
    else:
        line = player_line(3, "0.0", "   1 b 0")
        text = small_file(p3=line[:80] + "\0" + line[81:])
        position = (4, 81)
    error = error_of(text)
    assert (error.line, error.column) == position
    assert "NUL" in error.message


def test_a_round_in_which_everyone_had_a_bye_is_a_completed_round() -> None:
    """bbpPairings' generator writes such rounds; the round to pair comes after it."""
    text = small_file(
        p1=player_line(1, "1.5", "   3 w 1", "0000 - H"),
        p2=player_line(2, "1.0", "   4 b =", "0000 - H"),
        p3=player_line(3, "0.5", "   1 b 0", "0000 - H", "0000 - Z"),
        p4=player_line(4, "1.0", "   2 w =", "0000 - H"),
    )
    state = read_trf(text)
    assert state.round_to_pair == 3
    assert [p.history[1].code for p in state.players] == [Code.HALF_BYE] * 4
    assert state.absences == {3: Code.ZERO_BYE}


def test_conflicting_settings_are_rejected_at_the_second_one() -> None:
    error = error_of(small_file("142 7"))
    assert (error.line, error.column) == (8, 5)
    error = error_of(small_file("XXC black1"))
    assert (error.line, error.column) == (8, 5)


def test_duplicate_and_missing_pairing_numbers_are_rejected() -> None:
    error = error_of(small_file(p3=player_line(2, "0.0", "   1 b 0")))
    assert (error.line, error.column) == (4, 5)
    text = small_file(p4=player_line(5, "0.5", "   2 w =")).replace("   4 b =", "   5 b =")
    error = error_of(text)
    assert (error.line, error.column) == (5, 5)


def test_an_absence_that_contradicts_the_player_line_is_rejected() -> None:
    error = error_of(small_file("240 Z 002 0004"))
    assert (error.line, error.column) == (8, 11)


def test_unknown_xxs_codes_and_colour_dependent_points_are_rejected() -> None:
    assert error_of(small_file("XXS Q=1.0")).column == 5
    error = error_of(small_file("XXS WW=1.0 BW=0.5"))
    assert (error.line, error.column) == (8, 12)


def test_an_xxc_rank_line_is_refused_rather_than_misread() -> None:
    error = error_of(small_file("XXC rank"))
    assert (error.line, error.column) == (8, 5)


# --------------------------------------------------------------------------- writing


def full_state() -> TournamentState:
    scoring = Scoring(
        win=Fraction(3), draw=Fraction(1), pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1)
    )
    players = (
        Player(
            1, "Ås, Öla", 2500, (RoundResult(2, Colour.WHITE, Code.FORFEIT_WIN),), "m", "GM", "NOR", "1503014"
        ),
        Player(2, "B", 2400, (RoundResult(1, Colour.BLACK, Code.FORFEIT_LOSS),)),
        Player(3, "C", 0, (RoundResult(None, None, Code.PAB),)),
        Player(4, "D", 2200, (RoundResult(None, None, Code.HALF_BYE),), birth_date="2001/02/03"),
    )
    return TournamentState(
        players=players,
        total_rounds=7,
        initial_colour=Colour.BLACK,
        scoring=scoring,
        absences={2: Code.ZERO_BYE, 4: Code.FULL_BYE},
        virtual_points={
            1: (Fraction(3), Fraction(3, 2)),
            2: (Fraction(3),),
            3: (Fraction(0), Fraction(3, 2)),
        },
        forbidden=frozenset({(1, 3)}),
        acceleration=Acceleration.BAKU,
        name="Everything at once",
    )


def test_a_state_using_every_feature_survives_both_formats() -> None:
    state = full_state()
    assert read_trf(write_trf(state)) == state
    legacy = read_trf(write_trf(state, version="16"))
    # TRF-16 has no system record: the Baku flag is lost, the explicit points are kept.
    assert legacy == TournamentState(**{**state.__dict__, "acceleration": Acceleration.NONE})


def test_trf_2026_output_has_the_engine_records_and_the_xx_lines() -> None:
    lines = write_trf(full_state()).split("\r\n")
    assert lines[:5] == [
        "012 Everything at once",
        "142 7",
        "152 B",
        "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",
        "192 FIDE_DUTCH_2026_BAKU",
    ]
    assert lines[5] == (
        "001    1 m GM Ås, Öla                           2500 NOR     1503014             1.0    2     2 w +"
    )
    assert "240 F 002 0004" in lines and "240 Z 002 0002" in lines
    assert "250      03.0 001 001 0001 0002" in lines and "250      01.5 002 002 0001 0001" in lines
    assert "260 002 007 0001 0003" in lines
    assert lines[-8:] == [
        "XXR 7",
        "XXC black1",
        "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 FW=1.0 FL=0.0 PAB=3.0 HPB=1.0 FPB=3.0 ZPB=0.0",
        "XXA    1  3.0  1.5",
        "XXA    2  3.0",
        "XXA    3  0.0  1.5",
        "XXP 1 3",
        "",
    ]


def test_the_points_column_holds_real_points_only() -> None:
    lines = write_trf(full_state(), newline="\n").splitlines()
    player_lines = [line for line in lines if line.startswith("001")]
    assert [line[80:84] for line in player_lines] == [" 1.0", " 0.0", " 3.0", " 1.0"]
    assert player_lines[1][101:] == "0000 - Z"


def test_a_trf_16_baku_state_gets_its_derived_virtual_points_as_xxa_lines() -> None:
    state = TournamentState(
        players=tuple(Player(n) for n in range(1, 9)), total_rounds=5, acceleration=Acceleration.BAKU
    )
    lines = write_trf(state, version="16", newline="\n").splitlines()
    assert [line for line in lines if line.startswith("XXA")] == [
        "XXA    1  1.0  1.0  0.5",
        "XXA    2  1.0  1.0  0.5",
        "XXA    3  1.0  1.0  0.5",
        "XXA    4  1.0  1.0  0.5",
    ]


def test_writing_with_a_pairing_leaves_the_results_of_that_round_blank() -> None:
    state = read_trf(small_file())
    text = write_trf(state, pairing=Pairing((Board(3, 1), Board(2, None))), newline="\n")
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert lines[0].endswith("     3 w 1     3 b  ")
    assert lines[1].endswith("  0000 - U")
    assert lines[2].endswith("     1 b 0     1 w  ")
    assert lines[3].endswith("  0000 - H")
    with pytest.raises(TrfError, match="a round must be complete"):
        read_trf(text)


def test_an_unknown_version_is_refused() -> None:
    with pytest.raises(ValueError, match="version"):
        write_trf(full_state(), version="06")  # type: ignore[arg-type]
