"""Rounds 1 and 2 of a 4000-player tournament, paired and published from the browser; prints how
long every request took and the slowest. Asserts nothing.

    .venv/bin/python scripts/bench_large_round.py [--players 4000]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench_large on 127.0.0.1:5432,
dropped and created again): gunicorn (2 workers) and one procrastinate worker, driven by
Debian's Chromium through Playwright. The path: press Pair, the page polls until the worker
stores the draft, pages of boards, a swap between the first and the last board (checked by the
worker, the page polling), publish, the public pairings (by board, by name, printable), the
players, results entry, the arbiter's entrants; the results of round 1 are then stored by the
script (2000 boards), and round 2 goes the same way, with the standings, crosstable, prizes and
the leader's card after round 1.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench_database import fresh_database, open_event, server_settings

ROOT = Path(__file__).resolve().parent.parent
ENV = server_settings("large")
DATABASE_URL = ENV["DATABASE_URL"]
PORT = 8767
BASE = f"http://127.0.0.1:{PORT}"
PASSWORD = "bench large round"
# This process stores round 1's results while Playwright's event loop runs in its thread.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
sys.path.insert(0, str(ROOT))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def prepare(players: int) -> None:
    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments.models import Entrant

    arbiter = get_user_model().objects.create_user("bench-arbiter", password=PASSWORD, is_staff=True)
    tournament = open_event("Large Open", "large-open", arbiter)
    rng = random.Random(4000)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {n:04d}, Large", pairing_number=n, fide_rating=r)
        for n, r in enumerate(ratings, 1)
    )


def enter_results(number: int) -> None:
    """Every game of round `number` gets a result, as arbiters entering them would leave it."""
    from pairing import results
    from tournaments.models import Round

    rnd = Round.objects.select_related("tournament").get(tournament__slug="large-open", number=number)
    rng = random.Random(number)
    games = {board.number: rng.choice(["1-0", "1/2", "0-1"]) for board in rnd.boards.all()}
    results.record_results(rnd, rnd.tournament.chief_arbiter, games)


def pair_and_publish(page: object, number: int, boards: int, log: list[tuple[float, str]]) -> None:
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    began = time.monotonic()
    page.goto(f"{BASE}/arbiter/large-open/")
    page.click("button[name=pair]")
    expect(page.locator("#job")).to_contain_text(f"Pairing round {number}…")
    expect(page.locator("#boards tr.board")).to_have_count(100, timeout=1_800_000)
    print(f"round {number}: the draft shows {time.monotonic() - began:.0f} s after Pair", flush=True)
    last = (boards + 99) // 100
    for shown in (2, last):
        page.goto(f"{BASE}/arbiter/large-open/rounds/{number}/?page={shown}")
    swap = page.locator("#change-swap")
    swap.locator("input[name=board]").fill("1")
    swap.locator("input[name=other_board]").fill(str(boards))
    changed = time.monotonic()
    swap.locator("button[name=apply]").click()
    expect(page.locator("#manual-changes")).to_contain_text(f"boards 1 and {boards}", timeout=60_000)
    expect(page.locator("button[name=publish]")).to_be_visible(timeout=600_000)
    print(f"round {number}: a swap of boards 1 and {boards} checked after {time.monotonic() - changed:.1f} s")
    confirm = page.locator("input[name=confirm]")
    if confirm.count():
        confirm.check()
    page.click("button[name=publish]")
    if "Published" not in page.locator("h1").inner_text():
        raise SystemExit(f"round {number} was not published: {page.locator('.messages').inner_text()}")
    addresses = [
        f"/t/large-open/round/{number}/",
        f"/t/large-open/round/{number}/?page=5",
        f"/t/large-open/round/{number}/by-name/?page=3",
        f"/t/large-open/round/{number}/print/",
        "/t/large-open/",
        "/t/large-open/players/",
    ]
    if number > 1:
        # Round 1's results are in: the field is ranked once for all of these pages and the cards.
        addresses += ["/t/large-open/crosstable/", "/t/large-open/prizes/", "/t/large-open/standings/"]
    for address in addresses:
        page.goto(BASE + address)
    if number > 1:
        page.click("table a[href*='/players/']")  # the leader's card, from the standings
    page.goto(f"{BASE}/arbiter/large-open/rounds/{number}/results/?page={last}")
    page.goto(f"{BASE}/arbiter/large-open/entrants/?page=20")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4000)
    options = parser.parse_args()
    prepare(options.players)
    web = subprocess.Popen(
        [".venv/bin/gunicorn", "config.wsgi", "-w", "2", "-b", f"127.0.0.1:{PORT}", "--log-level", "warning"],
        cwd=ROOT,
        env=ENV,
    )
    worker = subprocess.Popen([sys.executable, "manage.py", "procrastinate", "worker"], cwd=ROOT, env=ENV)
    log: list[tuple[float, str]] = []
    try:
        from playwright.sync_api import Request, sync_playwright

        def finished(request: Request) -> None:
            timing = request.timing
            log.append((timing["responseEnd"] - timing["requestStart"], request.method + " " + request.url))

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page()
            for _ in range(100):
                if (
                    subprocess.run(["curl", "-sf", "-o", "/dev/null", f"{BASE}/accounts/login/"]).returncode
                    == 0
                ):
                    break
                time.sleep(0.2)
            page.goto(f"{BASE}/accounts/login/")
            page.fill("#id_username", "bench-arbiter")
            page.fill("#id_password", PASSWORD)
            page.click("button[type=submit]")
            page.on("requestfinished", finished)
            load = os.getloadavg()
            print(
                f"{options.players} players; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}",
                flush=True,
            )
            boards = options.players // 2
            pair_and_publish(page, 1, boards, log)
            began = time.monotonic()
            enter_results(1)
            print(
                f"round 1: {boards} results stored by the script in {time.monotonic() - began:.0f} s",
                flush=True,
            )
            pair_and_publish(page, 2, boards, log)
            browser.close()
    finally:
        for process in (worker, web):
            process.send_signal(signal.SIGINT if process is worker else signal.SIGTERM)
            process.wait()
    pages = [(ms, what) for ms, what in log if "/static/" not in what]
    over = sum(ms > 1000 for ms, _ in pages)
    print(f"{len(pages)} requests (static files left out), {over} over 1 s; slowest:")
    for ms, what in sorted(pages, reverse=True)[:16]:
        print(f"  {ms:7.0f} ms  {what.replace(BASE, '')}")
    load = os.getloadavg()
    print(f"load average after: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


if __name__ == "__main__":
    main()
