"""The public pages: what players see of the demo tournament, and never anything unpublished."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.cache import cache

from pairing import registration
from swiss.trf import read_trf
from tournaments import public_views
from tournaments.models import AuditRecord, Board, Entrant, Round, Seat, Tournament
from tournaments.standings import standings


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


def public_urls(tournament: Tournament) -> list[str]:
    base = f"/t/{tournament.slug}/"
    first = tournament.entrants.get(pairing_number=1)
    return [
        base,
        f"{base}round/1/",
        f"{base}round/4/print/",
        f"{base}standings/",
        f"{base}standings/2/",
        f"{base}standings.csv",
        f"{base}crosstable/",
        f"{base}players/?q=keller",
        f"{base}players/{first.pk}/",
        f"{base}export.trf",
        f"{base}export.trf?version=16",
        f"{base}qr.svg",
    ]


def test_every_public_page_opens_without_signing_in(client, demo):
    for url in ["/", *public_urls(demo)]:
        response = client.get(url)
        assert response.status_code == 200, url


def test_the_pairings_list_every_board_in_order_with_results(client, demo):
    page = client.get("/t/demo-open/round/2/").content.decode()
    rnd = demo.rounds.get(number=2)
    positions = [page.index(f'id="board-{b.number}"') for b in rnd.boards.order_by("number")]
    assert positions == sorted(positions) and len(positions) == 20
    board = rnd.boards.get(number=11)
    assert board.result == Board.Result.BLACK_FORFEITS
    assert "+:−" in page


def a_draft_pairing(demo: Tournament) -> tuple[str, str]:
    """Round 5 is drafted, not published: a board's two names, which meet nowhere else."""
    board = demo.rounds.get(number=5).boards_with_seats()[0]
    return board.white.name, board.black.name


def test_a_draft_round_is_not_found_anywhere(client, demo):
    for url in ("/t/demo-open/round/5/", "/t/demo-open/round/5/print/", "/t/demo-open/standings/5/"):
        assert client.get(url).status_code == 404, url
    white, black = a_draft_pairing(demo)
    entrant = demo.entrants.get(name=white)
    card = client.get(f"/t/demo-open/players/{entrant.pk}/").content.decode()
    assert 'id="round-5"' not in card and 'id="round-4"' in card
    home = client.get("/t/demo-open/").content.decode()
    assert "/round/5/" not in home
    crosstable = client.get("/t/demo-open/crosstable/").content.decode()
    assert "<th>R5</th>" not in crosstable and "<th>R4</th>" in crosstable


def test_the_exports_hold_only_published_rounds_and_no_unpublished_byes(client, demo):
    for url in ("/t/demo-open/export.trf", "/t/demo-open/export.trf?version=16"):
        text = client.get(url).content.decode()
        state = read_trf(text)
        assert state.rounds_played == 4 and not state.absences, url
        assert "\n240 " not in text
    rows = list(csv.reader(io.StringIO(client.get("/t/demo-open/standings.csv").content.decode())))
    assert rows[0][:10] == ["Rank", "No", "Name", "Rating", "Fed", "Points", "BH-C1", "BH", "SB", "WIN"]
    assert len(rows) == 41


def test_publishing_a_round_shows_it_at_once_although_pages_are_cached(client, demo):
    assert client.get("/t/demo-open/round/5/").status_code == 404
    client.get("/t/demo-open/")  # cached without round 5
    demo.rounds.get(number=5).publish(None)
    assert client.get("/t/demo-open/round/5/").status_code == 200
    assert "/round/5/" in client.get("/t/demo-open/").content.decode()


def test_entering_a_result_updates_the_cached_pairings_and_standings(client, demo):
    rnd = demo.rounds.get(number=5)
    rnd.publish(None)
    assert client.get("/t/demo-open/standings/5/").status_code == 404
    before = client.get("/t/demo-open/round/5/").content.decode()
    assert "1–0" not in before.split('id="board-1"')[1].split("</tr>")[0]
    for board in rnd.boards_with_seats():
        if not board.is_bye:
            board.result = Board.Result.WHITE_WINS
            board.save()
    rnd.follow_results(None)  # the round completes with its last result, as the results page does
    after = client.get("/t/demo-open/round/5/").content.decode()
    assert "1–0" in after.split('id="board-1"')[1].split("</tr>")[0]
    assert client.get("/t/demo-open/standings/").content.decode().count("after round 5") == 1


def test_searching_finds_a_player_by_part_of_the_name(client, demo):
    page = client.get("/t/demo-open/players/", {"q": "kell"}).content.decode()
    keller = demo.entrants.get(name__startswith="Keller")
    assert keller.name in page and f"/players/{keller.pk}/" in page
    assert "Meier" not in page


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("muller", "Müller, Jörg"),
        ("MUELLER", "Müller, Jörg"),
        ("jorg", "Müller, Jörg"),
        ("odegard", "Ødegaard, Martin"),
        ("Nguyen", "Nguyễn, Văn Anh"),
        ("Dvořák", "Dvorak, Antonin"),
    ],
)
def test_searching_ignores_case_accents_and_transliterations(client, tournament, make_entrant, typed, found):
    for name in ["Müller, Jörg", "Ødegaard, Martin", "Nguyễn, Văn Anh", "Dvorak, Antonin", "Meier, Anna"]:
        make_entrant(name=name)
    page = client.get(f"/t/{tournament.slug}/players/", {"q": typed}).content.decode()
    assert found in page
    assert "Meier" not in page


def test_a_player_card_lists_opponents_colours_results_and_performance(client, demo):
    entrant = demo.entrants.get(pairing_number=1)
    page = client.get(f"/t/demo-open/players/{entrant.pk}/").content.decode()
    for seat in Seat.objects.filter(entrant=entrant, round__number__lte=4, board_number__isnull=False):
        board = Board.objects.get(round=seat.round, number=seat.board_number)
        opponent = board.black if seat.colour == "w" else board.white
        if opponent is not None:
            assert opponent.name in page
    assert "performance" in page and "Rank" in page


def test_the_qr_code_encodes_the_absolute_address_of_the_tournament_page(client, demo, monkeypatch, settings):
    settings.ALLOWED_HOSTS = ["testserver", "chess.example.org"]
    encoded = []
    real_make = public_views.segno.make

    def spy(content, **options):
        encoded.append(content)
        return real_make(content, **options)

    monkeypatch.setattr(public_views.segno, "make", spy)
    public_views.qr_svg.cache_clear()
    response = client.get("/t/demo-open/qr.svg")
    assert response["Content-Type"] == "image/svg+xml" and response.content.startswith(b"<svg")
    # A standalone SVG: without the namespace a browser shows a broken image.
    assert b'xmlns="http://www.w3.org/2000/svg"' in response.content
    drawn = real_make("http://testserver/t/demo-open/", error="m").svg_inline(scale=8, border=2)
    assert re.search(r' d="([^"]+)"', drawn).group(1) in response.content.decode()
    # A second host and scheme get their own address, not the first one's cached code.
    client.get("/t/demo-open/qr.svg", secure=True, HTTP_HOST="chess.example.org")
    assert encoded == ["http://testserver/t/demo-open/", "https://chess.example.org/t/demo-open/"]
    assert '/qr.svg"' in client.get("/t/demo-open/").content.decode()


def test_an_unknown_tournament_or_player_is_not_found(client, demo):
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/t/demo-open/players/999999/").status_code == 404


def test_a_player_of_another_tournament_is_not_found_under_this_one(client, demo):
    other = Tournament.objects.create(
        name="Other",
        slug="other",
        start_date=demo.start_date,
        end_date=demo.end_date,
        total_rounds=5,
        public=True,
    )
    elsewhere = Entrant.objects.create(tournament=other, name="Elsewhere, Eva", pairing_number=1)
    assert client.get(f"/t/demo-open/players/{elsewhere.pk}/").status_code == 404
    assert client.get(f"/t/other/players/{elsewhere.pk}/").status_code == 200


def test_a_players_address_survives_the_renumbering_of_a_late_entry(client, demo):
    keller = demo.entrants.get(name__startswith="Keller")
    address = f"/t/demo-open/players/{keller.pk}/"
    before = client.get(address).content.decode()
    # A late entrant rated above everyone takes number 1 (C.04.2 2.4): every number below moves.
    number = keller.pairing_number
    moved = registration.add_entrants(
        demo, demo.chief_arbiter, [Entrant(name="Late, Larry", fide_rating=2800)]
    )
    keller.refresh_from_db()
    assert moved == 40 and keller.pairing_number == number + 1
    assert keller.name in before and keller.name in client.get(address).content.decode()
    trail = AuditRecord.objects.filter(tournament=demo, object_type="tournaments.tournament").latest("pk")
    assert trail.before["pairing numbers"][keller.name] == number and "Late, Larry" in trail.after["why"]


def test_a_tournament_with_nothing_published_shows_no_round(client, tournament, players):
    assert tournament.rounds.filter(state=Round.State.DRAFT).count() == 5
    for url in public_urls(tournament):
        if "/round/" in url or "standings/2" in url:
            assert client.get(url).status_code == 404, url
        else:
            assert client.get(url).status_code == 200, url


def shared_row(demo: Tournament, after: int):
    """A row whose place another player shares after `after` rounds."""
    return next(r for r in standings(demo, after).rows if "-" in r.place)


def test_the_standings_page_shows_a_shared_place_on_each_tied_row(client, demo):
    table = standings(demo, 1)
    page = client.get("/t/demo-open/standings/1/").content.decode()
    shown = dict(re.findall(r'id="player-(\d+)">\s*<td class="place">([^<]+)</td>', page))
    assert shown == {str(r.entrant.pairing_number): r.place for r in table.rows}
    # After round 1 the sixteen winners cannot be separated: each shows "1-16".
    assert list(shown.values()).count("1-16") == 16
    assert "drawing of lots" in page


def test_the_csv_gives_tied_players_the_same_place(client, demo):
    row = shared_row(demo, 4)
    rows = list(csv.reader(io.StringIO(client.get("/t/demo-open/standings.csv").content.decode())))
    places = [line[0] for line in rows[1:]]
    assert places.count(row.place) >= 2
    assert places == [r.place for r in standings(demo, 4).rows]


def test_a_player_card_shows_the_shared_place(client, demo):
    row = shared_row(demo, 4)
    page = client.get(f"/t/demo-open/players/{row.entrant.pk}/").content.decode()
    assert f"Rank <strong>{row.place}</strong>" in page


def test_rating_tie_breaks_leave_the_list_when_an_unrated_player_takes_part(client, demo):
    demo.tiebreaks = ["ARO", "TPR", "BH"]
    demo.save()
    assert standings(demo, 4).ordering == ["ARO", "TPR", "BH"]
    assert standings(demo, 4).codes == ["ARO", "TPR", "BH"]
    demo.entrants.filter(pairing_number=40).update(fide_rating=None, national_rating=None)
    cache.clear()
    table = standings(demo, 4)
    assert table.ordering == ["BH"] and table.codes == ["BH"] and set(table.dropped) == {"ARO", "TPR"}
    page = client.get("/t/demo-open/standings/").content.decode()
    assert "ARO left out: unrated players take part (C.07 Art. 10)" in page
    header = client.get("/t/demo-open/standings.csv").content.decode().splitlines()[0]
    assert header == '"Rank","No","Name","Rating","Fed","Points","BH","R1","R2","R3","R4"'


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_the_print_page_lists_boards_in_order_then_one_slip_per_game(client, demo, number):
    page = client.get(f"/t/demo-open/round/{number}/print/").content.decode()
    listed = [int(n) for n in re.findall(r'<tr id="board-(\d+)">', page)]
    slips = [int(n) for n in re.findall(r'<div class="slip" id="slip-(\d+)">', page)]
    boards = demo.rounds.get(number=number).boards_with_seats()
    assert listed == [b.number for b in boards] == list(range(1, len(boards) + 1))
    # A slip for every game and none for the pairing-allocated bye, in board order after the list.
    assert slips == [b.number for b in boards if b.black is not None]
    assert page.index('id="board-1"') < page.index('id="slip-1"')
    for board in boards:
        if board.black is not None:
            slip = page.split(f'id="slip-{board.number}">')[1].split("</div>")[0]
            assert f"Board {board.number}<" in slip
            assert f"White: {board.white.pairing_number} <bdi>{board.white.name}</bdi>" in slip
            assert f"Black: {board.black.pairing_number} <bdi>{board.black.name}</bdi>" in slip


def test_the_standings_say_which_tie_breaks_order_without_a_column(client, demo):
    page = client.get("/t/demo-open/standings/").content.decode()
    assert "DE (orders without a column)" in page and '<th class="num">DE</th>' not in page


def test_the_crosstable_has_one_rank_column_and_a_legend_that_names_withdrawals(client, demo):
    page = client.get("/t/demo-open/crosstable/").content.decode()
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert head.count("<th>Rk</th>") == 1 and "<th>#</th>" not in head
    assert "a withdrawal" in page and "H, F and Z requested byes" not in page
