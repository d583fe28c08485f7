"""Lineups before each round: the default, an arbiter's entry, refusals, and the flag before pairing."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from pairing import actions
from tournaments.models import AuditRecord, Entrant


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def test_an_arbiter_puts_the_reserve_in_and_the_draft_seats_them(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    first, _, reserve = basel.roster()
    page = client.get(url("lineups", team_event, 1)).content.decode()
    assert 'id="lineup-1"' in page and "roster" in page
    rnd = actions.pair_next_round(team_event, arbiter)
    posted = {"team": basel.pk, "board_1": first.pk, "board_2": reserve.pk}
    assert client.post(url("lineups", team_event, 1), posted).status_code == 302
    seated = rnd.seats.filter(entrant__team=basel).order_by("board_number")
    assert [s.entrant for s in seated] == [first, reserve]
    assert "entered" in client.get(url("lineups", team_event, 1)).content.decode()
    record = AuditRecord.objects.filter(object_type="tournaments.round").latest("pk")
    assert record.after == {"lineup": {"Basel": [first.pk, reserve.pk]}}


def test_a_lineup_out_of_roster_order_is_refused_and_nothing_is_saved(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    first, second, _ = basel.roster()
    posted = {"team": basel.pk, "board_1": second.pk, "board_2": first.pk}
    response = client.post(url("lineups", team_event, 1), posted, follow=True)
    assert "does not keep the roster" in response.content.decode()
    assert not team_event.rounds.get(number=1).lineup_boards.exists()


def test_an_incomplete_lineup_is_flagged_before_pairing_and_the_pairing_says_why(
    client: Any, team_event: Any, teams: list[Any], make_team: Any, arbiter: Any
) -> None:
    client.force_login(arbiter)
    short = make_team("Zug", 1900, players=1)
    page = client.get(url("tournament", team_event)).content.decode()
    assert 'id="lineup-problems"' in page and "Zug lines up 1 players for 2 boards." in page
    response = client.post(url("pair", team_event), {"round": 1}, follow=True)
    assert "lines up 1 players for 2 boards" in response.content.decode()
    assert not team_event.rounds.get(number=1).matches.exists()
    Entrant.objects.create(tournament=team_event, name="Zug 2", pairing_number=99, team=short, board_order=2)
    assert 'id="lineup-problems"' not in client.get(url("tournament", team_event)).content.decode()


def test_a_paired_round_keeps_full_lineups_only(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    rnd = actions.pair_next_round(team_event, arbiter)
    seated = list(rnd.seats.filter(entrant__team=basel).order_by("board_number"))
    response = client.post(
        url("lineups", team_event, 1), {"team": basel.pk, "board_1": basel.roster()[0].pk}, follow=True
    )
    assert "needs 2 players, one per board" in response.content.decode()
    assert list(rnd.seats.filter(entrant__team=basel).order_by("board_number")) == seated
