"""C.04.6's options of a team event: chosen at creation, locked once round 1 is published,
read by the engine, and written to the team TRF so a re-import and the CLI pair the same way."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from pairing import actions, publishing
from swiss.team.model import Outcome, Preferences, Primary
from swiss.trf import read_team_trf
from tournaments.bridge.team_trf import import_team_trf, team_trf
from tournaments.bridge.teams import team_state
from tournaments.models import Seat, Tournament

from .test_team_trf import assert_cli_pairs_as_the_app, play
from .test_teams_entry import NEW

OPTIONS = {
    "primary_score": "GP",
    "colour_preferences": "B",
    "board_colours": "wwbb",
    "match_points_pab": "2",
    "game_points_pab": "2.4",
}


def test_the_c046_options_chosen_at_creation_reach_the_engine(client: Any, arbiter: Any) -> None:
    client.force_login(arbiter)
    response = client.post("/arbiter/new/?kind=team", {**NEW, **OPTIONS})
    assert response.status_code == 302, response.content.decode()
    event = Tournament.objects.get(slug="club-teams")
    assert (event.primary_score, event.colour_preferences, event.board_colours) == ("GP", "B", "WWBB")
    assert (event.match_points_pab, event.game_points_pab) == (2, Decimal("2.4"))
    state = team_state(event)
    assert (state.primary, state.preferences, state.board_colours) == (
        Primary.GAME_POINTS,
        Preferences.TYPE_B,
        "WWBB",
    )
    assert (state.scoring.pab_match_points, state.scoring.pab_game_points) == (2, Fraction(12, 5))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"board_colours": "BWBW"}, "board 1 W"),
        ({"board_colours": "WBW"}, "One letter W or B per board"),
        ({"board_colours": "WXBW"}, "One letter W or B per board"),
        ({"game_points_pab": "2.5"}, "a multiple of 0.4 with 4 boards"),
        ({"game_points_pab": "4.5"}, "From 0 to 4"),
        ({"pairing_system": "team-olympiad", "primary_score": "GP"}, "Only C.04.6 may pair on game points."),
        ({"pairing_system": "team-ecu", "colour_preferences": "B"}, "Type B colour preferences are a C.04.6"),
    ],
)
def test_options_the_rules_do_not_allow_are_refused_with_a_reason(
    client: Any, arbiter: Any, change: dict[str, str], message: str
) -> None:
    client.force_login(arbiter)
    response = client.post("/arbiter/new/?kind=team", {**NEW, **change})
    assert response.status_code == 200 and message in response.content.decode()
    assert not Tournament.objects.filter(slug="club-teams").exists()


@pytest.fixture
def optioned(team_event: Any) -> Any:
    """The two-board event on game points, Type B, board colours WW, a bye worth 2 MP and 2 GP."""
    team_event.primary_score, team_event.colour_preferences = "GP", "B"
    team_event.board_colours, team_event.match_points_pab, team_event.game_points_pab = "WW", 2, Decimal(2)
    team_event.full_clean()
    team_event.save()
    return team_event


def test_the_board_colours_and_the_bye_value_shape_the_stored_round(
    optioned: Any, teams: list[Any], arbiter: Any
) -> None:
    play(optioned, arbiter, 1)
    rnd = optioned.rounds.get(number=1)
    for match in rnd.matches.exclude(black=None):
        # WW: the team with White on board 1 has White on board 2 as well.
        assert {b.white.team_id for b in match.games()} == {match.white_id}
    bye = rnd.matches.get(black=None).white
    assert not Seat.objects.filter(round=rnd, entrant__team=bye, board_number__isnull=False).exists()
    state = team_state(optioned, 2)
    assert state.team(bye.pairing_number).history[0].outcome is Outcome.PAB
    played = state.team(bye.pairing_number).history[0]
    assert (played.match_points, played.game_points) == (2, 2)


def test_the_options_are_fixed_once_round_1_is_published(
    client: Any, optioned: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    edit = reverse("arbiter:tournament-edit", args=[optioned.slug])
    page = client.get(edit).content.decode()
    assert 'name="primary_score"' in page and "disabled" not in page.split('name="primary_score"')[1][:200]
    publishing.publish_round(actions.pair_next_round(optioned, arbiter), arbiter, confirmed=True)
    form = client.get(edit).context["form"]
    for name in (
        "primary_score",
        "colour_preferences",
        "board_colours",
        "match_points_pab",
        "game_points_pab",
    ):
        assert form.fields[name].disabled, name
    posted = {
        **{k: v for k, v in form.initial.items() if v is not None},
        "primary_score": "MP",
        "tiebreaks": [],
    }
    posted.update(start_date="2026-05-01", end_date="2026-05-03", board_colours="WB")
    assert client.post(edit, posted).status_code == 302  # saved: the lock, not an error, kept them
    optioned.refresh_from_db()
    assert (optioned.primary_score, optioned.board_colours) == ("GP", "WW")


def test_a_bye_worth_more_than_a_draw_is_in_the_file_before_any_bye_is_given(
    optioned: Any, teams: list[Any]
) -> None:
    state = read_team_trf(team_trf(optioned))
    assert (state.scoring.pab_match_points, state.scoring.pab_game_points) == (2, 2)


def test_the_options_survive_the_trf_round_trip_and_the_cli_pairs_as_the_app(
    optioned: Any, teams: list[Any], arbiter: Any, tmp_path: Path
) -> None:
    for number in (1, 2):
        play(optioned, arbiter, number)
    text = team_trf(optioned)
    assert "\n192 FIDE_TEAM_TYPEB_GP_MP\n" in text and "\n352 WW\n" in text and "\n320  2.0  2.0 " in text
    copy = import_team_trf(text, slug="copy", start_date=datetime.date(2026, 5, 1))
    fields = ("primary_score", "colour_preferences", "board_colours", "match_points_pab", "game_points_pab")
    assert [getattr(copy, f) for f in fields] == [getattr(optioned, f) for f in fields]
    assert team_state(copy, 3).teams == team_state(optioned, 3).teams
    assert_cli_pairs_as_the_app(optioned, arbiter, tmp_path)


def test_game_points_other_than_fides_survive_the_trf_round_trip(
    optioned: Any, teams: list[Any], arbiter: Any, tmp_path: Path
) -> None:
    # Three game points a won board, one a drawn one: the file's 162 and XXS carry them, so the
    # re-import counts each match's game points, and pairs on them, as the app does.
    optioned.points_win, optioned.points_draw = Decimal(3), Decimal(1)
    optioned.points_forfeit_win = Decimal(3)
    optioned.full_clean()
    optioned.save()
    for number in (1, 2):
        play(optioned, arbiter, number)
    text = team_trf(optioned)
    assert "\n162  W 3.0    D 1.0    L 0.0 " in text and "FW=3" in text
    copy = import_team_trf(text, slug="copy", start_date=datetime.date(2026, 5, 1))
    fields = ("points_win", "points_draw", "points_loss", "points_forfeit_win", "points_forfeit_loss")
    assert [getattr(copy, f) for f in fields] == [Decimal(3), Decimal(1), Decimal(0), Decimal(3), Decimal(0)]
    assert team_state(copy, 3).teams == team_state(optioned, 3).teams
    assert max(t.game_points for t in team_state(copy, 3).teams) > 4  # more than one point a board
    assert_cli_pairs_as_the_app(optioned, arbiter, tmp_path)
