from __future__ import annotations

from pathlib import Path

import pytest

from swiss.cli import main
from swiss.model import Board, Code, Colour, TournamentState
from swiss.trf import write_trf
from swiss.us import USOptions, pair, pair_with_log

from .us_build import build

KAPRIELIAN = ("Burnett", "Phelps", "Koning", "Rafferty", "Popov", "Thompson", "Reed", "Zhu")


def kaprielian() -> TournamentState:
    """docs/us-chess.md section 5: eight players who drew each other in round 1."""
    games = [(5, 1, "="), (6, 2, "="), (3, 7, "="), (8, 4, "=")]
    return build(
        (1672, 1601, 1597, 1526, 1407, 1395, 1385, 1201), [(games, {})], total_rounds=4, names=KAPRIELIAN
    )


def test_kaprielian_club_practice_without_colour_interchanges() -> None:
    result = pair_with_log(kaprielian(), USOptions(colour_interchanges=False))
    assert result.pairing.boards == (Board(1, 6), Board(2, 5), Board(8, 3), Board(4, 7))
    assert "27A1 transposition Popov (5)↔Thompson (6), 12 points, avoids the rematches 1-5, 2-6" in str(
        result.log[0]
    )
    assert "29E4 rule 5: the higher-ranked player gets the due colour" in str(result.log[2])


def test_kaprielian_rulebook_reading_interchanges_4_and_5_and_gives_everyone_their_due_colour() -> None:
    result = pair_with_log(kaprielian())
    assert set(result.pairing.boards) == {Board(1, 6), Board(2, 8), Board(4, 3), Board(7, 5)}
    assert "29E5b interchange Rafferty (4)↔Popov (5), 119 points, fixes two equalisation conflicts" in str(
        result.log[2]
    )
    assert all("29E3: each player's due colour" in str(line) for line in result.log)


def example_29e5e(fourth: int) -> TournamentState:
    """29E5e: 2050 WBW and 1850 WBW against 1870 BWB and `fourth` BWB, all on 1½ after three rounds."""
    ratings = (2050, 1870, 1850, fourth, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500)
    rounds = [
        ([(1, 5, "1"), (6, 2, "1"), (3, 7, "1"), (8, 4, "1"), (9, 10, "="), (11, 12, "=")], {}),
        ([(9, 1, "1"), (2, 10, "1"), (11, 3, "1"), (4, 12, "1"), (5, 6, "="), (7, 8, "=")], {}),
        ([(1, 11, "="), (12, 2, "="), (3, 9, "="), (10, 4, "="), (6, 5, "1"), (8, 7, "1")], {}),
    ]
    absent = dict.fromkeys(range(5, 13), Code.ZERO_BYE)
    return build(ratings, rounds, total_rounds=5, absences=absent)


def test_29e5e_a_transposition_within_80_points_beats_a_cheaper_interchange() -> None:
    result = pair_with_log(example_29e5e(1780))
    assert result.pairing.boards == (Board(4, 1), Board(2, 3))
    assert "29E5b transposition P3 (3)↔P4 (4), 70 points, fixes two equalisation conflicts" in str(
        result.log[0]
    )


def test_29e5e_the_smaller_interchange_wins_when_the_transposition_is_over_80() -> None:
    result = pair_with_log(example_29e5e(1750))
    assert result.pairing.boards == (Board(2, 1), Board(4, 3))
    assert "interchange P2 (2)↔P3 (3), 20 points" in str(result.log[0])


def test_the_club_option_keeps_the_transposition_over_80_points() -> None:
    assert pair(example_29e5e(1750), USOptions(colour_interchanges=False)).boards == (
        Board(4, 1),
        Board(2, 3),
    )


def test_pair_with_system_us_prints_boards_in_us_order_and_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kaprielian.trf"
    path.write_text(write_trf(kaprielian()) + "XUS no-colour-interchanges\r\n")
    assert main(["pair", "--system", "us", str(path), "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == ["4", "1 6", "2 5", "8 3", "4 7"]
    assert lines[7].startswith("Board 3: Zhu (8) (W) - Koning (3); ½-point group")


def test_an_unknown_us_option_is_invalid_input_with_its_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(write_trf(kaprielian()) + "XUS 29E4a colour-lots\r\n")
    assert main(["pair", "--system", "us", str(path)]) == 3
    assert "column 11: expected a US Chess option" in capsys.readouterr().err


def test_round_one_pairs_top_half_against_bottom_half_alternating_colours_from_the_toss() -> None:
    state = build((2000, 1900, 1800, 1700, 1600, 1500, 1400), [], total_rounds=3, initial_colour=Colour.BLACK)
    result = pair_with_log(state)
    assert result.pairing.boards == (Board(4, 1), Board(2, 5), Board(6, 3), Board(7, None))


def test_a_group_that_no_single_switch_can_free_of_rematches_is_paired_by_one_matching() -> None:
    """1-4 have each met all of 5-8, so each half must hold two of them: that takes two
    interchanges, and the group is re-paired as close to the natural pairing as one matching
    can keep it: 1-4 among themselves, 5-8 among themselves, 4 rating places apart in all."""
    latin = [[(1, 5), (2, 6), (3, 7), (4, 8)], [(1, 6), (2, 7), (3, 8), (4, 5)]]
    latin += [[(1, 7), (2, 8), (3, 5), (4, 6)], [(1, 8), (2, 5), (3, 6), (4, 7)]]
    rounds = [([(a, b, "=") for a, b in games], {}) for games in latin]
    state = build(tuple(2000 - 50 * n for n in range(8)), rounds, total_rounds=6)
    result = pair_with_log(state)
    pairs = [sorted((b.white, b.black or 0)) for b in result.pairing.boards]
    assert all((a <= 4) == (b <= 4) for a, b in pairs)
    ranks = {n: n - 1 for n in range(1, 9)}
    assert sum(abs(ranks[b] - ranks[a] - 4) for a, b in pairs) == 8
    assert all(
        "27A1 re-pairing of the whole group: no single interchange" in str(line) for line in result.log
    )


def test_a_team_line_naming_no_player_number_is_invalid_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad-team.trf"
    path.write_text(write_trf(kaprielian()) + "XUS 28N\r\nXUT 1 Zhu\r\n")
    assert main(["pair", "--system", "us", str(path)]) == 3
    assert "column 7: expected a pairing number, found 'Zhu'" in capsys.readouterr().err


def test_no_pairing_without_a_rematch_exits_1_with_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """1-3 have each met all of 4-6: three rounds of five leave no pairing without a rematch."""
    latin = [[(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 6), (3, 4)], [(1, 6), (2, 4), (3, 5)]]
    state = build((1800,) * 6, [([(a, b, "=") for a, b in games], {}) for games in latin], total_rounds=5)
    path = tmp_path / "met.trf"
    path.write_text(write_trf(state))
    assert main(["pair", "--system", "us", str(path)]) == 1
    assert "cannot all be paired without a rematch (27A1)" in capsys.readouterr().err


def test_check_with_system_us_lists_the_us_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, club = tmp_path / "kaprielian.trf", tmp_path / "club.txt"
    path.write_text(write_trf(kaprielian()))
    club.write_text("4\n1 6\n2 5\n8 3\n4 7\n")
    assert main(["check", "--system", "us", str(path), str(club)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "Board 2: the ½-point group has 2 colour conflicts; the engine's pairing of the same players has 0 "
        "(29E5)",
        "1 finding(s)",
    ]


def test_the_option_lines_read_back_as_the_same_options():
    """`us_option_lines` writes what `read_us_options` reads: the variations and the teams."""
    from dataclasses import replace

    from swiss.us.options import USOptions
    from swiss.us.trf import read_us_options, us_option_lines

    options = replace(
        USOptions(),
        colour_interchanges=False,
        avoid_teammates=True,
        teams={1: "A", 3: "A", 2: "B", 5: "B", 4: "C"},
    )
    lines = us_option_lines(options)
    assert lines == ["XUS no-colour-interchanges 28N", "XUT 1 3", "XUT 2 5"]
    back = read_us_options("\n".join(lines))
    assert replace(back, teams={}) == replace(options, teams={})
    groups = {frozenset(n for n, t in back.teams.items() if t == team) for team in back.teams.values()}
    assert groups == {frozenset({1, 3}), frozenset({2, 5})}
    assert us_option_lines(USOptions()) == []
