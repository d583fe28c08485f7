"""The initial ranking of teams, which gives their pairing numbers (TPNs).

C.04.6 leaves the TPNs to the competition rules or the chief arbiter; the default here is
the Olympiad's (D.02 3.1, docs/team-olympiad.md section 4): the average rating of the team's
highest-rated players, as many as the boards of a match; then the rating of its next
player; then the team's name in alphabetical order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Entry:
    """A team to rank: its name and the ratings of its roster (0 for an unrated player)."""

    name: str
    ratings: tuple[int, ...]


def seeding_rating(ratings: Sequence[int], boards: int) -> Fraction:
    """D.02 3.1: the exact average rating of the `boards` highest-rated players; a short roster
    or an unrated player counts 0 on the boards it cannot fill."""
    if boards < 1:
        raise ValueError(f"a team match has at least one board, not {boards}")
    best = sorted(ratings, reverse=True)[:boards]
    return Fraction(sum(best), boards)


def initial_order(entries: Sequence[Entry], boards: int) -> list[int]:
    """The indexes of `entries`, strongest first (D.02 3.1): by `seeding_rating` descending, then
    the rating of the next-best player descending, then by name."""
    if boards < 1:
        raise ValueError(f"a team match has at least one board, not {boards}")

    def key(index: int) -> tuple[Fraction, int, str]:
        entry = entries[index]
        ranked = sorted(entry.ratings, reverse=True)
        next_best = ranked[boards] if len(ranked) > boards else 0
        return (-seeding_rating(ranked, boards), -next_best, entry.name.casefold())

    return sorted(range(len(entries)), key=key)
