"""An A/B/C/D tournament in the app: the bridge passes the method, and every page and export
that names it says it is national and not FIDE-approved."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from pairing import actions, publishing, results
from swiss.model import Acceleration
from swiss.trf import read_trf
from tournaments.bridge.state import tournament_state
from tournaments.models import Board, Entrant, Tournament

NATIONAL = "national / non-FIDE"


@pytest.fixture
def abcd_event(tournament, make_entrant, arbiter):
    """Twelve players, A/B/C/D: round 1 paired, published and played (White won)."""
    tournament.acceleration = Tournament.Acceleration.ABCD
    tournament.total_rounds = 5
    tournament.initial_colour = "w"
    tournament.save()
    for n in range(12):
        make_entrant(fide_rating=2400 - 50 * n, name=f"Player {n + 1:02d}")
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: Board.Result.WHITE_WINS for b in rnd.boards.all()})
    return tournament


def test_round_one_of_an_abcd_event_pairs_a_with_b_and_c_with_d(abcd_event):
    assert tournament_state(abcd_event).acceleration is Acceleration.ABCD
    boards = abcd_event.rounds.get(number=1).boards_with_seats()
    pairs = {frozenset((b.white.pairing_number, b.black.pairing_number)) for b in boards}
    # Twelve players: A 1-3, B 4-6, C 7-9, D 10-12.
    assert pairs == {frozenset((i, i + 3)) for i in (1, 2, 3, 7, 8, 9)}


def test_round_two_pairs_the_bottom_half_winners_with_top_half_players(abcd_event, arbiter):
    first = abcd_event.rounds.get(number=1).boards_with_seats()
    winners = {b.white.pairing_number for b in first if b.white.pairing_number > 6}
    assert len(winners) == 3
    rnd = actions.pair_next_round(abcd_event, arbiter)
    for board in rnd.boards_with_seats():
        pair = {board.white.pairing_number, board.black.pairing_number}
        if pair & winners:
            assert min(pair) <= 6, pair  # seed (e) 3(b): against a top-half player


def test_the_pages_and_exports_say_national_non_fide(abcd_event, client, arbiter):
    signed_in = Client()
    signed_in.force_login(arbiter)
    form = signed_in.get("/arbiter/new/").content.decode()
    assert f"A/B/C/D ({NATIONAL})" in form and f"A/B/C/D advanced ({NATIONAL})" in form
    home = client.get("/t/spring-open/").content.decode()
    assert f"Pairing rules: FIDE Dutch (2026), A/B/C/D ({NATIONAL})" in home
    trf = client.get("/t/spring-open/export.trf").content.decode()
    lines = trf.splitlines()
    assert "XAC abcd" in lines and NATIONAL in next(line for line in lines if line.startswith("092"))
    assert read_trf(trf).acceleration is Acceleration.ABCD
    rows = list(csv.reader(io.StringIO(client.get("/t/spring-open/standings.csv").content.decode())))
    assert rows[-1] == ["Pairing rules", f"FIDE Dutch (2026), A/B/C/D ({NATIONAL})"]


def test_a_fide_event_has_no_pairing_rules_row_in_its_csv(tournament, make_entrant, arbiter, client):
    for n in range(4):
        make_entrant(fide_rating=2400 - 50 * n)
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: Board.Result.DRAW for b in rnd.boards.all()})
    text = client.get("/t/spring-open/standings.csv").content.decode()
    assert "Pairing rules" not in text and "non-FIDE" not in client.get("/t/spring-open/").content.decode()


@pytest.mark.parametrize("system", [Tournament.PairingSystem.DUTCH_1998, Tournament.PairingSystem.US_CHESS])
def test_a_b_c_d_is_refused_for_a_system_whose_brackets_it_does_not_form(tournament, system):
    from django.core.exceptions import ValidationError

    tournament.pairing_system = system
    tournament.acceleration = Tournament.Acceleration.ABCD
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "acceleration" in refused.value.message_dict


def test_a_b_c_d_is_accepted_for_both_editions_of_the_dutch_matching(tournament):
    for system in (Tournament.PairingSystem.DUTCH_2026, Tournament.PairingSystem.DUTCH_2017):
        tournament.pairing_system = system
        tournament.acceleration = Tournament.Acceleration.ABCD_ADVANCED
        tournament.full_clean()


def test_a_late_entry_is_ranked_against_the_top_half_cut_fixed_at_round_1(abcd_event, arbiter):
    """Twelve in round 1: the top half 1-6 ends with Player 06. A late entry rated between
    Player 02 and Player 03 is numbered 3 and joins the top half, which now ends at 7 (Player
    06 again) instead of the 1-8 that thirteen entrants would give; the export carries the
    cut, and the file pairs round 2 as the app does."""
    from pairing import registration
    from swiss.dutch import pair
    from tournaments.bridge.state import pairing_state
    from tournaments.bridge.trf import arbiter_trf

    late = Entrant(name="Late, Strong", fide_rating=2325)
    registration.add_entrants(abcd_event, arbiter, [late])
    late.refresh_from_db()
    last_top = abcd_event.entrants.get(name="Player 06")
    assert (late.pairing_number, last_top.pairing_number) == (3, 7)
    assert tournament_state(abcd_event).abcd_last_top == 7

    rnd = actions.pair_next_round(abcd_event, arbiter)
    drafted = {
        (b.white.pairing_number, b.black.pairing_number if b.black else None) for b in rnd.boards_with_seats()
    }
    state = pairing_state(abcd_event)
    assert drafted == {(b.white, b.black) for b in pair(state).boards}
    # Player 07, the first of C, won round 1 and is now 8: still a bottom-half winner (3(b)).
    seventh = abcd_event.entrants.get(name="Player 07").pairing_number
    assert seventh == 8
    opponent = next(
        b.black.pairing_number if b.white.pairing_number == seventh else b.white.pairing_number
        for b in rnd.boards_with_seats()
        if seventh in (b.white.pairing_number, b.black and b.black.pairing_number)
    )
    assert opponent <= 7

    text = arbiter_trf(abcd_event)
    assert "XAC abcd 7" in text.splitlines()
    again = read_trf(text)
    assert again.abcd_last_top == 7
    assert set(pair(again).boards) == set(pair(state).boards)


def test_an_imported_file_keeps_its_cut(abcd_event, arbiter):
    """The file of the event above, imported: its round 1 shows the late entry with a
    zero-point bye, so the seats alone would count thirteen; the file's cut still holds."""
    import datetime

    from pairing import registration
    from swiss.dutch import pair
    from tournaments.bridge.state import pairing_state
    from tournaments.bridge.trf import arbiter_trf, import_trf

    registration.add_entrants(abcd_event, arbiter, [Entrant(name="Late, Strong", fide_rating=2325)])
    text = arbiter_trf(abcd_event)
    assert "XAC abcd 7" in text.splitlines()
    imported = import_trf(text, slug="imported-abcd", start_date=datetime.date(2026, 5, 1))
    assert imported.abcd_top_half_last is not None and imported.abcd_top_half_last.name == "Player 06"
    assert tournament_state(imported).abcd_last_top == 7
    assert set(pair(pairing_state(imported)).boards) == set(pair(read_trf(text)).boards)


def test_the_round_1_cut_counts_the_absent_and_survives_several_late_entries(
    tournament, make_entrant, arbiter
):
    """Twelve entered, Player 04 absent in round 1 (a half-point bye): the groups count all
    twelve, so the top half is 1-6 and ends with Player 06, though only eleven are paired.
    Three late entries above everyone then move Player 06 to 9; the absentee's seat keeps no
    number, so it takes the round-1 number no board holds (4)."""
    from pairing import registration
    from tournaments.models import Seat

    tournament.acceleration = Tournament.Acceleration.ABCD
    tournament.total_rounds = 5
    tournament.save()
    field = [make_entrant(fide_rating=2400 - 50 * n, name=f"Player {n + 1:02d}") for n in range(12)]
    registration.record_absence(field[3], arbiter, 1, Seat.Absence.HALF_BYE)
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: Board.Result.WHITE_WINS for b in rnd.boards.all()})
    assert tournament_state(tournament).abcd_last_top is None  # 1-6, as twelve give

    late = [Entrant(name=f"Late {n}", fide_rating=2600 - n) for n in range(3)]
    registration.add_entrants(tournament, arbiter, late)
    field[5].refresh_from_db()
    assert field[5].pairing_number == 9
    assert tournament_state(tournament).abcd_last_top == 9
