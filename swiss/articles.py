"""The article numbers under which each edition of the Dutch rules states a rule that the
checker, the explanations and the engine's notes cite: the same rule, numbered anew by
each text (C.04.3 2026 Article 2, 2017 Section C)."""

from __future__ import annotations

from swiss.model import Edition

_ARTICLES = {
    Edition.DUTCH_2026: {
        "meetings": "C1",  # no second meeting; every present player on one board
        "bye": "C2",  # no second PAB, nor one after a win without playing
        "colours": "C3",  # non-topscorers with the same absolute preference do not meet
        "scores": "C6-C7",  # the fewest and lowest downfloaters
        "floats": "C6-C8",  # a bracket's downfloaters, with the next bracket in view
        "preference": "C12",  # colour preferences granted
        "quality": "C6-C21",  # every quality criterion
    },
    Edition.DUTCH_2017: {
        "meetings": "C.1",
        "bye": "C.2",
        "colours": "C.3",
        "scores": "C.5-C.6",  # the most pairs, then the PSD
        "floats": "C.5-C.7",
        "preference": "C.10",
        "quality": "C.5-C.19",
    },
}


# The 1998 checker (swiss/dutch1998/check.py) reuses the shared checks under the 2026
# numbers and renames their findings to its own (B1a, B1b, F5 ...).
_ARTICLES[Edition.DUTCH_1998] = _ARTICLES[Edition.DUTCH_2026]


def article(edition: Edition, rule: str) -> str:
    """The number `edition` gives `rule` (one of the keys above)."""
    return _ARTICLES[edition][rule]
