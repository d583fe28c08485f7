"""What the data app names of the US Chess mode: the director's variations and the 34E tie-breaks.

The model validates a tournament's choices against these names and the forms show them; the bridge
computes them. The variations' words are the engine's (`swiss.us.options.OPTION_NAMES`, also the
TRF's `XUS` words), in its order, so a tournament's variations reach the engine unchanged
(`bridge.state.engine_system`); the tie-break codes are those `bridge.us_tiebreaks` computes. Tests
hold both to that.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

US_VARIATIONS: dict[str, Promise] = {
    "no-colour-interchanges": _("No interchanges for colour, only transpositions (29E5d; club practice)"),
    "28L2a": _("28L2a: the bye may go to a higher-rated player of the group for better colours"),
    "29E4a": _("29E4a: in minus score groups the lower-ranked player has colour priority"),
    "29E4b": _("29E4b: colour priority alternates down each score group"),
    "29E4c": _("29E4c: in the last round colour priority is decided by lot"),
    "29E4d": _("29E4d: the 4th edition's colour rules, without rule 4 (the latest differing round)"),
    "29E5b1": _("29E5b1: the 200-point allowance avoids only two extra Blacks"),
    "29E5h": _("29E5h: equalisation outranks rating differences (no limit)"),
    "29E8": _("29E8: avoiding teammates outranks colour equalisation"),
    "28N": _("28N: keep players of one club apart where their score group allows"),
    "28R1": _("28R1: added-score acceleration in rounds 1 and 2"),
}

# Rule 34E, by code; the announced default order is the first four (34E1-34E4).
US_TIEBREAK_TITLES: dict[str, Promise] = {
    "MM": _("Modified median (34E1)"),
    "SOLK": _("Solkoff (34E2)"),
    "CUM": _("Cumulative (34E3)"),
    "OCUM": _("Opposition's cumulative (34E4)"),
    "MED": _("Median"),
    "SB": _("Sonneborn-Berger"),
    "KASH": _("Kashdan"),
    "BLK": _("Most games with Black"),
}
US_TIEBREAK_CODES = tuple(US_TIEBREAK_TITLES)
US_DEFAULT_TIEBREAKS = US_TIEBREAK_CODES[:4]
