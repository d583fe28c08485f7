"""US Chess colours: the due colour (29E3), colour conflicts and their 29E5 limits, allocation (29E4)."""

from __future__ import annotations

from dataclasses import dataclass

from swiss.colours import colour_state
from swiss.messages import Message, gettext_noop
from swiss.model import Colour, RoundResult
from swiss.us.options import USOptions

# A pair's colour conflict: both players due the same colour.
NONE, ALTERNATION, EQUALISATION = 0, 1, 2


@dataclass(frozen=True)
class Due:
    """What a player's played games say about their next colour.

    `rounds` holds one entry per round, None where no game was played (29E1:
    byes and forfeits never count for colour, but 29E4 rule 4 reads them).
    """

    colour: Colour | None
    imbalance: int
    rounds: tuple[Colour | None, ...]


def due(history: tuple[RoundResult, ...]) -> Due:
    """29E3/29E3a: the equalising colour when Whites and Blacks differ, else the
    opposite of the latest played colour; none before the first game."""
    state = colour_state(history)
    rounds = tuple(r.colour if r.code.played else None for r in history)
    whites = state.history.count(Colour.WHITE)
    colour: Colour | None
    if state.imbalance:
        colour = Colour.BLACK if whites * 2 > len(state.history) else Colour.WHITE
    elif state.history:
        colour = state.history[-1].opposite
    else:
        colour = None
    return Due(colour, state.imbalance, rounds)


def conflict(a: Due, b: Due) -> int:
    """27A4-27A5: EQUALISATION when both are due the same colour to equalise (one
    of them would end two colours apart), ALTERNATION when they are due the same
    colour otherwise, NONE when both can have their due colour."""
    if a.colour is None or a.colour is not b.colour:
        return NONE
    return EQUALISATION if a.imbalance and b.imbalance else ALTERNATION


def limit(level: int, colour: Colour | None, options: USOptions) -> int | None:
    """29E5a-b: the largest rating cost of a switch that fixes a conflict of this
    level (None: no limit).  29E5b1 keeps two extra Whites at 80 points; 29E5h
    lifts the limit on equalisation."""
    if level == EQUALISATION:
        if options.black_only_200 and colour is Colour.BLACK:
            return 80
        return None if options.equalisation_over_ratings else 200
    return 80


def allocate(
    higher: Due, lower: Due, fallback: Colour, lower_priority: bool, *, rule_4: bool
) -> tuple[Colour, Message]:
    """29E4: the higher-ranked player's colour and the rule that decided it.

    `fallback` is the colour the higher-ranked player gets when neither player has
    a due colour (28J, 29E2: the coin toss, alternating down the boards);
    `lower_priority` gives rule 5 to the lower-ranked player (29E4a-c); without
    `rule_4` (29E4d) only the last round is compared before rule 5.
    """
    if higher.colour is None and lower.colour is None:
        return fallback, Message(
            gettext_noop("28J: no colours yet, the coin toss alternating down the boards")
        )
    if higher.colour is None:
        assert lower.colour is not None
        return lower.colour.opposite, Message(gettext_noop("29E3: the lower-ranked player's due colour"))
    if higher.colour is not lower.colour:
        return higher.colour, Message(gettext_noop("29E3: each player's due colour"))
    if bool(higher.imbalance) != bool(lower.imbalance):
        colour = higher.colour if higher.imbalance else higher.colour.opposite
        return colour, Message(
            gettext_noop("29E4 rule 1: the player with unequal colours gets the due colour")
        )
    if higher.imbalance != lower.imbalance:
        colour = higher.colour if higher.imbalance > lower.imbalance else higher.colour.opposite
        return colour, Message(gettext_noop("29E4 rule 2: the larger imbalance gets the due colour"))
    latest = True
    for mine, theirs in zip(reversed(higher.rounds), reversed(lower.rounds), strict=False):
        if mine is not theirs:
            rule = Message(
                gettext_noop("29E4 rule 3: they had different colours last round")
                if latest
                else gettext_noop(
                    "29E4 rule 4: alternating from the latest round in which their colours differed"
                )
            )
            if mine is None:
                assert theirs is not None
                return theirs, rule
            return mine.opposite, rule
        if not rule_4:
            break
        latest = False
    if lower_priority:
        colour = higher.colour.opposite
        rule = Message(gettext_noop("29E4 rule 5 (variation): the lower-ranked player gets the due colour"))
    else:
        colour = higher.colour
        rule = Message(gettext_noop("29E4 rule 5: the higher-ranked player gets the due colour"))
    if not rule_4:
        rule = Message(gettext_noop("29E4d (variation) skips rule 4; %(rule)s"), {"rule": rule})
    return colour, rule
