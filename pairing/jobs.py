"""The job mechanism: a `Job` row is what the arbiter sees of work done by a worker.

A job is created (or an active one of the same kind joined), started for an attempt,
finished once with a status and a message, or cancelled; the work a job stores is written in
the transaction that marks it done, so a cancel that came first wins and nothing half-written
remains. What each kind of job does is in pairing/job_kinds.py; the queue that carries them to
a worker is known only to pairing/tasks.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import AuditRecord, Job, Tournament

from . import engine_process
from .actions import ActionError

Status = Job.Status


class NotWanted(Exception):
    """The job was cancelled (or finished by recovery) before its work could be stored."""


def active(tournament: Tournament, kind: str, round_number: int = 0) -> Job | None:
    """The job of `kind` queued or running for the tournament (and round), if any."""
    return Job.objects.filter(
        tournament=tournament, kind=kind, round_number=round_number, status__in=Job.ACTIVE
    ).first()


def create(
    tournament: Tournament, user: User | None, kind: str, request: dict[str, Any], round_number: int = 0
) -> Job:
    """A new job, in the caller's transaction (the database allows one active job per kind and round)."""
    return Job.objects.create(
        tournament=tournament, kind=kind, round_number=round_number, requested_by=user, request=request
    )


def start(job_id: int) -> bool:
    """Mark the job running for one more attempt; False when it is no longer wanted (cancelled)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job_id)
        if not job.is_active:
            return False
        job.status, job.started_at, job.attempts = Status.RUNNING, timezone.now(), job.attempts + 1
        job.save(update_fields=["status", "started_at", "attempts"])
        return True


def finish(job_id: int, status: str, message: str = "") -> bool:
    """End a job still queued or running with `status`; False when it had already ended."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job_id)
        if not job.is_active:
            return False
        job.status, job.message, job.finished_at = status, message, timezone.now()
        job.save(update_fields=["status", "message", "finished_at"])
        return True


def mark_done(job_id: int) -> None:
    """Inside the transaction that stores a job's work: done, or `NotWanted` when a cancel came first."""
    if not finish(job_id, Status.DONE):
        raise NotWanted


def wait(job: Job, seconds: float) -> Job:
    """The job, re-read every 30 ms until it ends or `seconds` have passed: a request that queued a
    job of a fraction of a second can answer with its outcome instead of a page that polls for it."""
    deadline = time.monotonic() + seconds
    while job.is_active and time.monotonic() < deadline:
        time.sleep(0.03)
        job.refresh_from_db(fields=["status", "message", "finished_at"])
    return job


def cancel(job: Job, user: User) -> None:
    """The arbiter cancels a queued or running job (audited); its work, if finished anyway, is not stored."""
    if not finish(job.pk, Status.CANCELLED, _("Cancelled by %(user)s.") % {"user": user}):
        raise ActionError(_("The job had already finished; nothing was cancelled."))
    AuditRecord.record(user, AuditRecord.Action.CHANGE, job, {"status": job.status}, {"status": "cancelled"})


def supervise(
    job_id: int, work: Callable[[int], None], should_abort: Callable[[], bool], *, own_process: bool
) -> None:
    """Run `work(job_id)` in an engine process (pairing/engine_process.py), killing it on cancel or
    past JOB_TIME_LIMIT; without `own_process`, here.

    A process, not a thread, because only a process can be stopped in the middle of the
    engine's work, and its memory (about 0.7 GB for 2000 players) is returned when it ends.
    A job that needs none of that (a small field: a tenth of a second of work, a few MB) is run
    by the worker itself: no process to start, and a cancel still wins, as the work is stored in
    the transaction that marks the job done.
    """
    if not start(job_id):
        return
    if not own_process:
        work(job_id)
        return
    with engine_process.engine(work.__module__) as engine:
        began = time.monotonic()
        engine.run(work, job_id)
        while engine.is_alive():
            engine.join(0.5)
            if engine.is_alive() and should_abort():
                engine.kill()
                finish(job_id, Status.CANCELLED, _("Cancelled."))
            elif engine.is_alive() and time.monotonic() - began > settings.JOB_TIME_LIMIT:
                engine.kill()
                finish(
                    job_id,
                    Status.FAILED,
                    _(
                        "Stopped after %(limit)s s, the limit for one job (JOB_TIME_LIMIT); "
                        "nothing was stored."
                    )
                    % {"limit": settings.JOB_TIME_LIMIT},
                )
    if engine.exitcode != 0:
        finish(
            job_id,
            Status.FAILED,
            _(
                "The pairing process stopped unexpectedly (exit code %(code)s); nothing was stored. "
                "Pair the round again."
            )
            % {"code": engine.exitcode},
        )
