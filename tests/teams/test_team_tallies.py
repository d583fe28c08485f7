"""Game points of a match from the event's own points per game, the same in the live and the final tally."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from tournaments.bridge import team_standings

from .test_bridge import publish, store


@pytest.fixture
def three_one_zero(team_event: Any, teams: list[Any], arbiter: Any) -> Any:
    """Games scored 3 / 1 / 0 (a forfeit win 3); round 1 published, Basel - Chur with board 2 on."""
    team_event.points_win = team_event.points_forfeit_win = Decimal(3)
    team_event.points_draw = Decimal(1)
    team_event.save()
    basel, bern, chur, genf, sion = teams
    rnd = team_event.rounds.get(number=1)
    store(rnd, (basel, chur), (genf, bern), (sion, None))
    publish(rnd, arbiter, ["1-0", "", "1/2", "+-"])
    return team_event


def test_a_match_being_played_counts_the_events_game_points(three_one_zero: Any) -> None:
    live = team_standings.match_views(three_one_zero, [1])
    basel_chur, genf_bern = live[0], live[1]
    assert basel_chur.pending and (basel_chur.left_points, basel_chur.right_points) == (3, 0)
    # A draw is 1 each and a forfeit win 3: Genf 1, Bern 1 + 3.
    assert (genf_bern.left_points, genf_bern.right_points) == (1, 4)


def test_the_live_tally_of_a_finished_match_is_its_final_one(three_one_zero: Any) -> None:
    board = three_one_zero.rounds.get(number=1).boards.get(number=2)
    board.result = "1/2"
    board.save()
    live = {
        v.left.name: (v.left_points, v.right_points) for v in team_standings.match_views(three_one_zero, [1])
    }
    final = {row.team.name: row.game_points for row in team_standings.table(three_one_zero, 1).rows}
    assert live["Basel"] == (Fraction(4), Fraction(1)) == (final["Basel"], final["Chur"])
    assert live["Genf"] == (final["Genf"], final["Bern"])
