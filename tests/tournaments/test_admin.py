"""The admin lists every model with search and filters, and every correction leaves an audit record."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib import admin
from django.urls import reverse

from pairing import results
from tournaments.models import AuditRecord, Board, Entrant, Round, Seat, Team, Tournament

MODELS = [Tournament, Team, Entrant, Round, Board, Seat, AuditRecord]


@pytest.fixture
def superuser_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("chief", password="x"))
    return client


@pytest.fixture
def played_board(tournament, players, arbiter):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1])])
    rnd.publish(arbiter)
    board = rnd.boards.get()
    board.result = Board.Result.WHITE_WINS
    board.save()
    return board


def shown(client, url: str) -> dict[str, str]:
    """The change form's fields as the page filled them in (inputs and chosen options)."""
    html = client.get(url).content.decode()
    values = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', html))
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        values[name] = chosen.group(1) if chosen else ""
    values.pop("csrfmiddlewaretoken", None)
    return {name: unescape(value) for name, value in values.items()}


def test_a_result_changed_meanwhile_is_not_overwritten_from_a_stale_admin_page(
    superuser_client, played_board, arbiter
):
    url = reverse("admin:tournaments_board_change", args=[played_board.pk])
    stale = {**shown(superuser_client, url), "result": Board.Result.DRAW, "reason": "scoresheet"}
    results.record_results(played_board.round, arbiter, {1: Board.Result.BLACK_WINS})
    response = superuser_client.post(url, stale)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert "was changed by someone else since this page was loaded; nothing was saved." in html
    assert "Stored now: round Spring Open – round 1, number 1, result 0–1." in html
    played_board.refresh_from_db()
    assert played_board.result == Board.Result.BLACK_WINS
    # Reloaded, the same correction goes through.
    fresh = {**shown(superuser_client, url), "result": Board.Result.DRAW, "reason": "scoresheet"}
    assert superuser_client.post(url, fresh).status_code == 302
    played_board.refresh_from_db()
    assert played_board.result == Board.Result.DRAW


def test_a_stale_board_in_the_round_admin_is_refused(superuser_client, played_board, arbiter):
    url = reverse("admin:tournaments_round_change", args=[played_board.round_id])
    stale = shown(superuser_client, url)
    board_field = next(name for name, value in stale.items() if name.endswith("-result"))
    results.record_results(played_board.round, arbiter, {1: Board.Result.BLACK_WINS})
    response = superuser_client.post(url, {**stale, board_field: Board.Result.DRAW})
    assert "was changed by someone else since this page was loaded" in unescape(response.content.decode())
    played_board.refresh_from_db()
    assert played_board.result == Board.Result.BLACK_WINS


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_every_model_is_listed_with_search_and_filters(model):
    model_admin = admin.site._registry[model]
    assert model_admin.search_fields and model_admin.list_filter


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_every_changelist_renders_with_a_search(superuser_client, played_board, model):
    url = reverse(f"admin:tournaments_{model._meta.model_name}_changelist")
    assert superuser_client.get(url, {"q": "Player"}).status_code == 200


def test_correcting_a_result_in_the_admin_leaves_an_audit_record(superuser_client, played_board):
    url = reverse("admin:tournaments_board_change", args=[played_board.pk])
    data = {**shown(superuser_client, url), "result": Board.Result.DRAW}
    refused = superuser_client.post(url, data)
    assert refused.status_code == 200 and "Say why the row is corrected" in unescape(refused.content.decode())
    response = superuser_client.post(url, {**data, "reason": "both players signed 1/2"})
    assert response.status_code == 302
    record = AuditRecord.objects.get(object_type="tournaments.board")
    assert record.reason == "both players signed 1/2"
    assert (record.action, record.user.username, record.tournament) == (
        "change",
        "chief",
        played_board.tournament,
    )
    assert (record.before["result"], record.after["result"]) == ("1-0", "1/2")
    assert record.changed_fields() == ["result"]


def test_creating_and_deleting_through_the_admin_are_audited(superuser_client, tournament):
    add = reverse("admin:tournaments_team_add")
    superuser_client.post(add, {"tournament": tournament.pk, "name": "Basel", "federation": "SUI"})
    team = Team.objects.get()
    superuser_client.post(reverse("admin:tournaments_team_delete", args=[team.pk]), {"post": "yes"})
    actions = list(AuditRecord.objects.order_by("pk").values_list("action", "object_repr", "before", "after"))
    assert [(a, r) for a, r, _, _ in actions] == [("create", "Basel"), ("delete", "Basel")]
    assert actions[0][2] is None and actions[1][3] is None


def test_deputy_arbiters_changed_in_the_admin_appear_in_the_audit_record(
    superuser_client, tournament, arbiter
):
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = superuser_client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "deputy_arbiters"}
    data.update(tiebreaks='["BH-C1", "SB"]', deputy_arbiters=[arbiter.pk], start_date="2026-04-01")
    data.update(end_date="2026-04-05", chief_arbiter=arbiter.pk)
    response = superuser_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    record = AuditRecord.objects.get()
    assert (record.before["deputy_arbiters"], record.after["deputy_arbiters"]) == ([], [arbiter.pk])
    assert record.after["tiebreaks"] == ["BH-C1", "SB"]


def test_audit_records_are_read_only_in_the_admin(superuser_client, played_board):
    AuditRecord.record(None, AuditRecord.Action.CHANGE, played_board, {"result": ""}, {"result": "1-0"})
    record = AuditRecord.objects.get()
    assert (
        superuser_client.post(reverse("admin:tournaments_auditrecord_delete", args=[record.pk])).status_code
        == 403
    )
    model_admin = admin.site._registry[AuditRecord]
    assert not model_admin.has_add_permission(None) and not model_admin.has_change_permission(None)


# --- Staff see only the tournaments they arbitrate -----------------------------------------


@pytest.fixture
def outsider(client, django_user_model):
    """A staff user allowed to change boards and seats, arbiter of no tournament."""
    from django.contrib.auth.models import Permission

    user = django_user_model.objects.create_user("outsider", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_board", "change_board", "add_seat", "view_round"])
    )
    client.force_login(user)
    return user


def test_a_staff_user_cannot_change_a_result_of_a_tournament_they_do_not_arbitrate(
    client, outsider, played_board
):
    url = reverse("admin:tournaments_board_change", args=[played_board.pk])
    assert client.get(url).status_code == 302  # "does not exist", back to the admin index
    client.post(url, {"round": played_board.round_id, "number": 1, "result": Board.Result.DRAW, "seen": "{}"})
    played_board.refresh_from_db()
    assert played_board.result == Board.Result.WHITE_WINS
    listing = client.get(reverse("admin:tournaments_board_changelist")).content.decode()
    assert "Spring Open" not in listing and "0 boards" in listing
    # The round a raw-id field would offer is not reachable either.
    lookup = client.get(reverse("admin:tournaments_round_changelist"), {"_popup": "1", "_to_field": "id"})
    assert "Spring Open" not in lookup.content.decode()
    assert not AuditRecord.objects.exists()


def test_a_staff_user_cannot_add_a_seat_to_a_round_of_another_tournament(
    client, outsider, played_board, players
):
    add = reverse("admin:tournaments_seat_add")
    data = {"round": played_board.round_id, "entrant": players[3].pk, "absence": "half-bye"}
    response = client.post(add, data)
    assert response.status_code == 200 and "Select a valid choice." in response.content.decode()
    assert not Seat.objects.filter(entrant=players[3]).exists()


def test_a_deputy_with_the_permission_changes_results_of_their_own_tournament(
    client, outsider, played_board, tournament
):
    tournament.deputy_arbiters.add(outsider)
    url = reverse("admin:tournaments_board_change", args=[played_board.pk])
    data = {**shown(client, url), "result": Board.Result.DRAW, "reason": "arbiter's note"}
    assert client.post(url, data).status_code == 302
    played_board.refresh_from_db()
    assert played_board.result == Board.Result.DRAW


def test_the_board_form_names_the_players_and_a_finished_rounds_board_cannot_be_deleted(
    superuser_client, played_board, players
):
    page = superuser_client.get(reverse("admin:tournaments_board_change", args=[played_board.pk]))
    assert f"{players[0].name} – {players[1].name}" in unescape(page.content.decode())
    assert 'name="reason"' in page.content.decode()
    listing = unescape(superuser_client.get(reverse("admin:tournaments_board_changelist")).content.decode())
    assert f"{players[0].name} – {players[1].name}" in listing
    delete = reverse("admin:tournaments_board_delete", args=[played_board.pk])
    refused = superuser_client.post(delete, {"post": "yes"}, follow=True)
    assert "a played game is never deleted" in refused.content.decode()
    assert Board.objects.filter(pk=played_board.pk).exists()
    rnd = superuser_client.get(reverse("admin:tournaments_round_change", args=[played_board.round_id]))
    assert "-DELETE" not in rnd.content.decode()  # the inline offers no delete box either


@pytest.mark.django_db
def test_an_admin_edit_of_a_result_completes_or_reopens_its_round(
    superuser_client, tournament, players, arbiter
):
    """One rule decides a round's state (`Round.follow_results`), whether the result is entered on the
    arbiter's pages or corrected in the admin: the last missing result completes the round, and the
    last round's completion finishes the event; a result taken back makes it incomplete again."""
    Tournament.objects.filter(pk=tournament.pk).update(total_rounds=1)
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], players[3])])
    rnd.publish(arbiter)
    results.record_results(rnd, arbiter, {1: Board.Result.WHITE_WINS})
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED
    last = rnd.boards.get(number=2)
    url = reverse("admin:tournaments_board_change", args=[last.pk])
    data = {**shown(superuser_client, url), "result": Board.Result.DRAW, "reason": "scoresheet"}
    assert superuser_client.post(url, data).status_code == 302
    rnd.refresh_from_db()
    tournament.refresh_from_db()
    assert (rnd.state, tournament.state) == (Round.State.COMPLETE, Tournament.State.FINISHED)
    assert AuditRecord.objects.filter(object_type="tournaments.round", after={"state": "complete"}).exists()
    cleared = {**shown(superuser_client, url), "result": Board.Result.NOT_PLAYED, "reason": "wrong board"}
    assert superuser_client.post(url, cleared).status_code == 302
    rnd.refresh_from_db()
    tournament.refresh_from_db()
    assert (rnd.state, tournament.state) == (Round.State.PUBLISHED, Tournament.State.RUNNING)


@pytest.mark.django_db
def test_a_result_edited_in_the_rounds_admin_completes_or_reopens_the_round_and_its_standings(
    superuser_client, tournament, players, arbiter
):
    """The round's page in the admin edits its boards inline; the state follows the same rule
    (`Round.follow_results`), and the standings, which read the state, follow it too."""
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], players[3])])
    rnd.publish(arbiter)
    results.record_results(rnd, arbiter, {1: Board.Result.WHITE_WINS})
    url = reverse("admin:tournaments_round_change", args=[rnd.pk])
    form = shown(superuser_client, url)
    # The inline form of board 2, whichever place the admin gives it.
    second = next(
        name[: -len("number")] for name, value in form.items() if name.endswith("-number") and value == "2"
    )
    assert form[second + "result"] == ""
    assert (
        superuser_client.post(
            url, {**form, second + "result": Board.Result.DRAW, "reason": "sheet"}
        ).status_code
        == 302
    )
    rnd.refresh_from_db()
    assert rnd.state == Round.State.COMPLETE
    assert tournament.rounds_with_standings() == [1]
    assert AuditRecord.objects.filter(object_type="tournaments.round", after={"state": "complete"}).exists()
    form = shown(superuser_client, url)
    assert (
        superuser_client.post(url, {**form, second + "result": "", "reason": "wrong board"}).status_code
        == 302
    )
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED
    assert tournament.rounds_with_standings() == []
    assert AuditRecord.objects.filter(object_type="tournaments.round", after={"state": "published"}).exists()
