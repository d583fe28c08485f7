"""Correcting an entrant: the audit trail, the renumbering rule of C.04.2 2.3 and the stale draft."""

from __future__ import annotations

import pytest
from django.test import Client

from pairing import registration
from tournaments.bridge.drafts import draft_staleness
from tournaments.models import AuditRecord


@pytest.mark.django_db
def test_from_round_4_on_a_correction_changes_no_pairing_number_but_the_draft_goes_stale(demo):
    """The demo has round 5 drafted: round 4 is paired, so every number stays (C.04.2 2.3)."""
    client = Client()
    client.force_login(demo.chief_arbiter)
    last = demo.entrants.order_by("-pairing_number").first()
    numbers = dict(demo.entrants.values_list("pk", "pairing_number"))
    page = client.get(f"/arbiter/{demo.slug}/entrants/{last.pk}/edit/")
    assert "Round 4 is paired: a correction no longer changes any pairing number" in page.content.decode()
    form = page.context["edit_form"]
    data = {name: form[name].value() or "" for name in form.fields}
    data["fide_rating"] = "2850"
    response = client.post(f"/arbiter/{demo.slug}/entrants/{last.pk}/edit/", data, follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert f"{last.name} corrected: FIDE rating." in said
    assert "No pairing number changed: round 4 is paired (C.04.2 2.3)." in said
    assert any(s.startswith("Round 5's draft is stale now.") for s in said)
    assert dict(demo.entrants.values_list("pk", "pairing_number")) == numbers
    assert "entrants" in draft_staleness(demo.rounds.get(number=5))
    records = AuditRecord.objects.filter(object_type="tournaments.entrant", object_id=str(last.pk))
    record = records.latest("pk")
    assert record.after == {"fide_rating": 2850}


@pytest.mark.django_db
def test_a_correction_of_a_field_that_ranks_no_one_moves_nothing(tournament, players, arbiter):
    players[3].club = "SK Basel"
    assert registration.correct_entrant(players[3], arbiter, {"club": "SK Basel"}) is None
    assert registration.last_renumbering(tournament) is None


@pytest.mark.django_db
def test_another_tournaments_arbiter_may_not_correct(tournament, players, django_user_model):
    other = django_user_model.objects.create_user("other", password="x")
    client = Client()
    client.force_login(other)
    response = client.post(f"/arbiter/{tournament.slug}/entrants/{players[0].pk}/edit/", {"name": "Hacked"})
    assert response.status_code == 403
    players[0].refresh_from_db()
    assert players[0].name != "Hacked"
