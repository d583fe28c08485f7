"""Server time of every arbiter action on a 300-player event, and of an import of 300 lines; prints
p50/p95 per action with the target beside each. Asserts nothing.

    .venv/bin/python scripts/bench_arbiter_actions.py [--players 300] [--repeat 20]

On a database of its own (BENCH_DATABASE_URL, default swiss_bench_arbiter on 127.0.0.1:5432,
dropped and created again), through Django's test client in this process, so the time is the
server's alone (no network, no browser): rounds 1-3 are paired, published and played, round 4 is
drafted; then each action is asked `--repeat` times. Requests run as in production, with
JOBS_IN_PROCESS off: Pair and a change to the draft only queue their job (the job is run here,
untimed, between requests; with no worker to wait for, PAIRING_WAIT_SECONDS is 0: the wait
for a small field's worker is in scripts/bench_click_to_draft.py). An import is the request and
its job together (what the arbiter waits for apart from the queue and the poll): each preview and
each confirmation is of a file of
`--players` new lines, into a tournament of its own. CPU is this process's (PostgreSQL's apart).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench_database import fresh_database, in_process_settings, open_event

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = in_process_settings("arbiter")
ENV = dict(os.environ)
sys.path.insert(0, str(ROOT))
SLUG = "arbiter-open"
TARGET_ACTION, TARGET_IMPORT = 0.300, 1.0


def tournament(slug: str, arbiter: object, players: int) -> object:
    from tournaments.models import Entrant

    made = open_event(slug, slug, arbiter)
    rng = random.Random(300)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    Entrant.objects.bulk_create(
        Entrant(
            tournament=made, name=f"Player{n:04d}, Anna", pairing_number=n, fide_rating=r, federation="GER"
        )
        for n, r in enumerate(ratings, 1)
    )
    return made


def prepare(players: int) -> object:
    """The event, rounds 1-3 played and round 4 drafted; returns the arbiter."""
    from django.contrib.auth import get_user_model

    from pairing import actions, publishing, results

    arbiter = get_user_model().objects.create_user("bench-arbiter", password="x", is_staff=True)
    event = tournament(SLUG, arbiter, players)
    rng = random.Random(4)
    for _ in range(3):
        rnd = actions.pair_next_round(event, arbiter)  # type: ignore[arg-type]
        publishing.publish_round(rnd, arbiter, confirmed=True)  # type: ignore[arg-type]
        games = {b.number: rng.choice(["1-0", "1/2", "0-1"]) for b in rnd.boards.all() if not b.is_bye}
        results.record_results(rnd, arbiter, games)  # type: ignore[arg-type]
    actions.pair_next_round(event, arbiter)  # type: ignore[arg-type]
    return arbiter


def import_file(players: int, batch: int) -> bytes:
    lines = ["name,fide_rating,federation,fide_id,birth_date"]
    lines += [
        f'"Imported{batch:03d}{n:04d}, Ben",{2500 - n},FRA,{90000000 + batch * 10000 + n},'
        f"1990-01-{n % 28 + 1:02d}"
        for n in range(players)
    ]
    return "\n".join(lines).encode()


def run_queued() -> None:
    """Run here, untimed, the jobs the requests queued (a worker would): pairings and checks."""
    from procrastinate.contrib.django.models import ProcrastinateJob

    from pairing import job_kinds, jobs
    from tournaments.models import Job

    for job in Job.objects.filter(kind=Job.Kind.PAIR, status__in=Job.ACTIVE):
        if jobs.start(job.pk):
            job_kinds.pair(job.pk)
    for queued in ProcrastinateJob.objects.filter(task_name="check_draft", status="todo"):
        job_kinds.check_round(int(queued.args["round_id"]))
    ProcrastinateJob.objects.filter(status="todo").delete()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=20)
    options = parser.parse_args()
    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.test.utils import override_settings

    from pairing.views import RESULTS_PER_PAGE
    from tournaments.models import Board, Entrant, Round

    # No setup_test_environment(): it instruments every template rendering for the test client
    # (a signal and a copy of the context each time), time production does not spend.
    arbiter = prepare(options.players)
    client = Client()
    client.force_login(arbiter)  # type: ignore[arg-type]
    times: dict[str, list[tuple[float, float]]] = {}

    def timed(name: str, call: Callable[[], object]) -> object:
        wall, cpu = time.perf_counter(), time.process_time()
        response = call()
        times.setdefault(name, []).append((time.perf_counter() - wall, time.process_time() - cpu))
        status = getattr(response, "status_code", 200)
        if status >= 400:
            raise SystemExit(f"{name}: HTTP {status}")
        return response

    base = f"/arbiter/{SLUG}"
    boards = options.players // 2
    load = os.getloadavg()
    with override_settings(JOBS_IN_PROCESS=False, PAIRING_WAIT_SECONDS=0):
        for n in range(options.repeat):
            timed("tournament page", lambda: client.get(f"{base}/"))
            timed("entrants, page 1", lambda: client.get(f"{base}/entrants/"))
            timed("standings", lambda: client.get(f"{base}/standings/"))
            timed("review (draft of round 4)", lambda: client.get(f"{base}/rounds/4/"))
            timed("results page (round 3)", lambda: client.get(f"{base}/rounds/3/results/"))
            # The whole form of the board's page, as a browser posts it: every game's select and the
            # result the page showed, one of them changed (a bye's fields are ignored, as the form has none).
            number = n % boards + 1
            page = (number - 1) // RESULTS_PER_PAGE + 1
            shown = dict(
                Board.objects.filter(round__tournament__slug=SLUG, round__number=3)
                .filter(number__gt=(page - 1) * RESULTS_PER_PAGE, number__lte=page * RESULTS_PER_PAGE)
                .values_list("number", "result")
            )
            form = {f"{field}_{b}": result for b, result in shown.items() for field in ("board", "seen")}
            form[f"board_{number}"] = "0-1" if shown[number] == "1-0" else "1-0"
            saved = timed(
                "save a result (round 3)",
                lambda f=form, p=page: client.post(f"{base}/rounds/3/results/?page={p}", f),
            )
            if getattr(saved, "status_code", 0) != 302:
                raise SystemExit("save a result: the page came back instead of a redirect (a conflict?)")
            # The draft of round 4 is stale now (a result it was paired from changed): pair it again.
            timed(
                "pair round 4 again (queues)", lambda: client.post(f"{base}/pair/", {"round": 4, "again": 1})
            )
            run_queued()
            timed(
                "change: swap two boards",
                lambda: client.post(
                    f"{base}/rounds/4/change/", {"kind": "swap", "board": 1, "other_board": boards}
                ),
            )
            timed(
                "change: colours of a board",
                lambda: client.post(f"{base}/rounds/4/change/", {"kind": "colours", "board": 2}),
            )
            timed("review after the changes", lambda: client.get(f"{base}/rounds/4/"))
            run_queued()
            version = Round.objects.get(tournament__slug=SLUG, number=4).draft_version
            timed(
                "publish round 4",
                lambda v=version: client.post(f"{base}/rounds/4/publish/", {"version": v, "confirm": "on"}),
            )
            timed("unpublish round 4", lambda: client.post(f"{base}/rounds/4/unpublish/"))
            timed(
                "entrant correction form",
                lambda: client.get(
                    f"{base}/entrants/{Entrant.objects.filter(tournament__slug=SLUG).first().pk}/edit/"
                ),
            )  # type: ignore[union-attr]
    with override_settings(JOBS_IN_PROCESS=True):
        for n in range(options.repeat):
            slug = f"import-{n}"
            tournament(slug, arbiter, 0)
            data = import_file(options.players, n)
            url = f"/arbiter/{slug}/entrants/import/"
            timed(
                f"import {options.players} lines: preview",
                lambda u=url, d=data: client.post(u, {"file": SimpleUploadedFile("players.csv", d)}),
            )
            text = data.decode()
            timed(
                f"import {options.players} lines: confirm",
                lambda u=url, t=text: client.post(u, {"text": t, "confirm": "1"}),
            )
            if Entrant.objects.filter(tournament__slug=slug).count() != options.players:
                raise SystemExit("the import did not store the players")
    after = os.getloadavg()
    print(
        f"arbiter actions, {options.players}-player event, {options.repeat} times each (server time, seconds)"
    )
    print(f"{'action':<34} {'p50':>6} {'p95':>6} {'p95 CPU':>8}  target  met")
    for name, taken in times.items():
        walls, cpus = [w for w, _ in taken], [c for _, c in taken]
        p95 = statistics.quantiles(walls, n=20, method="inclusive")[18]
        target = TARGET_IMPORT if name.startswith("import") else TARGET_ACTION
        print(
            f"{name:<34} {statistics.median(walls):6.3f} {p95:6.3f} "
            f"{statistics.quantiles(cpus, n=20, method='inclusive')[18]:8.3f}  {target:5.1f}   "
            f"{'yes' if p95 <= target else 'NO'}"
        )
    print(f"load average before {load[0]:.1f}, after {after[0]:.1f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
