"""`{% load results %}`: a board's result in the notation of every public page (`bridge.notation`),
a side's colour and an engine's message in the reader's language."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils import formats
from django.utils.translation import pgettext

from tournaments.bridge import notation, wording

register = template.Library()


@register.filter
def board_result(result: str) -> str:
    """`Board.result` from White's side first: "1–0", "½–½", "+:−"; "" while the game is played."""
    return notation.board(result)


@register.filter
def colour_name(colour: str) -> str:
    """ "White" or "Black", the colour as the pages keep it (and style it by), in the reader's
    language; "" stays blank."""
    if colour == "White":
        return pgettext("colour", "White")
    if colour == "Black":
        return pgettext("colour", "Black")
    return colour


@register.filter
def worded(message: wording.Message | str) -> str:
    """An engine's message (a norm condition, a finding) in the reader's language; a plain text as it is."""
    return wording.worded(message)


@register.filter
def signed_change(text: str) -> str:
    """A rating change as the tables keep it ("+16.4", "-2.1", "0.0") in the reader's number format
    ("+16,4" in German, as the points beside it)."""
    if not text:
        return text
    value = Decimal(text)
    shown = formats.number_format(abs(value), 1)
    return f"+{shown}" if value > 0 else f"-{shown}" if value < 0 else shown
