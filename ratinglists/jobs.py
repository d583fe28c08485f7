"""Importing a list file as a job: the upload page queues it, a worker runs it, the page follows it.

The job is the `RatingList` row and procrastinate's queue (ratinglists/tasks.py), as for the
tournaments' jobs (pairing/jobs.py). The uploaded file is kept in the database in pieces
(`UploadChunk`) until the worker has read it, because the worker may run on another machine.
The worker writes its progress on a connection of its own, so the upload page sees it while
the import's one transaction is still open; the players and the end of the job commit together.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import connection, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .formats import FormatError, open_list
from .loading import Outcome, Progress, load
from .models import RatingList, UploadChunk

CHUNK = 1 << 20


def request_import(upload: UploadedFile, user: Any, *, kind: str = "", month: str = "") -> RatingList:
    """Keep the uploaded file and queue its import (with JOBS_IN_PROCESS: import it here)."""
    with transaction.atomic():
        rating_list = RatingList.objects.create(
            file_name=(upload.name or "")[:200],
            kind=kind,
            month=month,
            size=upload.size or 0,
            requested_by=user,
        )
        for number, data in enumerate(upload.chunks(CHUNK)):
            UploadChunk.objects.create(rating_list=rating_list, number=number, data=data)
        if not settings.JOBS_IN_PROCESS:
            from .tasks import import_fide_list

            # Deferred in this transaction: the job is queued if and only if the upload is kept.
            rating_list.queue_id = import_fide_list.defer(rating_list_id=rating_list.pk)
            rating_list.save(update_fields=["queue_id"])
    if settings.JOBS_IN_PROCESS:
        run(rating_list.pk)
        rating_list.refresh_from_db()
    return rating_list


def run(rating_list_id: int) -> None:
    """Import an uploaded file: its pieces are put together in a temporary file, then read line by line.
    The pieces are dropped in the transaction that stores the players, so a retry still has them."""

    def drop_upload() -> object:
        return UploadChunk.objects.filter(rating_list_id=rating_list_id).delete()

    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().get(pk=rating_list_id)
        if not rating_list.is_active:
            return
        rating_list.status, rating_list.attempts = RatingList.Status.RUNNING, rating_list.attempts + 1
        rating_list.save(update_fields=["status", "attempts"])
    with tempfile.TemporaryFile() as copy:
        for chunk in UploadChunk.objects.filter(rating_list=rating_list).order_by("number").iterator(1):
            copy.write(chunk.data)
        size = copy.tell()
        copy.seek(0)
        with _progress_writer(rating_list_id) as progress:
            outcome = import_stream(copy, rating_list.file_name, size, rating_list, progress, drop_upload)
    if outcome is None:  # not a list: the file is of no more use
        drop_upload()


def after_stall(rating_list_id: int) -> bool:
    """The import's worker stopped (its transaction rolled back): True to queue it again, False
    when it has failed JOB_ATTEMPTS times (or is no longer wanted)."""
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().filter(pk=rating_list_id).first()
        if rating_list is None or not rating_list.is_active:
            return False
        if rating_list.attempts >= settings.JOB_ATTEMPTS:
            fail(
                rating_list,
                _("The worker importing the list stopped %(n)s times (JOB_ATTEMPTS).")
                % {"n": rating_list.attempts},
            )
            return False
        RatingList.objects.filter(pk=rating_list_id).update(status=RatingList.Status.QUEUED)
        return True


def import_path(path: Path, rating_list: RatingList, progress: Progress | None = None) -> Outcome | None:
    with path.open("rb") as stream:
        return import_stream(stream, path.name, path.stat().st_size, rating_list, progress)


def import_stream(
    stream: IO[bytes],
    name: str,
    size: int,
    rating_list: RatingList,
    progress: Progress | None,
    finishing: Callable[[], object] | None = None,
) -> Outcome | None:
    """Import one file into the list; None (and the job failed with the reason) when it cannot be read."""
    try:
        opened = open_list(stream, name, size, kind=rating_list.kind, month=rating_list.month)
        RatingList.objects.filter(pk=rating_list.pk).update(
            kind=opened.kind, file_format=opened.file_format, month=opened.month, size=opened.size
        )
        return load(opened, rating_list, progress, finishing)
    except FormatError as error:
        fail(rating_list, str(error))
    except Exception:
        fail(rating_list, _("The import stopped on an unexpected error; nothing was stored."))
        raise
    return None


def fail(rating_list: RatingList, message: str) -> None:
    RatingList.objects.filter(pk=rating_list.pk).update(
        status=RatingList.Status.FAILED,
        message=message + " " + _("Nothing was imported."),
        finished_at=timezone.now(),
    )


@contextlib.contextmanager
def _progress_writer(rating_list_id: int) -> Iterator[Progress | None]:
    """Writes the progress on a second connection, committed at once (PostgreSQL only: SQLite
    would wait for the import's own write lock; there the import runs in the request anyway)."""
    if connection.vendor != "postgresql":
        yield None
        return
    side = connections.create_connection("default")
    try:

        def progress(done: int, rows: int) -> None:
            with side.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {RatingList._meta.db_table} SET done_bytes = %s, rows = %s WHERE id = %s",  # noqa: S608
                    [done, rows, rating_list_id],
                )

        yield progress
    finally:
        side.close()
