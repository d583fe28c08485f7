"""What no text stored by the app may hold: characters that forge records or disguise text for its readers."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# C0 and C1 controls (CR, LF, tab, NUL, ...), DEL, and the line and paragraph separators that
# some readers split lines on: each could end a TRF or CSV record and start a forged one.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# Bidirectional embeddings, overrides and isolates reorder the text after them, so a name could
# show a result it does not hold ("Smith\u202e0-1\u202c" reads as "Smith1-0").
BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")


def plain_text(value: str) -> None:
    """Refuse control characters and bidirectional controls, with a message that names the problem."""
    if CONTROL.search(value):
        raise ValidationError(
            _("Control characters (line breaks, tabs and the like) are not allowed here."),
            code="control_character",
        )
    if BIDI_CONTROL.search(value):
        raise ValidationError(
            _("Invisible text-direction controls (U+202A–U+202E, U+2066–U+2069) are not allowed here."),
            code="bidi_control",
        )
