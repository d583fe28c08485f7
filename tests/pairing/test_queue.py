"""Pairing jobs on the real queue: procrastinate workers started as processes against the test database."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from pairing import job_kinds, registration
from tournaments.models import Board, Entrant, Job, LanguagePreference

from .conftest import url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queued(settings: Any) -> None:
    """The request only queues: a worker process runs the job (and the request does not wait for it)."""
    settings.JOBS_IN_PROCESS = False
    settings.PAIRING_WAIT_SECONDS = 0


def wait_for(job: Job, *statuses: str, seconds: float = 120) -> Job:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in statuses:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job still {job.status} after {seconds} s, not {statuses}: {job.message}")


@pytest.fixture
def large_field(tournament: Any) -> list[Any]:
    """Enough players that one job takes a worker a few seconds: 2400 in round 1 (600 took the
    engine well under the 1 s time limit once it paired large brackets on tight edges)."""
    entrants = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {n:04d}", pairing_number=n, fide_rating=2700 - n // 4)
        for n in range(1, 2401)
    )
    return entrants


def test_the_pair_request_only_queues_and_a_worker_process_stores_the_draft(
    queued, arbiter_client, tournament, field, start_worker
):
    response = arbiter_client.post(url("pair", tournament), {"round": 1})
    assert response.status_code == 302
    job = Job.objects.get()
    assert job.status == Job.Status.QUEUED and job.queue_id is not None
    assert not Board.objects.exists()
    page = arbiter_client.get(url("round", tournament, 1))
    assert b"Pairing round 1" in page.content and b"Cancel the pairing" in page.content

    start_worker()
    job = wait_for(job, Job.Status.DONE)
    assert Board.objects.filter(round__number=1).count() == 6
    assert job.attempts == 1 and job.message == ""
    # The polling partial now asks htmx for the whole page, which shows the draft.
    poll = arbiter_client.get(url("round-job", tournament, 1), headers={"HX-Request": "true"})
    assert poll.headers["HX-Refresh"] == "true"
    assert b"board-6" in arbiter_client.get(url("round", tournament, 1)).content


def test_a_second_press_joins_the_queued_job(queued, arbiter_client, tournament, field, start_worker):
    arbiter_client.post(url("pair", tournament), {"round": 1})
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = Job.objects.get()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM procrastinate_jobs WHERE task_name = 'pair_round'")
        assert cursor.fetchone() == (1,)
    start_worker()
    wait_for(job, Job.Status.DONE)
    assert Board.objects.filter(round__number=1).count() == 6


def pair_then_add_a_latecomer(arbiter_client: Any, arbiter: Any, tournament: Any, start_worker: Any) -> Job:
    """Round 1 asked for, an entrant added while the job waits, then the worker: the job it
    discards (its input changed after it was queued)."""
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = Job.objects.get()
    registration.add_entrants(tournament, arbiter, [Entrant(name="Late, Lena", fide_rating=2000)])
    start_worker()
    return wait_for(job, Job.Status.DISCARDED)


def test_a_job_whose_input_changed_after_it_was_queued_is_discarded_and_the_arbiter_told(
    queued, arbiter_client, arbiter, tournament, field, start_worker
):
    job = pair_then_add_a_latecomer(arbiter_client, arbiter, tournament, start_worker)
    assert "changed while it was being paired" in job.message
    assert not Board.objects.exists()
    assert job.message.encode() in arbiter_client.get(url("round", tournament, 1)).content


def test_a_workers_message_is_in_the_language_of_the_arbiter_who_asked(
    queued, arbiter_client, arbiter, tournament, field, start_worker
):
    LanguagePreference.objects.create(user=arbiter, language="de")
    job = pair_then_add_a_latecomer(arbiter_client, arbiter, tournament, start_worker)
    assert "während der Auslosung geändert" in job.message


def test_a_cancelled_job_is_never_paired(queued, arbiter_client, tournament, field, start_worker):
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = Job.objects.get()
    arbiter_client.post(url("round-job-cancel", tournament, 1))
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED

    start_worker()
    time.sleep(5)
    assert not Board.objects.exists()
    with connection.cursor() as cursor:
        cursor.execute("SELECT status FROM procrastinate_jobs WHERE id = %s", [job.queue_id])
        assert cursor.fetchone() == ("cancelled",)
    # Pairing again is a new job, which the worker runs.
    arbiter_client.post(url("pair", tournament), {"round": 1})
    wait_for(Job.objects.exclude(pk=job.pk).get(), Job.Status.DONE)


def test_a_running_job_is_cancelled_and_stores_nothing(
    queued, arbiter_client, tournament, large_field, start_worker
):
    start_worker()
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = wait_for(Job.objects.get(), Job.Status.RUNNING)
    arbiter_client.post(url("round-job-cancel", tournament, 1))
    time.sleep(4)
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED
    assert not Board.objects.exists()


def test_a_job_past_the_time_limit_is_stopped_and_reported(
    queued, arbiter_client, tournament, large_field, start_worker
):
    start_worker(JOB_TIME_LIMIT="1")
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = wait_for(Job.objects.get(), Job.Status.FAILED, seconds=60)
    assert "Stopped after 1 s, the limit for one job (JOB_TIME_LIMIT)" in job.message
    assert not Board.objects.exists()


def _stat(pid: int) -> tuple[str, int] | None:
    """The state and parent of process `pid`, None once it is gone or a zombie (it runs no more)."""
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except OSError:
        return None
    return None if state in "ZX" else (state, int(parent))


def engine_processes(worker: int) -> list[int]:
    """The engine processes (multiprocessing's spawned children) of process `worker`."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        stat = _stat(int(folder.name))
        try:
            command = (folder / "cmdline").read_bytes()
        except OSError:
            continue
        if stat and stat[1] == worker and b"spawn_main" in command:
            found.append(int(folder.name))
    return found


def test_a_worker_killed_mid_job_leaves_no_draft_nor_engine_and_the_job_is_paired_on_retry(
    queued, arbiter_client, tournament, large_field, start_worker
):
    first = start_worker()
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = wait_for(Job.objects.get(), Job.Status.RUNNING)
    deadline = time.monotonic() + 30
    while not (engines := engine_processes(first.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert engines, "the worker started no engine process"
    first.kill()  # SIGKILL: no clean-up of any kind
    first.wait()
    time.sleep(1)
    assert not [pid for pid in engines if _stat(pid)]
    assert not Board.objects.exists()

    start_worker()
    job = wait_for(job, Job.Status.DONE)
    assert job.attempts == 2
    assert Board.objects.filter(round__number=1).count() == 1200
    assert "queued again" in job.message or job.message == ""


def test_a_job_is_failed_with_a_message_after_its_last_attempt(
    queued, arbiter_client, tournament, large_field, start_worker
):
    first = start_worker(JOB_ATTEMPTS="1")
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = wait_for(Job.objects.get(), Job.Status.RUNNING)
    first.kill()
    first.wait()

    start_worker(JOB_ATTEMPTS="1")
    job = wait_for(job, Job.Status.FAILED, seconds=60)
    assert "stopped 1 times (JOB_ATTEMPTS)" in job.message
    assert not Board.objects.exists()


def test_with_jobs_in_process_the_pair_request_runs_the_job_itself(tournament, field, arbiter_client):
    """Without a worker (JOBS_IN_PROCESS, the tests' and SQLite's default), the request runs the job."""
    arbiter_client.post(url("pair", tournament), {"round": 1})
    assert job_kinds.last_job(tournament, 1).status == Job.Status.DONE
    assert Board.objects.filter(round__number=1).count() == 6


def _nice(pid: int) -> int | None:
    """The nice level of process `pid`, None once it is gone."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    except OSError:
        return None


def test_a_large_field_pairs_at_nice_10_in_an_engine_process_of_its_own_and_a_spare_waits_for_the_next(
    queued, arbiter_client, tournament, large_field, start_worker
):
    """The engine's memory goes back when its job ends, and the next job finds an engine set up."""
    worker = start_worker()
    arbiter_client.post(url("pair", tournament), {"round": 1})
    job = wait_for(Job.objects.get(), Job.Status.RUNNING)
    deadline = time.monotonic() + 30
    # Found as soon as it exists; it lowers its priority first thing once it runs.
    while not ((running := engine_processes(worker.pid)) and all(_nice(pid) == 10 for pid in running)):
        assert time.monotonic() < deadline, f"engine processes {running}, none at nice 10"
        time.sleep(0.05)
    wait_for(job, Job.Status.DONE)
    deadline = time.monotonic() + 30
    while not ((spares := set(engine_processes(worker.pid)) - set(running)) and _nice(min(spares)) == 10):
        assert time.monotonic() < deadline, f"no spare at nice 10: {spares}"
        time.sleep(0.05)
    assert not [pid for pid in running if _stat(pid)]
    assert len(spares) == 1


def test_the_request_waits_for_a_small_fields_worker_and_opens_on_the_draft(
    queued, settings, arbiter_client, tournament, field, start_worker
):
    settings.PAIRING_WAIT_SECONDS = 60  # a loaded machine still pairs 12 players well within it
    start_worker()
    response = arbiter_client.post(url("pair", tournament), {"round": 1}, follow=True)
    assert Job.objects.get().status == Job.Status.DONE
    page = response.content.decode()
    assert "Round 1 paired by the engine." in page and 'id="board-6"' in page
    assert "Pairing round 1…" not in page  # no page that follows the job


def test_the_request_does_not_wait_for_a_large_fields_engine_process(
    queued, settings, monkeypatch, arbiter_client, tournament, large_field
):
    settings.PAIRING_WAIT_SECONDS = 60
    waited: list[int] = []
    monkeypatch.setattr("pairing.jobs.wait", lambda job, seconds: waited.append(job.pk))
    arbiter_client.post(url("pair", tournament), {"round": 1})
    assert Job.objects.get().status == Job.Status.QUEUED and waited == []


def test_a_small_field_is_paired_by_the_worker_itself_without_an_engine_process(
    queued, arbiter_client, tournament, field, start_worker
):
    worker = start_worker()
    arbiter_client.post(url("pair", tournament), {"round": 1})
    wait_for(Job.objects.get(), Job.Status.DONE)
    assert Board.objects.filter(round__number=1).count() == 6
    assert engine_processes(worker.pid) == []
