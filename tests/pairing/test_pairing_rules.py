"""The pairing system and edition of an event: chosen when it is created, paired by, named on the
public pages and in the TRF, and fixed once round 1 is published except through the admin."""

from __future__ import annotations

import datetime

from django.urls import reverse

from pairing import actions, publishing
from pairing.forms import LOCKED
from swiss.model import Edition
from tournaments.bridge.drafts import draft_staleness
from tournaments.bridge.state import pairing_state
from tournaments.bridge.trf import export_trf, import_trf
from tournaments.models import AuditRecord, Round, Tournament

from .conftest import play_round, url
from .test_tournament_settings import NEW


def test_the_2017_edition_is_offered_when_a_tournament_is_created(arbiter_client):
    page = arbiter_client.get("/arbiter/new/").content.decode()
    assert '<option value="dutch-2017">FIDE Dutch (2017)</option>' in page
    response = arbiter_client.post("/arbiter/new/", {**NEW, "pairing_system": "dutch-2017"})
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(slug="club-test")
    assert tournament.pairing_system == Tournament.PairingSystem.DUTCH_2017
    assert pairing_state(tournament, 1).edition is Edition.DUTCH_2017


def test_a_2017_event_is_paired_named_and_exported_by_its_edition(tournament, field, arbiter, client):
    tournament.pairing_system = Tournament.PairingSystem.DUTCH_2017
    tournament.save()
    play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    assert pairing_state(tournament, 2).edition is Edition.DUTCH_2017
    assert "Pairing rules: FIDE Dutch (2017)" in client.get(f"/t/{tournament.slug}/").content.decode()
    page = client.get(f"/t/{tournament.slug}/round/1/").content.decode()
    assert "Paired by the FIDE Dutch (2017) rules." in page
    text = export_trf(tournament)
    assert "192 FIDE_DUTCH_2017" in text and "092 Swiss system: FIDE Dutch (2017)" in text
    again = import_trf(text, slug="replayed", start_date=datetime.date(2026, 4, 1))
    assert again.pairing_system == Tournament.PairingSystem.DUTCH_2017


def test_the_rules_can_change_until_round_1_is_published_and_are_fixed_after(
    arbiter_client, tournament, field, arbiter
):
    edit = {**NEW, "slug": tournament.slug, "pairing_system": "dutch-2017", "acceleration": "baku"}
    assert arbiter_client.post(url("tournament-edit", tournament), edit).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.acceleration) == ("dutch-2017", "baku")

    publishing.publish_round(actions.pair_next_round(tournament, arbiter), arbiter, confirmed=True)
    assert str(LOCKED) in arbiter_client.get(url("tournament-edit", tournament)).content.decode()
    edit = {**edit, "pairing_system": "dutch-2026", "acceleration": "none", "total_rounds": "7"}
    assert arbiter_client.post(url("tournament-edit", tournament), edit).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.acceleration) == ("dutch-2017", "baku")
    assert tournament.total_rounds == 5


def test_after_the_start_the_admin_changes_the_rules_and_the_change_is_recorded(
    client, django_user_model, tournament, field, arbiter
):
    publishing.publish_round(actions.pair_next_round(tournament, arbiter), arbiter, confirmed=True)
    client.force_login(django_user_model.objects.create_superuser("chief", password="x"))
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "deputy_arbiters"}
    data.update(tiebreaks="[]", start_date="2026-04-01", end_date="2026-04-05", chief_arbiter=arbiter.pk)
    data.update(pairing_system="dutch-2017")
    response = client.post(change, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    tournament.refresh_from_db()
    assert tournament.pairing_system == Tournament.PairingSystem.DUTCH_2017
    record = AuditRecord.objects.filter(action=AuditRecord.Action.CHANGE).latest("pk")
    assert (record.before["pairing_system"], record.after["pairing_system"]) == ("dutch-2026", "dutch-2017")


def test_a_draft_is_stale_once_the_event_is_to_be_paired_by_another_edition(tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    tournament.refresh_from_db()  # with the colour lot drawn when round 1 was paired
    tournament.save()
    assert draft_staleness(Round.objects.get(pk=rnd.pk)) == ""
    tournament.pairing_system = Tournament.PairingSystem.DUTCH_2017
    tournament.save()
    assert "The rules this draft was paired from changed" in draft_staleness(Round.objects.get(pk=rnd.pk))


def test_a_1998_draft_is_reviewed_by_the_1998_checker_and_explained_by_its_procedure_steps(
    arbiter_client, tournament, field, arbiter
):
    """Round 2 of eleven players under the 1998 rules: a board of the engine's draft is
    explained by the steps C2-C6 that made it, and a hand-made rematch is reported on the
    review page under the 1998 criterion B1a (the 2026 checker would name C1)."""
    tournament.pairing_system = Tournament.PairingSystem.DUTCH_1998
    tournament.save()
    first = actions.pair_next_round(tournament, arbiter)
    met = {b.white.pk: b.black.pk for b in first.boards_with_seats() if b.black is not None}
    play_round(first, arbiter)
    rnd = actions.pair_next_round(tournament, arbiter)

    explained = arbiter_client.get(url("board-explain", tournament, 2, 1)).content.decode()
    assert "1-point bracket" in explained and "C2-C3: x = " in explained and "C6: " in explained
    review = arbiter_client.get(url("round", tournament, 2)).content.decode()
    assert "(B1a)" not in review

    white, black = next(iter(met.items()))
    actions.change_draft(rnd, arbiter, "pair", white, black)
    review = arbiter_client.get(url("round", tournament, 2)).content.decode()
    assert "(B1a)" in review and "(C1)" not in review
