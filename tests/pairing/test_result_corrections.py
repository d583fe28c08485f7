"""Taking a result back to "not yet played" from the results page."""

from __future__ import annotations

from django.urls import reverse

from pairing import actions, publishing, results
from tournaments.models import AuditRecord, Board, Round, Tournament

from .conftest import play_round


def url(name: str, tournament, *args) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def test_clearing_a_result_reopens_a_complete_round_and_is_recorded(
    arbiter_client, tournament, field, arbiter
):
    rnd = actions.pair_next_round(tournament, arbiter)
    play_round(rnd, arbiter)
    rnd.refresh_from_db()
    assert rnd.state == Round.State.COMPLETE
    page = arbiter_client.get(url("results", tournament, 1)).content.decode()
    assert 'id="clear-form"' in page and "Clear result" in page

    response = arbiter_client.post(url("result-clear", tournament, 1), {"board": "3:1-0"}, follow=True)
    assert "Board 3 is back to not yet played." in response.content.decode()
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED
    assert rnd.boards.get(number=3).result == Board.Result.NOT_PLAYED
    record = AuditRecord.objects.get(object_type="tournaments.board", after__cleared=True)
    assert (record.before, record.object_id) == ({"result": "1-0"}, str(rnd.boards.get(number=3).pk))
    assert AuditRecord.objects.filter(object_id=str(rnd.pk), after={"state": "published"}).exists()
    # Entering the result again completes the round again.
    arbiter_client.post(url("results", tournament, 1), {"board_3": "0-1", "seen_3": ""})
    rnd.refresh_from_db()
    assert rnd.state == Round.State.COMPLETE


def test_clearing_a_result_of_a_round_being_played_keeps_it_published(
    arbiter_client, tournament, field, arbiter
):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter)
    results.record_results(rnd, arbiter, {1: "1/2", 2: "1-0"})
    arbiter_client.post(url("result-clear", tournament, 1), {"board": "1:1/2"})
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED
    assert (
        dict(rnd.boards.values_list("number", "result"))[1] == "" and rnd.boards.get(number=2).result == "1-0"
    )


def test_clearing_a_result_the_next_draft_was_paired_from_says_the_draft_must_be_redone(
    arbiter_client, tournament, field, arbiter
):
    rnd = actions.pair_next_round(tournament, arbiter)
    play_round(rnd, arbiter)
    actions.pair_next_round(tournament, arbiter)
    response = arbiter_client.post(url("result-clear", tournament, 1), {"board": "2:1-0"}, follow=True)
    html = response.content.decode()
    assert "Board 2 is back to not yet played." in html
    assert "The draft of round 2 was paired from the old result: re-pair it or keep it" in html
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED and rnd.boards.get(number=2).result == ""
    record = AuditRecord.objects.get(after__cleared=True)
    assert record.after["correction"].startswith("The draft of round 2 was paired from the old result")


def test_only_boards_with_a_result_can_be_cleared(arbiter_client, tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter)
    results.record_results(rnd, arbiter, {1: "1-0"})
    for board in ("2", "6", "99"):  # no result yet, the bye, no such board
        page = arbiter_client.post(url("result-clear", tournament, 1), {"board": board}, follow=True)
        assert "Choose a board that has a result." in page.content.decode()
    assert rnd.boards.get(number=1).result == "1-0"


def test_clearing_a_result_of_the_last_round_reopens_the_tournament(
    arbiter_client, tournament, field, arbiter
):
    Tournament.objects.filter(pk=tournament.pk).update(total_rounds=1)
    tournament.refresh_from_db()
    rnd = actions.pair_next_round(tournament, arbiter)
    play_round(rnd, arbiter)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.FINISHED
    arbiter_client.post(url("result-clear", tournament, 1), {"board": "1:1-0"})
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING
