"""The numbers of the FIDE title norms (Handbook B.01, 2024 numbering 1.4.1-1.4.9).

Everything is exact: scores are Fractions, and the two roundings of the rules (Ra to a whole
number, p to two decimals) are half-up on exact values, never on floats (docs/rules.md,
"Title norms").
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction


class NormTitle(enum.StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


@dataclass(frozen=True)
class Requirement:
    """What a norm of one title needs (1.4.6 floor, 1.4.9 performance and average)."""

    title: NormTitle
    floor: int  # the lowest opponent is raised to this (1.4.6)
    performance: int  # Rp at least (1.4.9)
    average: int  # Ra at least (1.4.9)
    # Opponents holding the norm title "or higher" (1.4.5); the lists of the B.01 text, not a
    # ranking: an FM does not count towards a WIM norm.
    strong_titles: frozenset[str]

    @property
    def strong_names(self) -> str:
        """The strong titles as arbiters list them, strongest first: "GM/IM"."""
        return "/".join(t for t in ("GM", "IM", "WGM", "WIM") if t in self.strong_titles)


REQUIREMENTS = {
    NormTitle.GM: Requirement(NormTitle.GM, 2200, 2600, 2380, frozenset({"GM"})),
    NormTitle.IM: Requirement(NormTitle.IM, 2050, 2450, 2230, frozenset({"GM", "IM"})),
    NormTitle.WGM: Requirement(NormTitle.WGM, 2000, 2400, 2180, frozenset({"GM", "IM", "WGM"})),
    NormTitle.WIM: Requirement(NormTitle.WIM, 1850, 2250, 2030, frozenset({"GM", "IM", "WGM", "WIM"})),
}
# Open titles first, then the women's: the order the lines are printed in.
TITLE_ORDER = (NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM)
WOMEN_ONLY = frozenset({NormTitle.WGM, NormTitle.WIM})

# Titles that count as "title-holders" for the 50 % rule (1.4.5): CM and WCM do not.
COUNTING_TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "WFM"})
KNOWN_TITLES = COUNTING_TITLES | {"CM", "WCM"}
# The spellings of the TRF player line (columns 11-13): TRF-16 codes and the plain titles.
_TITLE_CODES = {
    "g": "GM",
    "m": "IM",
    "wg": "WGM",
    "f": "FM",
    "wm": "WIM",
    "c": "CM",
    "wf": "WFM",
    "wc": "WCM",
    **{title.lower(): title for title in KNOWN_TITLES},
}

UNRATED_AS = 1400  # 1.4.6: an unrated opponent who is not the one raised
NO_FEDERATION = "FID"  # players under the FIDE flag: no federation (1.4.3)
MIN_GAMES = 9  # 1.4.1, the default; some team events allow fewer


def title_of(code: str) -> str | None:
    """The title a TRF title field names ("" for none), or None for a code the rules do not know."""
    code = code.strip().lower()
    if not code:
        return ""
    return _TITLE_CODES.get(code)


# 1.4.9 (the same as B.02 8.1.1): dp for p = 0.50 .. 1.00, by hundredths.
_DP = (
    *(0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141),
    *(149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309),
    *(322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800),
)


def dp(hundredths: int) -> int:
    """The rating difference for a score fraction p, given as hundredths (0..100)."""
    if not 0 <= hundredths <= 100:
        raise ValueError(f"p must lie between 0 and 1, got {hundredths / 100}")
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


def half_up(value: Fraction) -> int:
    """`value` rounded to the nearest whole number, .5 upward (1.4.7)."""
    return math.floor(value + Fraction(1, 2))


def p_hundredths(score: Fraction, games: int) -> int:
    """p = score / games rounded to two decimals, half-up (1.4.9), in hundredths."""
    # In half points and integers: floor(halves * 100 / (2 games) + 1/2).
    return (int(score * 2) * 100 + games) // (2 * games)


def minimum_score(games: int) -> Fraction:
    """35 % of the games, rounded up to the next half point (1.4.8)."""
    return Fraction((7 * games + 9) // 10, 2)  # ceil(0.7 games) half points


def titled_needed(games: int) -> int:
    """Title-holders among the opponents: at least 50 % (1.4.5)."""
    return (games + 1) // 2


def strong_needed(games: int) -> int:
    """Holders of the norm title or higher: at least 1/3, and at least 3 (1.4.5)."""
    return max(3, (games + 2) // 3)


def own_federation_allowed(games: int) -> int:
    """Opponents of the player's own federation: at most 3/5 (1.4.4)."""
    return 3 * games // 5


def one_federation_allowed(games: int) -> int:
    """Opponents of any one federation: at most 2/3 (1.4.4)."""
    return 2 * games // 3


def unrated_allowed(games: int) -> int:
    """Unrated opponents: at most 20 % (docs/rules.md: not confirmed in the 2024 text)."""
    return games // 5


OTHER_FEDERATIONS_NEEDED = 2  # 1.4.3


def points_text(value: Fraction) -> str:
    """A score as arbiters write it: 6½, ½, 0."""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) if whole else ''}{'½' if half else ''}" or "0"
