"""What each kind of job does: pair a round, check a draft, import a file of entrants, re-check
the published rounds. The mechanism they share (start, finish, cancel, the engine process) is
pairing/jobs.py; pairing/tasks.py queues them.

Faults, and what each leaves behind:
- a second press of "Pair" while a job is queued or running joins it (the database keeps
  one active job per tournament, kind and round);
- the input changed after the job was queued (a result corrected, an entrant added): the
  draft is not stored and the job says so (`actions.InputChanged`);
- cancelled, or past `JOB_TIME_LIMIT`: the engine's process is killed (a large field's; a
  small field's job, run by the worker itself, ends in a fraction of a second); the draft would
  only be written in the one transaction at the end, which also marks the job done, so
  nothing half-written remains;
- a worker killed mid-job: its engine process dies with it (pairing/engine_process.py), the
  open transaction, if any, is rolled back by PostgreSQL, and the queue's recovery task
  queues the job again, or fails it after `JOB_ATTEMPTS` tries.
"""

from __future__ import annotations

import contextlib
from functools import partial

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import public_cache
from tournaments.bridge import drafts
from tournaments.bridge.recheck import recheck
from tournaments.bridge.state import StateError, pairing_state
from tournaments.models import Entrant, Job, Round, Tournament

from . import actions, jobs
from .actions import ActionError, InputChanged
from .import_parser import ImportForm, TeamImportForm
from .registration import add_entrants
from .teams import add_teams

Status = Job.Status

# Up to this many entrants (players, or the players of the teams), a round is paired by the worker
# itself, not in an engine process: measured (scripts/bench_click_to_draft.py), such a job is
# 0.1-0.3 s of CPU, and an engine process costs a second of CPU to set up, which is most of the
# wait from the click to the draft (on a busy machine, several seconds).
SMALL_FIELD = 300


def active_job(tournament: Tournament, number: int) -> Job | None:
    """The pairing job queued or running for round `number`, if any."""
    return jobs.active(tournament, Job.Kind.PAIR, number)


def last_job(tournament: Tournament, number: int) -> Job | None:
    return Job.objects.filter(tournament=tournament, kind=Job.Kind.PAIR, round_number=number).first()


def new_pairing(
    tournament: Tournament, user: User, *, again: bool, expected: int | None
) -> tuple[Round, Job | None, bool]:
    """In the caller's transaction: the round to pair and its pairing job, joined or new (True).

    No job when the round already has a draft and `again` is not set: the draft is kept.
    The checks that need no engine (the round already published, every round done, an
    earlier round without a result) are made here, so the arbiter hears of them at once.
    """
    rnd = actions.round_to_pair(tournament, user, expected=expected)
    if rnd.is_paired and not again:
        return rnd, None, False
    job = active_job(tournament, rnd.number)
    if job is not None:
        return rnd, job, False
    request = {"again": again, "input": actions.engine_input(rnd.tournament, rnd.number)}
    return rnd, jobs.create(rnd.tournament, user, Job.Kind.PAIR, request, rnd.number), True


def small_field(job_id: int) -> bool:
    """Whether the pairing job's tournament has at most SMALL_FIELD entrants."""
    job = Job.objects.get(pk=job_id)
    return Entrant.objects.filter(tournament_id=job.tournament_id).count() <= SMALL_FIELD


def pair(job_id: int) -> None:
    """Run a started pairing job to its end: the draft stored and the job done in one transaction,
    or why not."""
    job = Job.objects.select_related("tournament", "requested_by").get(pk=job_id)
    try:
        # The draft's rows retire the public cache's tokens once, not once per board.
        with public_cache.batched():
            actions.draft_round(
                job.tournament,
                job.requested_by,
                again=job.request.get("again", False),
                expected=job.round_number,
                paired_from=job.request.get("input"),
                before_store=partial(jobs.mark_done, job_id),
            )
    except InputChanged as error:
        jobs.finish(job_id, Status.DISCARDED, error.messages[0])
    except ActionError as error:
        jobs.finish(job_id, Status.FAILED, error.messages[0])
    except jobs.NotWanted:
        pass
    else:
        # The round was paired meanwhile (draft_round kept that draft): nothing of this job's to store.
        jobs.finish(job_id, Status.DONE)


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


def recheck_rounds(job_id: int) -> None:
    """Pair every published round again and keep, per round, what differs from what was published."""
    if not jobs.start(job_id):
        return
    job = Job.objects.select_related("tournament").get(pk=job_id)
    rounds = recheck(job.tournament)
    with contextlib.suppress(jobs.NotWanted), transaction.atomic():
        Job.objects.filter(pk=job_id).update(result={"rounds": rounds})
        jobs.mark_done(job_id)


def import_entrants(job_id: int) -> None:
    """Check every line of the job's file; on confirmation save the new entrants (of a team event:
    the teams with their rosters), all or none.

    The preview (`ImportForm.preview`) is kept on the job whatever the outcome; a file with a
    wrong line fails the job with the form's message, and nothing is saved.
    """
    if not jobs.start(job_id):
        return
    job = Job.objects.select_related("tournament", "requested_by").get(pk=job_id)

    def progress(done: int, total: int) -> None:
        message = _("%(done)s of %(total)s lines checked.") % {"done": done, "total": total}
        Job.objects.filter(pk=job_id).update(message=message)

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
        jobs.finish(job_id, Status.FAILED, " ".join(result["errors"]))
        return
    # The entrants are saved in the transaction that marks the job done: both, or neither.
    with contextlib.suppress(jobs.NotWanted), transaction.atomic(), public_cache.batched():
        if job.request.get("confirm") and isinstance(form, TeamImportForm):
            found = form.teams()
            add_teams(job.tournament, job.requested_by, found)
            result["teams"] = len(found)
        elif job.request.get("confirm"):
            result["moved"] = add_entrants(job.tournament, job.requested_by, form.entrants())
        Job.objects.filter(pk=job_id).update(result=result)
        jobs.mark_done(job_id)
