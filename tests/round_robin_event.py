"""A 10-player round robin as the app stores it before the draw, for the tests that need one."""

from __future__ import annotations

import datetime
from typing import Any

from tournaments.models import Entrant, Tournament


def round_robin_event(arbiter: Any, slug: str, name: str, names: dict[int, str] | None = None) -> Tournament:
    """Ten rated entrants numbered 1-10 ("Player 01, Anna" ... unless `names` gives one), nine
    rounds, public, its rest worth nothing (docs/round-robin.md 3); the numbers not drawn yet."""
    event = Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 9),
        total_rounds=9,
        chief_arbiter=arbiter,
        public=True,
        pairing_system=Tournament.PairingSystem.ROUND_ROBIN,
        points_pab=0,
    )
    event.ensure_rounds()
    for number in range(1, 11):
        Entrant.objects.create(
            tournament=event,
            name=(names or {}).get(number, f"Player {number:02d}, Anna"),
            pairing_number=number,
            fide_rating=2400 - 20 * number,
        )
    return event
