"""What the round workflow asks of the engine for a team event: pair, order, check and explain matches.

A team draft is stored as matches of team ids (`Match`), each with its games; the engine
speaks team pairing numbers. The conversions both ways are here, and the digest of the
input a draft was paired from, as `drafts` does for individual events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from swiss.check import points_text
from swiss.model import Board as EngineBoard
from swiss.model import Pairing, PairingError
from swiss.systems import TeamSystem, team_system
from swiss.team.lineups import LineupError, games
from swiss.team.model import TeamState
from tournaments.models import Round, Team, Tournament

from .drafts import NoPairing, Pair, digests, stale_reason
from .state import StateError
from .teams import team_state
from .wording import all_worded

if TYPE_CHECKING:
    from tournaments.models.round import TeamMatch


def team_numbers(tournament: Tournament) -> dict[int, int]:
    """Team id -> team pairing number, of the teams that have one."""
    return {pk: n for pk, n in tournament.teams.values_list("pk", "pairing_number") if n is not None}


def to_engine(pairs: list[Pair], numbers: dict[int, int]) -> Pairing:
    return Pairing(tuple(EngineBoard(numbers[w], numbers[b] if b else None) for w, b in pairs))


def _from_engine(boards: tuple[EngineBoard, ...], numbers: dict[int, int]) -> list[Pair]:
    ids = {n: pk for pk, n in numbers.items()}
    return [(ids[b.white], ids[b.black] if b.black else None) for b in boards]


def engine_system(tournament: Tournament) -> TeamSystem:
    """The team event's pairing system, the engine's entry for it (`swiss.systems`)."""
    return team_system(tournament.pairing_system)


def paired(tournament: Tournament, state: TeamState) -> list[Pair]:
    """The engine's matches of the round after `state`, in the official order, as team ids."""
    system = engine_system(tournament)
    try:
        pairing = system.pair(state)
    except (PairingError, LineupError) as error:
        raise NoPairing(str(error)) from error
    return _from_engine(system.board_order(state, pairing.boards), team_numbers(tournament))


def in_match_order(tournament: Tournament, state: TeamState, pairs: list[Pair]) -> list[Pair]:
    """`pairs` in the official order of matches (GHR 3.6 applied to teams)."""
    numbers = team_numbers(tournament)
    ordered = engine_system(tournament).board_order(state, to_engine(pairs, numbers).boards)
    return _from_engine(ordered, numbers)


def draft_pairs(rnd: Round) -> list[Pair]:
    """The round's matches as (White's team id on board 1, the other team's id or None), in order."""
    return list(rnd.matches.order_by("number").values_list("white_id", "black_id"))


def store(rnd: Round, pairs: list[Pair]) -> None:
    """Store `pairs` as the round's matches with their games, from the round's lineups (entered,
    or the default). Raises StateError when the round cannot be read as an engine state (an
    earlier round lacks a result).
    """
    tournament = rnd.tournament
    state = team_state(tournament, rnd.number)
    numbers = team_numbers(tournament)
    teams = Team.objects.in_bulk(numbers)
    players = {e.pairing_number: e for e in tournament.entrants.filter(team__isnull=False)}
    matches: list[TeamMatch] = []
    for white, black in pairs:
        if black is None:
            matches.append((teams[white], None, []))
            continue
        match_games = games(state, EngineBoard(numbers[white], numbers[black]))
        matches.append((teams[white], teams[black], [(players[w], players[b]) for w, b in match_games]))
    rnd.store_team_draft(matches)


# What the engine reads, part by part, so a stale draft can say what changed since it was paired.
INPUT_PARTS: dict[str, Callable[[TeamState], object]] = {
    "results": lambda state: [(t.number, t.history) for t in state.teams],
    "teams": lambda state: [(t.number, t.roster) for t in state.teams],
    "lineups": lambda state: sorted(state.lineups.items()),
    "rules": lambda state: (
        *(state.total_rounds, state.boards, state.initial_colour, state.scoring, state.accelerated),
        *(state.primary, state.preferences, state.board_colours),
        sorted(state.absent.items(), key=lambda item: item[0]),
    ),
}


def input_fingerprint(state: TeamState) -> dict[str, str]:
    """A digest per part of the engine's input (`INPUT_PARTS`); names are left out."""
    return digests(INPUT_PARTS, state)


def draft_staleness(rnd: Round, state: TeamState | None = None) -> str:
    """Why the draft of `rnd` no longer rests on the engine's current input, "" when it still does."""
    try:
        now = input_fingerprint(state or team_state(rnd.tournament, rnd.number))
    except StateError as error:
        return f"{error} The draft cannot be published until it has one."
    return stale_reason(rnd, now)


def team_columns(state: TeamState) -> dict[int, tuple[str, str, str]]:
    """By team pairing number, the match points and game points as the pages write points, and
    the colours of board 1 in each round (W, B, or – without a match)."""
    return {
        team.number: (
            points_text(team.match_points),
            points_text(team.game_points),
            "".join(
                r.colour.value.upper() if r.colour is not None and r.opponent is not None else "–"
                for r in team.history
            ),
        )
        for team in state.teams
    }


def draft_findings(tournament: Tournament, state: TeamState, pairs: list[Pair]) -> list[str]:
    """What the system's checker says of the draft `pairs` for the input `state`, in the active language."""
    return all_worded(
        engine_system(tournament).check(state, to_engine(pairs, team_numbers(tournament)), None, {})
    )


def explain(rnd: Round, match_number: int) -> list[str]:
    """The engine's reading of one match of a draft, or why there is none now."""
    tournament = rnd.tournament
    try:
        state = team_state(tournament, rnd.number)
        numbers = team_numbers(tournament)
        match = rnd.matches.get(number=match_number)
        shown = EngineBoard(numbers[match.white_id], numbers[match.black_id] if match.black_id else None)
        return all_worded(engine_system(tournament).explain(state, shown, match_number, None))
    except (StateError, PairingError, LineupError) as error:
        return [f"{error} The match can be explained once the round can be paired."]
