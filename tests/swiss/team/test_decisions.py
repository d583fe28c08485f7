"""The team rules decisions of docs/rules.md (the open questions of the spec's section 5), one test each."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swiss import pair
from swiss.cli import INVALID_INPUT, main
from swiss.model import Board
from swiss.team import ecu, olympiad
from swiss.team.lineups import LineupError, games
from swiss.trf import write_team_trf
from tests.swiss.team.build import build, matches


def test_with_4n_plus_2_teams_the_accelerated_top_half_is_the_larger_even_half() -> None:
    state = build(10, 5, [], accelerated=True)
    assert ecu.top_half(state) == [1, 2, 3, 4, 5, 6]
    assert matches(ecu.pair(state)) == ["1-4", "10-8", "3-6", "5-2", "7-9"]


def test_inside_an_ecu_group_game_points_rank_before_the_pairing_number() -> None:
    field = ecu.Field(build(6, 5, ["1-4:4 5-2:1.5 3-6:3"]))
    assert sorted([1, 2, 3], key=field.group_rank) == [1, 3, 2]


def test_a_team_that_was_absent_in_round_1_may_receive_the_olympiad_bye() -> None:
    state = build(5, 5, ["Z:5 1-3:3 2-4:3"])
    assert "5-bye" in matches(olympiad.pair(state))


def test_with_five_boards_the_team_with_white_on_board_1_has_white_on_boards_1_3_and_5() -> None:
    state = replace(build(4, 5, []), boards=5, board_colours="WBWBW")
    state = replace(state, teams=tuple(replace(t, roster=(*t.roster, 100 + t.number)) for t in state.teams))
    assert games(state, Board(1, 2)) == ((1, 5), (6, 2), (3, 7), (8, 4), (101, 102))


def test_a_reserve_in_the_lineup_takes_the_colour_of_the_board_it_plays() -> None:
    state = build(4, 5, [])
    with_reserve = replace(state.team(1), roster=(*state.team(1).roster, 50))
    state = replace(state, teams=(with_reserve, *state.teams[1:]), lineups={1: (1, 2, 4, 50)})
    assert games(state, Board(2, 1)) == ((5, 1), (2, 6), (7, 4), (50, 8))


def test_a_lineup_out_of_roster_order_is_refused(tmp_path: Path) -> None:
    state = replace(build(4, 5, []), lineups={3: (10, 9, 11, 12)})
    with pytest.raises(LineupError, match="breaks the roster's board order"):
        pair(state, "team-olympiad")
    path = tmp_path / "lineup.trf"
    path.write_text(write_team_trf(state) + "300 001   3   0   10    9   11   12\n")
    assert main(["pair", "--system", "team-c046", str(path)]) == INVALID_INPUT
