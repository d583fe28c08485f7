"""Every arbiter page of a team event opens, before and after a round is played."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from pairing import actions, lineups, publishing, results
from tournaments.models import TeamAbsence


def test_every_arbiter_page_of_a_team_event_opens(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    slug = team_event.slug
    pages = [
        "tournament",
        "teams",
        "teams-import",
        "standings",
        "tournament-edit",
        "arbiters",
        "forbidden-pairs",
    ]
    for name in pages:
        assert client.get(reverse(f"arbiter:{name}", args=[slug])).status_code == 200, name
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    results.record_results(rnd, arbiter, {b.number: "1/2" for b in rnd.boards.all()})
    for name in pages:
        assert client.get(reverse(f"arbiter:{name}", args=[slug])).status_code == 200, name
    for name in ("round", "results", "lineups"):
        assert client.get(reverse(f"arbiter:{name}", args=[slug, 1])).status_code == 200, name
    assert client.get(reverse("arbiter:lineups", args=[slug, 2])).status_code == 200
    edit = client.get(reverse("arbiter:tournament-edit", args=[slug])).content.decode()
    assert 'name="boards"' in edit and "Olympiad (D.02)" in edit


def test_a_team_draft_stays_private_and_the_public_pages_of_a_published_round_open(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    rnd = actions.pair_next_round(team_event, arbiter)
    first = rnd.matches.get(number=1).games()[0].white
    assert client.get(reverse("public:round", args=[team_event.slug, 1])).status_code == 404
    assert first.name not in client.get(reverse("public:tournament", args=[team_event.slug])).content.decode()
    publishing.publish_round(rnd, arbiter)
    for name in ("tournament", "standings", "players", "crosstable"):
        assert client.get(reverse(f"public:{name}", args=[team_event.slug])).status_code == 200, name
    # The team pairing is public; the lineups only once the arbiter releases them.
    assert first.name not in client.get(reverse("public:round", args=[team_event.slug, 1])).content.decode()
    lineups.release_lineups(rnd, arbiter)
    assert first.name in client.get(reverse("public:round", args=[team_event.slug, 1])).content.decode()


def test_matches_lineups_and_absences_are_in_the_admin_for_corrections(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any, django_user_model: Any
) -> None:
    actions.pair_next_round(team_event, arbiter)
    TeamAbsence.objects.create(round=team_event.rounds.get(number=2), team=teams[0])
    client.force_login(django_user_model.objects.create_superuser("root", password="correct horse battery"))
    for model in ("match", "lineupboard", "teamabsence"):
        page = client.get(reverse(f"admin:tournaments_{model}_changelist"), {"q": "Basel"})
        assert page.status_code == 200 and "Basel" in page.content.decode(), model
