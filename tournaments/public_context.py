"""What every public page of a tournament shows around its content: the round and standings links."""

from __future__ import annotations

from . import standings
from .models import Round, Seat, Tournament


def page_context(tournament: Tournament, **extra: object) -> dict[str, object]:
    return {
        "tournament": tournament,
        "published": standings.published_rounds(tournament),
        "standing_rounds": standings.rounds_with_standings(tournament),
        "withdrawn": withdrawn(tournament),
        **extra,
    }


def withdrawn(tournament: Tournament) -> set[int]:
    """Ids of the entrants withdrawn in a published round: every list marks them.

    A withdrawal from a round still in draft shows when that round is published, as the
    round's pairings do (saving a seat does not retire the cached pages; publishing does).
    """
    seats = Seat.objects.filter(round__tournament=tournament, absence=Seat.Absence.WITHDRAWN)
    return set(seats.exclude(round__state=Round.State.DRAFT).values_list("entrant_id", flat=True))
