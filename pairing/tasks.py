"""The queue: the one module that knows procrastinate. It queues jobs (or, with JOBS_IN_PROCESS,
runs them in the request), defines the tasks its workers run (`python manage.py procrastinate
worker`; found by name), cancels queued and running jobs, and recovers the jobs of dead workers.

`pair_round` carries only the `Job` id: everything else is read from the database when the
job runs (pairing/job_kinds.py). Its procrastinate lock is the tournament, so two jobs of one
tournament never run at the same time, on any worker. `check_draft` checks a draft after a
manual change and `import_entrants` a file of entrants: both too long for a request when the
tournament is large.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.db import close_old_connections, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from procrastinate import JobContext
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.jobs import Status

from tournaments.models import Job, LanguagePreference, Round, Tournament

from . import job_kinds, jobs


def request_pairing(
    tournament: Tournament, user: User, *, again: bool, expected: int | None
) -> tuple[Round, Job | None]:
    """Queue the pairing of the next round, or join the job already queued or running for it
    (`job_kinds.new_pairing` says when there is none)."""
    with transaction.atomic():
        rnd, job, created = job_kinds.new_pairing(tournament, user, again=again, expected=expected)
        if created and not settings.JOBS_IN_PROCESS:
            assert job is not None
            # Deferred on the request's connection: the queue holds the job if and only if the row commits.
            job.queue_id = pair_round.configure(lock=f"pair-{job.tournament_id}").defer(job_id=job.pk)
            job.save(update_fields=["queue_id"])
    if created and settings.JOBS_IN_PROCESS:
        assert job is not None
        if jobs.start(job.pk):
            job_kinds.pair(job.pk)
        job.refresh_from_db()
    elif created and job is not None and job_kinds.small_field(job.pk):
        # A worker pairs a small field in a fraction of a second: waiting here for it lets the
        # arbiter's next page be the draft itself, not a page that polls and then loads again.
        jobs.wait(job, settings.PAIRING_WAIT_SECONDS)
    return rnd, job


def request_check(rnd: Round) -> None:
    """Have a worker check the round's draft (after a manual change); a check already queued is joined."""
    with contextlib.suppress(AlreadyEnqueued):
        check_draft.configure(queueing_lock=f"check-{rnd.pk}").defer(round_id=rnd.pk)


def request_import(tournament: Tournament, user: User, text: str, *, encoding: str, confirm: bool) -> Job:
    """Queue the check of a file of entrants (and, when `confirm`, their saving), or join the import
    already queued or running for the tournament: one at a time, as for pairing a round."""
    request = {"text": text, "encoding": encoding, "confirm": confirm}
    return _request(
        tournament, user, Job.Kind.IMPORT, request, import_entrants.defer, job_kinds.import_entrants
    )


def request_recheck(tournament: Tournament, user: User) -> Job:
    """Queue the pairing again of every published round (`tournaments.bridge.recheck`), or join
    the re-check already queued or running: it pairs as many rounds as were played."""
    return _request(tournament, user, Job.Kind.RECHECK, {}, recheck_rounds.defer, job_kinds.recheck_rounds)


def _request(
    tournament: Tournament,
    user: User,
    kind: str,
    request: dict[str, Any],
    defer: Callable[..., int],
    run: Callable[[int], None],
) -> Job:
    """The tournament's job of `kind` (of no one round) already queued or running, or a new one,
    queued for a worker or, with JOBS_IN_PROCESS, run here."""
    with transaction.atomic():
        job = jobs.active(tournament, kind)
        if job is not None:
            return job
        job = jobs.create(tournament, user, kind, request)
        if not settings.JOBS_IN_PROCESS:
            job.queue_id = defer(job_id=job.pk)
            job.save(update_fields=["queue_id"])
    if settings.JOBS_IN_PROCESS:
        run(job.pk)
        job.refresh_from_db()
    return job


def cancel(job: Job, user: User) -> None:
    """Cancel a queued or running job (`jobs.cancel`): a queued one is dropped from the queue, a
    running one is asked to stop, and `jobs.supervise` kills its engine process."""
    jobs.cancel(job, user)
    if job.queue_id is not None:
        queue_id = job.queue_id
        transaction.on_commit(lambda: app.job_manager.cancel_job_by_id(queue_id, abort=True))


@contextlib.contextmanager
def _requester_language(job_id: int) -> Iterator[None]:
    """The job's messages in the language of the arbiter who asked for it (his account's choice),
    as the page he follows it on would have worded them; the site's language when he has none."""
    user = Job.objects.filter(pk=job_id).values_list("requested_by", flat=True).first()
    with translation.override(LanguagePreference.of(user) or settings.LANGUAGE_CODE):
        yield


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
    with _own_connections(), _requester_language(job_id):
        own_process = not job_kinds.small_field(job_id)
        jobs.supervise(job_id, job_kinds.pair, context.should_abort, own_process=own_process)


# Checks and imports take seconds, not minutes: on their own queue, a worker can be kept for them
# (`procrastinate worker --queues quick`) so that they never wait behind a long pairing.
@app.task(name="check_draft", queue="quick")
def check_draft(round_id: int) -> None:
    """Check a draft the review page found without a check for its version (`job_kinds.check_round`)."""
    with _own_connections():
        job_kinds.check_round(round_id)


@app.task(name="import_entrants", queue="quick")
def import_entrants(job_id: int) -> None:
    """Check (and on confirmation save) a file of entrants: `job_kinds.import_entrants`."""
    with _own_connections(), _requester_language(job_id):
        job_kinds.import_entrants(job_id)


@app.task(name="recheck_rounds")
def recheck_rounds(job_id: int) -> None:
    """Pair every published round again and compare (`job_kinds.recheck_rounds`): as long as pairing them."""
    with _own_connections(), _requester_language(job_id):
        job_kinds.recheck_rounds(job_id)


# What a job of each kind was doing when its worker stopped, and what the arbiter may do again;
# %(times)s is how many times it stopped. A pairing job is the default.
_STOPPED_WHILE = {
    str(Job.Kind.IMPORT): gettext_lazy(
        "The worker importing the file stopped %(times)s times (JOB_ATTEMPTS); nothing was stored. "
        "Import it again, or ask the administrator to look at the workers."
    ),
    str(Job.Kind.RECHECK): gettext_lazy(
        "The worker re-checking the rounds stopped %(times)s times (JOB_ATTEMPTS); nothing was stored. "
        "Re-check them again, or ask the administrator to look at the workers."
    ),
    str(Job.Kind.PAIR): gettext_lazy(
        "The worker pairing this round stopped %(times)s times (JOB_ATTEMPTS); nothing was stored. "
        "Pair it again, or ask the administrator to look at the workers."
    ),
}


def _after_stall(job_id: int) -> bool:
    """The job's worker died: True to queue it again, False when it is failed (or no longer wanted)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:  # deleted with its tournament, or cancelled
            return False
        if job.attempts >= settings.JOB_ATTEMPTS:
            job.status, job.finished_at = Job.Status.FAILED, job.started_at
            stopped = _STOPPED_WHILE.get(job.kind, _STOPPED_WHILE[str(Job.Kind.PAIR)])
            job.message = str(stopped) % {"times": job.attempts}
            job.save(update_fields=["status", "message", "finished_at"])
            return False
        job.status = Job.Status.QUEUED
        job.message = _("A worker stopped during attempt %(attempt)s; the job was queued again.") % {
            "attempt": job.attempts
        }

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
