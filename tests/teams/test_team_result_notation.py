"""A team event's results as TRF and chess-results write them: forfeits "+:−" on every page and in the CSV."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from django.urls import reverse

from .test_public_team_pages import page, played  # noqa: F401  (the fixture, used by name)


def row_of(html: str, marker: str) -> str:
    part = html[html.index(marker) :]
    return part[: part.index("</tr>")]


def test_the_round_page_writes_a_forfeited_game_and_a_forfeited_match_with_plus_and_minus(
    client: Any,
    played: Any,  # noqa: F811
) -> None:
    html = page(client, "round", played.slug, 1)
    # Board 2 of Genf - Bern, from Genf's side: Genf 2 lost by forfeit.
    assert '<td class="result">−:+</td>' in row_of(html, 'id="match-2-board-2"')
    assert "+––" not in html and "−–+" not in html
    html = page(client, "round", played.slug, 2)
    # Match 2, Chur - Sion, forfeited by Sion as a whole.
    head = html[html.index('id="match-2"') :]
    assert '<span class="match-score">+:−</span>' in head[: head.index("</h2>")]


def test_the_team_card_writes_each_board_from_the_teams_side(client: Any, played: Any) -> None:  # noqa: F811
    genf = played.teams.get(name="Genf")
    html = page(client, "team", played.slug, genf.pk)
    first = html[html.index('id="round-1"') : html.index('id="round-2"')]
    assert re.findall(r'<td class="result">([^<]*)</td>', first) == ["1–0", "−:+"]


def test_the_team_crosstable_and_the_csv_write_the_forfeited_match_alike(
    client: Any,
    played: Any,  # noqa: F811
) -> None:
    # Standings after round 1 only (a game of round 2 is on): the forfeits of round 1 show.
    html = page(client, "crosstable", played.slug)
    assert "“–”: no match" not in html
    response = client.get(reverse("public:standings-csv", args=[played.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][-1] == "R1"
    cells = {row[2]: row[-1] for row in rows[1:]}
    for team, cell in cells.items():
        line = row_of(html, f'id="team-{played.teams.get(name=team).pairing_number}"')
        assert f'<td class="cell">{cell}</td>' in line
    assert cells["Sion"] == "bye 1"


def test_board_statistics_count_only_the_games_played_over_the_board(client: Any, played: Any) -> None:  # noqa: F811
    html = page(client, "boards", played.slug)
    board_two = html[html.index('id="board-2"') :]
    rows = {
        name: re.findall(r'<td class="num[^"]*">(?:<strong>)?([^<]*)', row)
        for row in board_two.split("<tr>")[2:]
        for name in re.findall(r"<bdi>([^<]*\d)</bdi>", row)
    }
    # Round 1, board 2: Basel 2 - Chur 2 drawn; Bern 2 won against Genf 2 by forfeit.
    # Games, points, performance, forfeits ("+" won, "−" lost by forfeit).
    assert rows["Basel 2"][:2] == ["1", "0.5"] and rows["Basel 2"][3] == ""
    assert rows["Bern 2"] == ["0", "0", "–", "+"]
    assert rows["Genf 2"] == ["0", "0", "–", "−"]
