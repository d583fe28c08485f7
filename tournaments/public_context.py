"""What every public page of a tournament shows around its content: the round and standings links."""

from __future__ import annotations

from . import standings
from .models import Tournament


def page_context(tournament: Tournament, **extra: object) -> dict[str, object]:
    return {
        "tournament": tournament,
        "published": standings.published_rounds(tournament),
        "standing_rounds": standings.rounds_with_standings(tournament),
        **extra,
    }
