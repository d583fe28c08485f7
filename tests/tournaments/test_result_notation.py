"""Results as TRF and chess-results write them, on every public page and in the CSV.

A forfeit is "+" / "−" (a board "+:−"), never the dash of a game not yet played; a round
without a game is blank or "bye" with its points.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

import pytest
from django.core.cache import cache

from tournaments.bridge import notation
from tournaments.models import Board, Seat, Tournament
from tournaments.standings import standings


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


def forfeited(demo: Tournament) -> Board:
    """Round 2, board 11 of the demo: Black forfeits."""
    board = demo.rounds.get(number=2).boards.get(number=11)
    assert board.result == Board.Result.BLACK_FORFEITS
    return board


def row_of(html: str, marker: str) -> str:
    part = html[html.index(marker) :]
    return part[: part.index("</tr>")]


@pytest.mark.parametrize(
    ("result", "written"),
    [
        ("1-0", "1–0"),
        ("1/2", "½–½"),
        ("0-1", "0–1"),
        ("+-", "+:−"),
        ("-+", "−:+"),
        ("--", "−:−"),
        ("", ""),
    ],
)
def test_one_function_writes_every_board_result(result, written):
    assert notation.board(result) == written


@pytest.mark.parametrize(
    ("points", "written"), [(Fraction(1), "bye 1"), (Fraction(1, 2), "bye ½"), (Fraction(0), "")]
)
def test_a_round_without_a_game_is_a_bye_with_its_points_or_blank(points, written):
    assert notation.unplayed(points) == written


def test_the_pairings_and_the_print_view_write_a_forfeit_with_plus_and_minus(client, demo):
    board = forfeited(demo)
    for url in ("/t/demo-open/round/2/", "/t/demo-open/round/2/print/"):
        html = client.get(url).content.decode()
        assert '<td class="result">+:−</td>' in row_of(html, f'id="board-{board.number}"'), url
        assert "(Black forfeits)" not in html


def test_the_pairing_allocated_bye_shows_its_point(client, demo):
    # Round 3 has a pairing-allocated bye (a half-point bye made the field odd).
    rnd = demo.rounds.get(number=3)
    bye = next(b for b in rnd.boards_with_seats() if b.is_bye)
    html = client.get("/t/demo-open/round/3/").content.decode()
    assert '<td class="result">bye 1</td>' in row_of(html, f'id="board-{bye.number}"')


def test_a_player_card_writes_the_forfeit_and_the_byes_with_their_points(client, demo):
    board = forfeited(demo)
    html = client.get(f"/t/demo-open/players/{board.white.pk}/").content.decode()
    assert '<td class="result">+</td>' in row_of(html, 'id="round-2"')
    html = client.get(f"/t/demo-open/players/{board.black.pk}/").content.decode()
    assert '<td class="result">−</td>' in row_of(html, 'id="round-2"')
    half = Seat.objects.get(round__tournament=demo, round__number=3, absence=Seat.Absence.HALF_BYE).entrant
    line = row_of(client.get(f"/t/demo-open/players/{half.pk}/").content.decode(), 'id="round-3"')
    assert '<td class="result">bye ½</td>' in line and "Half-point bye" in line
    pab = next(b for b in demo.rounds.get(number=3).boards_with_seats() if b.is_bye).white
    line = row_of(client.get(f"/t/demo-open/players/{pab.pk}/").content.decode(), 'id="round-3"')
    assert '<td class="result">bye 1</td>' in line and "Pairing-allocated bye" in line


def crosstable_cells(html: str, rank: int) -> list[str]:
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    return re.findall(r'<td class="cell">([^<]*)</td>', rows[rank - 1])


def test_the_crosstable_and_the_csv_write_forfeits_and_byes_alike(client, demo):
    board = forfeited(demo)
    table = standings(demo, 4)
    position = {row.entrant.pk: row.position for row in table.rows}
    white, black = position[board.white.pk], position[board.black.pk]
    html = client.get("/t/demo-open/crosstable/").content.decode()
    assert crosstable_cells(html, white)[1] == f"{black}w+"
    assert crosstable_cells(html, black)[1] == f"{white}b−"
    half = Seat.objects.get(round__tournament=demo, round__number=3, absence=Seat.Absence.HALF_BYE).entrant
    assert crosstable_cells(html, position[half.pk])[2] == "bye ½"

    rows = list(csv.reader(io.StringIO(client.get("/t/demo-open/standings.csv").content.decode())))
    head = rows[0]
    assert head[-4:] == ["R1", "R2", "R3", "R4"]
    by_number = {row[1]: row for row in rows[1:]}
    assert by_number[str(board.white.pairing_number)][head.index("R2")] == f"{black}w+"
    assert by_number[str(board.black.pairing_number)][head.index("R2")] == f"{white}b−"
    assert by_number[str(half.pairing_number)][head.index("R3")] == "bye ½"
    # The crosstable and the CSV are one notation: every row's cells agree.
    for row in table.rows[:10]:
        assert by_number[str(row.entrant.pairing_number)][-4:] == crosstable_cells(html, row.position)


def test_a_rating_change_reads_in_the_readers_number_format_and_a_message_in_his_language() -> None:
    from django.utils import translation

    from swiss.messages import Message
    from tournaments.templatetags.results import signed_change, worded

    note = Message("Sex not given: WGM and WIM norms are not checked.")
    with translation.override("de"):
        assert [signed_change(c) for c in ("+16.4", "-2.1", "0.0", "")] == ["+16,4", "-2,1", "0,0", ""]
        assert worded(note) == "Geschlecht nicht angegeben: WGM- und WIM-Normen werden nicht geprüft."
    with translation.override("en"):
        assert (
            signed_change("+16.4") == "+16.4"
            and worded(note) == str(note)
            and worded("as typed") == "as typed"
        )
