"""Background jobs of a tournament (pairing a round), as the arbiter sees them.

The queue itself is procrastinate's (its tables, its workers); a `Job` row is what the
review page shows while a worker pairs and what it says afterwards: done, or why not.
The database refuses a second active job of one kind for one round, so a second press of
"Pair" joins the job that is already queued or running.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.validators import plain_text


class Job(models.Model):
    class Kind(models.TextChoices):
        PAIR = "pair", _("Pairing")
        # Checking the lines of an uploaded file of entrants, and on confirmation saving them.
        IMPORT = "import", _("Import")
        # Every published round paired again by the engine and compared with what was published.
        RECHECK = "recheck", _("Re-check")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        # The input changed after the job was queued, or the round was paired meanwhile.
        DISCARDED = "discarded", _("Discarded")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # 0 for an import or a re-check, which are of no one round.
    round_number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    # What the arbiter is told when the job did not end with a draft.
    message = models.TextField(blank=True, validators=[plain_text])
    # What the job was asked: {"again": bool} and the engine input's digest when it was queued.
    request = models.JSONField(default=dict, blank=True)
    # What an import job found: the preview of every line (`import_parser.ImportForm`); what a re-check
    # found: {"rounds": [...]} (`tournaments.bridge.recheck`).
    result = models.JSONField(default=dict, blank=True)
    queue_id = models.BigIntegerField(null=True, blank=True, help_text="procrastinate's job id")
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind", "round_number"],
                condition=Q(status__in=["queued", "running"]),
                name="job_one_active_per_round",
            )
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s of round %(number)s (%(status)s)") % {
            "kind": self.get_kind_display(),
            "number": self.round_number,
            "status": self.get_status_display(),
        }

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE
