"""Pairing as a job: the arbiter's request queues it, a worker runs it, the review page follows it.

The queue is procrastinate's (pairing/tasks.py holds its tasks); a `Job` row says what the
arbiter sees. A job runs the one function that drafts a round today,
`actions.draft_round`, so every pairing system the bridge knows comes through it.

Faults, and what each leaves behind:
- a second press of "Pair" while a job is queued or running joins it (the database keeps
  one active job per tournament and round);
- the input changed after the job was queued (a result corrected, an entrant added): the
  draft is not stored and the job says so (`actions.InputChanged`);
- cancelled, or past `JOB_TIME_LIMIT`: the engine's process is killed; the draft would
  only be written in the one transaction at the end, which also marks the job done, so
  nothing half-written remains;
- a worker killed mid-job: its engine process dies with it (PR_SET_PDEATHSIG), the
  open transaction, if any, is rolled back by PostgreSQL, and `recover_stalled` queues the
  job again, or fails it after `JOB_ATTEMPTS` tries.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tournaments.bridge import drafts
from tournaments.bridge.recheck import recheck
from tournaments.bridge.state import StateError, pairing_state
from tournaments.models import AuditRecord, Job, Round, Tournament

from . import actions
from .actions import ActionError, InputChanged

Status = Job.Status


class _NotWanted(Exception):
    """The job was cancelled (or finished by recovery) before its draft could be stored."""


def active_job(tournament: Tournament, number: int) -> Job | None:
    """The pairing job queued or running for round `number`, if any."""
    return Job.objects.filter(
        tournament=tournament, kind=Job.Kind.PAIR, round_number=number, status__in=Job.ACTIVE
    ).first()


def last_job(tournament: Tournament, number: int) -> Job | None:
    return Job.objects.filter(tournament=tournament, kind=Job.Kind.PAIR, round_number=number).first()


def request_pairing(
    tournament: Tournament, user: User, *, again: bool, expected: int | None
) -> tuple[Round, Job | None]:
    """Queue the pairing of the next round, or join the job already queued or running for it.

    No job when the round already has a draft and `again` is not set: the draft is kept.
    The checks that need no engine (the round already published, every round done, an
    earlier round without a result) are made here, so the arbiter hears of them at once.
    """
    with transaction.atomic():
        rnd = actions.round_to_pair(tournament, user, expected=expected)
        if rnd.is_paired and not again:
            return rnd, None
        job = active_job(tournament, rnd.number)
        if job is not None:
            return rnd, job
        job = Job.objects.create(
            tournament=rnd.tournament,
            kind=Job.Kind.PAIR,
            round_number=rnd.number,
            requested_by=user,
            request={"again": again, "input": actions.engine_input(rnd.tournament, rnd.number)},
        )
        if not settings.JOBS_IN_PROCESS:
            from .tasks import pair_round

            # Deferred on the request's connection: the queue holds the job if and only if the row commits.
            job.queue_id = pair_round.configure(lock=f"pair-{job.tournament_id}").defer(job_id=job.pk)
            job.save(update_fields=["queue_id"])
    if settings.JOBS_IN_PROCESS:
        if start(job.pk):
            execute(job.pk)
        job.refresh_from_db()
    return rnd, job


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


def execute(job_id: int) -> None:
    """Run a started job to its end: the draft stored and the job done in one transaction, or why not."""
    job = Job.objects.select_related("tournament", "requested_by").get(pk=job_id)

    def mark_done() -> None:
        # Inside the transaction that stores the draft: a cancel that came first wins, and no draft is kept.
        if not finish(job_id, Status.DONE):
            raise _NotWanted

    try:
        actions.draft_round(
            job.tournament,
            job.requested_by,
            again=job.request.get("again", False),
            expected=job.round_number,
            paired_from=job.request.get("input"),
            before_store=mark_done,
        )
    except InputChanged as error:
        finish(job_id, Status.DISCARDED, error.messages[0])
    except ActionError as error:
        finish(job_id, Status.FAILED, error.messages[0])
    except _NotWanted:
        pass
    else:
        # The round was paired meanwhile (draft_round kept that draft): nothing of this job's to store.
        finish(job_id, Status.DONE)


def supervise(job_id: int, should_abort: Callable[[], bool]) -> None:
    """Run a queued job in an engine process of its own, stopping it on cancel or past the time limit.

    A process, not a thread, because only a process can be stopped in the middle of the
    engine's work, and its memory (about 0.7 GB for 2000 players) is returned when it ends.
    """
    if not start(job_id):
        return
    from . import engine_process

    process = multiprocessing.get_context("spawn").Process(
        target=engine_process.run, args=(job_id, os.getpid())
    )
    began = time.monotonic()
    process.start()
    while process.is_alive():
        process.join(0.5)
        if process.is_alive() and should_abort():
            process.kill()
            finish(job_id, Status.CANCELLED, "Cancelled.")
        elif process.is_alive() and time.monotonic() - began > settings.JOB_TIME_LIMIT:
            process.kill()
            finish(
                job_id,
                Status.FAILED,
                f"Stopped after {settings.JOB_TIME_LIMIT} s, the limit for one job (JOB_TIME_LIMIT); "
                "nothing was stored.",
            )
    process.join()
    if process.exitcode != 0:
        finish(
            job_id,
            Status.FAILED,
            f"The pairing process stopped unexpectedly (exit code {process.exitcode}); nothing was stored. "
            "Pair the round again.",
        )


def request_check(rnd: Round) -> None:
    """Have a worker check the round's draft (after a manual change); a check already queued is joined."""
    from procrastinate.exceptions import AlreadyEnqueued

    from .tasks import check_draft

    with contextlib.suppress(AlreadyEnqueued):
        check_draft.configure(queueing_lock=f"check-{rnd.pk}").defer(round_id=rnd.pk)


def check_round(round_id: int) -> None:
    """Check the draft of a round and store the check (`drafts.current_check`), if it still has one."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.tournament.is_team or rnd.state != Round.State.DRAFT:
        return
    try:
        state = pairing_state(rnd.tournament, rnd.number)
    except StateError:
        return  # the review says why there are no findings
    drafts.current_check(rnd, state)


def request_import(tournament: Tournament, user: User, text: str, *, encoding: str, confirm: bool) -> Job:
    """Queue the check of a file of entrants (and, when `confirm`, their saving), or join the import
    already queued or running for the tournament: one at a time, as for pairing a round."""
    from .tasks import import_entrants

    request = {"text": text, "encoding": encoding, "confirm": confirm}
    return _request(tournament, user, Job.Kind.IMPORT, request, import_entrants.defer, run_import)


def request_recheck(tournament: Tournament, user: User) -> Job:
    """Queue the pairing again of every published round (`tournaments.bridge.recheck`), or join
    the re-check already queued or running: it pairs as many rounds as were played."""
    from .tasks import recheck_rounds

    return _request(tournament, user, Job.Kind.RECHECK, {}, recheck_rounds.defer, run_recheck)


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
        job = Job.objects.filter(tournament=tournament, kind=kind, status__in=Job.ACTIVE).first()
        if job is not None:
            return job
        job = Job.objects.create(
            tournament=tournament, kind=kind, round_number=0, requested_by=user, request=request
        )
        if not settings.JOBS_IN_PROCESS:
            job.queue_id = defer(job_id=job.pk)
            job.save(update_fields=["queue_id"])
    if settings.JOBS_IN_PROCESS:
        run(job.pk)
        job.refresh_from_db()
    return job


def run_recheck(job_id: int) -> None:
    """Pair every published round again and keep, per round, what differs from what was published."""
    if not start(job_id):
        return
    job = Job.objects.select_related("tournament").get(pk=job_id)
    rounds = recheck(job.tournament)
    with contextlib.suppress(_NotWanted), transaction.atomic():
        Job.objects.filter(pk=job_id).update(result={"rounds": rounds})
        if not finish(job_id, Status.DONE):
            raise _NotWanted


def run_import(job_id: int) -> None:
    """Check every line of the job's file; on confirmation save the new entrants (of a team event:
    the teams with their rosters), all or none.

    The preview (`ImportForm.preview`) is kept on the job whatever the outcome; a file with a
    wrong line fails the job with the form's message, and nothing is saved.
    """
    from .forms import ImportForm, TeamImportForm
    from .registration import add_entrants
    from .teams import add_teams

    if not start(job_id):
        return
    job = Job.objects.select_related("tournament", "requested_by").get(pk=job_id)

    def progress(done: int, total: int) -> None:
        Job.objects.filter(pk=job_id).update(message=f"{done} of {total} lines checked.")

    reader = TeamImportForm if job.tournament.is_team else ImportForm
    form = reader({"text": job.request["text"]}, tournament=job.tournament, progress=progress)
    valid = form.is_valid()
    result = form.preview()
    encoding = job.request.get("encoding")
    result["read_as"] = (
        f"{result['read_as']}, {encoding}" if encoding and result["read_as"] else result["read_as"]
    )
    if not valid:
        Job.objects.filter(pk=job_id).update(result=result)
        finish(job_id, Status.FAILED, " ".join(result["errors"]))
        return
    # The entrants are saved in the transaction that marks the job done: both, or neither.
    with contextlib.suppress(_NotWanted), transaction.atomic():
        if job.request.get("confirm") and isinstance(form, TeamImportForm):
            found = form.teams()
            add_teams(job.tournament, job.requested_by, found)
            result["teams"] = len(found)
        elif job.request.get("confirm"):
            result["moved"] = add_entrants(job.tournament, job.requested_by, form.entrants())
        Job.objects.filter(pk=job_id).update(result=result)
        if not finish(job_id, Status.DONE):
            raise _NotWanted


def cancel(job: Job, user: User) -> None:
    """The arbiter cancels a queued or running job; a draft the engine finishes anyway is not stored."""
    if not finish(job.pk, Status.CANCELLED, f"Cancelled by {user}."):
        raise ActionError("The job had already finished; nothing was cancelled.")
    AuditRecord.record(user, AuditRecord.Action.CHANGE, job, {"status": job.status}, {"status": "cancelled"})
    if job.queue_id is not None:
        from procrastinate.contrib.django import app

        queue_id = job.queue_id
        # A queued job is dropped from the queue; a running one is asked to stop (`supervise`).
        transaction.on_commit(lambda: app.job_manager.cancel_job_by_id(queue_id, abort=True))
