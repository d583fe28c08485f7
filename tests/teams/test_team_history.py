"""Team events' history: a team that has played, its matches and the rows of a published round
are never deleted (tournaments/models/history.py); one that never played goes with its roster."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import ProtectedError
from django.urls import reverse

from tests.teams.test_bridge import publish as publish_team_round
from tests.teams.test_bridge import store as store_team_round
from tests.tournaments.test_history import every_page_answers, tables_digest
from tournaments.models import LineupBoard, Match, Team, TeamAbsence, Tournament


@pytest.fixture
def played_team_event(team_event: Tournament, teams: list[Team], arbiter: Any) -> Tournament:
    basel, bern, chur, genf, sion = teams
    first = team_event.rounds.get(number=1)
    store_team_round(first, (basel, chur), (genf, bern), (sion, None))
    publish_team_round(first, arbiter, ["1-0", "1/2", "1-0", "+-"])
    second = team_event.rounds.get(number=2)
    store_team_round(second, (bern, basel), (chur, genf), (sion, None))
    return team_event


def test_a_team_that_has_played_or_is_in_the_draft_is_not_deleted(
    client: Any, played_team_event: Tournament, arbiter: Any, django_user_model: Any
) -> None:
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    before = tables_digest()
    basel = played_team_event.teams.get(name="Basel")
    response = client.post(
        reverse("admin:tournaments_team_delete", args=[basel.pk]), {"post": "yes"}, follow=True
    )
    assert "Withdraw the team instead" in response.content.decode()
    with pytest.raises(ProtectedError):
        basel.delete()
    with pytest.raises(ProtectedError):
        Match.objects.filter(round__number=1).delete()
    assert tables_digest() == before
    every_page_answers(client, played_team_event, arbiter)


def test_a_team_that_never_played_is_deleted_with_its_roster(
    client: Any, team_event: Tournament, make_team: Any, django_user_model: Any
) -> None:
    team = make_team("Zug", 2000)
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    assert (
        client.post(reverse("admin:tournaments_team_delete", args=[team.pk]), {"post": "yes"}).status_code
        == 302
    )
    assert not team_event.entrants.filter(name__startswith="Zug").exists()


@pytest.mark.parametrize("table", ["seat", "board", "match", "lineupboard", "teamabsence", "round"])
def test_the_database_refuses_to_delete_a_row_of_a_published_round_whoever_writes_the_sql(
    played_team_event: Tournament, table: str
) -> None:
    """Leaf rows (a seat, a lineup place) have nothing pointing at them for the ORM to protect."""
    played = played_team_event.rounds.get(number=1)
    if table == "lineupboard":
        team = played_team_event.teams.get(name="Basel")
        LineupBoard.objects.create(round=played, team=team, board=1, entrant=team.roster()[0])
    if table == "teamabsence":
        # Stored directly, as a script could: the actions refuse an absence in a published round.
        TeamAbsence.objects.create(round=played, team=played_team_event.teams.get(name="Sion"), kind="absent")
    column = "id" if table == "round" else "round_id"
    with (
        pytest.raises(IntegrityError, match="never deleted"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"DELETE FROM tournaments_{table} WHERE {column} = %s", [played.pk])
