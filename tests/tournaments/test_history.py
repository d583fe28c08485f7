"""Published rounds are history: no delete, from the admin, the shell or a cascade, removes a played
game; what is refused says what to do instead, changes nothing, and every page still answers."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.deletion import ProtectedError
from django.urls import reverse

from pairing import actions, publishing, results
from pairing.registration import add_entrants, record_absence
from tests.tournaments.walk import server_errors, tournament_pages
from tournaments.models import (
    AuditRecord,
    Board,
    Entrant,
    Round,
    Seat,
    Tournament,
)
from tournaments.models.history import deletion_refused


def tables_digest() -> str:
    """Every row of every table of the data app, in a fixed order."""
    digest = hashlib.sha256()
    for model in apps.get_app_config("tournaments").get_models():
        for row in model._default_manager.order_by("pk").values_list():
            digest.update(repr(row).encode())
    return digest.hexdigest()


def every_page_answers(client: Any, tournament: Tournament, arbiter: Any) -> None:
    client.force_login(arbiter)
    pages = tournament_pages(tournament, "public") + tournament_pages(tournament, "arbiter")
    assert server_errors(client, pages) == []
    for page in (
        reverse("public:standings", args=[tournament.slug]),
        reverse("public:crosstable", args=[tournament.slug]),
    ):
        assert client.get(page).status_code == 200


@pytest.fixture
def admin_arbiter(demo: Tournament, django_user_model: Any) -> Any:
    """A deputy arbiter of the demo with every admin permission of the data app, not a superuser
    (the demo's chief arbiter is one)."""
    user = django_user_model.objects.create_user("deputy", password="x", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="tournaments"))
    demo.deputy_arbiters.add(user)
    return django_user_model.objects.get(pk=user.pk)


def played_entrant(demo: Tournament) -> Entrant:
    return demo.entrants.get(pairing_number=1)


@pytest.mark.parametrize("superuser", [False, True])
def test_the_admin_refuses_to_delete_a_player_who_has_played_and_changes_nothing(
    client: Any, demo: Tournament, admin_arbiter: Any, django_user_model: Any, superuser: bool
) -> None:
    user = django_user_model.objects.create_superuser("root", password="x") if superuser else admin_arbiter
    client.force_login(user)
    entrant = played_entrant(demo)
    url = reverse("admin:tournaments_entrant_delete", args=[entrant.pk])
    before = tables_digest()
    response = client.post(url, {"post": "yes"}, follow=True)
    assert response.status_code == 200
    text = response.content.decode()
    assert "was not deleted" in text and "a played game is never deleted" in text
    assert "Withdraw the player instead" in text
    assert tables_digest() == before
    every_page_answers(client, demo, demo.chief_arbiter)


def test_the_admin_refuses_to_delete_a_published_round_and_its_bulk_delete_too(
    client: Any, demo: Tournament, admin_arbiter: Any
) -> None:
    client.force_login(admin_arbiter)
    rnd = demo.rounds.get(number=2)
    before = tables_digest()
    response = client.post(
        reverse("admin:tournaments_round_delete", args=[rnd.pk]), {"post": "yes"}, follow=True
    )
    assert "published round(s) 2" in response.content.decode()
    bulk = {"action": "delete_selected", "_selected_action": [rnd.pk], "post": "yes"}
    response = client.post(reverse("admin:tournaments_round_changelist"), bulk, follow=True)
    assert response.status_code == 200 and "Nothing was deleted" in response.content.decode()
    assert tables_digest() == before
    every_page_answers(client, demo, demo.chief_arbiter)


def test_a_shell_delete_of_history_raises_and_deletes_nothing(demo: Tournament) -> None:
    before = tables_digest()
    played = demo.rounds.get(number=1)
    for obj in (played_entrant(demo), played, played.boards.first()):
        with pytest.raises(ProtectedError):
            obj.delete()
    # A seat has nothing of its own to protect it in the ORM: the database refuses.
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(round=played).first().delete()
    with pytest.raises(ProtectedError):
        Entrant.objects.filter(tournament=demo).delete()
    with pytest.raises(ProtectedError):
        Board.objects.filter(round=played).delete()
    with pytest.raises(ProtectedError):
        demo.delete()
    assert tables_digest() == before


def test_a_player_who_never_played_is_deleted_with_his_requested_bye(
    client: Any, demo: Tournament, admin_arbiter: Any
) -> None:
    late = Entrant(tournament=demo, name="Late, Lena", fide_rating=1500)
    add_entrants(demo, demo.chief_arbiter, [late])
    record_absence(late, demo.chief_arbiter, 6, Seat.Absence.HALF_BYE)
    client.force_login(admin_arbiter)
    response = client.post(reverse("admin:tournaments_entrant_delete", args=[late.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not Entrant.objects.filter(pk=late.pk).exists()
    assert AuditRecord.objects.filter(action=AuditRecord.Action.DELETE, object_repr="Late, Lena").exists()
    every_page_answers(client, demo, demo.chief_arbiter)


def test_a_player_on_a_board_of_the_draft_is_not_deleted_until_the_round_is_paired_without_him(
    tournament: Tournament, players: list[Entrant]
) -> None:
    tournament.rounds.get(number=1).store_draft([(players[0], players[1]), (players[2], None)])
    assert "is paired in the draft of round(s) 1: withdraw it" in deletion_refused([players[0]])
    with pytest.raises(ProtectedError):
        players[0].delete()
    assert deletion_refused([players[3]]) == ""


def test_a_tournament_with_published_rounds_is_archived_by_staff_and_deleted_only_by_a_superuser(
    client: Any, demo: Tournament, admin_arbiter: Any, django_user_model: Any
) -> None:
    client.force_login(admin_arbiter)
    before = tables_digest()
    response = client.post(
        reverse("admin:tournaments_tournament_delete", args=[demo.pk]), {"post": "yes"}, follow=True
    )
    assert "Archive the tournament instead" in response.content.decode()
    assert tables_digest() == before
    archive = {"action": "archive", "_selected_action": [demo.pk]}
    client.post(reverse("admin:tournaments_tournament_changelist"), archive)
    demo.refresh_from_db()
    assert demo.archived
    assert demo.slug not in client.get(reverse("public:index")).content.decode()
    assert client.get(reverse("public:standings", args=[demo.slug])).status_code == 200
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    url = reverse("admin:tournaments_tournament_delete", args=[demo.pk])
    confirmation = client.get(url).content.decode()
    assert "Are you sure" in confirmation and "Seats:" in confirmation and "Boards:" in confirmation
    assert client.post(url, {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk=demo.pk).exists()
    assert not Seat.objects.filter(round__tournament_id=demo.pk).exists()
    assert AuditRecord.objects.filter(action=AuditRecord.Action.DELETE, object_repr=str(demo)).exists()


ACTIONS = [
    "withdraw",
    "delete never-played entrant",
    "correct a result",
    "keep the stale draft",
    "re-pair",
    "publish",
]


def test_every_page_answers_after_each_action_an_arbiter_or_admin_takes(
    client: Any, demo: Tournament, admin_arbiter: Any
) -> None:
    """A walk of every public and arbiter address of the demo after each action, in order: none is a 5xx."""
    arbiter = demo.chief_arbiter
    draft = demo.rounds.get(number=5)
    for action in ACTIONS:
        if action == "withdraw":
            record_absence(demo.entrants.get(pairing_number=40), arbiter, 6, None)
        elif action == "delete never-played entrant":
            late = Entrant(tournament=demo, name="Late, Lena", fide_rating=1500)
            add_entrants(demo, arbiter, [late])
            client.force_login(admin_arbiter)
            client.post(reverse("admin:tournaments_entrant_delete", args=[late.pk]), {"post": "yes"})
            assert not Entrant.objects.filter(pk=late.pk).exists()
        elif action == "correct a result":
            board = demo.rounds.get(number=4).boards.exclude(result=Board.Result.DRAW).first()
            results.record_results(board.round, arbiter, {board.number: Board.Result.DRAW})
        elif action == "keep the stale draft":
            publishing.keep_draft(draft, arbiter)
        elif action == "re-pair":
            draft = actions.pair_next_round(demo, arbiter, again=True)
        else:
            assert publishing.publish_round(draft, arbiter, confirmed=True)
            assert Round.objects.get(pk=draft.pk).state == Round.State.PUBLISHED
        every_page_answers(client, demo, arbiter)


def test_the_admin_cannot_cut_the_rounds_below_the_last_published_one(client: Any, demo: Tournament) -> None:
    """The demo has four rounds published: three rounds would leave round 4 outside the tournament."""
    demo.total_rounds = 3
    with pytest.raises(ValidationError, match="Round 4 is published already"):
        demo.full_clean()
    demo.total_rounds = 4
    demo.full_clean()
