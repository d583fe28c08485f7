"""Sections A and B of the 1998 "Swiss System based on Rating": what the procedure knows of
each player, and the criteria B1-B6 it checks a pair or a leftover against.

The text is the FIDE Handbook's C.04.1 of 1998 (docs/dutch.md section 8). Where it shares a rule
with the later editions (colour preferences A7, bye eligibility B1b, the topscorer threshold)
the shared module is used.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction

from swiss.colours import ColourState, colour_state, compatible_preferences
from swiss.model import Code, Colour, Player, TournamentState
from swiss.scores import find_player, score, topscorer_threshold
from swiss.unplayed import bye_eligible

_TITLES = ("GM", "WGM", "IM", "WIM", "FM", "WFM")


class Float(enum.Enum):
    DOWN = "down"
    UP = "up"


class Relaxed(enum.IntEnum):
    """How far C9 (downfloats) or C10 (upfloats) has gone: B5 and B6 kept, B6 dropped, both."""

    NONE = 0
    B6 = 1
    B5_AND_B6 = 2


@dataclass(frozen=True)
class Entrant:
    """One player present in the round, as the procedure sees them."""

    number: int
    score: Fraction
    key: tuple[Fraction, int, int, int]
    colours: ColourState
    floats: tuple[Float | None, Float | None]  # the last round's, the one before's
    played: frozenset[int]
    bye_ok: bool
    exempt: bool  # A player over 50 % in the last round: B2, B5 and B6 do not apply.
    partners: frozenset[int] = frozenset()  # whom B1 and B2 allow them to meet this round

    def __repr__(self) -> str:
        return str(self.number)


def order_key(player: Player, points: Fraction) -> tuple[Fraction, int, int, int]:
    """A2: score, rating, FIDE title (GM-WGM-IM-WIM-FM-WFM-none), then the pairing number,
    which stands for the alphabetical order the list of round 1 was made with."""
    title = _TITLES.index(player.title) if player.title in _TITLES else len(_TITLES)
    return (-points, -player.rating, title, player.number)


def _float_of(state: TournamentState, player: Player, round_index: int) -> Float | None:
    """A4-A5: the float a player received in a round: a bye is a downfloat; a pairing of
    unequal scores floats the higher down and the lower up, whether or not it was played;
    pre-arranged absences (F5) float nobody."""
    result = player.history[round_index]
    if result.code is Code.PAB:
        return Float.DOWN
    if result.opponent is None:
        return None
    opponent = find_player(state, result.opponent)
    mine = score(player, state.scoring, rounds=round_index)
    theirs = score(opponent, state.scoring, rounds=round_index)
    if mine == theirs:
        return None
    return Float.DOWN if mine > theirs else Float.UP


def entrants(state: TournamentState) -> list[Entrant]:
    """The players to pair (F5: not the pre-arranged absentees), in A2 order."""
    threshold = topscorer_threshold(state)
    result = []
    for player in state.players:
        if player.number in state.absences:
            continue
        points = score(player, state.scoring)
        rounds = len(player.history)
        floats = tuple(_float_of(state, player, rounds - back) if rounds >= back else None for back in (1, 2))
        played = frozenset(
            r.opponent for r in player.history if r.opponent is not None and r.code.played
        ) | frozenset(b if a == player.number else a for a, b in state.forbidden if player.number in (a, b))
        result.append(
            Entrant(
                number=player.number,
                score=points,
                key=order_key(player, points),
                colours=colour_state(player.history),
                floats=(floats[0], floats[1]),
                played=played,
                bye_ok=bye_eligible(player.history, state.scoring, state.edition),
                exempt=threshold is not None and points > threshold,
            )
        )
    return sorted(
        (replace(a, partners=frozenset(b.number for b in result if _may_meet(a, b))) for a in result),
        key=lambda e: e.key,
    )


def b2_allows(player: Entrant, colour: Colour) -> bool:
    """B2: the colour difference stays within -2..+2 and no colour three times running;
    waived for a player over 50 % in the last round."""
    if player.exempt:
        return True
    history = (*player.colours.history, colour)
    difference = sum(1 if c is Colour.WHITE else -1 for c in history)
    return abs(difference) <= 2 and history[-3:] != (colour, colour, colour)


def compatible(a: Entrant, b: Entrant) -> bool:
    """B1a (and the forbidden pairs) and B2: the two may meet with one of the two colourings."""
    return b.number in a.partners


def _may_meet(a: Entrant, b: Entrant) -> bool:
    if b.number in a.played or a.number == b.number:
        return False
    return any(
        b2_allows(a, colour) and b2_allows(b, colour.opposite) for colour in (Colour.WHITE, Colour.BLACK)
    )


def colours_met(a: Entrant, b: Entrant) -> bool:
    """B4: the pair can give both players their colour preference."""
    return compatible_preferences(a.colours.preference, b.colours.preference)


def may_float(player: Entrant, direction: Float, relaxed: Relaxed) -> bool:
    """B5 (not the same float as in the last round) and B6 (nor as two rounds before),
    unless C9/C10 dropped them; waived for a player over 50 % in the last round."""
    if player.exempt:
        return True
    last, before = player.floats
    if relaxed < Relaxed.B5_AND_B6 and last is direction:
        return False
    return not (relaxed < Relaxed.B6 and before is direction)


def minimum_colour_failures(players: list[Entrant]) -> int:
    """A8: x, the fewest pairs of a group that cannot meet the colour preferences: with w
    players preferring White, b Black and q half the group rounded up, x = max(w, b) - q."""
    white = sum(1 for p in players if p.colours.preference is Colour.WHITE)
    black = sum(1 for p in players if p.colours.preference is Colour.BLACK)
    return max(0, max(white, black) - (len(players) + 1) // 2)
