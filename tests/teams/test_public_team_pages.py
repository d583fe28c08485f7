"""The public pages of a team event: matches, team standings, crosstable, teams, boards, print and CSV."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.urls import reverse

from tournaments.models import Round

from .test_bridge import publish, store


@pytest.fixture
def played(team_event: Any, teams: list[Any], arbiter: Any) -> Any:
    """Round 1 published with every result, round 2 published with one game on, round 3 a draft.

    Round 1: Basel 1.5-0.5 Chur, Genf 1-1 Bern (Genf 1 wins, Genf 2 forfeits), Sion the bye.
    Round 2: Bern 1-0 Basel with board 2 on, Chur - Sion forfeited by Sion, Genf the bye.
    """
    basel, bern, chur, genf, sion = teams
    first = team_event.rounds.get(number=1)
    store(first, (basel, chur), (genf, bern), (sion, None))
    publish(first, arbiter, ["1-0", "1/2", "1-0", "+-"])
    second = team_event.rounds.get(number=2)
    store(second, (bern, basel), (chur, sion), (genf, None))
    forfeited = second.matches.get(number=2)
    forfeited.forfeit = forfeited.Forfeit.BLACK_FORFEITS
    forfeited.save()
    publish(second, arbiter, ["1-0", "", "+-", "-+"])
    third = team_event.rounds.get(number=3)
    store(third, (sion, basel), (bern, chur), (genf, None))
    return team_event


def page(client: Any, name: str, *args: object) -> str:
    response = client.get(reverse(f"public:{name}", args=args))
    assert response.status_code == 200, response.status_code
    return str(response.content.decode())


def test_a_round_page_lists_the_matches_in_order_with_each_boards_players_colours_and_result(
    client: Any, played: Any
) -> None:
    html = page(client, "round", played.slug, 1)
    assert html.index("Basel") < html.index("Genf") < html.index("Sion")
    assert '<span class="match-score">1.5–0.5</span>' in html
    board = html[html.index('id="match-2-board-2"') :]
    board = board[: board.index("</tr>")]
    # Board 2 of Genf - Bern: Genf has Black there and lost by forfeit.
    assert "chip-black" in board and "Genf 2" in board and "−:+" in board and "Bern 2" in board
    assert '<td class="bd">2.2</td>' in board


def test_a_draft_round_of_a_team_event_does_not_exist_for_players(client: Any, played: Any) -> None:
    assert client.get(reverse("public:round", args=[played.slug, 3])).status_code == 404
    assert client.get(reverse("public:round-print", args=[played.slug, 3])).status_code == 404
    team = played.teams.get(name="Sion")
    html = page(client, "team", played.slug, team.pk)
    assert "Round 3" not in html and "Round 2" in html


def test_team_standings_rank_by_match_points_then_the_olympiad_sonneborn_berger(
    client: Any, played: Any
) -> None:
    """After round 1 only (round 2 has a game on). EMGSB-C1: a single opponent cut leaves 0."""
    html = page(client, "standings", played.slug)
    assert "Team standings after round 1" in html
    order = ["Basel", "Bern", "Genf", "Sion", "Chur"]
    positions = [html.index(f"<bdi>{name}</bdi>") for name in order]
    # Basel 2 MP; then Bern, Genf and Sion on 1 MP, 1 GP each, and all three share a place; Chur 0.
    assert positions == sorted(positions)
    assert html.count('<td class="place">2-4</td>') == 3


def test_the_team_crosstable_gives_each_rounds_opponent_colour_and_game_points(
    client: Any, played: Any
) -> None:
    html = page(client, "crosstable", played.slug)
    basel = html[html.index('id="team-1"') :]
    basel = basel[: basel.index("</tr>")]
    assert "5w 1½" in basel  # Chur is last (row 5); Basel had White on board 1
    assert "bye 1" in html  # Sion's pairing-allocated bye: half the boards


def test_a_team_page_shows_its_roster_and_each_published_rounds_lineup_and_results(
    client: Any, played: Any
) -> None:
    basel = played.teams.get(name="Basel")
    html = page(client, "team", played.slug, basel.pk)
    assert "Basel 3" in html  # the reserve is on the roster
    first = html[html.index('id="round-1"') : html.index('id="round-2"')]
    assert "White against" in first and "Chur" in first and "1.5 GP, 2 MP" in first
    second = html[html.index('id="round-2"') :]
    assert "Black against" in second and "(being played)" in second


def test_board_statistics_give_each_players_points_and_performance_per_board(
    client: Any, played: Any
) -> None:
    html = page(client, "boards", played.slug)
    board_one = html[html.index('id="board-1"') : html.index('id="board-2"')]
    rows = board_one.split("<tr>")[2:]
    # Round 1 only; board 1: Genf 1 (2140) beat Bern 1 (2240), Basel 1 (2290) beat Chur 1 (2190).
    # TPR (C.07 10.2), one game: the opponent's rating + 800 for a win, - 800 for a loss.
    assert [r.count("<strong>1</strong>") for r in rows] == [1, 1, 0, 0]
    assert "Genf 1" in rows[0] and '<td class="num">3040</td>' in rows[0]
    assert "Basel 1" in rows[1] and '<td class="num">2990</td>' in rows[1]
    assert '<td class="num">1490</td>' in next(r for r in rows if "Chur 1" in r)


def test_the_printable_round_has_a_match_sheet_per_match_and_a_slip_per_game(
    client: Any, played: Any
) -> None:
    html = page(client, "round-print", played.slug, 2)
    assert html.count('class="match-sheet"') == 3 and html.count('class="slip"') == 4
    assert "Captains:" in html and "Board 2.2</p>" in html
    # Players by their team's board, never by the event-wide number.
    sheet = html[html.index('id="sheet-1"') : html.index('id="sheet-2"')]
    bern = played.entrants.get(name="Bern 1")
    assert f"{bern.pairing_number} <bdi>" not in sheet and "1 <bdi>Bern 1</bdi>" in sheet


def test_the_team_standings_csv_has_match_points_game_points_and_the_tie_breaks(
    client: Any, played: Any
) -> None:
    response = client.get(reverse("public:standings-csv", args=[played.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Rank", "No", "Team", "Fed", "MP", "GP", "EMGSB-C1", "BH:MP-C1", "R1"]
    assert rows[1][:6] == ["1", "1", "Basel", "", "2", "1.5"]


def test_a_corrected_board_result_shows_on_the_cached_team_standings(client: Any, played: Any) -> None:
    assert '<td class="num mp"><strong>2</strong></td>' in page(client, "standings", played.slug)
    board = played.rounds.get(number=1).boards.get(number=1)
    board.result = "0-1"  # Basel's board 1 now lost: 0.5-1.5, Chur wins the match
    board.save()
    html = page(client, "standings", played.slug)
    assert html.index("<bdi>Chur</bdi>") < html.index("<bdi>Basel</bdi>")


def test_the_team_pages_of_an_individual_event_do_not_exist(client: Any, tournament: Any) -> None:
    tournament.public = True
    tournament.save()
    for name in ("teams", "boards"):
        assert client.get(reverse(f"public:{name}", args=[tournament.slug])).status_code == 404
    assert Round.objects.filter(tournament=tournament).exists()


def test_a_team_events_home_and_player_pages_lead_to_its_teams(client: Any, played: Any) -> None:
    html = page(client, "tournament", played.slug)
    assert "5 teams of 2 boards" in html and reverse("public:teams", args=[played.slug]) in html
    assert reverse("public:boards", args=[played.slug]) in html
    listed = page(client, "teams", played.slug)
    assert all(name in listed for name in ("Basel", "Bern", "Chur", "Genf", "Sion"))
    player = played.entrants.get(name="Basel 1")
    assert "Basel 1" in page(client, "player", played.slug, player.pk)


def test_a_forfeit_on_a_board_is_no_game_in_the_board_statistics(client: Any, played: Any) -> None:
    """Round 1, board 2 of Genf - Bern: Genf 2 forfeited. Neither played: 0 games, the forfeit apart."""
    html = page(client, "boards", played.slug)
    board_two = html[html.index('id="board-2"') :]
    bern = next(r for r in board_two.split("<tr>") if "Bern 2" in r)
    genf = next(r for r in board_two.split("<tr>") if "Genf 2" in r)
    assert '<td class="num">0</td>' in bern and "<strong>0</strong>" in bern
    assert '<td class="num forfeits">+</td>' in bern and '<td class="num forfeits">−</td>' in genf


def test_a_team_card_gives_the_teams_place_points_and_average_and_forfeits_as_forfeits(
    client: Any, played: Any
) -> None:
    html = page(client, "team", played.slug, played.teams.get(name="Basel").pk)
    # Basel's two best: 2290 and 2280.
    assert "average rating 2285" in html
    assert (
        "Place <strong>1</strong> with <strong>2</strong> match points and 1.5 game points after round 1"
        in html
    )
    assert "Rank" not in html
    second = html[html.index('id="round-2"') :]
    assert '<td class="bd">1.2</td>' in second and "playing" in second
    genf = page(client, "team", played.slug, played.teams.get(name="Genf").pk)
    first = genf[genf.index('id="round-1"') : genf.index('id="round-2"')]
    board_two = first[first.index('<td class="bd">2.2</td>') :]
    assert board_two[: board_two.index("</tr>")].count('<td class="result">−:+</td>') == 1


def test_a_team_players_card_numbers_boards_match_board_and_gives_the_teams_place(
    client: Any, played: Any
) -> None:
    chur = played.entrants.get(name="Chur 1")
    html = page(client, "player", played.slug, chur.pk)
    assert "roster board 1" in html and "Rank" not in html
    assert "<bdi>Chur</bdi>: place <strong>5</strong> with <strong>0</strong> match points" in html
    second = html[html.index('id="round-2"') :]
    assert "<td>2.1</td>" in second and '<td class="result">+</td>' in second


def test_the_teams_list_gives_each_teams_average_rating(client: Any, played: Any) -> None:
    html = page(client, "teams", played.slug)
    basel = html[html.index('id="team-1"') :]
    assert '<span class="average">2285</span>' in basel[: basel.index("</li>")]
