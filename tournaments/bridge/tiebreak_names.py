"""The tie-breaks in words, as the settings page offers them: C.07's (Art. 6-10, with the
modifiers of Art. 14), US Chess rule 34E's and the team ones. The codes stay those of the
standings and of TRF import and export."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments import us_chess

from . import team_tiebreaks
from .tiebreaks import CRITERIA, DEFAULT_TIEBREAKS, TERMINAL

# Per C.07 code without its modifier: the name and what it counts.
NAMES: dict[str, tuple[Promise, Promise]] = {
    "BH": (_("Buchholz"), _("the sum of the opponents' scores (Art. 8.1)")),
    "SB": (_("Sonneborn-Berger"), _("each opponent's score times the points scored against them (Art. 9.1)")),
    "DE": (_("Direct encounter"), _("the games between the tied players (Art. 6)")),
    "WIN": (_("Wins"), _("rounds won, with or without playing (Art. 7.1)")),
    "WON": (_("Games won"), _("games won over the board (Art. 7.2)")),
    "BPG": (_("Games with Black"), _("games played with Black (Art. 7.3)")),
    "BWG": (_("Wins with Black"), _("games won with Black (Art. 7.4)")),
    "PS": (_("Progressive score"), _("the sum of the running scores after each round (Art. 7.5)")),
    "REP": (_("Rounds elected to play"), _("rounds that were not a chosen absence (Art. 7.6)")),
    "AOB": (_("Average of opponents' Buchholz"), _("Art. 8.2")),
    "FB": (_("Fore Buchholz"), _("Buchholz as if every last-round game were drawn (Art. 8.3)")),
    "KS": (_("Koya score"), _("points against opponents on half the maximum or more (Art. 9.2)")),
    "ARO": (_("Average rating of opponents"), _("over the games played (Art. 10.1)")),
    "TPR": (_("Performance rating"), _("Art. 10.2")),
    "PTP": (_("Perfect tournament performance"), _("Art. 10.3")),
    "APRO": (_("Average of opponents' performance ratings"), _("Art. 10.4")),
    "APPO": (_("Average of opponents' perfect performances"), _("Art. 10.5")),
    "TPN": (_("Pairing number"), _("the lower number first; a last key, from the 2026 edition (Art. 7.8)")),
    "RTNG": (_("Own rating"), _("the higher rating first; a last key, from the 2026 edition (Art. 10.6)")),
}
# Art. 14: the least significant values left out.
MODIFIERS: dict[str, Promise] = {
    "C1": _("cut 1"),
    "C2": _("cut 2"),
    "M1": _("median 1"),
    "M2": _("median 2"),
}


def label(code: str) -> str:
    """ "BH-C1" -> "Buchholz, cut 1"."""
    base, _sep, modifier = code.partition("-")
    name = str(NAMES[base][0])
    return f"{name}, {MODIFIERS[modifier]}" if modifier else name


def fide_choices() -> list[tuple[str, str]]:
    """Every C.07 tie-break the standings compute, in words."""
    return [(code, label(code)) for code in (*CRITERIA, *TERMINAL)]


def us_choices() -> list[tuple[str, str]]:
    return [(code, str(title)) for code, title in us_chess.US_TIEBREAK_TITLES.items()]


def team_choices() -> list[tuple[str, str]]:
    return [(code, team_tiebreaks.label(code)) for code in team_tiebreaks.team_codes()]


def meanings() -> list[tuple[str, str]]:
    """(name, what it counts) of every C.07 tie-break, for the help beside the list."""
    return [(str(name), str(meaning)) for name, meaning in NAMES.values()]


FIDE_DEFAULT = list(DEFAULT_TIEBREAKS)
US_DEFAULT = list(us_chess.US_DEFAULT_TIEBREAKS)
TEAM_DEFAULT = list(team_tiebreaks.DEFAULT_TEAM_TIEBREAKS)


def words(codes: list[str], choices: list[tuple[str, str]]) -> str:
    """The codes' names, joined: "Buchholz, cut 1; Buchholz; ..."."""
    names = dict(choices)
    return "; ".join(names.get(code, code) for code in codes)
