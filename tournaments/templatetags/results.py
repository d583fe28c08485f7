"""`{% load results %}`: a board's result in the notation of every public page (`bridge.notation`)."""

from __future__ import annotations

from django import template

from tournaments.bridge import notation

register = template.Library()


@register.filter
def board_result(result: str) -> str:
    """`Board.result` from White's side first: "1–0", "½–½", "+:−"; "" while the game is played."""
    return notation.board(result)
