"""What every public page of a tournament shows around its content: the round and standings links,
the withdrawn players' marks, and whether the page refreshes itself."""

from __future__ import annotations

from .models import Round, Seat, Tournament

# How often a live page asks whether it changed (seconds). The answer is a 304 from the
# cache while nothing did (public_cache), so a thousand phones cost little.
POLL_SECONDS = 30


def page_context(tournament: Tournament, *, poll: bool = False, **extra: object) -> dict[str, object]:
    """What every page shows around its content; with `poll` (pairings, standings, cards) the page
    refreshes itself every `POLL_SECONDS` while a round is being played."""
    published = tournament.published_rounds()
    done = tournament.rounds_with_standings()
    live = bool(published) and published[-1] not in done
    return {
        "tournament": tournament,
        "published": published,
        "standing_rounds": done,
        "withdrawn": withdrawn(tournament),
        "poll_seconds": POLL_SECONDS if poll and live else None,
        **extra,
    }


def withdrawn(tournament: Tournament) -> set[int]:
    """Ids of the entrants withdrawn in a published round: every list marks them.

    A withdrawal from a round still in draft shows when that round is published, as the
    round's pairings do (saving a seat does not retire the cached pages; publishing does).
    """
    seats = Seat.objects.filter(round__tournament=tournament, absence=Seat.Absence.WITHDRAWN)
    return set(seats.exclude(round__state=Round.State.DRAFT).values_list("entrant_id", flat=True))
