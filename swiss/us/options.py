"""The director's choices that the US Chess rulebook leaves open, each with its documented default."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class USOptions:
    """Variations of rules 28-29 (US Chess Official Rules, 7th edition).

    Every field is off or neutral by default, which is the rulebook's main text
    (docs/us-chess.md section 4) except where a field says otherwise:

    - `colour_interchanges`: interchanges across the halves may be used for colour
      within the 29E5 limits (29E5d-e).  False is the common club practice
      ("no interchanges for colour"); interchanges to avoid rematches stay allowed.
    - `bye_for_colours`: 28L2a, the bye may go to a higher-rated player of the
      lowest group when that improves the colours, within the 80/200-point limits.
    - `minus_group_priority`: 29E4a, in minus score groups the lower-ranked player
      wins rule 5 of 29E4.
    - `alternate_priority`: 29E4b, rule 5 alternates down each score group.
    - `last_round_lot`: 29E4c, rule 5 is decided by lot in the last round.
    - `no_rule_4`: 29E4d, the 4th edition's order: rule 4 is skipped, so players with
      equal colours who had the same colour last round go straight to rule 5.
    - `black_only_200`: 29E5b1, the 200-point allowance only avoids two extra
      Blacks; two extra Whites are limited to 80 points.
    - `equalisation_over_ratings`: 29E5h, equalising switches have no rating limit.
    - `teammates_over_colours`: 29E8, avoiding teammates outranks colour
      equalisation (colour switches never pair teammates).
    - `avoid_teammates`: 28N, players of one team (`teams`) are kept apart where
      their score group allows it.
    - `added_score`: 28R1, one extra point for the top half of the field in the
      pairings of rounds 1 and 2.
    """

    colour_interchanges: bool = True
    bye_for_colours: bool = False
    minus_group_priority: bool = False
    alternate_priority: bool = False
    last_round_lot: bool = False
    no_rule_4: bool = False
    black_only_200: bool = False
    equalisation_over_ratings: bool = False
    teammates_over_colours: bool = False
    avoid_teammates: bool = False
    teams: Mapping[int, str] = field(default_factory=dict)
    added_score: bool = False


# The option names of the TRF extension line and the command line (README, "US Chess").
OPTION_NAMES: dict[str, str] = {
    "no-colour-interchanges": "colour_interchanges",
    "28L2a": "bye_for_colours",
    "29E4a": "minus_group_priority",
    "29E4b": "alternate_priority",
    "29E4c": "last_round_lot",
    "29E4d": "no_rule_4",
    "29E5b1": "black_only_200",
    "29E5h": "equalisation_over_ratings",
    "29E8": "teammates_over_colours",
    "28N": "avoid_teammates",
    "28R1": "added_score",
}


def options_from_words(words: Iterable[str], teams: Mapping[int, str] | None = None) -> USOptions:
    """The options that `words` (keys of OPTION_NAMES) name, the defaults for the rest.

    "no-colour-interchanges" turns its option off; every other word turns one on.
    Raises KeyError for a word that names no option."""
    settings: dict[str, Any] = {OPTION_NAMES[word]: word != "no-colour-interchanges" for word in words}
    return replace(USOptions(teams=dict(teams or {})), **settings)


def option_words(options: USOptions) -> list[str]:
    """The words (keys of OPTION_NAMES) that turn the defaults into `options`: the inverse of
    `options_from_words`."""
    default = USOptions()
    return [word for word, name in OPTION_NAMES.items() if getattr(options, name) != getattr(default, name)]
