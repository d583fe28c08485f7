"""The engine's sentences as templates with named values, so that a caller words them in its language.

A finding or an explanation line is a `Message`: an English template with named placeholders
("%(white)s and %(black)s already played each other in round %(round)s") and the values to put in
them. The command line words it in English (`str`); the web app looks the template up in its
catalogue first and fills in the same values, so a check stored once reads in whichever language
the arbiter reads it later. A value is a number, a name (user data, never translated) or another
message (a colour, a part of a sentence), which the caller words the same way.

Templates are marked with `gettext_noop`: Django's makemessages extracts that keyword from every
Python file, so the engine's sentences reach the app's catalogue without the engine importing Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from swiss.model import Colour


def gettext_noop(text: str) -> str:
    """`text` itself: marks an English template for the catalogue (see the module's text)."""
    return text


Value = Union[str, int, "Message"]


@dataclass(frozen=True)
class Message:
    """An English template with named placeholders and their values.

    `sentence` asks the words to be shown as a sentence of their own: first letter capitalised and a
    full stop after (a note that also appears inside a longer sentence).
    """

    text: str
    args: Mapping[str, Value] = field(default_factory=dict)
    sentence: bool = False

    def __str__(self) -> str:
        return self.worded(lambda text: text)

    def worded(self, translate: Callable[[str], str]) -> str:
        """The message in the language of `translate` (a template's translation), values worded alike."""
        values = {
            name: value.worded(translate) if isinstance(value, Message) else value
            for name, value in self.args.items()
        }
        text = translate(self.text) % values
        return f"{text[:1].upper()}{text[1:]}." if self.sentence else text

    def as_sentence(self) -> Message:
        return Message(self.text, self.args, sentence=True)

    def to_json(self) -> dict[str, Any]:
        """The message as JSON keeps it (a stored check), read back by `from_json`."""
        args = {
            name: value.to_json() if isinstance(value, Message) else value
            for name, value in self.args.items()
        }
        return {"text": self.text, "args": args, **({"sentence": True} if self.sentence else {})}

    @staticmethod
    def from_json(data: object) -> Message:
        """A message stored by `to_json`; a plain string (stored before messages had templates) is kept
        as it was written, its `%` signs included."""
        if isinstance(data, str):
            return Message("%(text)s", {"text": data})
        assert isinstance(data, dict)
        args = {
            name: Message.from_json(value) if isinstance(value, dict) else value
            for name, value in data.get("args", {}).items()
        }
        return Message(data["text"], args, bool(data.get("sentence", False)))


def listed(items: list[Message], separator: str = ", ") -> Message:
    """ "3, 8 (absolute), 12": the items one after the other, each worded in the caller's language."""
    return Message(
        separator.join(f"%({i})s" for i in range(len(items))), {str(i): item for i, item in enumerate(items)}
    )


_COLOURS = {Colour.WHITE: Message(gettext_noop("white")), Colour.BLACK: Message(gettext_noop("black"))}


def colour_word(colour: Colour) -> Message:
    """A colour as a word inside a sentence ("gets %(colour)s a third time in a row")."""
    return _COLOURS[colour]
