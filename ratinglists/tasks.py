"""The task procrastinate's workers run for a list import (found by name, like pairing/tasks.py's)."""

from __future__ import annotations

from django.db import close_old_connections
from procrastinate.contrib.django import app

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
