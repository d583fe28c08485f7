"""The team TRF exports of a running event at every stage, by the one contract of what each holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.urls import reverse

from pairing import actions, lineups, publishing, results
from swiss.trf import read_team_trf
from tournaments.bridge.team_trf import public_team_trf, team_trf
from tournaments.models import Round, Tournament

from .test_team_trf import cli_pairing, match_lines, play


def published_unplayed(tournament: Tournament, arbiter: Any) -> Round:
    """Round 1 played; round 2 paired and published, no game of it played yet."""
    play(tournament, arbiter, 1)
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    return rnd


def export(client: Any, tournament: Tournament) -> str:
    response = client.get(reverse("arbiter:export-trf", args=[tournament.slug]))
    assert response.status_code == 200, response.status_code  # no redirect with "No TRF yet"
    return str(response.content.decode())


def test_the_arbiters_file_of_a_published_round_not_yet_played_holds_its_lineups(
    client: Any, team_event: Tournament, teams: list[Any], arbiter: Any
) -> None:
    rnd = published_unplayed(team_event, arbiter)
    client.force_login(arbiter)
    text = export(client, team_event)
    state = read_team_trf(text)
    assert (state.rounds_played, state.round_to_pair) == (1, 2)
    assert "\n300 002 " in text and state.lineups
    # Players see the team pairing, not the lineups, until the arbiter releases them.
    assert "\n300 002 " not in public_team_trf(team_event)
    lineups.release_lineups(rnd, arbiter)
    assert read_team_trf(public_team_trf(team_event)).lineups == state.lineups


def test_a_partly_played_round_is_written_without_its_results(
    client: Any, team_event: Tournament, teams: list[Any], arbiter: Any
) -> None:
    rnd = published_unplayed(team_event, arbiter)
    before = team_trf(team_event)
    first = rnd.matches.order_by("number").first()
    assert first is not None
    results.record_results(rnd, arbiter, {first.games()[0].number: "1-0"})
    client.force_login(arbiter)
    assert export(client, team_event) == before


def test_the_file_of_a_complete_event_holds_every_round(
    client: Any, team_event: Tournament, teams: list[Any], arbiter: Any
) -> None:
    # Five teams meet in four rounds; a fifth would leave no team the bye (C.04.6 C2).
    team_event.total_rounds = 4
    team_event.save()
    team_event.rounds.filter(number=5).delete()
    for number in range(1, team_event.total_rounds + 1):
        play(team_event, arbiter, number)
    client.force_login(arbiter)
    text = export(client, team_event)
    assert read_team_trf(text).rounds_played == team_event.total_rounds
    assert read_team_trf(public_team_trf(team_event)).rounds_played == team_event.total_rounds


def test_the_engine_cli_pairs_the_public_file_of_a_running_event_as_the_app_did(
    team_event: Tournament, teams: list[Any], arbiter: Any, tmp_path: Path
) -> None:
    rnd = published_unplayed(team_event, arbiter)
    lineups.release_lineups(rnd, arbiter)
    results.record_results(rnd, arbiter, {rnd.boards.order_by("number")[0].number: "1/2"})
    assert cli_pairing(public_team_trf(team_event), tmp_path) == match_lines(rnd)
