"""Edge weights that pack pairing criteria into bit fields, the most important highest.

A system describes its fields once, as a table of `Field`s from the most
significant down; `Layout` turns the table into shifts for one round, so that
the weight of a pair and every bound derived from it (the bit of the top
field, the room below a field) come from that one table.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


class Unit(enum.Enum):
    """What one unit of a field's width is, in bits."""

    BIT = "bit"
    PAIRS = "pairs"  # room for a count of a bracket's players: the largest score group's bit length
    SCORES = "scores"  # one counter per score group, each as wide as that group's size needs
    DIFFERENCES = "differences"  # one counter per score difference, each as wide as the field needs


@dataclass(frozen=True)
class Field:
    """One criterion's bits: `width` units, present once `rounds` rounds are played."""

    name: str
    width: int
    unit: Unit
    why: str  # why the width suffices: the most a matching can sum up in the field
    rounds: int = 0
    only: frozenset[str] = frozenset()  # the rule sets (editions) that have it; empty: all


class Layout:
    """The shifts of a table of fields for one round's score groups, under one rule set."""

    def __init__(
        self,
        fields: Sequence[Field],
        group_sizes: Mapping[Fraction, int],
        rounds_played: int,
        rules: str = "",
        differences: Sequence[Fraction] = (),
    ) -> None:
        self.group_shift: dict[Fraction, int] = {}
        self.scores_bits = 0
        for score in sorted(group_sizes):
            self.group_shift[score] = self.scores_bits
            self.scores_bits += group_sizes[score].bit_length()
        self.pair_bits = max(group_sizes.values(), default=0).bit_length()
        # A counter of a DIFFERENCES field counts players of the round, or pairs of them.
        counter_bits = sum(group_sizes.values()).bit_length()
        self.difference_shift = {d: k * counter_bits for k, d in enumerate(sorted(set(differences)))}
        unit_bits = {
            Unit.BIT: 1,
            Unit.PAIRS: self.pair_bits,
            Unit.SCORES: self.scores_bits,
            Unit.DIFFERENCES: counter_bits * len(self.difference_shift),
        }
        self.shift: dict[str, int] = {}
        self.bits = 0
        for field in reversed(fields):
            if rounds_played >= field.rounds and (not field.only or rules in field.only):
                self.shift[field.name] = self.bits
                self.bits += field.width * unit_bits[field.unit]

    def group_bit(self, score: Fraction) -> int:
        """The unit of `score`'s counter inside a SCORES field."""
        return 1 << self.group_shift[score]

    def difference_bit(self, difference: Fraction) -> int:
        """The unit of the counter of `difference` inside a DIFFERENCES field."""
        return 1 << self.difference_shift[difference]

    def pack(self, values: Mapping[str, int]) -> int:
        """The weight holding each value in its field; fields absent this round take none."""
        return sum(value << self.shift[name] for name, value in values.items() if value)
