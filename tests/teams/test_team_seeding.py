"""Team numbers: the order of entry, re-seeded by rating or moved by hand before round 1; audited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse

from pairing import actions, publishing
from pairing.teams import reseed_by_rating
from tournaments.models import AuditRecord, Entrant


def numbers(event: Any) -> list[str]:
    return list(event.teams.order_by("pairing_number").values_list("name", flat=True))


def post(client: Any, event: Any, name: str, *args: object, **data: object) -> str:
    response = client.post(reverse(f"arbiter:{name}", args=[event.slug, *args]), data, follow=True)
    assert response.status_code == 200
    return str(response.content.decode())


def test_reseeding_numbers_the_teams_by_their_best_players_average_then_by_name(
    client: Any, team_event: Any, make_team: Callable[..., Any], arbiter: Any
) -> None:
    for name, rating in (("Zug", 2100), ("Sion", 2000), ("Basel", 2300), ("Aarau", 2100)):
        make_team(name, rating)
    # The highest-rated players count, wherever they stand on the roster.
    strong = team_event.teams.get(name="Sion").roster().last()
    strong.fide_rating = 2600
    strong.save()
    client.force_login(arbiter)
    page = post(client, team_event, "teams-reseed")
    assert "Teams numbered by the average rating" in page
    # Sion's best two average 2295 (2600, 1990), Basel's 2285; Aarau and Zug tie and go by name.
    assert numbers(team_event) == ["Sion", "Basel", "Aarau", "Zug"]
    record = AuditRecord.objects.filter(tournament=team_event, action="change").latest("pk")
    assert record.before == {"team numbers": {"Zug": 1, "Sion": 2, "Basel": 3, "Aarau": 4}}
    assert record.after == {"team numbers": {"Sion": 1, "Basel": 2, "Aarau": 3, "Zug": 4}}


def test_an_arbiter_moves_a_team_and_the_teams_from_there_move_down(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    post(client, team_event, "team-number", teams[3].pk, number=1)
    assert numbers(team_event) == ["Genf", "Basel", "Bern", "Chur", "Sion"]
    page = post(client, team_event, "team-number", teams[0].pk, number=9)
    assert "Team numbers run from 1 to 5." in page
    assert numbers(team_event) == ["Genf", "Basel", "Bern", "Chur", "Sion"]
    assert (
        AuditRecord.objects.filter(tournament=team_event, object_type="tournaments.tournament").count() == 1
    )


def test_round_1_pairs_by_the_new_numbers(
    team_event: Any, make_team: Callable[..., Any], arbiter: Any
) -> None:
    for name, rating in (("Weak", 1800), ("Low", 1900), ("Mid", 2000), ("Top", 2400)):
        make_team(name, rating)
    actions.pair_next_round(team_event, arbiter)
    reseed_by_rating(team_event, arbiter)
    rnd = actions.pair_next_round(team_event, arbiter, again=True)
    first = rnd.matches.get(number=1)
    assert {first.white.name, first.black.name} == {"Top", "Low"}


def test_the_numbers_are_fixed_once_round_1_is_published(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    publishing.publish_round(actions.pair_next_round(team_event, arbiter), arbiter, confirmed=True)
    client.force_login(arbiter)
    before = numbers(team_event)
    page = post(client, team_event, "teams-reseed")
    assert "The team numbers are fixed once round 1 is published." in page
    assert "Re-seed by rating" not in page
    post(client, team_event, "team-number", teams[4].pk, number=1)
    assert numbers(team_event) == before


def test_the_teams_page_shows_the_average_each_team_is_seeded_by(
    client: Any, team_event: Any, make_team: Callable[..., Any], arbiter: Any
) -> None:
    """D.02 3.1: the best players, as many as the boards of a match (two here), wherever they sit."""
    make_team("Basel", 2300)
    sion = make_team("Sion", 2000, players=2)
    Entrant.objects.filter(pk=sion.roster().first().pk).update(fide_rating=None)
    client.force_login(arbiter)
    page = client.get(reverse("arbiter:teams", args=[team_event.slug])).content.decode()
    assert "Ø 2285</small>" in page  # Basel: 2290 and 2280
    assert "Ø 990</small>" in page  # Sion: unrated (0) and 1980
