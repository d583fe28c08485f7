"""`{% load results %}`: a board's result in the notation of every public page (`bridge.notation`),
and a side's colour in the reader's language."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext

from tournaments.bridge import notation

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
