"""What the data app names of the US Chess mode: the director's variations and the 34E tie-breaks.

The words are the engine's (`swiss.us.options.OPTION_NAMES`, also the TRF's `XUS` words), so a
tournament's variations reach the engine unchanged (`state.engine_system`).
"""

from __future__ import annotations

from swiss.us.options import OPTION_NAMES

from .us_tiebreaks import CODES as US_TIEBREAK_CODES
from .us_tiebreaks import DEFAULT_TIEBREAKS as US_DEFAULT_TIEBREAKS
from .us_tiebreaks import TITLES as US_TIEBREAK_TITLES

_LABELS = {
    "no-colour-interchanges": "No interchanges for colour, only transpositions (29E5d; club practice)",
    "28L2a": "28L2a: the bye may go to a higher-rated player of the group for better colours",
    "29E4a": "29E4a: in minus score groups the lower-ranked player has colour priority",
    "29E4b": "29E4b: colour priority alternates down each score group",
    "29E4c": "29E4c: in the last round colour priority is decided by lot",
    "29E4d": "29E4d: the 4th edition's colour rules, without rule 4 (the latest differing round)",
    "29E5b1": "29E5b1: the 200-point allowance avoids only two extra Blacks",
    "29E5h": "29E5h: equalisation outranks rating differences (no limit)",
    "29E8": "29E8: avoiding teammates outranks colour equalisation",
    "28N": "28N: keep players of one club apart where their score group allows",
    "28R1": "28R1: added-score acceleration in rounds 1 and 2",
}
# Every engine option, in the engine's order; a missing label fails at import.
US_VARIATIONS = {word: _LABELS[word] for word in OPTION_NAMES}

__all__ = ["US_DEFAULT_TIEBREAKS", "US_TIEBREAK_CODES", "US_TIEBREAK_TITLES", "US_VARIATIONS"]
