"""The admin lists tell same-named tournaments apart: by slug and dates, in columns and filters."""

from __future__ import annotations

import datetime

import pytest

from tournaments.models import Entrant, Tournament


@pytest.mark.django_db
def test_two_tournaments_of_one_name_are_told_apart_in_the_entrant_list(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="x")
    for slug, year in (("baku-open-2025", 2025), ("baku-open-2026", 2026)):
        event = Tournament.objects.create(
            name="Baku Accelerated Open",
            slug=slug,
            start_date=datetime.date(year, 5, 1),
            end_date=datetime.date(year, 5, 9),
            total_rounds=9,
            chief_arbiter=admin,
        )
        Entrant.objects.create(tournament=event, name=f"Player {year}", pairing_number=1)
    client.force_login(admin)
    page = client.get("/admin/tournaments/entrant/").content.decode()
    for label in (
        "Baku Accelerated Open (baku-open-2025, 01 May 2025 – 09 May 2025)",
        "Baku Accelerated Open (baku-open-2026, 01 May 2026 – 09 May 2026)",
    ):
        assert page.count(label) == 2, label  # the row's column and the filter
    tournaments = client.get("/admin/tournaments/tournament/").content.decode()
    assert "baku-open-2025" in tournaments and "May 9, 2026" in tournaments
