"""`{% load result_entry %}`: the results page's selects, written out directly.

A results page shows up to a hundred games. Django's Select widget renders every option of
every select through a template of its own, which was most of the page's time (issue 28: a
300-player round's page took 0.45 s of CPU). Here each option is formatted once per page and
only the `selected` mark differs from one game to the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.forms import BoundField
from django.template.context import Context
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from tournaments.models import Board

register = template.Library()

_OPTIONS = "result_entry.options"


def _result_options(context: Context) -> list[tuple[str, SafeString, SafeString]]:
    """Per result: its value, its option, its option chosen; made once per rendering of the page
    (labels are read then, in the page's language)."""
    made: list[tuple[str, SafeString, SafeString]] | None = context.render_context.get(_OPTIONS)
    if made is None:
        made = [
            (
                value,
                format_html('<option value="{}">{}</option>', value, label),
                format_html('<option value="{}" selected>{}</option>', value, label),
            )
            for value, label in Board.Result.choices
        ]
        context.render_context[_OPTIONS] = made
    return made


@register.simple_tag(takes_context=True)
def result_choice(context: Context, field: BoundField, seen: BoundField) -> SafeString:
    """A game's result select (`board_<n>`) with the result the page shows (`seen_<n>`) hidden
    beside it: what a `ResultsForm` reads back, as its widgets would have written it."""
    chosen = str(field.value() or "")
    options = "".join(
        selected if value == chosen else plain for value, plain, selected in _result_options(context)
    )
    invalid = mark_safe(' aria-invalid="true"') if field.errors else ""
    return format_html(
        '<select name="{}" id="{}"{}>{}</select><input type="hidden" name="{}" value="{}" id="{}">',
        field.html_name,
        field.auto_id,
        invalid,
        mark_safe(options),  # made of format_html's escaped parts
        seen.html_name,
        str(seen.value() or ""),
        seen.auto_id,
    )


@register.simple_tag
def options(choices: Iterable[tuple[Any, Any]]) -> SafeString:
    """The options of a long select, none chosen, without a template per option."""
    return format_html_join("", '<option value="{}">{}</option>', choices)
