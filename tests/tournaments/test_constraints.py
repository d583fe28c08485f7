"""The database itself refuses the rows that must never exist, whatever code tries to write them."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Board, Entrant, Round, Seat, Team, Tournament


def refused(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def round_one(tournament):
    return tournament.rounds.get(number=1)


def seat(rnd, entrant, board_number=None, colour="", absence="", pairing_number=None):
    return Seat.objects.create(
        round=rnd,
        entrant=entrant,
        board_number=board_number,
        colour=colour,
        absence=absence,
        pairing_number=pairing_number or entrant.pairing_number,
    )


def test_two_entrants_cannot_share_a_pairing_number(make_entrant):
    make_entrant(pairing_number=1)
    assert refused(lambda: make_entrant(pairing_number=1))


def test_two_seats_of_one_round_cannot_share_a_pairing_number(round_one, players):
    seat(round_one, players[0], absence=Seat.Absence.HALF_BYE, pairing_number=3)
    assert refused(lambda: seat(round_one, players[1], absence=Seat.Absence.ZERO_BYE, pairing_number=3))


def test_a_player_cannot_sit_on_two_boards_of_one_round(round_one, players):
    round_one.store_draft([(players[0], players[1]), (players[2], players[3])])
    Board.objects.create(round=round_one, number=3)
    assert refused(lambda: seat(round_one, players[0], board_number=3, colour=Seat.Colour.WHITE))


def test_a_player_cannot_be_paired_while_absent(round_one, players):
    players[4].request_absence(1, Seat.Absence.HALF_BYE)
    round_one.store_draft([(players[0], players[1])])
    assert refused(lambda: seat(round_one, players[4], board_number=1, colour=Seat.Colour.BLACK))


def test_a_withdrawn_player_cannot_be_paired_in_a_later_round(tournament, players):
    players[0].withdraw(from_round=3)
    round_three = tournament.rounds.get(number=3)
    assert refused(lambda: round_three.store_draft([(players[0], players[1])]))


def test_a_board_holds_one_white_and_one_black(round_one, players):
    round_one.store_draft([(players[0], players[1])])
    assert refused(lambda: seat(round_one, players[2], board_number=1, colour=Seat.Colour.WHITE))


def test_a_seat_is_either_on_a_board_or_absent_never_both(round_one, players):
    assert refused(
        lambda: seat(
            round_one, players[0], board_number=1, colour=Seat.Colour.WHITE, absence=Seat.Absence.HALF_BYE
        )
    )


def test_a_seat_is_either_on_a_board_or_absent_never_neither(round_one, players):
    assert refused(lambda: seat(round_one, players[0]))


def test_a_board_seat_needs_a_colour(round_one, players):
    assert refused(lambda: seat(round_one, players[0], board_number=1))


def test_a_paired_seat_keeps_its_pairing_number(round_one, make_entrant):
    unnumbered = make_entrant(pairing_number=None)
    assert refused(lambda: seat(round_one, unnumbered, board_number=1, colour=Seat.Colour.WHITE))


def test_a_round_number_appears_once_per_tournament(tournament):
    assert refused(lambda: Round.objects.create(tournament=tournament, number=1))


def test_a_board_number_appears_once_per_round(round_one):
    Board.objects.create(round=round_one, number=1)
    assert refused(lambda: Board.objects.create(round=round_one, number=1))


def test_a_published_round_records_when(round_one):
    assert refused(lambda: Round.objects.filter(pk=round_one.pk).update(state=Round.State.PUBLISHED))


def test_a_tournament_has_at_least_one_round(db):
    day = datetime.date(2026, 1, 1)
    assert refused(
        lambda: Tournament.objects.create(name="X", slug="x", start_date=day, end_date=day, total_rounds=0)
    )


def test_a_tournament_cannot_end_before_it_starts(db):
    assert refused(
        lambda: Tournament.objects.create(
            name="X",
            slug="x",
            start_date=datetime.date(2026, 1, 2),
            end_date=datetime.date(2026, 1, 1),
            total_rounds=5,
        )
    )


def test_a_fide_id_appears_once_per_tournament_but_blank_ids_may_repeat(make_entrant):
    make_entrant(fide_id="")
    make_entrant(fide_id="")
    make_entrant(fide_id="1503014")
    assert refused(lambda: make_entrant(fide_id="1503014"))


def test_a_team_member_has_a_board_order_and_boards_do_not_repeat(tournament, make_entrant):
    team = Team.objects.create(tournament=tournament, name="Basel", pairing_number=1)
    make_entrant(team=team, board_order=1)
    assert refused(lambda: make_entrant(team=team, board_order=1))
    assert refused(lambda: make_entrant(team=team, board_order=None))


def test_a_team_roster_lists_its_players_in_board_order(tournament, make_entrant):
    team = Team.objects.create(tournament=tournament, name="Basel", pairing_number=1)
    second = make_entrant(team=team, board_order=2)
    first = make_entrant(team=team, board_order=1)
    make_entrant()
    assert list(team.roster()) == [first, second]


def test_team_pairing_numbers_do_not_repeat(tournament):
    Team.objects.create(tournament=tournament, name="Basel", pairing_number=1)
    assert refused(lambda: Team.objects.create(tournament=tournament, name="Bern", pairing_number=1))


def test_pairing_numbers_start_at_one(make_entrant):
    assert refused(lambda: make_entrant(pairing_number=0))


def test_the_same_pairing_number_may_return_in_another_tournament(tournament, make_entrant):
    make_entrant(pairing_number=1)
    other = Tournament.objects.create(
        name="Other",
        slug="other",
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        total_rounds=3,
    )
    Entrant.objects.create(tournament=other, name="Someone", pairing_number=1)


@pytest.mark.django_db
def test_a_rounds_boards_are_found_through_the_round_and_number_index_alone():
    """A second index on the round alone leads PostgreSQL, before it has statistics of a new round,
    to filter every board of the round for each seat it joins (0.4 s for a 4000-player round)."""
    from django.db import connection

    with connection.cursor() as cursor:
        indexes = connection.introspection.get_constraints(cursor, Board._meta.db_table)
    columns = [tuple(index["columns"]) for index in indexes.values() if index["index"] or index["unique"]]
    assert ("round_id", "number") in columns and ("round_id",) not in columns
