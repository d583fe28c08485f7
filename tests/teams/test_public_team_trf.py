"""The public TRF of a team event: team records, only what is published, birth dates cut."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse

from pairing import actions
from pairing.lineups import release_lineups, set_lineup
from pairing.teams import record_team_absence
from swiss.trf import read_team_trf
from tournaments.bridge.team_trf import public_team_trf, team_trf
from tournaments.models import Entrant, Round, Tournament

from .test_team_trf import play


@pytest.fixture
def drafted(team_event: Any, teams: list[Any], arbiter: Any) -> Tournament:
    """Round 1 played; round 2 paired as a draft, Basel lining up its reserve on board 2."""
    Entrant.objects.filter(tournament=team_event).update(birth_date=datetime.date(2011, 4, 17))
    play(team_event, arbiter, 1)
    round_two = team_event.rounds.get(number=2)
    first, _, reserve = teams[0].roster()
    set_lineup(round_two, arbiter, teams[0], [first, reserve])
    actions.pair_next_round(team_event, arbiter)
    assert round_two.matches.exists()
    return team_event


def test_the_public_file_of_a_team_event_shows_nothing_of_a_drafted_round(drafted: Tournament) -> None:
    private, public = team_trf(drafted), public_team_trf(drafted)
    # The arbiter's file holds the draft's lineups, so their absence below is the export's doing.
    assert "\n300 002 001 000    1    3" in private
    assert "\n300 " not in public
    state = read_team_trf(public)
    assert state.rounds_played == 1 and state.lineups == {}
    basel = state.team(1)
    assert basel.roster == (1, 2, 3) and len(basel.history) == 1
    reserve = next(line for line in public.splitlines() if line.startswith("001    3"))
    # Round 1's cell only: the reserve's round-2 board stays private.
    assert len(reserve.rstrip()) <= 100


def test_the_public_file_parses_back_as_the_team_event_it_publishes(drafted: Tournament) -> None:
    state = read_team_trf(public_team_trf(drafted))
    arbiter = read_team_trf(team_trf(drafted))
    assert [(t.number, t.name, t.roster, t.history) for t in state.teams] == [
        (t.number, t.name, t.roster, t.history) for t in arbiter.teams
    ]
    assert (state.boards, state.total_rounds, state.primary, state.scoring) == (
        arbiter.boards,
        arbiter.total_rounds,
        arbiter.primary,
        arbiter.scoring,
    )


@pytest.mark.parametrize(
    ("choice", "shown"),
    [(Tournament.BirthDates.YEAR, "2011/00/00"), (Tournament.BirthDates.NONE, ""), ("full", "2011/04/17")],
)
def test_the_public_team_file_cuts_birth_dates_as_the_tournament_chose(
    drafted: Tournament, choice: str, shown: str
) -> None:
    drafted.public_birth_dates = choice
    drafted.save()
    lines = [line for line in public_team_trf(drafted).splitlines() if line.startswith("001")]
    assert {line[69:79].strip() for line in lines} == {shown}
    assert "2011/04/17" in team_trf(drafted)


def test_the_lot_shows_once_round_1_is_published_and_the_lineups_once_released(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    rnd = actions.pair_next_round(team_event, arbiter)
    assert "\n152 " not in public_team_trf(team_event) and "\n152 W" in team_trf(team_event)
    rnd.publish(arbiter)
    text = public_team_trf(team_event)
    # The team pairing is out; the captains' lineups are not, until the arbiter releases them.
    assert "\n152 W" in text and "\n300 " not in text
    assert "\n300 001 001 000    1    2" in team_trf(team_event)
    release_lineups(rnd, arbiter)
    text = public_team_trf(team_event)
    assert "\n300 001 001 000    1    2" in text
    assert read_team_trf(text).rounds_played == 0


def test_the_public_download_of_a_team_event_is_the_team_file(client: Any, drafted: Tournament) -> None:
    response = client.get(reverse("public:trf", args=[drafted.slug]))
    text = response.content.decode()
    assert response.status_code == 200 and text == public_team_trf(drafted)
    assert read_team_trf(text).team(1).name == "Basel"
    assert Round.objects.get(tournament=drafted, number=2).state == Round.State.DRAFT


def test_an_absence_in_a_round_not_yet_published_stays_private(
    drafted: Tournament, teams: list[Any], arbiter: Any
) -> None:
    record_team_absence(teams[4], arbiter, 2, withdraw=False)
    assert "\n240 Z 002    5" in team_trf(drafted)
    assert "240 Z 002" not in public_team_trf(drafted)
    assert read_team_trf(public_team_trf(drafted)).absent == {}
