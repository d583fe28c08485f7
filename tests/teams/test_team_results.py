"""Board results of team matches: entry per match, whole-match forfeits, corrections, two arbiters at once."""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection, connections
from django.urls import reverse

from pairing import actions, publishing, results
from swiss.team.model import Outcome
from tournaments.bridge.teams import team_state
from tournaments.models import AuditRecord, Board, Match, Round


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


@pytest.fixture
def published(team_event: Any, teams: list[Any], arbiter: Any) -> Round:
    """Round 1 paired by the engine and published: two matches of two boards, and a bye."""
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    return rnd


def test_results_entered_on_the_page_give_each_match_its_score_and_match_points(
    client: Any, team_event: Any, published: Round, arbiter: Any
) -> None:
    client.force_login(arbiter)
    first = published.matches.get(number=1)
    boards = list(first.games())
    seen = {f"seen_{b.number}": "" for b in published.boards.all()}
    # Board 1: White (the team with White on board 1) wins; board 2 drawn.
    posted = {**seen, f"board_{boards[0].number}": "1-0", f"board_{boards[1].number}": "1/2"}
    assert client.post(url("results", team_event, 1), posted).status_code == 302
    page = client.get(url("results", team_event, 1)).content.decode()
    assert f"Match 1: {first.white} 1½–½ {first.black}" in page
    assert 'id="forfeit-form"' in page and "bye (pairing-allocated)" in page
    other = published.matches.get(number=2)
    results.record_results(published, arbiter, {b.number: "0-1" for b in other.games()})
    state = team_state(team_event, 2)
    home, away = state.team(first.white.pairing_number), state.team(first.black.pairing_number)
    assert (home.match_points, home.game_points) == (2, Fraction(3, 2))
    assert (away.match_points, away.game_points) == (0, Fraction(1, 2))
    assert Round.objects.get(pk=published.pk).state == Round.State.COMPLETE


def test_a_forfeited_match_gives_every_board_its_forfeit_and_can_be_taken_back(
    client: Any, team_event: Any, published: Round, arbiter: Any
) -> None:
    client.force_login(arbiter)
    match = published.matches.get(number=1)
    response = client.post(url("match-forfeit", team_event, 1), {"match": 1, "forfeit": "-+"})
    assert response.status_code == 302
    games = list(match.games())
    # White's team forfeits: its player loses by default whichever colour the board gives them.
    assert [g.result for g in games] == [Board.Result.WHITE_FORFEITS, Board.Result.BLACK_FORFEITS]
    assert Match.objects.get(pk=match.pk).forfeit == "-+"
    results.record_results(
        published, arbiter, {b.number: "1/2" for b in published.matches.get(number=2).games()}
    )
    state = team_state(team_event, 2)
    winner = state.team(match.black.pairing_number).history[0]
    assert (winner.outcome, winner.match_points, winner.game_points) == (Outcome.FORFEIT_WIN, 2, 2)
    assert state.team(match.white.pairing_number).history[0].outcome is Outcome.FORFEIT_LOSS
    client.post(url("match-forfeit", team_event, 1), {"match": 1, "forfeit": ""})
    assert [g.result for g in match.games()] == ["", ""]
    assert Round.objects.get(pk=published.pk).state == Round.State.PUBLISHED
    trail = AuditRecord.objects.filter(object_type="tournaments.match", object_id=str(match.pk))
    assert [(r.before, r.after) for r in trail.order_by("pk")] == [
        ({"forfeit": ""}, {"forfeit": "-+"}),
        ({"forfeit": "-+"}, {"forfeit": ""}),
    ]


def test_a_corrected_board_result_is_audited_and_corrects_the_match_points(
    team_event: Any, published: Round, arbiter: Any
) -> None:
    results.record_results(published, arbiter, {b.number: "1-0" for b in published.boards.all()})
    first = published.matches.get(number=1)
    board = first.games()[1]
    results.record_results(published, arbiter, {board.number: "0-1"})
    record = AuditRecord.objects.filter(object_type="tournaments.board", object_id=str(board.pk)).first()
    assert record is not None and (record.before, record.after["result"]) == ({"result": "1-0"}, "0-1")
    state = team_state(team_event, 2)
    # White won both boards: 1-1, a drawn match. Board 2's White plays for the other team, so
    # "0-1" there turns the match into a 2-0 win for the team with White on board 1.
    corrected = state.team(first.white.pairing_number).history[0]
    assert (corrected.game_points, corrected.match_points) == (2, 2)


def at_once(*actions_: Any) -> list[object]:
    """Run each action in its own thread on its own database connection, released together."""
    barrier = threading.Barrier(len(actions_))
    done: list[object] = []

    def run(action: Any) -> None:
        try:
            barrier.wait()
            done.append(action())
        except Exception as error:  # the test asserts on what happened
            done.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(a,)) for a in actions_]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_arbiters_entering_results_of_different_matches_at_once_lose_nothing(
    team_event: Any, teams: list[Any], arbiter: Any, django_user_model: Any
) -> None:
    deputy = django_user_model.objects.create_user("deputy")
    team_event.deputy_arbiters.add(deputy)
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    first, second = (list(rnd.matches.get(number=n).games()) for n in (1, 2))
    # Each arbiter's page showed every board empty; each enters only their own match.
    seen = {b.number: "" for b in rnd.boards.all()}
    done = at_once(
        lambda: results.record_results(rnd, arbiter, {b.number: "1-0" for b in first}, seen=seen),
        lambda: results.record_results(rnd, deputy, {b.number: "0-1" for b in second}, seen=seen),
    )
    assert all(isinstance(d, results.Recorded) for d in done), done
    # The later one is told the other match changed meanwhile, and that it left it alone.
    assert not [c for d in done if isinstance(d, results.Recorded) for c in d.conflicts if c.wanted]
    stored = dict(rnd.boards.values_list("number", "result"))
    assert stored == {**{b.number: "1-0" for b in first}, **{b.number: "0-1" for b in second}}
    assert Round.objects.get(pk=rnd.pk).state == Round.State.COMPLETE
    users = set(
        AuditRecord.objects.filter(object_type="tournaments.board").values_list("user__username", flat=True)
    )
    assert users == {"arbiter", "deputy"}
