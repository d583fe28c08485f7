"""The database seen as the engine's input: tournaments.engine_state."""

from __future__ import annotations

from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command

from swiss.model import Code, Colour
from swiss.scores import score
from swiss.trf import read_trf, write_trf
from tournaments.engine_state import StateError, tournament_state
from tournaments.models import Board, Seat, Tournament


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=StringIO())
    return Tournament.objects.get(slug="demo-open")


def test_the_demo_state_is_ready_to_pair_round_five_with_its_absences(demo, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):
        state = tournament_state(demo)
    assert state.round_to_pair == 5 and state.total_rounds == 7
    assert state.initial_colour is Colour.WHITE
    assert set(state.absences.values()) == {Code.ZERO_BYE}
    assert len(state.absences) == 2
    scores = demo.scores_after(4)
    for entrant in demo.entrants.all():
        player = state.players[entrant.pairing_number - 1]
        assert score(player, state.scoring) == Fraction(scores.get(entrant.pk, 0))


def test_the_demo_state_survives_a_trf_round_trip(demo):
    state = tournament_state(demo)
    assert read_trf(write_trf(state)) == state


def test_history_records_opponents_colours_forfeits_and_requested_byes(demo):
    state = tournament_state(demo)
    forfeit = demo.rounds.get(number=2).boards.get(number=11)
    assert forfeit.result == Board.Result.BLACK_FORFEITS
    white, black = forfeit.white.pairing_number, forfeit.black.pairing_number
    assert state.players[white - 1].history[1].code is Code.FORFEIT_WIN
    assert state.players[black - 1].history[1].opponent == white
    half = Seat.objects.get(round__tournament=demo, round__number=3, absence=Seat.Absence.HALF_BYE)
    assert state.players[half.entrant.pairing_number - 1].history[2].code is Code.HALF_BYE


def test_a_state_for_a_round_after_a_draft_is_refused(demo):
    with pytest.raises(StateError, match="Round 5 is not published"):
        tournament_state(demo, 6)


def test_a_published_round_without_results_is_refused(demo):
    rnd = demo.rounds.get(number=5)
    rnd.publish(None)
    with pytest.raises(StateError, match="has no result yet"):
        tournament_state(demo, 6)
