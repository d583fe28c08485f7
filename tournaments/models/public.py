"""Rows the public pages show: changing one retires the tournament's cached pages."""

from __future__ import annotations

from typing import Any

from django.db import models

from tournaments import public_cache


class ShownPublicly(models.Model):
    """Saving or deleting a row retires every cached public page of `self.tournament`.

    Bulk updates bypass this; the code that makes them invalidates the cache itself.
    """

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        public_cache.invalidate(self.tournament, self.shown_in_round())  # type: ignore[attr-defined]

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        tournament, round_number = self.tournament, self.shown_in_round()  # type: ignore[attr-defined]
        deleted = super().delete(*args, **kwargs)
        public_cache.invalidate(tournament, round_number)
        return deleted

    def shown_in_round(self) -> int | None:
        """The one round whose pages and standings this row changes, or None: it may change any."""
        return None
