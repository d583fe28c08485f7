"""From the click on "Pair" to the draft on screen, on the production setup; prints p50/p95/max per
field size with the target beside each. Asserts nothing.

    .venv/bin/python scripts/bench_click_to_draft.py [--pairings 30] [--sizes 30 100 300] [--teams 40]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench_click on 127.0.0.1:5432, dropped
and created again): gunicorn (3 workers, as docker-compose.yml) and one procrastinate worker,
driven by Debian's Chromium through Playwright. Each pairing is of its own tournament: an individual
event of `size` players whose round 1 is played (the script pairs it and stores its results), so
the click pairs round 2; a team event of `--teams` teams on four boards pairs round 1. The time is
taken in the browser from the click to the first board of the draft shown. The worker's own log
(`LOG_LEVEL=INFO` shows nothing more) is not read: what counts is what the arbiter sees.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench_database import fresh_database, server_settings

ROOT = Path(__file__).resolve().parent.parent
ENV = server_settings("click")
DATABASE_URL = ENV["DATABASE_URL"]
PORT = 8768
BASE = f"http://127.0.0.1:{PORT}"
PASSWORD = "bench click to draft"
TARGET = 1.0
sys.path.insert(0, str(ROOT))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def event(arbiter: object, slug: str, **kind: object) -> Any:
    """A seven-round public tournament; `kind` for a team event."""
    from tournaments.models import Tournament

    return Tournament.objects.create(
        name=slug,
        slug=slug,
        start_date=datetime.date(2026, 6, 6),
        end_date=datetime.date(2026, 6, 10),
        total_rounds=7,
        initial_colour="w",
        chief_arbiter=arbiter,
        public=True,
        **kind,
    )


def individual(arbiter: object, slug: str, players: int, rng: random.Random) -> None:
    """A tournament of `players` with round 1 paired, published and played: the click pairs round 2."""
    from pairing import actions, publishing, results
    from tournaments.models import Entrant

    tournament = event(arbiter, slug)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {n:04d}, {slug}", pairing_number=n, fide_rating=r)
        for n, r in enumerate(ratings, 1)
    )
    rnd = actions.pair_next_round(tournament, arbiter)  # type: ignore[arg-type]
    publishing.publish_round(rnd, arbiter, confirmed=True)  # type: ignore[arg-type]
    games = {b.number: rng.choice(["1-0", "1/2", "0-1"]) for b in rnd.boards.all()}  # even fields: no bye
    results.record_results(rnd, arbiter, games)  # type: ignore[arg-type]


def team_event(arbiter: object, slug: str, teams: int, rng: random.Random) -> None:
    """A team event (C.04.6, four boards) of `teams` teams with rosters of five: the click pairs round 1."""
    from tournaments.models import Entrant, Team, Tournament

    tournament = event(
        arbiter,
        slug,
        kind=Tournament.Kind.TEAM,
        pairing_system=Tournament.PairingSystem.TEAM_C046,
        boards=4,
        reserves=1,
    )
    ratings = sorted((rng.randint(1200, 2600) for _ in range(teams)), reverse=True)
    made = Team.objects.bulk_create(
        Team(tournament=tournament, name=f"Team {n:02d}", pairing_number=n) for n in range(1, teams + 1)
    )
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            name=f"{team.name} player {board}",
            pairing_number=(team.pairing_number - 1) * 5 + board,
            fide_rating=rating - 10 * board,
            team=team,
            board_order=board,
        )
        for team, rating in zip(made, ratings, strict=True)
        for board in range(1, 6)
    )


def prepare(sizes: list[int], teams: int, pairings: int) -> list[tuple[str, str]]:
    """The tournaments, as (field, slug) in the order they are paired."""
    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    arbiter = get_user_model().objects.create_user("bench-arbiter", password=PASSWORD, is_staff=True)
    rng = random.Random(28)
    made = []
    for size in sizes:
        for n in range(pairings):
            individual(arbiter, f"p{size}-{n}", size, rng)
            made.append((f"{size} players, round 2", f"p{size}-{n}"))
    if teams:
        for n in range(pairings):
            team_event(arbiter, f"t{teams}-{n}", teams, rng)
            made.append((f"{teams} teams, round 1", f"t{teams}-{n}"))
    return made


def click_to_draft(page: object, slug: str) -> float:
    """Seconds from the click on Pair (on the tournament's page) to the first board of the draft."""
    from playwright.sync_api import Page, expect

    assert isinstance(page, Page)
    page.goto(f"{BASE}/arbiter/{slug}/")
    button = page.locator("button[name=pair]")
    began = time.monotonic()
    button.click()
    expect(page.locator("#boards tr.board, #matches section.match").first).to_be_visible(timeout=120_000)
    return time.monotonic() - began


def wait_for(url: str) -> None:
    for _ in range(150):
        if subprocess.run(["curl", "-sf", "-o", "/dev/null", url]).returncode == 0:
            return
        time.sleep(0.2)
    raise SystemExit(f"{url} did not answer")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process `pid` and its children that have ended and been waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(value) for value in fields[11:15]) / ticks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairings", type=int, default=30, help="pairings per field size")
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 100, 300])
    parser.add_argument("--teams", type=int, default=40, help="teams of the team event (0: none)")
    options = parser.parse_args()
    made = prepare(options.sizes, options.teams, options.pairings)
    web = subprocess.Popen(
        [".venv/bin/gunicorn", "config.wsgi", "-c", "config/gunicorn.py", "-b", f"127.0.0.1:{PORT}"],
        cwd=ROOT,
        env=ENV,
    )
    worker = subprocess.Popen([sys.executable, "manage.py", "procrastinate", "worker"], cwd=ROOT, env=ENV)
    times: dict[str, list[float]] = {}
    try:
        from playwright.sync_api import sync_playwright

        wait_for(f"{BASE}/accounts/login/")
        time.sleep(5)  # the worker starts and listens (and warms its engine process)
        load_before = os.getloadavg()
        worker_cpu = cpu_seconds(worker.pid)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{BASE}/accounts/login/")
            page.fill("#id_username", "bench-arbiter")
            page.fill("#id_password", PASSWORD)
            page.click("button[type=submit]")
            for field, slug in made:
                times.setdefault(field, []).append(click_to_draft(page, slug))
            browser.close()
        worker_cpu = cpu_seconds(worker.pid) - worker_cpu
    finally:
        worker.send_signal(signal.SIGINT)
        worker.wait()
        web.terminate()
        web.wait()
    load_after = os.getloadavg()
    print(f"click to draft, {options.pairings} pairings per field (seconds; target p95 <= {TARGET:.1f} s)")
    print(f"{'field':<24} {'p50':>6} {'p95':>6} {'max':>6}  target  met")
    for field, taken in times.items():
        p95 = statistics.quantiles(taken, n=20, method="inclusive")[18] if len(taken) > 1 else taken[0]
        print(
            f"{field:<24} {statistics.median(taken):6.2f} {p95:6.2f} {max(taken):6.2f}"
            f"  {TARGET:5.1f}   {'yes' if p95 <= TARGET else 'NO'}"
        )
    total = sum(len(taken) for taken in times.values())
    print(f"worker CPU (its engine processes included): {worker_cpu:.1f} s for {total} pairings")
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
