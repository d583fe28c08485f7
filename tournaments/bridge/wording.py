"""The engine's findings, explanations and notes in the language of the request.

The engine returns `Message`s: an English template with its values (`swiss.messages`). They are
stored as such (a draft's check keeps templates and values, not sentences) and worded only when
shown, by `gettext` on the template, so a check stored while one arbiter read English reads in
German for the next. Values are worded alike when they are messages themselves (a colour); names
and numbers are put in as they are. A check stored before findings had templates holds plain
English sentences: they are shown as they were written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from swiss.check import Finding
from swiss.messages import Message as Message  # re-exported: the pages type what they word


def _translate(template: str) -> str:
    # gettext("") is the catalogue's header, not an empty text.
    return gettext(template) if template else template


def worded(message: Message | str) -> str:
    """`message` in the active language; a plain text (a note stored before notes were messages,
    something a user typed) as it is."""
    return message.worded(_translate) if isinstance(message, Message) else message


def all_worded(messages: list[Message]) -> list[str]:
    return [worded(message) for message in messages]


def stored(message: Message) -> dict[str, Any]:
    """`message` as a check keeps it in JSON."""
    return message.to_json()


def restored(data: object) -> Message:
    """A message a check keeps (`stored`), or the plain sentence an older check kept."""
    return Message.from_json(data)


@dataclass(frozen=True)
class ShownFinding:
    """A finding as the review shows it: `message` worded, and `str` the whole line with its board
    and rule ("Board 4: … (C.04.3 A.7)")."""

    board: int | None
    rule: str
    message: str
    absolute: bool
    text: str

    def __str__(self) -> str:
        return self.text


def shown(finding: Finding) -> ShownFinding:
    return ShownFinding(
        finding.board, finding.rule, worded(finding.message), finding.absolute, worded(finding.as_message())
    )
