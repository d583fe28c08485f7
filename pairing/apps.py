from __future__ import annotations

from django.apps import AppConfig


class PairingConfig(AppConfig):
    """The arbiter's round workflow and the one bridge to the engine (pairing/actions.py)."""

    name = "pairing"
