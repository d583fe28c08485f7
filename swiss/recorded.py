"""A recorded round: the state as it stood before it was paired, and its pairing as the history
records it (to re-pair a tournament's rounds and compare, `python -m swiss --dutch FILE -c`).

Players and teams keep their rounds alike (the opponent and the colour of the first board, then a
code or an outcome), so cutting the histories before a round and reading a round's boards are
written once for both; `swiss.team.replay` reads team files with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, TypeVar

from swiss.model import Board, Code, Colour, Pairing, RoundResult, TournamentState


class _Record(Protocol):
    """One round of a player or a team: the opponent and the colour (None without a game)."""

    @property
    def opponent(self) -> int | None: ...

    @property
    def colour(self) -> Colour | None: ...


class _Competitor(Protocol):
    """A player or a team: a frozen dataclass with a history of records."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def history(self) -> Sequence[_Record]: ...


R = TypeVar("R", bound=_Record)
C = TypeVar("C", bound=_Competitor)


def histories_before(competitors: Iterable[C], round_number: int) -> tuple[C, ...]:
    """Each competitor with its history cut before `round_number`."""
    return tuple(replace(c, history=c.history[: round_number - 1]) for c in competitors)


def round_records(histories: Iterable[tuple[int, Sequence[R]]], round_number: int) -> dict[int, R]:
    """By number, the record of `round_number` in each history (number, records) that has one."""
    index = round_number - 1
    return {number: history[index] for number, history in histories if len(history) > index}


def recorded_boards(records: Mapping[int, R], is_bye: Callable[[R], bool]) -> Pairing:
    """The boards of a completed round from its records by number: White's record names Black,
    the pairing-allocated bye (`is_bye`) has no Black; forfeits included."""
    boards = []
    for number, record in records.items():
        if is_bye(record):
            boards.append(Board(number, None))
        elif record.opponent is not None and record.colour is Colour.WHITE:
            boards.append(Board(number, record.opponent))
    return Pairing(tuple(boards))


_ABSENCES = (Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE)


def _records(state: TournamentState, round_number: int) -> dict[int, RoundResult]:
    return round_records(((p.number, p.history) for p in state.players), round_number)


def state_before_round(state: TournamentState, round_number: int) -> TournamentState:
    """The state as it stood before `round_number` was paired, taken from the history.

    Players who had H, F or Z in that round become its pre-arranged absences.
    Virtual points and forbidden pairs are kept as they are.
    """
    records = _records(state, round_number)
    absences = {n: r.code for n, r in records.items() if r.code in _ABSENCES}
    return replace(state, players=histories_before(state.players, round_number), absences=absences)


def recorded_pairing(state: TournamentState, round_number: int) -> Pairing:
    """The boards of a completed round as the history records them (forfeits included)."""
    return recorded_boards(_records(state, round_number), lambda r: r.code is Code.PAB)
