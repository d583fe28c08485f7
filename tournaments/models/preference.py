"""What a user chose for himself and keeps on every device he signs in on."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.languages import LanguageField, supported


class LanguagePreference(models.Model):
    """The language a user last chose with the switcher; set again on each device when he signs in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="language_preference",
    )
    language = LanguageField(verbose_name=_("language"))

    def __str__(self) -> str:
        return f"{self.user} ({self.language})"

    @classmethod
    def of(cls, user: Any) -> str | None:
        """The language kept on the account of `user` (a user or his id) that the pages still
        speak, or None."""
        return supported(cls.objects.filter(user=user).values_list("language", flat=True).first())
