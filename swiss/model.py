"""Plain, frozen inputs and outputs of the engine.

Scores are exact (`fractions.Fraction`); nothing here is ever a float.
Pairing numbers (TPN) are the players' ids everywhere: in history records,
absences, forbidden pairs and boards.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Code(enum.Enum):
    """TRF result codes: one round of one player (docs/trf.md section 3)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "U"
    HALF_BYE = "H"
    FULL_BYE = "F"
    ZERO_BYE = "Z"

    @property
    def played(self) -> bool:
        """A game took place over the board (it counts for C1 and colours)."""
        return self in _PLAYED

    @property
    def has_opponent(self) -> bool:
        """An opponent was paired, whether or not the game was played."""
        return self in _PLAYED or self in (Code.FORFEIT_WIN, Code.FORFEIT_LOSS)


_PLAYED = frozenset({Code.WIN, Code.DRAW, Code.LOSS, Code.WIN_UNRATED, Code.DRAW_UNRATED, Code.LOSS_UNRATED})


@dataclass(frozen=True)
class Scoring:
    """Points per outcome (TRF 162 / XXS). Defaults are the FIDE 1 - 1/2 - 0."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    full_bye: Fraction = Fraction(1)
    zero_bye: Fraction = Fraction(0)

    def points(self, code: Code) -> Fraction:
        # A field by name, not a dict built per call: standings and board orders ask thousands of times.
        return getattr(self, _SCORED_AS[code])  # type: ignore[no-any-return]


# The Scoring field that gives each code its points.
_SCORED_AS = {
    Code.WIN: "win",
    Code.WIN_UNRATED: "win",
    Code.DRAW: "draw",
    Code.DRAW_UNRATED: "draw",
    Code.LOSS: "loss",
    Code.LOSS_UNRATED: "loss",
    Code.FORFEIT_WIN: "forfeit_win",
    Code.FORFEIT_LOSS: "forfeit_loss",
    Code.PAB: "pab",
    Code.HALF_BYE: "half_bye",
    Code.FULL_BYE: "full_bye",
    Code.ZERO_BYE: "zero_bye",
}


@dataclass(frozen=True)
class RoundResult:
    """One player's round: opponent and colour (None for byes) and the result code."""

    opponent: int | None
    colour: Colour | None
    code: Code


@dataclass(frozen=True)
class Player:
    """A participant with their pairing number for the round being paired."""

    number: int
    name: str = ""
    rating: int = 0
    history: tuple[RoundResult, ...] = ()
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""


class Acceleration(enum.Enum):
    NONE = "none"
    BAKU = "baku"
    # National, not FIDE-approved: bracket overrides, not virtual points (swiss.abcd).
    ABCD = "abcd"
    ABCD_ADVANCED = "abcd-advanced"


class Edition(enum.StrEnum):
    """Which text of the FIDE (Dutch) System C.04.3 pairs the event."""

    DUTCH_2026 = "2026"  # in force from 1 February 2026
    DUTCH_2017 = "2017"  # in force 1 July 2017 to 31 January 2026
    DUTCH_1998 = "1998"  # "Swiss system based on rating", procedure C1-C14


@dataclass(frozen=True)
class TournamentState:
    """Everything the engine needs to pair the next round.

    `absences` holds the pre-arranged byes (H, F or Z) of the round being paired.
    `virtual_points` gives per player, per round (index 0 is round 1), the
    acceleration points; when it is empty and `acceleration` is BAKU the engine
    derives them (see `swiss.acceleration`); ABCD and ABCD_ADVANCED change how the
    brackets are formed instead (see `swiss.abcd`).
    `forbidden` holds pairs (lower number first) that must never meet.
    `edition` is the text of the Dutch rules that pairs it.
    `abcd_last_top` is, under A/B/C/D, the pairing number of the top half's last player:
    the top half is fixed as a person at round 1 and holds everyone ranked at or above them
    (late entries included); None derives it from the size of the field.
    """

    players: tuple[Player, ...]
    total_rounds: int
    initial_colour: Colour | None = None
    scoring: Scoring = field(default_factory=Scoring)
    absences: Mapping[int, Code] = field(default_factory=dict)
    virtual_points: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    forbidden: frozenset[tuple[int, int]] = frozenset()
    acceleration: Acceleration = Acceleration.NONE
    edition: Edition = Edition.DUTCH_2026
    abcd_last_top: int | None = None
    name: str = ""

    @property
    def rounds_played(self) -> int:
        return max((len(p.history) for p in self.players), default=0)

    @property
    def round_to_pair(self) -> int:
        return self.rounds_played + 1


@dataclass(frozen=True)
class Board:
    """White and Black by pairing number; black is None for the pairing-allocated bye."""

    white: int
    black: int | None


@dataclass(frozen=True)
class Pairing:
    boards: tuple[Board, ...]


class PairingError(Exception):
    """No legal pairing exists; the message says why, in an arbiter's words."""


class TrfError(ValueError):
    """A malformed TRF file: where it is wrong and what was expected."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message
