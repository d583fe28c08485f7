"""Prize lists by category, club and federation standings, and the pairing list by name."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache

from tournaments.models import Entrant
from tournaments.names import sort_key
from tournaments.prizes import CLUB_PLAYERS, belongs, group_standings, label
from tournaments.standings import standings

START = datetime.date(2026, 4, 1)


def person(**fields) -> Entrant:
    return Entrant(name="X", **fields)


@pytest.mark.parametrize(
    ("code", "fields", "inside"),
    [
        ("W", {"sex": "w"}, True),
        ("W", {"sex": "m"}, False),
        # Age on 1 January 2026: born 2 Jan 2008 is 17 then, born 1 Jan 2008 is 18.
        ("U18", {"birth_date": datetime.date(2008, 1, 2)}, True),
        ("U18", {"birth_date": datetime.date(2008, 1, 1)}, False),
        ("U18", {}, False),
        ("S65", {"birth_date": datetime.date(1960, 12, 31)}, True),
        ("S65", {"birth_date": datetime.date(1961, 1, 2)}, False),
        ("U1800", {"fide_rating": 1799}, True),
        ("U1800", {"fide_rating": 1800}, False),
        ("U1800", {}, False),  # unrated players are in no rating category
    ],
)
def test_who_belongs_to_a_prize_category(code, fields, inside):
    assert belongs(person(**fields), code, START) is inside


def test_category_labels_say_what_they_mean():
    assert [label(c) for c in ("W", "U18", "S65", "U1800")] == [
        "Women",
        "Under 18",
        "65 and over",
        "Rated under 1800",
    ]


def test_the_prize_page_lists_each_category_in_the_order_of_the_standings(client, demo):
    demo.prize_categories = ["W", "U2000"]
    demo.save()
    cache.clear()
    page = client.get("/t/demo-open/prizes/").content.decode()
    table = standings(demo, 4)
    women = [r.entrant.name for r in table.rows if r.entrant.sex == "w"]
    section = page.split("<h2>Women</h2>")[1].split("</section>")[0]
    positions = [section.index(name) for name in women]
    assert positions == sorted(positions) and len(women) > 3
    assert "<h2>Rated under 2000</h2>" in page


def test_clubs_rank_by_the_points_of_their_best_players(demo):
    table = standings(demo, 4)
    clubs = group_standings(table, "club")
    assert "" not in {g.name for g in clubs}
    for group in clubs:
        best = sorted((r.points for r in group.rows), reverse=True)[:CLUB_PLAYERS]
        assert group.points == sum(best)
    assert [g.points for g in clubs] == sorted((g.points for g in clubs), reverse=True)


def test_the_pairing_list_by_name_gives_every_player_board_colour_and_opponent(client, demo):
    page = client.get("/t/demo-open/round/3/by-name/").content.decode()
    rnd = demo.rounds.get(number=3)
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == demo.entrants.count()
    names = [row.split("<td><bdi>")[1].split("</bdi>")[0] for row in rows]
    assert names == sorted(names, key=sort_key)
    board = rnd.boards_with_seats()[0]
    line = next(row for row in rows if f"<td><bdi>{board.black.name}</bdi></td>" in row.split("<td class")[0])
    assert f'<td class="num">{board.number}</td><td>Black</td><td><bdi>{board.white.name}</bdi></td>' in line
    assert "Half-point bye" in page  # the requested bye of round 3
    assert client.get("/t/demo-open/round/5/by-name/").status_code == 404  # the draft
