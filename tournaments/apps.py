from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments, entrants, rounds, boards, absences and the audit trail."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"
