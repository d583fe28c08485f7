"""The FIDE list on the entrants page: the type-ahead's answers and the ratings refresh before round 1."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from pairing import publishing
from pairing.actions import draft_round
from tournaments.models import AuditRecord, Entrant

SAMPLES = Path(__file__).resolve().parent.parent / "ratinglists" / "samples"

pytestmark = pytest.mark.django_db


@pytest.fixture
def fide_list(db: None) -> None:
    call_command(
        "import_fide_list", str(SAMPLES / "fide-list-sample.txt"), "--month", "SEP26", stdout=StringIO()
    )


def lookup(client: Any, tournament: Any, query: str) -> str:
    response = client.get(
        f"/arbiter/{tournament.slug}/entrants/fide-lookup/", {"q": query}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    return str(response.content.decode())


def fills(page: str) -> list[dict[str, str]]:
    import html

    return [json.loads(html.unescape(raw)) for raw in re.findall(r'data-fill="([^"]*)"', page)]


def test_a_player_found_fills_every_field_with_the_rating_of_the_rate_of_play(
    arbiter_client, tournament, fide_list
):
    assert fills(lookup(arbiter_client, tournament, "brightwell")) == [
        {
            "name": "Brightwell, Anna",
            "fide_id": "90000029",
            "title": "IM",  # higher than her WGM (C.04.2 2.2's order)
            "federation": "ENG",
            "sex": "w",
            "birth_date": "1995-01-01",
            "fide_rating": "2405",
        }
    ]
    tournament.rate_of_play = "blitz"
    tournament.save()
    found = fills(lookup(arbiter_client, tournament, "dragomir"))
    assert (found[0]["fide_rating"], found[0]["title"]) == ("", "WIM")  # unrated in blitz
    assert fills(lookup(arbiter_client, tournament, "900000103"))[0]["name"] == "Jovanovic, Marko"


def test_the_type_ahead_says_when_nothing_matches_or_no_list_is_loaded(arbiter_client, tournament):
    assert "No FIDE list is loaded yet" in lookup(arbiter_client, tournament, "avenor")
    call_command("import_fide_list", str(SAMPLES / "fide-list-sample.txt"), stdout=StringIO())
    assert "Nobody in the list matches “qqq”." in lookup(arbiter_client, tournament, "qqq")


def test_only_the_tournaments_arbiters_look_players_up(client, tournament, django_user_model, fide_list):
    client.force_login(django_user_model.objects.create_user("other", password="x"))
    assert client.get(f"/arbiter/{tournament.slug}/entrants/fide-lookup/", {"q": "a"}).status_code == 403
    assert client.get(f"/arbiter/{tournament.slug}/entrants/fide-refresh/").status_code == 403


def entrants(make_entrant: Any) -> list[Entrant]:
    return [
        make_entrant(
            name="Avenor, Tomasz", fide_id="90000011", fide_rating=2600, title="GM", federation="POL"
        ),
        make_entrant(name="Eriksen, Jonas", fide_id="90000053", fide_rating=2250, title="", federation="NOR"),
        make_entrant(
            name="Jovanovic, Marko", fide_id="900000103", fide_rating=2452, title="IM", federation="SRB"
        ),
        make_entrant(name="Unlisted, Una", fide_id="12345", fide_rating=1500),
    ]


def test_the_refresh_shows_the_differences_and_applies_those_ticked(
    arbiter_client, tournament, make_entrant, fide_list
):
    avenor, eriksen, jovanovic, unlisted = entrants(make_entrant)
    url = f"/arbiter/{tournament.slug}/entrants/fide-refresh/"
    page = arbiter_client.get(url).content.decode()
    assert f'id="refresh-{avenor.pk}"' in page and f'id="refresh-{eriksen.pk}"' in page
    assert f'id="refresh-{jovanovic.pk}"' not in page  # as in the list already
    assert "Unlisted, Una" in page.split("Not in the list")[1]
    shown = dict(re.findall(r'name="((?:old|new)-\d+-\w+)" value="([^"]*)"', page))
    assert (
        shown[f"old-{eriksen.pk}-fide_rating"] == "2250" and shown[f"new-{eriksen.pk}-fide_rating"] == "2187"
    )
    assert shown[f"old-{eriksen.pk}-title"] == "" and shown[f"new-{eriksen.pk}-title"] == "CM"

    response = arbiter_client.post(url, {"entrant": [str(eriksen.pk)], **shown}, follow=True)
    assert "1 entrant updated from the FIDE list." in response.content.decode()
    eriksen.refresh_from_db()
    avenor.refresh_from_db()
    assert (eriksen.fide_rating, eriksen.title, avenor.fide_rating) == (2187, "CM", 2600)  # Avenor not ticked
    record = AuditRecord.objects.get(object_type="tournaments.entrant", object_id=str(eriksen.pk))
    assert record.before == {"fide_rating": "2250", "title": ""}
    assert record.after == {"fide_rating": "2187", "title": "CM"}
    assert record.reason == "refreshed from the FIDE list SEP26"


def test_a_refresh_renumbers_in_ranking_order(arbiter_client, tournament, make_entrant, fide_list):
    avenor, eriksen, jovanovic, _ = entrants(make_entrant)
    Entrant.objects.filter(pk=avenor.pk).update(fide_rating=2400)  # below Jovanovic's 2452 until refreshed
    url = f"/arbiter/{tournament.slug}/entrants/fide-refresh/"
    page = arbiter_client.get(url).content.decode()
    shown = dict(re.findall(r'name="((?:old|new)-\d+-\w+)" value="([^"]*)"', page))
    response = arbiter_client.post(url, {"entrant": [str(avenor.pk), str(eriksen.pk)], **shown}, follow=True)
    assert "2 entrants updated" in response.content.decode()
    order = list(tournament.entrants.order_by("pairing_number").values_list("name", flat=True))
    assert order == ["Avenor, Tomasz", "Jovanovic, Marko", "Eriksen, Jonas", "Unlisted, Una"]


def test_a_value_changed_after_the_page_was_shown_is_not_applied(
    arbiter_client, tournament, make_entrant, fide_list
):
    _, eriksen, _, _ = entrants(make_entrant)
    url = f"/arbiter/{tournament.slug}/entrants/fide-refresh/"
    shown = dict(
        re.findall(r'name="((?:old|new)-\d+-\w+)" value="([^"]*)"', arbiter_client.get(url).content.decode())
    )
    Entrant.objects.filter(pk=eriksen.pk).update(fide_rating=2200)  # a colleague's correction meanwhile
    response = arbiter_client.post(url, {"entrant": [str(eriksen.pk)], **shown}, follow=True)
    assert "1 change was not applied: the entrant or the list changed after the page was shown." in (
        response.content.decode()
    )
    eriksen.refresh_from_db()
    assert (eriksen.fide_rating, eriksen.title) == (2200, "CM")  # the title still as shown: applied


def test_no_refresh_once_round_1_is_published(arbiter_client, tournament, make_entrant, arbiter, fide_list):
    _, eriksen, _, _ = entrants(make_entrant)
    rnd, _ = draft_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    url = f"/arbiter/{tournament.slug}/entrants/fide-refresh/"
    page = arbiter_client.get(url).content.decode()
    assert "Round 1 is published" in page and 'id="fide-refresh"' not in page
    arbiter_client.post(url, {"entrant": [str(eriksen.pk)], f"old-{eriksen.pk}-fide_rating": "2250"})
    eriksen.refresh_from_db()
    assert eriksen.fide_rating == 2250
