"""The arbiter's tournament settings: a new tournament starts unlisted, and the form explains itself."""

from __future__ import annotations

from tournaments.models import AuditRecord, Entrant, Tournament

NEW = {
    "name": "Club Test",
    "slug": "club-test",
    "place": "Bern",
    "start_date": "2026-12-05",
    "end_date": "2026-12-06",
    "total_rounds": "5",
    "pairing_system": "dutch-2026",
    "acceleration": "none",
    "initial_colour": "",
    **dict.fromkeys(["points_win", "points_forfeit_win", "points_pab", "points_full_bye"], "1"),
    **dict.fromkeys(["points_draw", "points_half_bye"], "0.5"),
    **dict.fromkeys(["points_loss", "points_forfeit_loss", "points_zero_bye"], "0"),
    "tiebreaks": ["BH-C1", "BH", "SB"],
    "public_birth_dates": "year",
}


def test_a_new_tournament_is_unlisted_until_its_arbiter_makes_it_public(arbiter_client, client, arbiter):
    response = arbiter_client.post("/arbiter/new/", NEW)
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(slug="club-test")
    assert not tournament.public
    client.logout()
    assert "Club Test" not in client.get("/").content.decode()
    assert client.get("/t/club-test/").status_code == 404
    assert client.get("/t/club-test/standings/").status_code == 404

    client.force_login(arbiter)
    edit = {**NEW, "public": "on"}
    assert client.post("/arbiter/club-test/edit/", edit).status_code == 302
    change = AuditRecord.objects.filter(action=AuditRecord.Action.CHANGE).latest("pk")
    assert "public" in str(change.after)
    client.logout()
    assert "Club Test" in client.get("/").content.decode()
    assert client.get("/t/club-test/").status_code == 200


def test_the_form_offers_the_tie_breaks_by_name_and_refuses_others(arbiter_client):
    page = arbiter_client.get("/arbiter/new/").content.decode()
    assert '<option value="BH-C1" selected>Buchholz, cut 1</option>' in page
    assert "Average rating of opponents, median 1" in page and "/t/this-slug/" in page and "/t//" not in page
    assert "tiebreaks.md" not in page
    response = arbiter_client.post("/arbiter/new/", {**NEW, "tiebreaks": ["BH", "XYZ"]})
    assert response.status_code == 200
    assert "Choose the tie-breaks from the lists." in response.content.decode()
    twice = arbiter_client.post("/arbiter/new/", {**NEW, "tiebreaks": ["BH", "", "BH"]})
    assert "A tie-break may appear only once in the order." in twice.content.decode()
    assert not Tournament.objects.filter(slug="club-test").exists()


def test_zero_rounds_gets_a_sentence_not_a_constraint_name(arbiter_client):
    response = arbiter_client.post("/arbiter/new/", {**NEW, "total_rounds": "0"})
    page = response.content.decode()
    assert "A tournament has at least one round." in page and "tournament_has_rounds" not in page


def test_titles_read_as_players_write_them(arbiter_client, tournament):
    assert dict(Entrant.Title.choices)["WGM"] == "WGM"
    page = arbiter_client.get(f"/arbiter/{tournament.slug}/entrants/").content.decode()
    assert "Wgm" not in page and "Gm<" not in page


def test_prize_categories_are_read_from_the_form_and_checked(arbiter_client):
    response = arbiter_client.post("/arbiter/new/", {**NEW, "prize_categories": "w, u18, S65, U1800"})
    assert response.status_code == 302
    assert Tournament.objects.get(slug="club-test").prize_categories == ["W", "U18", "S65", "U1800"]
    response = arbiter_client.post("/arbiter/new/", {**NEW, "slug": "other", "prize_categories": "juniors"})
    assert "Unknown prize categories: JUNIORS" in response.content.decode()


def test_a_tournament_paired_by_the_1998_rules_says_they_are_historical(arbiter_client):
    response = arbiter_client.post("/arbiter/new/", {**NEW, "pairing_system": "dutch-1998"})
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(slug="club-test")
    assert tournament.pairing_system == Tournament.PairingSystem.DUTCH_1998
    assert "FIDE Dutch 1998 (historical)" in arbiter_client.get("/arbiter/club-test/").content.decode()
