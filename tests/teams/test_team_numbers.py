"""Numbers as team events write them: boards match.board ("2.1"), players by their team's board."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse

from pairing import actions, publishing


def test_the_review_and_results_pages_number_boards_match_board_and_players_by_roster_board(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    rnd = actions.pair_next_round(team_event, arbiter)
    second = rnd.matches.get(number=2)
    white = second.games()[0].white
    review = client.get(reverse("arbiter:round", args=[team_event.slug, 1])).content.decode()
    row = review[review.index('id="match-2-board-1"') :]
    row = row[: row.index("</tr>")]
    assert (
        '<td class="num">2.1</td>' in row and f'<span class="muted">1</span> <bdi>{white.name}</bdi>' in row
    )
    publishing.publish_round(rnd, arbiter)
    results = client.get(reverse("arbiter:results", args=[team_event.slug, 1])).content.decode()
    # Match 2's first board is the round's third: it reads 2.1, never "Bd 3".
    third = results[results.index('id="result-3"') :]
    third = third[: third.index("</tr>")]
    assert re.search(r'<td class="num rbd">2\.1</td>', third)
    assert f'<span class="no">1</span> <bdi>{white.name}</bdi>' in third


def test_the_board_results_export_numbers_boards_match_board_and_players_by_roster_board(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    rows = client.get(reverse("arbiter:export-board-results", args=[team_event.slug])).content.decode()
    header, first, *_ = rows.splitlines()
    assert header.startswith('"round","match","board","white team","white bd"')
    white = rnd.matches.get(number=1).games()[0].white
    assert first.startswith(f'1,1,"1.1","{white.team.name}",1,"{white.name}"')
