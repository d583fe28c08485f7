"""Round life cycle, scores and absences, through the models' own behaviour."""

from __future__ import annotations

import importlib
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tournaments.bridge.state import scores_after
from tournaments.models import Board, Round, Seat


def test_a_tournament_creates_its_declared_rounds_as_drafts(tournament):
    assert list(tournament.rounds.values_list("number", "state")) == [(n, "draft") for n in range(1, 6)]


def test_publishing_records_who_and_when_and_happens_once(tournament, players, arbiter):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1])])
    rnd.publish(arbiter)
    rnd.refresh_from_db()
    assert (rnd.state, rnd.published_by, rnd.published_at is not None) == ("published", arbiter, True)
    with pytest.raises(ValidationError):
        rnd.publish(arbiter)


def test_a_round_without_boards_cannot_be_published(tournament, arbiter):
    with pytest.raises(ValidationError, match="no boards"):
        tournament.rounds.get(number=1).publish(arbiter)


def test_a_published_round_is_never_re_paired(tournament, players, arbiter):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1])])
    rnd.publish(arbiter)
    with pytest.raises(ValidationError, match="only drafts change"):
        rnd.store_draft([(players[1], players[0])])


def test_redrafting_replaces_the_boards_and_keeps_pairing_numbers(tournament, players):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], None)])
    rnd.store_draft([(players[1], players[0])])
    [board] = rnd.boards_with_seats()
    assert (board.white, board.black) == (players[1], players[0])
    assert sorted(rnd.seats.values_list("pairing_number", flat=True)) == [1, 2]


def test_a_round_is_complete_only_when_every_game_has_a_result(tournament, players, arbiter):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], None)])
    rnd.publish(arbiter)
    with pytest.raises(ValidationError, match="without a result"):
        rnd.complete()
    rnd.boards.filter(number=1).update(result=Board.Result.DRAW)
    rnd.complete()
    assert rnd.state == Round.State.COMPLETE


def test_scores_follow_the_tournament_scoring_exactly(tournament, players, arbiter):
    tournament.points_win, tournament.points_draw, tournament.points_pab = Decimal(3), Decimal(1), Decimal(3)
    tournament.save()
    players[3].request_absence(1, Seat.Absence.HALF_BYE)
    players[4].withdraw(from_round=1)
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], players[5])])
    rnd.boards.filter(number=1).update(result=Board.Result.WHITE_WINS)
    rnd.boards.filter(number=2).update(result=Board.Result.BLACK_FORFEITS)
    assert set(scores_after(tournament, 1).values()) == {0}  # a draft does not count
    rnd.publish(arbiter)
    scores = scores_after(tournament, 1)
    assert [scores[p.pk] for p in players] == [3, 0, 1, Decimal("0.5"), 0, 0]


def test_the_pairing_allocated_bye_scores_the_pab_value(tournament, players, arbiter):
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], None)])
    rnd.publish(arbiter)
    assert [board.is_bye for board in rnd.boards_with_seats()] == [False, True]
    assert scores_after(tournament, 1)[players[2].pk] == tournament.points_pab == 1


def test_a_withdrawal_covers_every_later_round(tournament, players):
    players[0].withdraw(from_round=3)
    assert players[0].withdrawn_from == 3
    assert list(players[0].seats.values_list("round__number", flat=True).order_by("round__number")) == [
        3,
        4,
        5,
    ]


def test_an_absence_cannot_be_requested_for_a_round_already_paired_for_the_player(tournament, players):
    tournament.rounds.get(number=1).store_draft([(players[0], players[1])])
    with pytest.raises(ValidationError, match="already paired"):
        players[0].request_absence(1, Seat.Absence.HALF_BYE)


def test_tie_breaks_must_be_known_codes(tournament):
    tournament.tiebreaks = ["BH-C1", "SB", "XYZ"]
    with pytest.raises(ValidationError, match="XYZ"):
        tournament.full_clean()
    tournament.tiebreaks = ["BH-C1", "BH", "SB", "DE", "WIN", "KS/L+1"]
    tournament.full_clean()


def test_points_follow_the_engines_rule_for_withdrawals_and_late_entries(tournament, players, arbiter):
    """One rule for points: a withdrawal and a round before a late entry are zero-point byes."""
    from fractions import Fraction

    from swiss.scores import score
    from tournaments.bridge.state import tournament_state

    tournament.points_zero_bye = Decimal("0.5")  # an organiser's unusual choice, to tell the rules apart
    tournament.save()
    players[4].withdraw(from_round=1)
    rnd = tournament.rounds.get(number=1)
    rnd.store_draft([(players[0], players[1]), (players[2], players[3]), (players[5], None)])
    rnd.boards.filter(number__in=[1, 2]).update(result=Board.Result.DRAW)
    rnd.publish(arbiter)
    late = tournament.entrants.create(name="Late, Lou", pairing_number=7)
    scores = scores_after(tournament, 1)
    assert scores[players[4].pk] == scores[late.pk] == Decimal("0.5")
    state = tournament_state(tournament, 2)
    for player in state.players:
        entrant = tournament.entrants.get(pairing_number=player.number)
        assert score(player, state.scoring) == Fraction(scores[entrant.pk]), entrant.name


def test_the_migration_sets_each_rounds_state_by_its_results(tournament, players, arbiter):
    """Rounds whose results were changed where the state did not follow (the admin, before
    `Round.follow_results`) are set right, so that the standings, which read the state, hold them."""
    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0027_round_state_follows_results")
    first, second = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    for rnd in (first, second):
        rnd.store_draft([(players[0], players[1]), (players[2], None)])
        rnd.publish(arbiter)
    first.boards.filter(number=1).update(result=Board.Result.DRAW)  # played, still "published"
    Round.objects.filter(pk=second.pk).update(state=Round.State.COMPLETE)  # "complete", a game unplayed
    assert tournament.rounds_with_standings() == []
    migration.follow_results(apps, None)
    states = dict(tournament.rounds.values_list("number", "state"))
    assert (states[1], states[2]) == (Round.State.COMPLETE, Round.State.PUBLISHED)
    assert tournament.rounds_with_standings() == [1]
