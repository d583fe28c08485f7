"""The bridge reads a team event as the engine TeamState: histories, points and lineups from the database."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from swiss.team.model import Outcome
from tournaments.bridge.lineups import round_lineups
from tournaments.bridge.state import StateError
from tournaments.bridge.teams import team_state
from tournaments.models import LineupBoard, Round


def store(rnd: Round, *matches: tuple[Any, Any]) -> None:
    """Store matches with each team's roster top boards, colours alternating from White on board 1."""
    stored = []
    for white, black in matches:
        if black is None:
            stored.append((white, None, []))
            continue
        home, away = list(white.roster()[:2]), list(black.roster()[:2])
        stored.append((white, black, [(home[0], away[0]), (away[1], home[1])]))
    rnd.store_team_draft(stored)


def publish(rnd: Round, arbiter: Any, results: list[str]) -> None:
    """Publish `rnd` with its lineups released, and enter `results` board by board ("" for none)."""
    rnd.publish(arbiter)
    rnd.lineups = Round.Lineups.RELEASED
    rnd.save(update_fields=["lineups"])
    for board, result in zip(rnd.boards.order_by("number"), results, strict=True):
        board.result = result
        board.save()
    rnd.follow_results(arbiter)  # complete once every game has its result, as entering them does


def test_a_round_of_board_results_becomes_match_and_game_points(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    basel, bern, chur, genf, sion = teams
    rnd = team_event.rounds.get(number=1)
    store(rnd, (basel, chur), (genf, bern), (sion, None))
    # Basel 1.5-0.5 Chur; Genf-Bern 1-1 (board 2: Genf has Black and forfeits).
    publish(rnd, arbiter, ["1-0", "1/2", "1-0", "+-"])
    state = team_state(team_event, 2)
    by_number = {t.number: t for t in state.teams}
    assert [by_number[n].match_points for n in (1, 2, 3, 4, 5)] == [2, 1, 0, 1, 1]
    assert [by_number[n].game_points for n in (1, 2, 3, 4, 5)] == [Fraction(3, 2), 1, Fraction(1, 2), 1, 1]
    basel_round = by_number[1].history[0]
    assert (basel_round.outcome, basel_round.opponent, basel_round.colour.value) == (Outcome.PLAYED, 3, "w")
    assert basel_round.lineup == (1, 2)
    assert by_number[5].history[0].outcome is Outcome.PAB


def test_a_forfeited_match_is_won_by_the_team_present_whatever_the_boards_say(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    basel, bern, chur, genf, sion = teams
    rnd = team_event.rounds.get(number=1)
    store(rnd, (basel, chur), (genf, bern), (sion, None))
    match = rnd.matches.get(number=1)
    match.forfeit = match.Forfeit.WHITE_FORFEITS
    match.save()
    publish(rnd, arbiter, ["-+", "+-", "1-0", "0-1"])
    state = team_state(team_event, 2)
    basel, chur = state.team(1).history[0], state.team(3).history[0]
    assert (basel.outcome, basel.match_points) == (Outcome.FORFEIT_LOSS, 0)
    assert (chur.outcome, chur.match_points, chur.game_points) == (Outcome.FORFEIT_WIN, 2, 2)


def test_a_round_with_a_game_still_being_played_cannot_be_paired_from(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    basel, bern, chur, genf, sion = teams
    rnd = team_event.rounds.get(number=1)
    store(rnd, (basel, chur), (genf, bern), (sion, None))
    publish(rnd, arbiter, ["1-0", "1/2", "1-0", ""])
    with pytest.raises(StateError, match="Round 1, match 2"):
        team_state(team_event, 2)


def test_a_team_without_a_lineup_handed_in_plays_its_roster_top_boards(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    basel = teams[0]
    first, _, reserve = basel.roster()
    assert team_state(team_event, 1).lineups[1] == (1, 2)
    LineupBoard.objects.create(round=team_event.rounds.get(number=1), team=basel, board=1, entrant=first)
    LineupBoard.objects.create(round=team_event.rounds.get(number=1), team=basel, board=2, entrant=reserve)
    assert team_state(team_event, 1).lineups[1] == (1, 3)
    # The next round starts again from the roster: a lineup is handed in for one round.
    later = round_lineups(team_event, 2)[basel.pk]
    assert (later.players, later.source, later.problem) == (list(basel.roster()[:2]), "roster", "")
