"""Every published round paired again by the engine from the rounds before it, as `-c` does for a
file: the rounds the engine would have paired otherwise, board by board.

The state of each round is the one the round workflow reads (results, byes, withdrawals and the
players kept apart, as recorded now), so a round differs when it was changed by hand before it
was published, or when data it was paired from was corrected since.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Round, Tournament

from .drafting import drafting
from .drafts import NoPairing, Pair
from .state import StateError


def recheck(tournament: Tournament) -> list[dict[str, Any]]:
    """Per published round: whether the engine agrees, and if not, the boards of each that the other
    has not (White - Black, names), or why the engine could not pair it."""
    workflow = drafting(tournament)
    names = workflow.names(tournament)

    def board(pair: Pair) -> str:
        white, black = pair
        return f"{names[white]} - {names[black] if black is not None else 'bye'}"

    rounds = []
    for rnd in tournament.rounds.exclude(state=Round.State.DRAFT).order_by("number"):
        published = workflow.current(rnd)
        try:
            state = workflow.state(tournament, rnd.number)
            engine, _ = workflow.paired(tournament, state)
        except (StateError, NoPairing) as error:
            rounds.append({"round": rnd.number, "agrees": False, "error": str(error)})
            continue
        only_published = [board(p) for p in published if p not in engine]
        only_engine = [board(p) for p in engine if p not in published]
        rounds.append(
            {
                "round": rnd.number,
                "agrees": not only_published and not only_engine,
                "published": only_published,
                "engine": only_engine,
            }
        )
    return rounds
