"""A 5-round US Chess event of 30 players run in Chromium: entrants, pairing, the pairing-logic
log, publishing, results each round, the 34E standings and the rating report."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from dbfread import DBF
from playwright.sync_api import Page, expect

from .conftest import sign_in

PLAYERS = 30
ROUNDS = 5

expect.set_options(timeout=20_000)


def csv_text() -> str:
    """US Chess IDs and ratings; the last two players are new (no ID, unrated)."""
    lines = ["name,uscf_id,us_chess_rating,club"]
    for n in range(PLAYERS - 2):
        lines.append(f'"Player {n + 1:02d}, Test",{12000000 + n},{2200 - 31 * n},Club {n % 3}')
    lines += ['"New, Nora",,,', '"New, Ned",,,']
    return "\n".join(lines) + "\n"


def create_event(page: Page) -> None:
    page.click("text=New tournament")
    page.fill("#id_name", "Boston Open")
    page.fill("#id_slug", "boston-open")
    page.fill("#id_start_date", "2026-05-01")
    page.fill("#id_end_date", "2026-05-03")
    page.fill("#id_total_rounds", str(ROUNDS))
    page.select_option("#id_pairing_system", "us-chess")
    page.select_option("#id_initial_colour", "w")
    page.check("#id_public")
    page.click("main button[type=submit]")
    expect(page.locator("h1")).to_have_text("Boston Open")


def import_players(page: Page) -> None:
    page.click("nav.tabs >> text=Entrants")
    page.click("text=Import from CSV or TRF")
    page.set_input_files(
        "#id_file", {"name": "players.csv", "mimeType": "text/csv", "buffer": csv_text().encode()}
    )
    page.click("button[name=preview]")
    page.click("button[name=do-import]")
    expect(page.locator("#entrants tbody tr")).to_have_count(PLAYERS)
    # Pairing numbers follow the US Chess rating (28A): the strongest is number 1.
    expect(page.locator("#entrants tbody tr").first).to_contain_text("Player 01, Test")


def read_the_log_of_board_1(page: Page, number: int) -> None:
    page.click("#board-1 td.why a")
    expect(page.locator("#explain-1")).to_contain_text("Board 1:")
    expect(page.locator("#explain-1")).to_contain_text("group")


def enter_results(page: Page) -> None:
    page.click("text=Enter results")
    selects = page.locator("#results select")
    expect(selects).to_have_count(PLAYERS // 2)
    for index in range(selects.count()):
        selects.nth(index).select_option("1/2" if index % 4 == 3 else "1-0")
    page.click("button[name=save]")
    expect(page.locator("h1")).to_contain_text("Complete")


def download_the_rating_report(page: Page, folder: Path) -> dict[str, list[dict[str, str]]]:
    page.click("nav.tabs >> text=Rating report")
    page.fill("#id_affiliate_id", "A1234567")
    page.fill("#id_chief_td_id", "12345678")
    page.fill("#id_city", "Boston")
    page.fill("#id_state", "MA")
    page.fill("#id_zip_code", "02101")
    page.fill("#id_time_control", "G/90;d5")
    with page.expect_download() as download:
        page.click("main button[type=submit]")
    saved = download.value.path()
    tables = {}
    with zipfile.ZipFile(io.BytesIO(saved.read_bytes())) as archive:
        for name in archive.namelist():
            path = folder / name
            path.write_bytes(archive.read(name))
            tables[name] = [dict(row) for row in DBF(path)]
    return tables


@pytest.mark.django_db(transaction=True)
def test_a_director_runs_a_five_round_us_chess_event_and_downloads_the_rating_report(
    live_server, page, arbiter, tmp_path
):
    base = live_server.url
    page.set_default_timeout(20000)
    sign_in(page, base)
    create_event(page)
    import_players(page)
    for number in range(1, ROUNDS + 1):
        page.click("nav.tabs >> text=Boston Open")
        page.click(f"button:has-text('Pair round {number}')")
        expect(page.locator("h1")).to_contain_text(f"Round {number}")
        expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(PLAYERS // 2)
        # The US checker finds nothing to say about the engine's own pairing.
        expect(page.locator("#draft .findings li")).to_have_count(0)
        if number == 3:
            read_the_log_of_board_1(page, number)
        page.click("button[name=publish]")
        expect(page.locator(".messages")).to_contain_text(f"Round {number} is published")
        enter_results(page)
    page.click("nav.tabs >> text=Standings")
    expect(page.locator("#standings tbody tr")).to_have_count(PLAYERS)
    expect(page.locator("main")).to_contain_text("MM, SOLK, CUM, OCUM")
    tables = download_the_rating_report(page, tmp_path)
    assert tables["THEXPORT.DBF"][0]["H_NAME"] == "Boston Open"
    assert tables["TSEXPORT.DBF"][0]["S_TOT_RNDS"] == str(ROUNDS)
    details = tables["TDEXPORT.DBF"]
    assert len(details) == PLAYERS and details[0]["D_MEM_ID"] == "12000000"
    assert all(row[f"D_RND0{n}"][0] in "WLD" for row in details for n in range(1, ROUNDS + 1))
