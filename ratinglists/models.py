"""FIDE's rating list as the app keeps it: one row per player, and one record per import.

A player is keyed by the FIDE ID, so importing next month's list updates the rows in place.
The list is data about people, not about a tournament: this app imports neither the
tournaments app nor the pairing one (tests/test_layout.py); they read it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ListedPlayer(models.Model):
    """One player of the FIDE list, as the latest import that named them gave it.

    Ratings are None when the list leaves them blank (unrated), as are the games and K values.
    The `inactive_*` flags come from the single lists only (standard, rapid, blitz), because the
    combined file's flag does not say which rating type a player is inactive in; None: not known.
    """

    fide_id = models.PositiveBigIntegerField(primary_key=True)
    name = models.CharField(max_length=120)
    # The name folded for the type-ahead: without accents or punctuation, in lower case
    # (`search.fold`); the same function folds what the arbiter types.
    name_key = models.CharField(max_length=120)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=4, blank=True)
    w_title = models.CharField(max_length=4, blank=True)
    o_title = models.CharField(max_length=40, blank=True)
    foa_title = models.CharField(max_length=3, blank=True)
    standard = models.PositiveSmallIntegerField(null=True)
    standard_games = models.PositiveSmallIntegerField(null=True)
    standard_k = models.PositiveSmallIntegerField(null=True)
    rapid = models.PositiveSmallIntegerField(null=True)
    rapid_games = models.PositiveSmallIntegerField(null=True)
    rapid_k = models.PositiveSmallIntegerField(null=True)
    blitz = models.PositiveSmallIntegerField(null=True)
    blitz_games = models.PositiveSmallIntegerField(null=True)
    blitz_k = models.PositiveSmallIntegerField(null=True)
    birth_year = models.PositiveSmallIntegerField(null=True)
    flags = models.CharField(max_length=4, blank=True)
    inactive_standard = models.BooleanField(null=True)
    inactive_rapid = models.BooleanField(null=True)
    inactive_blitz = models.BooleanField(null=True)
    # The import that last changed this row (its list month is the one the ratings are of).
    # No constraint nor index: a million rows are written at once, and nothing looks them up by it.
    source = models.ForeignKey(
        "RatingList", on_delete=models.DO_NOTHING, related_name="+", db_constraint=False, db_index=False
    )

    # The index on the folded name is made by migration 0002: in PostgreSQL's "C" collation, so that
    # a prefix and the order of names are both read from it, whatever the database's collation.

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"


class RatingList(models.Model):
    """One import of a list file: what it was, how far it got, and what it found.

    It is also the job the upload page follows: a worker runs it and writes its progress here.
    """

    class Kind(models.TextChoices):
        COMBINED = "combined", _("Combined (standard, rapid and blitz)")
        STANDARD = "standard", _("Standard")
        RAPID = "rapid", _("Rapid")
        BLITZ = "blitz", _("Blitz")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Importing")
        DONE = "done", _("Imported")
        FAILED = "failed", _("Failed")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    file_name = models.CharField(max_length=200, blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, blank=True)
    # "XML" or "TXT", found from the content.
    file_format = models.CharField(max_length=3, blank=True)
    # The month the list is of, as FIDE writes it (SEP26), from the header or the operator.
    month = models.CharField(max_length=5, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    message = models.TextField(blank=True)
    # Progress: bytes of the file read so far, of `size`.
    size = models.PositiveBigIntegerField(default=0)
    done_bytes = models.PositiveBigIntegerField(default=0)
    rows = models.PositiveIntegerField(default=0)
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    bad_lines = models.PositiveIntegerField(default=0)
    # The first bad lines, as ["line N: why", ...] (`loading.MAX_REPORTED`).
    report = models.JSONField(default=list, blank=True)
    queue_id = models.BigIntegerField(null=True, blank=True, help_text="procrastinate's job id")
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} list {self.month or ''} ({self.get_status_display()})".replace(
            "  ", " "
        )

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE

    @property
    def percent(self) -> int:
        return min(100, self.done_bytes * 100 // self.size) if self.size else 0


class UploadChunk(models.Model):
    """A piece of an uploaded list file, kept in the database until a worker has imported it:
    the worker may run on another machine than the web process that received the upload."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="chunks")
    number = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        ordering = ["rating_list", "number"]
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "number"], name="upload_chunk_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.rating_list_id}:{self.number}"
