"""Every choice posted is checked on the server, and the requests that gave a 500 get a clear message."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from pairing import actions, publishing, results
from tournaments.models import AuditRecord, Board, Round, Seat

from .conftest import url


def absence_url(tournament, entrant, kind: str) -> str:
    return reverse("arbiter:entrant-absence", args=[tournament.slug, entrant.pk, kind])


def messages_of(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        ("bye", {"round": "2", "kind": "quarter-bye"}, "Nothing was recorded. Kind: Select a valid choice."),
        ("bye", {"round": "2", "kind": "withdrawn"}, "Nothing was recorded. Kind: Select a valid choice."),
        ("bye", {"round": "two", "kind": "half-bye"}, "Nothing was recorded. Round: Enter a whole number."),
        (
            "holiday",
            {"round": "2", "kind": "half-bye"},
            "Choose a bye or a withdrawal; nothing was recorded.",
        ),
    ],
)
def test_an_unknown_absence_is_refused_and_nothing_is_stored(
    arbiter_client, tournament, players, kind, data, message
):
    response = arbiter_client.post(absence_url(tournament, players[0], kind), data, follow=True)
    assert message in messages_of(response)
    assert not Seat.objects.filter(entrant=players[0]).exists()
    assert not AuditRecord.objects.filter(object_type="tournaments.entrant").exists()


def test_the_model_refuses_an_unknown_absence_kind(tournament, players):
    with pytest.raises(Exception, match="is not a kind of absence"):
        players[0].request_absence(2, "holiday")


def test_the_database_refuses_unknown_results_and_absence_kinds(tournament, players):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1])])
    with pytest.raises(IntegrityError), transaction.atomic():
        Board.objects.filter(round=rnd).update(result="2-0")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=rnd, entrant=players[2], pairing_number=3, absence="holiday")


def test_an_unknown_result_code_is_refused_with_a_message(arbiter_client, tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    page = arbiter_client.post(
        url("results", tournament, 1), {"board_1": "2-0", "seen_1": ""}
    ).content.decode()
    assert "Select a valid choice. 2-0 is not one of the available choices." in page
    assert rnd.boards.get(number=1).result == ""


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "shuffle", "board": "1", "other_board": "2"}, "Select a valid choice. shuffle"),
        ({"kind": "swap", "board": "1", "other_board": "99"}, "There is no board 99."),
        ({"kind": "swap", "board": "1", "other_board": "x"}, "Enter a whole number."),
        ({"kind": "bye", "player": "99"}, "No entrant has pairing number 99."),
        ({"kind": "pair", "player": "1", "other_player": "1"}, "Choose two different players, not 1 twice."),
    ],
)
def test_an_unknown_draft_change_or_target_is_refused(arbiter_client, tournament, draft, data, message):
    before = actions.draft_pairs(draft)
    page = arbiter_client.post(url("round-change", tournament, 2), data).content.decode()
    assert "Nothing was changed." in page and message in page
    assert actions.draft_pairs(draft) == before


def test_a_pair_request_naming_no_round_pairs_nothing(arbiter_client, tournament, players):
    page = arbiter_client.post(url("pair", tournament), {"round": "one"}, follow=True).content.decode()
    assert "Nothing was paired." in page
    assert not tournament.rounds.get(number=1).is_paired


@pytest.mark.parametrize("remove", ["abc", "", "999999"])
def test_removing_someone_who_is_not_a_deputy_is_refused(
    arbiter_client, tournament, django_user_model, remove
):
    deputy = django_user_model.objects.create_user("deputy")
    tournament.deputy_arbiters.add(deputy)
    response = arbiter_client.post(url("arbiters", tournament), {"remove": remove}, follow=True)
    assert response.status_code == 200
    assert "That user is not a deputy of this tournament; nobody was removed." in messages_of(response)
    assert list(tournament.deputy_arbiters.all()) == [deputy]
    assert not AuditRecord.objects.filter(object_type="tournaments.tournament").exists()


def test_removing_a_deputy_is_recorded(arbiter_client, tournament, django_user_model):
    deputy = django_user_model.objects.create_user("deputy")
    tournament.deputy_arbiters.add(deputy)
    arbiter_client.post(url("arbiters", tournament), {"remove": str(deputy.pk)})
    assert not tournament.deputy_arbiters.exists()
    assert AuditRecord.objects.get(object_type="tournaments.tournament").before == {"deputy": deputy.pk}


# --- The former 500s -----------------------------------------------------------------------


@pytest.fixture
def round_one_open(tournament, field, arbiter):
    """Round 1 published with one game still without a result; round 2 not paired."""
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all() if b.number != 2})
    return rnd


def test_viewing_a_round_not_yet_paired_while_the_previous_lacks_a_result(
    arbiter_client, tournament, round_one_open
):
    response = arbiter_client.get(url("round", tournament, 2))
    assert response.status_code == 200
    assert "Round 1, board 2 has no result yet." in response.content.decode()


def test_publishing_a_round_not_yet_paired_is_refused_with_a_message(
    arbiter_client, tournament, round_one_open
):
    response = arbiter_client.post(url("round-publish", tournament, 2), {"version": "0"}, follow=True)
    assert response.status_code == 200
    assert "Round 2 is not paired yet; there is nothing to publish." in response.content.decode()
    assert tournament.rounds.get(number=2).state == Round.State.DRAFT


def test_a_published_round_stays_viewable_when_an_earlier_result_is_cleared(
    arbiter_client, tournament, draft, arbiter
):
    publishing.publish_round(draft, arbiter, confirmed=True)
    results.clear_result(tournament.rounds.get(number=1), arbiter, 1)
    response = arbiter_client.get(url("round", tournament, 2))
    assert response.status_code == 200 and "Round 1, board 1 has no result yet." in response.content.decode()


def test_explaining_a_board_while_an_earlier_result_is_missing(arbiter_client, tournament, draft, arbiter):
    results.clear_result(tournament.rounds.get(number=1), arbiter, 2)
    response = arbiter_client.get(url("board-explain", tournament, 2, 1))
    assert response.status_code == 200
    assert (
        "Round 1, board 2 has no result yet. The board can be explained once it has one."
        in response.content.decode()
    )


def test_adding_a_seat_in_the_admin_without_a_round_shows_the_form_again(client, django_user_model, players):
    client.force_login(django_user_model.objects.create_superuser("chief"))
    response = client.post(
        reverse("admin:tournaments_seat_add"), {"entrant": players[0].pk, "absence": "half-bye"}
    )
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    response = client.post(reverse("admin:tournaments_seat_add"), {"absence": "half-bye"})
    assert response.status_code == 200
    assert not Seat.objects.exists()
