"""How results are written on every public page and export: the notation of TRF and chess-results.

One side of a game is "1", "½" or "0" when it was played and "+" or "−" when it was won or
lost by forfeit (TRF codes + and -): a forfeit never looks like a game not yet played. A
board is its two sides, "1–0" for a game, "+:−" for a forfeit, so the colon says at a
glance that no game took place. A round without a game is blank when it scored nothing
and "bye" with its points otherwise ("bye ½"). Board statistics and performances count
only games played over the board (`Code.played`).
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from swiss.model import Code, Colour

from .state import RESULT_CODES

MINUS = "−"  # U+2212: the forfeit loss, never the dash of a missing value

_SIDE = {
    Code.WIN: "1",
    Code.DRAW: "½",
    Code.LOSS: "0",
    Code.WIN_UNRATED: "1",
    Code.DRAW_UNRATED: "½",
    Code.LOSS_UNRATED: "0",
    Code.FORFEIT_WIN: "+",
    Code.FORFEIT_LOSS: MINUS,
}


def side(code: Code) -> str:
    """One player's result of a round with an opponent: "1", "½", "0", "+" or "−"."""
    return _SIDE[code]


def pair(first: str, second: str) -> str:
    """Two sides as one result, the first player's first: "1–0", "½–½", "+:−"; "" before it is known."""
    if not first or not second:
        return ""
    forfeit = first in ("+", MINUS) or second in ("+", MINUS)
    return f"{first}:{second}" if forfeit else f"{first}–{second}"


def board(result: str) -> str:
    """A stored `Board.result` from White's side first: "1–0", "+:−", "−:−"; "" while playing."""
    codes = RESULT_CODES.get(result)
    return pair(side(codes[0]), side(codes[1])) if codes else ""


def points(value: Fraction | int) -> str:
    """Points as chess players write them: "2½", "½", "3"."""
    whole, part = divmod(Fraction(value), 1)
    if not part:
        return str(int(whole))
    if part != Fraction(1, 2):  # a scoring of its own (TRF XXS): written as a decimal
        return f"{float(value):g}"
    return f"{int(whole) if whole else ''}½"


def unplayed(value: Fraction | int) -> str:
    """A round without a game: "bye" with the points it gave ("bye 1", "bye ½"), blank without any."""
    return _("bye %(points)s") % {"points": points(value)} if value else ""


def colour_initial(colour: Colour | None) -> str:
    """A crosstable cell's colour letter in the reader's language ("w" / "b" in English); ""
    without a colour."""
    if colour is None:
        return ""
    return pgettext("colour initial", "w") if colour is Colour.WHITE else pgettext("colour initial", "b")
