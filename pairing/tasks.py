"""The tasks procrastinate's workers run (`python manage.py procrastinate worker`); found by name.

`pair_round` carries only the `Job` id: everything else is read from the database when
the job runs (pairing/jobs.py). Its procrastinate lock is the tournament, so two jobs
of one tournament never run at the same time, on any worker. `check_draft` checks a draft
after a manual change and `import_entrants` a file of entrants: both too long for a request
when the tournament is large.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, transaction
from procrastinate import JobContext
from procrastinate.contrib.django import app
from procrastinate.jobs import Status

from tournaments.models import Job

from . import jobs


@contextlib.contextmanager
def _own_connections() -> Iterator[None]:
    """A task runs in a thread of the worker: connections left stale are closed before and after it."""
    close_old_connections()
    try:
        yield
    finally:
        close_old_connections()


@app.task(name="pair_round", pass_context=True)
def pair_round(context: JobContext, job_id: int) -> None:
    with _own_connections():
        jobs.supervise(job_id, context.should_abort)


# Checks and imports take seconds, not minutes: on their own queue, a worker can be kept for them
# (`procrastinate worker --queues quick`) so that they never wait behind a long pairing.
@app.task(name="check_draft", queue="quick")
def check_draft(round_id: int) -> None:
    """Check a draft the review page found without a check for its version (`jobs.check_round`)."""
    with _own_connections():
        jobs.check_round(round_id)


@app.task(name="import_entrants", queue="quick")
def import_entrants(job_id: int) -> None:
    """Check (and on confirmation save) a file of entrants: `jobs.run_import`."""
    with _own_connections():
        jobs.run_import(job_id)


@app.task(name="recheck_rounds")
def recheck_rounds(job_id: int) -> None:
    """Pair every published round again and compare (`jobs.run_recheck`): as long as pairing them."""
    with _own_connections():
        jobs.run_recheck(job_id)


# What a job of each kind was doing when its worker stopped, and what the arbiter may do again.
_STOPPED_WHILE = {
    str(Job.Kind.IMPORT): ("importing the file", "Import it"),
    str(Job.Kind.RECHECK): ("re-checking the rounds", "Re-check them"),
}


def _after_stall(job_id: int) -> bool:
    """The job's worker died: True to queue it again, False when it is failed (or no longer wanted)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:  # deleted with its tournament, or cancelled
            return False
        if job.attempts >= settings.JOB_ATTEMPTS:
            job.status, job.finished_at = Job.Status.FAILED, job.started_at
            doing, again = _STOPPED_WHILE.get(job.kind, ("pairing this round", "Pair it"))
            job.message = (
                f"The worker {doing} stopped {job.attempts} times (JOB_ATTEMPTS); nothing was stored. "
                f"{again} again, or ask the administrator to look at the workers."
            )
            job.save(update_fields=["status", "message", "finished_at"])
            return False
        job.status = Job.Status.QUEUED
        job.message = f"A worker stopped during attempt {job.attempts}; the job was queued again."
        job.save(update_fields=["status", "message"])
        return True


@app.periodic(cron="* * * * * */10")
@app.task(name="recover_stalled_jobs", queueing_lock="recover_stalled_jobs")
async def recover_stalled_jobs(timestamp: int) -> None:
    """Jobs of workers without a heartbeat for WORKER_STALLED_SECONDS are queued again or failed:
    pairings and imports, whose `Job` rows the arbiter's page follows."""
    stalled = [
        queued
        for task in ("pair_round", "import_entrants")
        for queued in await app.job_manager.get_stalled_jobs(
            task_name=task, seconds_since_heartbeat=settings.WORKER_STALLED_SECONDS
        )
    ]
    for queued in stalled:
        assert queued.id is not None
        again = await sync_to_async(_after_stall)(int(str(queued.task_kwargs["job_id"])))
        if again:
            await app.job_manager.retry_job(queued)
        else:
            await app.job_manager.finish_job_by_id_async(queued.id, Status.FAILED, delete_job=False)
