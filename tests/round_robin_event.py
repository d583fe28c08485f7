"""A 10-player round robin, and a Scheveningen match, as the app stores them before the draw,
for the tests that need one."""

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


def scheveningen_event(arbiter: Any, boards: int = 4, rounds: int = 4) -> Tournament:
    """A Scheveningen match (docs/round-robin.md 6) of two teams of `boards`, "Home 01", "Away 02"
    ... entered alternately (so that the rating order mixes them), none in a team yet."""
    event = Tournament.objects.create(
        name="Scheveningen Match",
        slug="scheveningen-match",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 4),
        total_rounds=rounds,
        chief_arbiter=arbiter,
        public=True,
        pairing_system=Tournament.PairingSystem.SCHEVENINGEN,
        points_pab=0,
    )
    event.ensure_rounds()
    for number in range(1, 2 * boards + 1):
        side = "Home" if number % 2 else "Away"
        name, rating = f"{side} {number:02d}", 2400 - 10 * number
        Entrant.objects.create(tournament=event, name=name, pairing_number=number, fide_rating=rating)
    return event
