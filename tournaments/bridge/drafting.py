"""The round workflow's view of the engine, one for each kind of event: players or teams.

`pairing/actions.py` drafts, changes and publishes rounds the same way for both kinds;
what differs (the engine state, how a draft is stored, ordered and checked) is behind a
`Drafting`, chosen by `drafting(tournament)`. A pair is (White, Black or None for the
bye): entrant ids in an individual event, team ids (White on board 1) in a team event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from swiss.systems import system
from tournaments.models import Entrant, Round, Tournament

from . import drafts, team_drafts
from .drafts import Pair
from .state import StateError, engine_name, engine_system, pairing_numbers, pairing_state
from .teams import team_state


@dataclass(frozen=True)
class Drafting:
    """What the workflow needs, per kind of event; every function raises StateError or NoPairing."""

    state: Callable[[Tournament, int], Any]
    # The engine's pairing and, when it gives them, its notes (`drafts.Notes`, kept with the draft's check).
    paired: Callable[[Tournament, Any], tuple[list[Pair], Any]]
    fingerprint: Callable[[Tournament, Any], dict[str, str]]
    staleness: Callable[[Round, Any], str]
    current: Callable[[Round], list[Pair]]
    store: Callable[[Round, list[Pair]], None]
    ordered: Callable[[Tournament, Any, list[Pair]], list[Pair]]
    names: Callable[[Tournament], dict[int, str]]
    # What the rules say of a new draft (tournament, state, pairs), stored with it: `Round.record_check`.
    check: Callable[[Tournament, Any, list[Pair], Any], dict[str, Any]]


def _store_boards(rnd: Round, pairs: list[Pair]) -> None:
    entrants = Entrant.objects.only("pairing_number").in_bulk({e for p in pairs for e in p if e})
    rnd.store_draft([(entrants[w], entrants[b] if b else None) for w, b in pairs])


PLAYERS = Drafting(
    state=pairing_state,
    paired=lambda t, state: drafts.paired(
        state, {n: pk for pk, n in pairing_numbers(t).items()}, engine_system(t)
    ),
    fingerprint=lambda t, state: drafts.input_fingerprint(state, engine_system(t)),
    staleness=drafts.draft_staleness,
    current=drafts.stored_pairs,
    store=_store_boards,
    ordered=lambda t, state, pairs: drafts.in_board_order(state, pairs, pairing_numbers(t), engine_system(t)),
    names=lambda t: dict(t.entrants.values_list("pk", "name")),
    check=lambda t, state, pairs, notes: drafts.check_draft(t, state, pairs, pairs, notes),
)

TEAMS = Drafting(
    state=team_state,
    paired=lambda t, state: (team_drafts.paired(t, state), None),
    fingerprint=lambda _, state: team_drafts.input_fingerprint(state),
    staleness=team_drafts.draft_staleness,
    current=team_drafts.draft_pairs,
    store=team_drafts.store,
    ordered=team_drafts.in_match_order,
    names=lambda t: dict(t.teams.values_list("pk", "name")),
    check=lambda t, state, pairs, notes: {},
)


def _drawn(state: Callable[[Tournament, int], Any]) -> Callable[[Tournament, int], Any]:
    """`state`, for a round robin whose numbers are drawn only (docs/round-robin.md 5)."""

    def drawn_state(tournament: Tournament, round_number: int) -> Any:
        if not tournament.numbers_drawn:
            raise StateError(_("Draw the pairing numbers first: a round robin's table follows them."))
        return state(tournament, round_number)

    return drawn_state


# Round robins: the players' and the teams' workflows, the table asked of the engine's entry,
# once the numbers are drawn.
ROUND_ROBIN = replace(PLAYERS, state=_drawn(pairing_state))
TEAM_ROUND_ROBIN = replace(TEAMS, state=_drawn(team_state))


def drafting(tournament: Tournament) -> Drafting:
    """The workflow of the kind of event the tournament's system pairs (`swiss.systems`)."""
    if system(engine_name(tournament)).kind == "teams":
        return TEAM_ROUND_ROBIN if tournament.is_round_robin else TEAMS
    return ROUND_ROBIN if tournament.is_round_robin else PLAYERS
