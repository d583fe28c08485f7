"""What the arbiter decides around the engine: pairs that must never meet, and manual changes to a draft."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.validators import plain_text

from .public import ShownPublicly


class ForbiddenPair(ShownPublicly):
    """Two entrants who must never be paired (siblings, club mates); the engine treats it as C1."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True, validators=[plain_text])

    class Meta:
        ordering = ["tournament", "first", "second"]
        constraints = [
            # Stored with the lower id first, so one pair has one row.
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="forbidden_pair_ordered"),
            models.UniqueConstraint(fields=["first", "second"], name="forbidden_pair_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.first} – {self.second}"

    def clean(self) -> None:
        if self.first_id == self.second_id:
            raise ValidationError(_("Choose two different entrants."))
        if self.first_id and self.first_id > self.second_id:
            self.first_id, self.second_id = self.second_id, self.first_id


class DraftChange(models.Model):
    """One step in the life of a round's draft: the engine's pairing, then each manual change.

    `before` and `after` hold the boards in order as [white entrant id, black entrant id or
    null] (in a team event the matches, as team ids, White's team on board 1), so a change
    can be undone exactly and the TRF export can name every manual change. A team draft
    knows the same kinds of change, but pairing two players.
    """

    class Kind(models.TextChoices):
        ENGINE = "engine", _("Paired by the engine")
        SWAP = "swap", _("Opponents swapped")
        COLOURS = "colours", _("Colours exchanged")
        BYE = "bye", _("Bye moved")
        PAIR = "pair", _("Two players paired")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="draft_changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    description = models.CharField(max_length=300, validators=[plain_text])
    before = models.JSONField(default=list, blank=True)
    after = models.JSONField(default=list)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "pk"]

    def __str__(self) -> str:
        return gettext("Round %(number)s: %(change)s") % {
            "number": self.round.number,
            "change": self.description,
        }

    @property
    def tournament(self) -> object:
        return self.round.tournament

    @property
    def is_manual(self) -> bool:
        return self.kind != self.Kind.ENGINE
