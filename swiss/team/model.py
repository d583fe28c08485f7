"""The team model shared by the three team systems (C.04.6, ECU N.6, Olympiad D.02).

A team has a fixed pairing number (TPN), a roster in board order and one
`TeamRound` per completed round.  Scores are exact `Fraction`s.  The pairing
is returned as `swiss.model.Pairing`: boards hold team numbers, `white` is the
team with White on board 1 and `black` is None for the pairing-allocated bye.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from swiss.model import Code, Colour, Scoring


class Outcome(enum.Enum):
    """What one round was for one team (docs/trf.md section 4, corpus README "Scores")."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"
    PAB = "pairing-allocated bye"
    HALF_BYE = "half-point bye"
    FULL_BYE = "full-point bye"
    ZERO_BYE = "zero-point bye"

    @property
    def has_opponent(self) -> bool:
        return self in (Outcome.PLAYED, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT)


@dataclass(frozen=True)
class TeamRound:
    """One team's round: the opponent team and the board-1 colour (None without an opponent).

    `lineup` holds the players who sat at the boards, board 1 first, and
    `results` their result codes on those boards.
    """

    outcome: Outcome
    opponent: int | None
    colour: Colour | None
    match_points: Fraction
    game_points: Fraction
    lineup: tuple[int, ...] = ()
    results: tuple[Code, ...] = ()
    # A TRF 299 record behind the points: (type, match points, game points); the type is a
    # result letter (the points are those given) or blank (a bonus or penalty added to them).
    abnormal: tuple[str, Fraction, Fraction] | None = None


@dataclass(frozen=True)
class Team:
    """A team: TPN, roster (player ids, board 1 first) and its rounds so far."""

    number: int
    name: str = ""
    rating: int = 0
    roster: tuple[int, ...] = ()
    history: tuple[TeamRound, ...] = ()

    @property
    def match_points(self) -> Fraction:
        return sum((r.match_points for r in self.history), Fraction(0))

    @property
    def game_points(self) -> Fraction:
        return sum((r.game_points for r in self.history), Fraction(0))

    @property
    def played(self) -> tuple[TeamRound, ...]:
        """The matches actually played (C.04.6 1.6): no bye, no forfeited match."""
        return tuple(r for r in self.history if r.outcome is Outcome.PLAYED)

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Board-1 colours of the played matches, oldest first (C.04.6 1.6, GHR 3.4)."""
        return tuple(r.colour for r in self.played if r.colour is not None)

    @property
    def colour_difference(self) -> int:
        """Whites minus Blacks over the played matches."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    def score(self, primary: Primary, rounds: int | None = None) -> Fraction:
        """The match or game points of the first `rounds` rounds (all by default)."""
        history = self.history if rounds is None else self.history[:rounds]
        if primary is Primary.MATCH_POINTS:
            return sum((r.match_points for r in history), Fraction(0))
        return sum((r.game_points for r in history), Fraction(0))


class Primary(enum.Enum):
    """C.04.6 1.2: the score that forms the scoregroups; the other one is secondary."""

    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"


class Preferences(enum.Enum):
    """C.04.6 1.7: the colour-preference model of the competition."""

    TYPE_A = "A"
    TYPE_B = "B"


@dataclass(frozen=True)
class MatchScoring:
    """Match points per match result and the value of the pairing-allocated bye."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    pab_match_points: Fraction = Fraction(1)
    pab_game_points: Fraction | None = None  # None: half the boards (a drawn match, C.04.6 1.4)


@dataclass(frozen=True)
class TeamState:
    """Everything a team system needs to pair the next round.

    `absent` gives the teams not to be paired in the round to pair (TRF 240 for
    that round) with the bye they take (half-point, full-point or zero-point);
    `forbidden` holds pairs (lower TPN first) that must never meet;
    `lineups` gives, per team, the players of the round to pair in board order
    when they differ from the roster's first `boards` players.  `accelerated`
    asks the ECU procedure for its accelerated rounds 1-2 (N.6.1-6.2).
    """

    teams: tuple[Team, ...]
    total_rounds: int
    boards: int
    board_colours: str = ""
    initial_colour: Colour | None = None
    primary: Primary = Primary.MATCH_POINTS
    preferences: Preferences = Preferences.TYPE_A
    scoring: MatchScoring = field(default_factory=MatchScoring)
    # A game's points on one board (TRF 162 and XXS); a match's game points sum its boards'.
    # Its `pab` is not used: the bye's game points are the match scoring's.
    board_scoring: Scoring = field(default_factory=Scoring)
    absent: Mapping[int, Outcome] = field(default_factory=dict)
    forbidden: frozenset[tuple[int, int]] = frozenset()
    lineups: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    accelerated: bool = False
    name: str = ""

    @property
    def rounds_played(self) -> int:
        return max((len(t.history) for t in self.teams), default=0)

    @property
    def round_to_pair(self) -> int:
        return self.rounds_played + 1

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise KeyError(number)
