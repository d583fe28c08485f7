"""What the round workflow asks of the engine for a team event: pair, order, check and explain matches.

A team draft is stored as matches of team ids (`Match`), each with its games; the engine
speaks team pairing numbers. The conversions both ways are here, and the digest of the
input a draft was paired from, as `drafts` does for individual events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from swiss.check import points_text
from swiss.model import Board as EngineBoard
from swiss.model import Pairing, PairingError
from swiss.systems import TeamSystem, team_system
from swiss.team.lineups import LineupError, games
from swiss.team.model import TeamState
from tournaments.models import DraftChange, Entrant, Round, Team, Tournament

from .drafts import NoPairing, Pair, digests, stale_reason
from .lineups import lineup_problems
from .state import StateError
from .teams import team_state

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


@dataclass
class TeamRow:
    team: Team
    number: int
    match_points: str
    game_points: str
    colours: str


@dataclass
class GameRow:
    board: int
    white: Entrant
    black: Entrant
    result: str


@dataclass
class MatchRow:
    number: int
    white: TeamRow
    black: TeamRow | None
    games: list[GameRow]
    forfeit: str


@dataclass
class TeamReview:
    """Everything the review page of a team round shows: matches, their games, findings, lineup problems."""

    round: Round
    matches: list[MatchRow]
    findings: list[str]
    changes: list[DraftChange]
    lineup_problems: list[str] = field(default_factory=list)
    problem: str = ""
    stale: str = ""

    @property
    def round_findings(self) -> list[str]:
        """The checker's findings name teams, not matches: all are shown above the matches."""
        return self.findings

    @property
    def size(self) -> int:
        """The highest match number a change may name."""
        return len(self.matches)


def review(rnd: Round) -> TeamReview:
    """The matches of a team round with the teams' points and colours, and the checker's findings."""
    tournament = rnd.tournament
    state: TeamState | None = None
    problem = ""
    try:
        state = team_state(tournament, rnd.number)
    except StateError as error:
        problem = f"{error} Points and findings show once it has one."
    numbers = team_numbers(tournament)
    engine = {t.number: t for t in state.teams} if state else {}
    pairs = draft_pairs(rnd)
    drafted = rnd.state == Round.State.DRAFT and bool(pairs)
    system = engine_system(tournament)
    findings = system.check(state, to_engine(pairs, numbers), None, {}) if state and drafted else []
    problems = lineup_problems(tournament, rnd.number) if rnd.state == Round.State.DRAFT else []

    def row(team: Team) -> TeamRow:
        number = numbers[team.pk]
        known = engine.get(number)
        if known is None:
            return TeamRow(team, number, "", "", "")
        colours = "".join(
            r.colour.value.upper() if r.colour is not None and r.opponent is not None else "–"
            for r in known.history
        )
        return TeamRow(team, number, points_text(known.match_points), points_text(known.game_points), colours)

    matches = []
    for match in rnd.matches.select_related("white", "black").prefetch_related("boards__seats__entrant"):
        rows = []
        for board in sorted(match.boards.all(), key=lambda b: b.match_board or 0):
            assert board.match_board is not None and board.white is not None and board.black is not None
            rows.append(GameRow(board.match_board, board.white, board.black, board.result))
        black = row(match.black) if match.black is not None else None
        matches.append(MatchRow(match.number, row(match.white), black, rows, match.forfeit))
    stale = draft_staleness(rnd, state) if drafted else ""
    changes = list(rnd.draft_changes.all())
    return TeamReview(rnd, matches, findings, changes, problems, problem, stale)


def explain(rnd: Round, match_number: int) -> list[str]:
    """The engine's reading of one match of a draft, or why there is none now."""
    tournament = rnd.tournament
    try:
        state = team_state(tournament, rnd.number)
        numbers = team_numbers(tournament)
        match = rnd.matches.get(number=match_number)
        shown = EngineBoard(numbers[match.white_id], numbers[match.black_id] if match.black_id else None)
        return engine_system(tournament).explain(state, shown, match_number, None)
    except (StateError, PairingError, LineupError) as error:
        return [f"{error} The match can be explained once the round can be paired."]
