"""The audit trail: every change an arbiter makes, with the row before and after."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.validators import plain_text


def snapshot(obj: models.Model) -> dict[str, Any]:
    """The stored values of a row (many-to-many as sorted ids), ready for JSON."""
    values: dict[str, Any] = {
        field.attname: field.value_from_object(obj) for field in obj._meta.concrete_fields
    }
    if obj.pk is not None:
        for field in obj._meta.many_to_many:
            values[field.name] = sorted(getattr(obj, field.name).values_list("pk", flat=True))
    return values


class AuditRecord(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", _("Created")
        CHANGE = "change", _("Changed")
        DELETE = "delete", _("Deleted")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_records",
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    object_type = models.CharField(max_length=100, help_text="app_label.model", validators=[plain_text])
    object_id = models.CharField(max_length=64, validators=[plain_text])
    object_repr = models.CharField(max_length=200, validators=[plain_text])
    before = models.JSONField(encoder=DjangoJSONEncoder, null=True, blank=True)
    after = models.JSONField(encoder=DjangoJSONEncoder, null=True, blank=True)
    reason = models.CharField(
        max_length=200, blank=True, validators=[plain_text], help_text=_("Why, as the arbiter gave it.")
    )

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.object_type} {self.object_repr}"

    @classmethod
    def record(
        cls,
        user: Any,
        action: str,
        obj: models.Model,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
        reason: str = "",
    ) -> AuditRecord:
        """Store one change; the tournament is found through the object itself."""
        made = cls.of(user, action, obj, before, after, reason)
        made.save(force_insert=True)
        return made

    @classmethod
    def of(
        cls,
        user: Any,
        action: str,
        obj: models.Model,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
        reason: str = "",
    ) -> AuditRecord:
        """The record of one change, not stored yet: many are stored in one `bulk_create`."""
        tournament = obj if obj._meta.label == "tournaments.Tournament" else getattr(obj, "tournament", None)
        return cls(
            tournament_id=getattr(tournament, "pk", None),
            user=user if getattr(user, "is_authenticated", False) else None,
            action=action,
            object_type=obj._meta.label_lower,
            object_id=str(obj.pk),
            object_repr=str(obj)[:200],
            before=before,
            after=after,
            reason=reason,
        )

    def changed_fields(self) -> list[str]:
        before, after = self.before or {}, self.after or {}
        return sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
