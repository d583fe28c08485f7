"""Creating a team event, and its teams and rosters: by hand, and by CSV or TRF import with a preview."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import AuditRecord, Team, Tournament

NEW = {
    "name": "Club Teams",
    "slug": "club-teams",
    "start_date": "2026-12-05",
    "end_date": "2026-12-06",
    "total_rounds": "5",
    "pairing_system": "team-c046",
    "acceleration": "none",
    "boards": "4",
    "reserves": "2",
    "initial_colour": "",
    **{"primary_score": "MP", "colour_preferences": "A", "board_colours": ""},
    **{"match_points_win": "2", "match_points_draw": "1", "match_points_loss": "0"},
    **{"points_win": "1", "points_draw": "0.5", "points_loss": "0"},
    **{"points_forfeit_win": "1", "points_forfeit_loss": "0"},
    "tiebreaks": ["GP", "EMMSB"],
}

CSV = (
    "team,captain,captain_contact,name,fide_rating,federation\n"
    'Basel,Anna Muster,+41 79 000 00 00,"Alpha, Ann",2300,SUI\n'
    'Basel,,,"Beta, Bea",2250,SUI\n'
    'Bern,,,"Gamma, Gil",2200,SUI\n'
    'Bern,,,"Delta, Dan",2150,SUI\n'
)


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def test_an_arbiter_creates_a_team_event_with_its_system_boards_points_and_tie_breaks(
    client: Any,
    arbiter: Any,
) -> None:
    client.force_login(arbiter)
    page = client.get("/arbiter/new/?kind=team").content.decode()
    assert "Olympiad (D.02)" in page and "FIDE Dutch" not in page
    response = client.post("/arbiter/new/?kind=team", NEW)
    assert response.status_code == 302, response.content.decode()
    event = Tournament.objects.get(slug="club-teams")
    assert (event.kind, event.pairing_system, event.boards, event.reserves) == ("team", "team-c046", 4, 2)
    assert event.tiebreaks == ["GP", "EMMSB"]
    refused = client.post("/arbiter/new/?kind=team", {**NEW, "slug": "other", "acceleration": "ecu"})
    assert "The ECU acceleration belongs to the ECU team Swiss." in refused.content.decode()


def test_teams_and_players_are_added_by_hand_in_board_order(
    client: Any, team_event: Any, arbiter: Any
) -> None:
    client.force_login(arbiter)
    client.post(url("teams", team_event), {"add-team": "1", "name": "Basel", "captain": "Anna"})
    basel = Team.objects.get(tournament=team_event, name="Basel")
    for name in ("Alpha, Ann", "Beta, Bea", "Gamma, Gil"):
        client.post(url("teams", team_event), {"add-player": "1", "team": basel.pk, "name": name})
    assert [(p.name, p.board_order) for p in basel.roster()] == [
        ("Alpha, Ann", 1),
        ("Beta, Bea", 2),
        ("Gamma, Gil", 3),
    ]
    # Two boards and one reserve: a fourth player is refused with the reason.
    response = client.post(
        url("teams", team_event), {"add-player": "1", "team": basel.pk, "name": "Zeta"}, follow=True
    )
    assert "Basel has 3 players already" in response.content.decode()
    assert AuditRecord.objects.filter(object_type="tournaments.team").count() == 1


def test_a_csv_import_previews_every_line_and_saves_nothing_until_confirmed(
    client: Any, team_event: Any, arbiter: Any
) -> None:
    client.force_login(arbiter)
    upload = SimpleUploadedFile("teams.csv", CSV.encode())
    preview = client.post(url("teams-import", team_event), {"file": upload}).content.decode()
    assert "Import 4 players in their teams" in preview and not team_event.teams.exists()
    done = client.post(url("teams-import", team_event), {"text": CSV, "confirm": "on"})
    assert done.status_code == 302
    basel, bern = team_event.teams.order_by("pairing_number")
    assert (basel.name, basel.pairing_number, basel.captain, basel.captain_contact) == (
        "Basel",
        1,
        "Anna Muster",
        "+41 79 000 00 00",
    )
    assert [p.name for p in bern.roster()] == ["Gamma, Gil", "Delta, Dan"]


def test_every_wrong_line_of_a_team_file_is_named_and_nothing_is_saved(
    client: Any, team_event: Any, make_team: Any, arbiter: Any
) -> None:
    client.force_login(arbiter)
    make_team("Chur", 2000)
    bad = (
        CSV + ',,,"Nobody, No",2100,SUI\n' + 'Chur,,,"Eps, Eve",abc,SUI\n' + 'Basel,,,"Alpha, Ann",2300,SUI\n'
    )
    bad += 'Basel,,,"Four, F",2000,SUI\n'
    page = client.post(url("teams-import", team_event), {"text": bad, "confirm": "on"}).content.decode()
    assert "team: give the player&#x27;s team." in page
    assert "Chur is already entered" in page
    assert "likely a player already listed" in page
    assert "Basel has more than 3 players" in page
    assert team_event.teams.count() == 1


def test_a_trf_team_file_brings_its_teams_and_rosters(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    from tournaments.bridge.team_trf import team_trf

    text = team_trf(team_event)
    empty = Tournament.objects.create(
        **{f: getattr(team_event, f) for f in ("start_date", "end_date", "total_rounds", "kind", "boards")},
        name="Empty",
        slug="empty",
        pairing_system=team_event.pairing_system,
        reserves=1,
        chief_arbiter=arbiter,
    )
    client.force_login(arbiter)
    page = client.post(url("teams-import", empty), {"text": text}).content.decode()
    assert "TRF team records" in page and "Import 15 players" in page
    client.post(url("teams-import", empty), {"text": text, "confirm": "on"})
    assert [(t.name, [p.name for p in t.roster()]) for t in empty.teams.order_by("pairing_number")] == [
        (t.name, [p.name for p in t.roster()]) for t in teams
    ]
    broken = client.post(url("teams-import", empty), {"text": "012 Cup\n310   1 Zug\n"}).content.decode()
    assert "line " in broken.lower() and "Nothing was imported." in broken


def test_a_team_file_is_checked_and_saved_by_a_job_the_page_follows(
    client: Any, team_event: Any, arbiter: Any, settings: Any
) -> None:
    from pairing import job_kinds
    from tournaments.models import Job

    settings.JOBS_IN_PROCESS = False
    client.force_login(arbiter)
    posted = client.post(url("teams-import", team_event), {"text": CSV, "confirm": "on"})
    job = Job.objects.get(tournament=team_event, kind=Job.Kind.IMPORT)
    # The request only queued the job: nothing is saved until a worker has run it.
    assert posted["Location"].endswith(f"?job={job.pk}") and job.status == Job.Status.QUEUED
    assert "Importing the file" in client.get(posted["Location"]).content.decode()
    assert not team_event.teams.exists()
    job_kinds.import_entrants(job.pk)
    done = client.get(posted["Location"], follow=True)
    assert "2 teams with 4 players imported." in done.content.decode()
    assert [t.name for t in team_event.teams.order_by("pairing_number")] == ["Basel", "Bern"]
