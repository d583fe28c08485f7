"""Team colours of the Olympiad rules D.02 article 7, which the ECU procedure uses too.

A team's colour is the colour of its board 1 in a match actually played
(7.1, 7.7).  Equalise first, then alternate (7.5); no team beyond a colour
difference of +-2 nor three times the same colour running when another
allocation avoids it (7.3).
"""

from __future__ import annotations

from swiss.model import Board, Colour
from swiss.team.model import Outcome, Team


def due_colour(team: Team) -> Colour | None:
    """D.02 7.5: the colour that equalises, else the opposite of the last one; None before any match."""
    colours = team.colours
    if not colours:
        return None
    cd = team.colour_difference
    if cd:
        return Colour.BLACK if cd > 0 else Colour.WHITE
    return colours[-1].opposite


def _claim(team: Team) -> tuple[bool, int]:
    """How badly a team needs its due colour: 7.3 would be broken otherwise, then |difference|."""
    colours, cd = team.colours, team.colour_difference
    limit = abs(cd) >= 2 or (len(colours) >= 2 and colours[-1] == colours[-2])
    return (limit, abs(cd))


def allocate(higher: Team, lower: Team, initial: Colour | None) -> Board:
    """D.02 7.2-7.6: the board-1 colours of a match; `higher` is the higher-ranked team."""
    mine, theirs = due_colour(higher), due_colour(lower)
    if mine is None and theirs is None:
        # 7.2: team 1 draws its colour; the odd numbers of the top half follow it.
        first = initial or Colour.WHITE
        mine = first if higher.number % 2 else first.opposite
    elif mine is None:
        assert theirs is not None
        mine = theirs.opposite
    elif theirs is not None and mine == theirs:
        if _claim(lower) > _claim(higher):
            mine = mine.opposite
        elif _claim(lower) == _claim(higher):
            # 7.6: alternate from the latest round in which their colours differed.
            for a, b in zip(reversed(higher.history), reversed(lower.history), strict=False):
                played = a.outcome is Outcome.PLAYED and b.outcome is Outcome.PLAYED
                if played and a.colour is not None and a.colour != b.colour:
                    mine = a.colour.opposite
                    break
    return Board(higher.number, lower.number) if mine is Colour.WHITE else Board(lower.number, higher.number)
