from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingListsConfig(AppConfig):
    """FIDE's rating list: its import and the look-up of a player in it. Data only: it imports
    neither the tournaments app nor the pairing one, which use it (tests/test_layout.py)."""

    name = "ratinglists"
    verbose_name = _("Rating lists")
