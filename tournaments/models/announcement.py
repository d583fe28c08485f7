"""The arbiter's notices to the players, shown on the public pages with the time they were posted."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.validators import plain_text

from .public import ShownPublicly

# A notice is read on a phone between rounds: a few lines, not a page.
ANNOUNCEMENT_MAX = 500


class Announcement(ShownPublicly):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="announcements"
    )
    # Plain text: the pages escape it, and the validator refuses what would disguise it.
    text = models.CharField(_("notice"), max_length=ANNOUNCEMENT_MAX, validators=[plain_text])
    posted_at = models.DateTimeField(auto_now_add=True)
    posted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-posted_at", "-pk"]

    def __str__(self) -> str:
        return self.text[:60]

    def shown_in_round(self) -> int:
        """No round's standings: past the last round, so a notice retires the pages only, not the
        ranking they keep (`public_cache.kept_after`)."""
        return self.tournament.total_rounds + 1
