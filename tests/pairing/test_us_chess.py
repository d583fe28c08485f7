"""A US Chess event in the arbiter's pages: its options, pairing, checker, log, tie-breaks and report."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile

import pytest
from dbfread import DBF

from pairing import actions, publishing
from pairing.review import round_review
from tests.pairing.conftest import play_round, url
from tournaments import us_report
from tournaments.bridge.trf import arbiter_trf
from tournaments.models import Entrant, Round, Seat, Tournament

NEW = {
    "name": "Boston Open",
    "slug": "boston-open",
    "place": "Boston",
    "start_date": "2026-05-01",
    "end_date": "2026-05-02",
    "total_rounds": "4",
    "pairing_system": "us-chess",
    "acceleration": "none",
    **{"points_win": "1", "points_draw": "0.5", "points_loss": "0", "points_forfeit_win": "1"},
    **{"points_forfeit_loss": "0", "points_pab": "1", "points_half_bye": "0.5", "points_full_bye": "1"},
    "points_zero_bye": "0",
    "public_birth_dates": "year",
}


@pytest.fixture
def us_event(tournament):
    tournament.pairing_system = Tournament.PairingSystem.US_CHESS
    tournament.save()
    return tournament


@pytest.fixture
def us_field(us_event, make_entrant):
    """Nine players: eight rated by their US Chess rating, the ninth unrated (a FIDE rating only)."""
    entrants = [
        make_entrant(name=f"Player {n + 1}", us_chess_rating=2000 - 50 * n, us_chess_id=f"1234567{n}")
        for n in range(8)
    ]
    return [*entrants, make_entrant(name="Newcomer, Nina", fide_rating=2400)]


def test_a_us_chess_event_is_created_with_its_variations_and_tie_breaks(arbiter_client):
    data = {**NEW, "us_variations": ["no-colour-interchanges", "28L2a"], "tiebreaks": ["MM", "SOLK", "CUM"]}
    response = arbiter_client.post("/arbiter/new/", data)
    assert response.status_code == 302, response.content.decode()
    created = Tournament.objects.get(slug="boston-open")
    assert created.is_us_chess and created.us_variations == ["no-colour-interchanges", "28L2a"]
    assert created.tiebreaks == ["MM", "SOLK", "CUM"]
    page = arbiter_client.get("/arbiter/new/").content.decode()
    assert "US Chess" in page and "28L2a: the bye may go" in page and "Modified median (34E1)" in page


def test_tie_breaks_must_belong_to_the_pairing_system(arbiter_client):
    response = arbiter_client.post("/arbiter/new/", {**NEW, "tiebreaks": ["BH-C1"]})
    assert "paired by US Chess (rule 34E) rules: choose its tie-breaks" in response.content.decode()
    dutch = {**NEW, "pairing_system": "dutch-2026", "tiebreaks": ["MM"]}
    assert "paired by FIDE (C.07) rules" in arbiter_client.post("/arbiter/new/", dutch).content.decode()
    assert not Tournament.objects.filter(slug="boston-open").exists()


def test_us_variations_and_baku_acceleration_do_not_mix_with_the_other_system(arbiter_client):
    dutch = {**NEW, "pairing_system": "dutch-2026", "us_variations": ["28L2a"]}
    assert "apply to US Chess events only" in arbiter_client.post("/arbiter/new/", dutch).content.decode()
    baku = {**NEW, "acceleration": "baku"}
    assert "by the 28R1 variation, not Baku" in arbiter_client.post("/arbiter/new/", baku).content.decode()
    assert not Tournament.objects.filter(slug="boston-open").exists()


def test_an_unknown_variation_is_refused(arbiter_client):
    response = arbiter_client.post("/arbiter/new/", {**NEW, "us_variations": ["29Z9"]})
    assert (
        response.status_code == 200
        and "29Z9 is not one of the available choices" in response.content.decode()
    )


def test_a_us_event_pairs_on_us_ratings_and_gives_the_bye_to_the_lowest_rated_rated_player(
    us_event, us_field, arbiter
):
    """28J/28L2: round 1's bye goes to the lowest-rated rated player, not to the unrated one
    (the Dutch system would give it to the last pairing number, the unrated player)."""
    assert us_field[0].rating == 2000 and us_field[-1].rating == 0  # the FIDE rating does not count
    rnd = actions.pair_next_round(us_event, arbiter)
    pairs = actions.draft_pairs(rnd)
    assert pairs[-1] == (us_field[7].pk, None)
    # 28J: top half against bottom half, rated players ranked by rating, the unrated last.
    played = [{w, b} for w, b in pairs[:-1]]
    assert {us_field[0].pk, us_field[4].pk} in played and {us_field[3].pk, us_field[8].pk} in played


def test_the_why_link_shows_the_boards_pairing_logic(arbiter_client, us_event, us_field, arbiter):
    rnd = actions.pair_next_round(us_event, arbiter)
    play_round(rnd, arbiter)
    actions.pair_next_round(us_event, arbiter)
    page = arbiter_client.get(url("board-explain", us_event, 2, 1)).content.decode()
    assert "Board 1:" in page and "1-point group" in page and "29C1" in page
    bye = arbiter_client.get(url("board-explain", us_event, 2, 5)).content.decode()
    assert "28L" in bye


def test_the_why_link_words_the_pairing_logic_in_the_readers_language(
    arbiter_client, us_event, us_field, arbiter
):
    """The log's lines are templates: a Spanish reader reads them in Spanish, names and rules as they are."""
    play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    actions.pair_next_round(us_event, arbiter)
    spanish = {"HTTP_ACCEPT_LANGUAGE": "es"}
    page = arbiter_client.get(url("board-explain", us_event, 2, 1), **spanish).content.decode()
    assert "Tablero 1:" in page and "grupo de 1 puntos" in page and "29C1" in page
    assert "Board 1:" not in page and "point group" not in page
    assert "Player " in page  # the names stay as entered
    bye = arbiter_client.get(url("board-explain", us_event, 2, 5), **spanish).content.decode()
    assert "Bye: " in bye and "28L" in bye and "point group" not in bye


def test_a_manual_swap_gets_the_us_checkers_findings_and_can_be_undone(
    arbiter_client, us_event, us_field, arbiter
):
    play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    rnd = actions.pair_next_round(us_event, arbiter)
    engine = actions.draft_pairs(rnd)
    assert not round_review(rnd).findings  # the engine's own pairing is clean
    response = arbiter_client.post(
        url("round-change", us_event, 2),
        {"kind": "swap", "board": 1, "other_board": 4},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    findings = round_review(rnd).findings
    assert findings and all(f.rule and not f.rule.startswith("C.04") for f in findings), findings
    assert any(f.rule in ("27A2", "29E4", "29E5", "27A3", "29C1") for f in findings), findings
    why = arbiter_client.get(url("board-explain", us_event, 2, 1)).content.decode()
    assert "This board is not the engine&#x27;s" in why and why.count("<li>Board ") == 2
    arbiter_client.post(url("round-undo", us_event, 2), HTTP_HX_REQUEST="true")
    assert actions.draft_pairs(rnd) == engine


def test_changing_a_variation_marks_the_draft_stale(us_event, us_field, arbiter):
    rnd = actions.pair_next_round(us_event, arbiter)
    assert round_review(rnd).stale == ""
    us_event.us_variations = ["29E4b"]
    us_event.save()
    assert "rules" in round_review(Round.objects.get(pk=rnd.pk)).stale


def test_a_requested_half_point_bye_and_a_withdrawal_are_left_out_of_the_pairing(us_event, us_field, arbiter):
    us_field[0].request_absence(1, Seat.Absence.HALF_BYE)
    us_field[1].withdraw(1)
    rnd = actions.pair_next_round(us_event, arbiter)
    seated = {pk for pair in actions.draft_pairs(rnd) for pk in pair if pk}
    assert us_field[0].pk not in seated and us_field[1].pk not in seated and len(seated) == 7


def test_us_standings_rank_by_34e_on_the_page_and_in_the_csv(client, us_event, us_field, arbiter):
    for _ in range(2):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    page = client.get("/t/spring-open/standings/").content.decode()
    assert "US Chess rule 34E" in page and "MM" in page and "OCUM" in page
    csv = client.get("/t/spring-open/standings.csv").content.decode().splitlines()
    assert csv[0].endswith('"MM","SOLK","CUM","OCUM","R1","R2"')
    assert len(csv) == 1 + len(us_field)


def test_csv_import_reads_us_chess_ids_and_ratings(arbiter_client, us_event):
    text = "name,uscf_id,us_chess_rating\nDoe, Jane,12345678,1850\n".replace("Doe, Jane", '"Doe, Jane"')
    text += "Roe, Rob,1234,1700\n".replace("Roe, Rob", '"Roe, Rob"')
    response = arbiter_client.post(url("entrants-import", us_event), {"text": text})
    assert "us_chess_id: A US Chess ID is 8 digits." in response.content.decode()
    good = text.replace(",1234,", ",87654321,")
    arbiter_client.post(url("entrants-import", us_event), {"text": good, "confirm": "on"})
    jane = Entrant.objects.get(name="Doe, Jane")
    assert (jane.us_chess_id, jane.us_chess_rating, jane.rating) == ("12345678", 1850, 1850)


def _report_form():
    return {
        **{"affiliate_id": "A1234567", "chief_td_id": "12345678", "assistant_td_id": "", "city": "Boston"},
        **{"state": "ma", "zip_code": "02101", "country": "USA", "rating_system": "R"},
        **{"time_control": "G/90;d5", "section_name": "Open"},
    }


def test_the_rating_report_reads_back_as_three_dbf_files(
    arbiter_client, us_event, us_field, arbiter, tmp_path
):
    early = arbiter_client.post(url("rating-report", us_event), _report_form())
    assert "Every one of the 5 rounds must be published" in early.content.decode()
    us_field[2].request_absence(3, Seat.Absence.HALF_BYE)
    for _ in range(us_event.total_rounds):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    response = arbiter_client.post(url("rating-report", us_event), _report_form())
    assert response["Content-Type"] == "application/zip"
    zipfile.ZipFile(io.BytesIO(response.content)).extractall(tmp_path)
    header = list(DBF(tmp_path / "THEXPORT.DBF"))
    section = list(DBF(tmp_path / "TSEXPORT.DBF"))
    details = list(DBF(tmp_path / "TDEXPORT.DBF"))
    assert header[0]["H_FORMAT"] == "2C" and header[0]["H_AFF_ID"] == "A1234567"
    assert header[0]["H_STATE"] == "MA" and header[0]["H_BEG_DATE"] == "20260401"
    assert section[0]["S_TOT_RNDS"] == "5" and section[0]["S_LST_PAIR"] == "9"
    assert section[0]["S_TIMECTL"] == "G/90;d5" and section[0]["S_TRN_TYPE"] == "S"
    assert [row["D_PAIR_NUM"] for row in details] == [str(n) for n in range(1, 10)]
    first = details[0]
    assert first["D_MEM_ID"] == "12345670" and first["D_RATING"] == "2000" and first["D_NAME"] == "Player 1"
    assert details[8]["D_MEM_ID"] == "" and details[8]["D_RATING"] == ""
    assert details[2]["D_RND03"] == "H0"
    # Every game cell matches its opponent's: the same round, the other colour, the other result.
    flip = {"W": "L", "L": "W", "D": "D"}
    for row in details:
        for number in range(1, 6):
            cell = row[f"D_RND{number:02}"]
            if cell[0] in flip:
                other = details[int(cell[1:-1]) - 1][f"D_RND{number:02}"]
                assert other[0] == flip[cell[0]] and int(other[1:-1]) == int(row["D_PAIR_NUM"])
                assert {cell[-1], other[-1]} == {"W", "B"}
            else:
                assert cell in ("B0", "H0", "X0", "F0", "U0"), cell


def test_the_rating_report_page_names_the_players_without_a_us_chess_id(arbiter_client, us_event, us_field):
    page = arbiter_client.get(url("rating-report", us_event)).content.decode()
    assert "Without a US Chess ID:</strong> 9 <bdi>Newcomer, Nina</bdi>." in page


def test_the_rating_report_is_only_for_us_chess_events(arbiter_client, tournament):
    assert arbiter_client.get(url("rating-report", tournament)).status_code == 404


def test_the_pages_pair_as_the_command_line_does_from_the_exported_trf(tmp_path, us_event, us_field, arbiter):
    """The arbiter's TRF carries the variations (XUS) and the clubs (XUT), so the engine's
    command line pairs the next round exactly as the pages do."""
    us_event.us_variations = ["28N", "29E4b"]
    us_event.save()
    for n, entrant in enumerate(us_field):
        entrant.club = f"Club {n % 3}"
        entrant.save()
    for _ in range(2):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    trf = tmp_path / "t.trf"
    trf.write_text(arbiter_trf(us_event))
    assert "\nXUS 29E4b 28N\n" in trf.read_text() and "\nXUT 1 4 7\n" in trf.read_text()
    assert "12345670" in trf.read_text()  # the US Chess ID in the TRF's ID field
    rnd = actions.pair_next_round(us_event, arbiter)
    numbers = {e.pk: e.pairing_number for e in us_event.entrants.all()}
    pages = [f"{numbers[w]} {numbers[b] if b else 0}" for w, b in actions.draft_pairs(rnd)]
    cli = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", "--system", "us", str(trf)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert cli[1:-1] == pages and int(cli[0]) == len(pages)


def test_a_late_entry_and_a_forfeit_are_reported_in_us_chess_notation(
    arbiter_client, us_event, us_field, arbiter, tmp_path
):
    """28K: a late entrant is paired from the round they join (the rounds before are "U0"); a
    forfeit is X for the winner and F for the absent player, with opponent 0."""
    from pairing import publishing, registration, results

    play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    late = Entrant(name="Late, Larry", us_chess_rating=1880, us_chess_id="22223333")
    registration.add_entrants(us_event, arbiter, [late])
    rnd = actions.pair_next_round(us_event, arbiter)
    assert late.pk in {pk for pair in actions.draft_pairs(rnd) for pk in pair}
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(
        rnd, arbiter, {b.number: "+-" if b.number == 1 else "1-0" for b in rnd.boards.all()}
    )
    for _ in range(3):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    response = arbiter_client.post(url("rating-report", us_event), _report_form())
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    details = {row["D_MEM_ID"]: dict(row) for row in DBF(archive.extract("TDEXPORT.DBF", tmp_path))}
    assert details["22223333"]["D_RND01"] == "U0" and details["22223333"]["D_RND02"][0] in "WLDXF"
    board = rnd.boards_with_seats().get(number=1)
    assert details[board.white.us_chess_id]["D_RND02"] == "X0"
    assert details[board.black.us_chess_id]["D_RND02"] == "F0"


def test_the_report_names_a_name_too_long_and_writes_accents_plainly(
    arbiter_client, us_event, us_field, arbiter
):
    us_field[0].name = "Żółć, Ángel"
    us_field[0].save()
    us_field[1].name = "Featherstonehaugh-Cholmondeley, Bartholomew"
    us_field[1].save()
    for _ in range(us_event.total_rounds):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    page = arbiter_client.post(url("rating-report", us_event), _report_form()).content.decode()
    assert "at most 30 characters: Featherstonehaugh-Cholmondeley, Bartholomew" in page
    assert us_report.ascii_name("Żółć, Ángel") == "Zolc, Angel"


def test_every_public_page_of_a_us_event_shows_us_ratings_and_34e_values(client, us_event, us_field, arbiter):
    us_event.prize_categories = ["U1800"]
    us_event.save()
    for _ in range(2):
        play_round(actions.pair_next_round(us_event, arbiter), arbiter)
    base = "/t/spring-open"
    pages = ["/", "/round/2/", "/prizes/", "/standings/", "/crosstable/", "/players/", "/export.trf"]
    pages.append(f"/players/{us_field[0].pk}/")
    for page in pages:
        response = client.get(base + page)
        assert response.status_code == 200, page
    card = client.get(f"{base}/players/{us_field[0].pk}/").content.decode()
    assert "2000" in card and "2400" not in client.get(f"{base}/players/").content.decode()


def test_a_round_page_loads_its_players_ratings_without_a_query_per_player(
    client, us_event, us_field, arbiter, django_assert_max_num_queries
):
    """`Entrant.rating` reads the tournament's system; the boards load it with the players."""
    rnd = actions.pair_next_round(us_event, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    boards = list(Round.objects.get(pk=rnd.pk).boards_with_seats())
    with django_assert_max_num_queries(0):
        ratings = [seat.entrant.rating for board in boards for seat in board.seats.all()]
    assert sorted(ratings, reverse=True)[:2] == [2000, 1950]
