"""A team absent from a round or withdrawn: not paired, no match points, no bye; the pages follow."""

from __future__ import annotations

import datetime
from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from pairing import actions, publishing, results
from pairing.actions import ActionError
from swiss.team.model import Outcome
from tournaments.bridge import team_standings
from tournaments.bridge.team_trf import import_team_trf, team_trf
from tournaments.bridge.teams import team_state
from tournaments.models import AuditRecord, LineupBoard, Round, TeamAbsence, Tournament


def mark(client: Any, event: Any, team: Any, number: int, kind: str) -> str:
    url = reverse("arbiter:team-absence", args=[event.slug, team.pk])
    response = client.post(url, {"round": number, "kind": kind}, follow=True)
    assert response.status_code == 200
    return str(response.content.decode())


def paired_teams(rnd: Round) -> set[str]:
    return {n for m in rnd.matches.all() for n in (m.white.name, m.black.name if m.black else "")} - {""}


def play_round(event: Any, arbiter: Any) -> Round:
    rnd = actions.pair_next_round(event, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})
    return rnd


def test_an_absent_team_is_not_paired_gets_no_bye_and_scores_nothing(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    sion = teams[4]
    assert "Sion: absent in that round (round 1)." in mark(client, team_event, sion, 1, "absent")
    assert team_state(team_event, 1).absent == {5: Outcome.ZERO_BYE}
    rnd = play_round(team_event, arbiter)
    # Four teams present: two matches and no bye for anyone.
    assert paired_teams(rnd) == {"Basel", "Bern", "Chur", "Genf"}
    assert not rnd.matches.filter(black=None).exists()
    played = team_state(team_event, 2).team(5).history[0]
    assert (played.outcome, played.match_points, played.game_points) == (Outcome.ZERO_BYE, 0, 0)
    table = team_standings.table(team_event, 1)
    row = next(r for r in table.rows if r.team == sion)
    assert (row.match_points, row.game_points, row.position) == (Fraction(0), Fraction(0), 5)
    page = client.get(reverse("public:team", args=[team_event.slug, sion.pk])).content.decode()
    assert "absent, not paired (0 MP)" in page
    standings = client.get(reverse("public:standings", args=[team_event.slug])).content.decode()
    assert "Sion" in standings
    record = AuditRecord.objects.filter(object_type="tournaments.team", object_id=str(sion.pk)).latest("pk")
    assert record.after == {"absence": "absent", "round": 1}


def test_a_withdrawn_team_stays_out_of_every_later_round_until_it_is_back(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    bern = teams[1]
    play_round(team_event, arbiter)
    mark(client, team_event, bern, 2, "withdrawn")
    assert list(bern.absences.values_list("round__number", flat=True)) == [2, 3, 4, 5]
    second = play_round(team_event, arbiter)
    assert "Bern" not in paired_teams(second) and len(paired_teams(second)) == 4
    mark(client, team_event, bern, 4, "present")
    assert list(bern.absences.values_list("round__number", flat=True)) == [2, 3]
    third = actions.pair_next_round(team_event, arbiter)
    assert "Bern" not in paired_teams(third)
    assert team_state(team_event, 3).absent == {2: Outcome.ZERO_BYE}


def test_a_draft_pairing_the_team_goes_stale_and_a_published_round_is_refused(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    rnd = actions.pair_next_round(team_event, arbiter)
    assert "Chur" in paired_teams(rnd)
    mark(client, team_event, teams[2], 1, "absent")
    with pytest.raises(ActionError):
        publishing.publish_round(rnd, arbiter, confirmed=True)
    rnd = actions.pair_next_round(team_event, arbiter, again=True)
    assert "Chur" not in paired_teams(rnd)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    page = mark(client, team_event, teams[0], 1, "absent")
    assert "Nothing was recorded. Round 1 is already published." in page
    assert not TeamAbsence.objects.filter(team=teams[0]).exists()


def test_an_absence_for_the_round_to_pair_survives_the_team_trf_round_trip(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    play_round(team_event, arbiter)
    mark(client, team_event, teams[3], 2, "absent")
    text = team_trf(team_event)
    assert "\n240 Z 002    4" in text
    copy = import_team_trf(text, slug="copy", start_date=datetime.date(2026, 5, 1))
    assert list(
        TeamAbsence.objects.filter(round__tournament=copy).values_list("team__name", "round__number")
    ) == [("Genf", 2)]
    assert team_state(copy).absent == team_state(team_event).absent
    assert Tournament.objects.get(slug="copy").teams.count() == 5


def test_the_lineup_of_an_absent_team_is_not_flagged_before_pairing(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    sion = teams[4]
    LineupBoard.objects.create(
        round=team_event.rounds.get(number=1), team=sion, board=1, entrant=sion.roster()[0]
    )
    flag = "Sion lines up 1 players for 2 boards."
    assert flag in client.get(reverse("arbiter:tournament", args=[team_event.slug])).content.decode()
    mark(client, team_event, sion, 1, "absent")
    assert flag not in client.get(reverse("arbiter:tournament", args=[team_event.slug])).content.decode()
    assert 5 not in team_state(team_event, 1).lineups
    actions.pair_next_round(team_event, arbiter)
    review = client.get(reverse("arbiter:round", args=[team_event.slug, 1])).content.decode()
    assert "Round 1" in review and flag not in review
