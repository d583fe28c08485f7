"""The tasks procrastinate's workers run for a list import (found by name, like pairing/tasks.py's)."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from procrastinate.contrib.django import app
from procrastinate.jobs import Status

from . import jobs


# On the quick queue with the entrants' imports: a minute or two, and no tournament waits for it.
@app.task(name="import_fide_list", queue="quick")
def import_fide_list(rating_list_id: int) -> None:
    """Import an uploaded FIDE list file (`jobs.run`)."""
    close_old_connections()
    try:
        jobs.run(rating_list_id)
    finally:
        close_old_connections()


@app.periodic(cron="* * * * * */10")
@app.task(name="recover_stalled_list_imports", queueing_lock="recover_stalled_list_imports")
async def recover_stalled_list_imports(timestamp: int) -> None:
    """Imports whose worker has had no heartbeat for WORKER_STALLED_SECONDS are queued again (the
    file is still kept, the import is one transaction) or, after JOB_ATTEMPTS, failed."""
    for queued in await app.job_manager.get_stalled_jobs(
        task_name="import_fide_list", seconds_since_heartbeat=settings.WORKER_STALLED_SECONDS
    ):
        assert queued.id is not None
        again = await sync_to_async(jobs.after_stall)(int(str(queued.task_kwargs["rating_list_id"])))
        if again:
            await app.job_manager.retry_job(queued)
        else:
            await app.job_manager.finish_job_by_id_async(queued.id, Status.FAILED, delete_job=False)
