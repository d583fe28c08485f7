"""Round-robin events in the app (docs/round-robin.md): the kind on the settings, the audited
draw of numbers before round 1, every round the table's through the one draft-review-publish
workflow, withdrawals in the standings, and the public pages."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.core.cache import cache

from pairing import actions, draw, publishing, registration, results, teams
from pairing.actions import ActionError, NeedsConfirmation
from pairing.review import round_review
from swiss.roundrobin import berger_round
from tests.round_robin_event import round_robin_event
from tests.tournaments.walk import server_errors, tournament_pages
from tournaments import standings
from tournaments.bridge import team_standings
from tournaments.models import AuditRecord, DraftChange, Entrant, Round, Team, Tournament

from .conftest import url


@pytest.fixture
def round_robin(db: None, arbiter: Any) -> Tournament:
    return round_robin_event(arbiter, "club-championship", "Club Championship")


def _pairs_by_number(rnd: Round) -> tuple[tuple[int, int | None], ...]:
    return tuple(
        (board.white.pairing_number, board.black.pairing_number if board.black else None)
        for board in rnd.boards_with_seats()
        if board.white is not None
    )


def test_the_settings_offer_the_round_robin_with_a_rest_worth_nothing_and_its_tiebreaks(
    arbiter_client: Any, tournament: Tournament
) -> None:
    page = arbiter_client.get(url("tournament-edit", tournament))
    assert b"Round robin (Berger tables" in page.content
    data = {
        **{f: getattr(tournament, f) for f in ("name", "slug", "start_date", "end_date", "place")},
        "total_rounds": 9,
        "pairing_system": "round-robin",
        "acceleration": "none",
        "public_birth_dates": "year",
        "rate_of_play": "standard",
        "fide_mode": "on",
        **{f: getattr(tournament, f) for f in Tournament.SCORING_FIELDS},
    }
    arbiter_client.post(url("tournament-edit", tournament), data)
    tournament.refresh_from_db()
    assert tournament.pairing_system == "round-robin"
    assert tournament.points_pab == 0
    assert tournament.tiebreaks == []
    assert arbiter_client.get(url("tournament-edit", tournament)).context["form"].initial["tiebreaks"] == [
        "SB",
        "DE",
        "WIN",
        "KS",
    ]
    tournament.points_pab = 1
    with pytest.raises(Exception, match="rests scores nothing"):
        tournament.full_clean()


def test_round_one_waits_for_the_draw_and_the_draw_is_audited_with_its_seed(
    round_robin: Tournament, arbiter: Any
) -> None:
    with pytest.raises(ActionError, match="Draw the pairing numbers first"):
        actions.pair_next_round(round_robin, arbiter)
    record = draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.LOT, seed=2026)
    numbers = {e.name: e.pairing_number for e in round_robin.entrants.all()}
    assert sorted(numbers.values()) == list(range(1, 11))
    assert numbers != {f"Player {n:02d}, Anna": n for n in range(1, 11)}  # seed 2026 moves someone
    assert record.after["seed"] == 2026
    assert {name: number for _, name, number in record.after["numbers"]} == numbers
    # The same seed gives the same draw, so the record lets anyone repeat it.
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.LOT, seed=2026)
    assert {e.name: e.pairing_number for e in round_robin.entrants.all()} == numbers
    rnd = actions.pair_next_round(round_robin, arbiter)
    assert _pairs_by_number(rnd) == berger_round(10, 1)
    with pytest.raises(ActionError, match="Round 1 is paired"):
        draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.ENTERED)


def test_a_new_entrant_voids_the_draw(round_robin: Tournament, arbiter: Any) -> None:
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.ENTERED)
    round_robin.refresh_from_db()
    assert round_robin.numbers_drawn == "entered"
    registration.add_entrants(round_robin, arbiter, [Entrant(name="Late Comer", fide_rating=2000)])
    round_robin.refresh_from_db()
    assert round_robin.numbers_drawn == ""


def test_a_withdrawal_before_round_one_voids_the_draw_unless_it_is_the_last_number_of_an_even_field(
    round_robin: Tournament, arbiter: Any
) -> None:
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.ENTERED)
    registration.record_absence(round_robin.entrants.get(pairing_number=10), arbiter, 1, None)
    round_robin.refresh_from_db()
    assert round_robin.numbers_drawn == "entered"
    registration.record_absence(round_robin.entrants.get(pairing_number=4), arbiter, 1, None)
    round_robin.refresh_from_db()
    assert round_robin.numbers_drawn == ""


def test_every_round_is_the_tables_and_a_manual_change_is_flagged(
    round_robin: Tournament, arbiter: Any
) -> None:
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.ENTERED)
    for number in range(1, 10):
        rnd = actions.pair_next_round(round_robin, arbiter)
        assert _pairs_by_number(rnd) == berger_round(10, number)
        if number == 3:
            actions.change_draft(rnd, arbiter, DraftChange.Kind.COLOURS, 1)
            findings = [str(f) for f in round_review(rnd).findings]
            assert findings and all("(C.05 Annex 1)" in f for f in findings)
            assert rnd.draft_changes.filter(kind=DraftChange.Kind.COLOURS).exists()
            with pytest.raises(NeedsConfirmation):
                publishing.publish_round(rnd, arbiter)
            actions.undo_change(rnd, arbiter)
            assert round_review(rnd).findings == []
        publishing.publish_round(rnd, arbiter)
        results.record_results(rnd, arbiter, {b.number: "1/2" for b in rnd.boards.all()})
    table = standings.standings(round_robin, 9)
    assert table.codes == ["SB", "WIN", "KS"]  # DE orders without a column
    assert {row.points for row in table.rows} == {4.5}


def _play_with_withdrawal(event: Tournament, arbiter: Any, withdrawn: str, from_round: int) -> None:
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    player = event.entrants.get(name=withdrawn)
    for number in range(1, 10):
        if number == from_round:
            registration.record_absence(player, arbiter, number, None)
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter)
        chosen = {b.number: "1-0" for b in rnd.boards.all() if not b.is_bye}
        if chosen:
            results.record_results(rnd, arbiter, chosen)


def test_a_withdrawal_before_half_the_games_annuls_them_in_the_standings(
    round_robin: Tournament, arbiter: Any
) -> None:
    # Player 01 (number 1) withdraws from round 4: three games of nine played.
    _play_with_withdrawal(round_robin, arbiter, "Player 01, Anna", 4)
    table = standings.standings(round_robin, 9)
    points = {row.entrant.pairing_number: row.points for row in table.rows}
    assert points[1] == 0
    # Every game with number 1 is left out: the others' points are those of the other eight games.
    for row in table.rows:
        if row.entrant.pairing_number != 1:
            won_against_others = sum(
                1
                for n in range(1, 10)
                for white, black in berger_round(10, n)
                if row.entrant.pairing_number == white and black != 1 and white != 1
            )
            assert row.points == won_against_others
    assert table.rows[-1].entrant.pairing_number == 1


def test_a_withdrawal_after_half_the_games_gives_the_rest_as_forfeits(
    round_robin: Tournament, arbiter: Any, client: Any
) -> None:
    # Number 10 withdraws from round 6: five games of nine played.
    _play_with_withdrawal(round_robin, arbiter, "Player 10, Anna", 6)
    table = standings.standings(round_robin, 9)
    points = {row.entrant.pairing_number: row.points for row in table.rows}
    # White won every game played; number 10's games from round 6 on are forfeit wins for the others.
    forfeits = {
        (black if white == 10 else white)
        for n in range(6, 10)
        for white, black in berger_round(10, n)
        if 10 in (white, black)
    }
    for number in range(1, 10):
        won = sum(
            1
            for n in range(1, 10)
            for white, black in berger_round(10, n)
            if white == number and not (n >= 6 and black == 10)
        )
        assert points[number] == won + (number in forfeits), number
    cache.clear()
    page = client.get("/t/club-championship/crosstable/")
    assert page.status_code == 200
    body = page.content.decode()
    assert body.count('class="cell diagonal">×<') == 10
    assert "+" in body and "−" in body


def test_the_public_table_lists_every_round_once_the_numbers_are_drawn(
    round_robin: Tournament, arbiter: Any, client: Any
) -> None:
    cache.clear()
    assert client.get("/t/club-championship/table/").status_code == 404
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.ENTERED)
    cache.clear()
    page = client.get("/t/club-championship/table/")
    assert page.status_code == 200
    assert page.content.decode().count("<li>") >= 10 + 9 * 5


def test_the_draw_page_draws_by_lot_for_an_arbiter_only(
    round_robin: Tournament, arbiter_client: Any, client: Any, django_user_model: Any
) -> None:
    page = arbiter_client.get(url("round-robin-draw", round_robin))
    assert b"Not drawn yet" in page.content
    arbiter_client.post(url("round-robin-draw", round_robin), {"method": "lot"})
    round_robin.refresh_from_db()
    assert round_robin.numbers_drawn == "lot"
    assert AuditRecord.objects.filter(tournament=round_robin, after__numbers_drawn="lot").exists()
    page = arbiter_client.get(url("round-robin-draw", round_robin))
    assert b"Drawn by lot" in page.content and b"Round 9" in page.content
    other = django_user_model.objects.create_user("other", password="x")
    client.force_login(other)
    assert client.post(url("round-robin-draw", round_robin), {"method": "entered"}).status_code == 403


def test_no_page_of_a_round_robin_fails_after_a_withdrawal_mid_event(
    round_robin: Tournament, arbiter: Any, arbiter_client: Any
) -> None:
    draw.draw_numbers(round_robin, arbiter, Tournament.NumbersDrawn.LOT, seed=7)
    player = round_robin.entrants.get(pairing_number=4)
    for number in range(1, 6):
        if number == 3:
            registration.record_absence(player, arbiter, number, None)
        rnd = actions.pair_next_round(round_robin, arbiter)
        publishing.publish_round(rnd, arbiter)
        if number < 5:  # round 5 is being played
            results.record_results(rnd, arbiter, {b.number: "0-1" for b in rnd.boards.all() if not b.is_bye})
    cache.clear()
    urls = tournament_pages(round_robin, "public") + tournament_pages(round_robin, "arbiter")
    assert server_errors(arbiter_client, urls) == []
    rnd = round_robin.rounds.get(number=5)
    results.record_results(rnd, arbiter, {b.number: "1/2" for b in rnd.boards.all() if not b.is_bye})
    actions.pair_next_round(round_robin, arbiter)  # round 6 is a draft
    review = arbiter_client.get(url("round", round_robin, 6))
    assert review.status_code == 200
    crosstable = arbiter_client.get("/t/club-championship/crosstable/").content.decode()
    assert crosstable.count("(") >= 3  # number 4 played two of nine: his games are in brackets


def _team_league(arbiter: Any) -> Tournament:
    """Six teams of four numbered 1-6, five rounds, their rest worth nothing; not drawn yet."""
    event = Tournament.objects.create(
        name="Team League",
        slug="team-league",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2027, 3, 1),
        total_rounds=5,
        chief_arbiter=arbiter,
        kind=Tournament.Kind.TEAM,
        pairing_system=Tournament.PairingSystem.TEAM_ROUND_ROBIN,
        boards=4,
        match_points_pab=0,
        game_points_pab=0,
        initial_colour="w",
    )
    event.full_clean()
    event.ensure_rounds()
    for number in range(1, 7):
        team = Team.objects.create(tournament=event, name=f"Club {number}", pairing_number=number)
        for board in range(1, 5):
            Entrant.objects.create(
                tournament=event,
                name=f"Player {number}-{board}",
                pairing_number=event.entrants.count() + 1,
                fide_rating=2300 - 30 * number - 10 * board,
                team=team,
                board_order=board,
            )
    return event


def test_six_teams_play_a_team_round_robin_by_the_berger_table_with_match_points(
    db: None, arbiter: Any
) -> None:
    event = _team_league(arbiter)
    with pytest.raises(ActionError, match="Draw the pairing numbers first"):
        actions.pair_next_round(event, arbiter)
    teams.move_team(event.teams.get(pairing_number=6), arbiter, 1)
    record = draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.LOT, seed=11)
    assert sorted(number for _, _, number in record.after["numbers"]) == [1, 2, 3, 4, 5, 6]
    teams.move_team(event.teams.get(pairing_number=6), arbiter, 1)
    event.refresh_from_db()
    assert event.numbers_drawn == ""  # new team numbers void the draw
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    for number in range(1, 6):
        rnd = actions.pair_next_round(event, arbiter)
        matches = [(m.white.pairing_number, m.black.pairing_number) for m in rnd.matches.order_by("number")]
        assert tuple(matches) == berger_round(6, number)
        publishing.publish_round(rnd, arbiter, confirmed=True)
        results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})
    table = team_standings.table(event, 5)
    assert len(table.rows) == 6
    # Board colours alternate, so every match is drawn 2-2: one match point each time, five matches.
    assert {row.match_points for row in table.rows} == {5}
    event.match_points_pab = None
    with pytest.raises(Exception, match="team that rests scores nothing"):
        event.full_clean()


def _play_team_withdrawal(event: Tournament, arbiter: Any, from_round: int) -> None:
    """Team 1 withdraws from `from_round`; every match played is drawn 2-2 (board colours alternate)."""
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    for number in range(1, 6):
        if number == from_round:
            teams.record_team_absence(event.teams.get(pairing_number=1), arbiter, number, withdraw=True)
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter, confirmed=True)
        results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})


def _met_team_one(rounds: range) -> set[int]:
    return {white + black - 1 for n in rounds for white, black in berger_round(6, n) if 1 in (white, black)}


def test_a_team_withdrawing_before_half_its_matches_has_them_all_left_out(
    db: None, arbiter: Any, arbiter_client: Any
) -> None:
    event = _team_league(arbiter)
    event.public = True
    event.save(update_fields=["public"])
    _play_team_withdrawal(event, arbiter, 3)  # two matches of five played
    table = team_standings.table(event, 5)
    points = {row.team.pairing_number: (row.match_points, row.game_points) for row in table.rows}
    # V.4.1 for teams (V.6): the two drawn matches with team 1 count for nobody, the rests against
    # it nothing; each other team keeps its four drawn matches among themselves.
    assert points == {1: (0, 0), **dict.fromkeys(range(2, 7), (4, 8))}
    assert table.rows[-1].team.pairing_number == 1
    cells = team_standings.crosstable(event, table)
    first = cells[event.teams.get(pairing_number=1).pk]
    assert first[0].startswith("(") and first[1].startswith("(")  # played, kept in view, not counted
    cache.clear()
    urls = tournament_pages(event, "public") + tournament_pages(event, "arbiter")
    assert server_errors(arbiter_client, urls) == []
    page = arbiter_client.get(f"/t/{event.slug}/crosstable/").content.decode()
    assert len(re.findall(r"\(\d[wb] 2\)", page)) == 4  # team 1's two matches, from both sides
    assert "withdrew before playing half of its matches" in page


def test_a_team_withdrawing_after_half_its_matches_loses_the_rest_by_forfeit(db: None, arbiter: Any) -> None:
    event = _team_league(arbiter)
    _play_team_withdrawal(event, arbiter, 4)  # three matches of five played
    table = team_standings.table(event, 5)
    points = {row.team.pairing_number: (row.match_points, row.game_points) for row in table.rows}
    # V.4.2: team 1 keeps its three draws and loses rounds 4-5 by forfeit; their opponents win them
    # (two match points, four boards' forfeit wins), everyone else has five drawn matches.
    winners = _met_team_one(range(4, 6))
    assert len(winners) == 2
    assert points == {1: (3, 6), **{n: (6, 12) if n in winners else (5, 10) for n in range(2, 7)}}
    cells = team_standings.crosstable(event, table)
    first = cells[event.teams.get(pairing_number=1).pk]
    assert first[3].endswith("−") and first[4].endswith("−")
    for number in (4, 5):
        (winner,) = _met_team_one(range(number, number + 1))
        assert cells[event.teams.get(pairing_number=winner).pk][number - 1].endswith("+")


def test_a_round_robin_norm_shows_on_the_norms_page(arbiter: Any, arbiter_client: Any) -> None:
    """B.01's checks read the games, whatever system paired them (docs/round-robin.md 10)."""
    event = round_robin_event(arbiter, "closed-gm", "Closed GM Tournament")
    event.host_federation = "ESP"
    event.save()
    field = [
        ("GM", "GER", 2560),
        ("GM", "FRA", 2550),
        ("GM", "ITA", 2540),
        ("IM", "NED", 2460),
        ("IM", "POR", 2450),
        ("IM", "SUI", 2440),
        ("FM", "ESP", 2380),
        ("FM", "ESP", 2370),
        ("", "ESP", 2300),
    ]
    event.entrants.filter(pairing_number=1).update(
        fide_rating=2390, federation="ESP", name="Candidate, Carla"
    )
    for number, (title, federation, rating) in enumerate(field, start=2):
        event.entrants.filter(pairing_number=number).update(
            title=title, federation=federation, fide_rating=rating
        )
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    for _ in range(9):
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter)
        chosen = {}
        for board in rnd.boards_with_seats():
            assert board.white is not None and board.black is not None
            numbers = (board.white.pairing_number, board.black.pairing_number)
            chosen[board.number] = "1/2" if 1 not in numbers else ("1-0" if numbers[0] == 1 else "0-1")
            if 1 in numbers and board.number % 3 == 0:
                chosen[board.number] = "1/2"
        results.record_results(rnd, arbiter, chosen)
    page = arbiter_client.get(url("norms", event)).content.decode()
    assert 'id="player-1"' in page and "GM norm" in page
