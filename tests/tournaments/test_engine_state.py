"""The database seen as the engine's input: tournaments.engine_state."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swiss.acceleration import virtual_points
from swiss.model import Code, Colour, Edition
from swiss.scores import score
from swiss.trf import read_trf, write_trf
from tournaments.bridge.state import StateError, pairing_state, scores_after, tournament_state
from tournaments.bridge.trf import arbiter_trf, export_trf
from tournaments.models import Board, Entrant, Seat, Tournament


def test_the_demo_state_is_ready_to_pair_round_five_with_its_absences(demo, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):
        state = tournament_state(demo)
    assert state.round_to_pair == 5 and state.total_rounds == 7
    assert state.initial_colour is Colour.WHITE
    assert set(state.absences.values()) == {Code.ZERO_BYE}
    assert len(state.absences) == 2
    scores = scores_after(demo, 4)
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


def test_a_baku_late_entry_above_the_cut_joins_ga_whose_last_member_stays_the_same_person(
    tournament, make_entrant, arbiter
):
    from pairing import actions, publishing, registration, results
    from swiss.dutch import pair

    tournament.acceleration = Tournament.Acceleration.BAKU
    tournament.save()
    field = [make_entrant(fide_rating=2400 - 50 * n, name=f"Player {n + 1:02d}") for n in range(10)]
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: Board.Result.WHITE_WINS for b in rnd.boards.all()})
    # Ten in round 1: GA is numbers 1-6, so Player 06 is its last member (Baku 1.2).
    late = Entrant(name="Late, Strong", fide_rating=2330)
    registration.add_entrants(tournament, arbiter, [late])
    late.refresh_from_db()
    last_ga = field[5]
    last_ga.refresh_from_db()
    assert (late.pairing_number, last_ga.pairing_number) == (3, 7)

    state = tournament_state(tournament)
    # Five rounds: three accelerated, the first two with a win's worth, the third with half (Baku 1.4).
    one, half = Fraction(1), Fraction(1, 2)
    assert virtual_points(state) == dict.fromkeys(range(1, 8), (one, one, half))
    # The exports write them as 250 records, so that any program reads GA as the app does.
    text = arbiter_trf(tournament)
    assert "250      01.0 001 002 0001 0007" in text and "250      00.5 003 003 0001 0007" in text
    assert read_trf(text).virtual_points == virtual_points(state)
    rnd = actions.pair_next_round(tournament, arbiter)
    boards = rnd.boards_with_seats()
    drafted = {(b.white.pairing_number, b.black.pairing_number if b.black else None) for b in boards}
    assert drafted == {(b.white, b.black) for b in pair(pairing_state(tournament)).boards}


def test_a_baku_late_entry_below_the_cut_keeps_ga_at_its_round_one_size(tournament, make_entrant, arbiter):
    from pairing import actions, publishing, registration, results

    tournament.acceleration = Tournament.Acceleration.BAKU
    tournament.save()
    for n in range(12):
        make_entrant(fide_rating=2400 - 50 * n, name=f"Player {n + 1:02d}")
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: Board.Result.DRAW for b in rnd.boards.all()})
    assert set(virtual_points(tournament_state(tournament))) == set(range(1, 7))
    registration.add_entrants(tournament, arbiter, [Entrant(name="Late, Weak", fide_rating=1500)])
    # Thirteen now would give GA 1-8; the round-1 field of twelve fixed it at 1-6.
    assert set(virtual_points(tournament_state(tournament))) == set(range(1, 7))
    assert read_trf(export_trf(tournament)).virtual_points == virtual_points(tournament_state(tournament))


def test_the_scoring_fields_are_listed_once_and_match_the_engines_scoring():
    import dataclasses

    from swiss.model import Scoring
    from tournaments.models import Tournament

    on_model = {f.name for f in Tournament._meta.get_fields() if f.name.startswith("points_")}
    assert set(Tournament.SCORING_FIELDS) == on_model
    engine = {f.name for f in dataclasses.fields(Scoring)}
    assert {name.removeprefix("points_") for name in on_model} == engine


def test_a_1998_tournament_is_paired_checked_and_explained_by_the_1998_procedure(demo):
    from swiss import dutch1998
    from tournaments.bridge.drafts import from_engine, paired
    from tournaments.bridge.state import engine_system

    demo.pairing_system = Tournament.PairingSystem.DUTCH_1998
    demo.save()
    state = tournament_state(demo)
    assert state.edition is Edition.DUTCH_1998
    ids = {e.pairing_number: e.pk for e in demo.entrants.all()}
    engine = sorted(from_engine(dutch1998.pair(state), ids))
    assert sorted(paired(state, ids, engine_system(demo))[0]) == engine
