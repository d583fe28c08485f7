"""Prize lists and club standings, read from the standings of `tournaments.standings`.

A tournament names its prize categories (`Tournament.prize_categories`): "W" (women),
"U18" / "S65" (age on 1 January of the year the tournament starts, as FIDE's youth and
senior events count it), "U1800" (rating below 1800; unrated players are not in rating
categories). Numbers below 100 are ages, the others ratings.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from .models import Entrant
from .standings import Row, Table

# Clubs and federations are ranked by the points of their best players, this many of them.
CLUB_PLAYERS = 3


def label(code: str) -> str:
    """ "U18" -> "Under 18", "U1800" -> "Rated under 1800", "S65" -> "65 and over", "W" -> "Women"."""
    if code == "W":
        return "Women"
    limit = int(code[1:])
    if code[0] == "S":
        return f"{limit} and over"
    return f"Under {limit}" if limit < 100 else f"Rated under {limit}"


def _age_on_new_year(born: datetime.date, year: int) -> int:
    return year - born.year - (0 if (born.month, born.day) == (1, 1) else 1)


def belongs(entrant: Entrant, code: str, start: datetime.date) -> bool:
    """Whether `entrant` is in prize category `code` of a tournament starting on `start`."""
    if code == "W":
        return entrant.sex == Entrant.Sex.FEMALE
    limit = int(code[1:])
    if code[0] == "U" and limit >= 100:
        return 0 < entrant.rating < limit
    if entrant.birth_date is None:
        return False
    age = _age_on_new_year(entrant.birth_date, start.year)
    return age < limit if code[0] == "U" else age >= limit


def prize_lists(table: Table, codes: list[str], start: datetime.date) -> list[tuple[str, list[Row]]]:
    """Each category's label with its players' rows, in the order of the overall standings."""
    return [(label(code), [r for r in table.rows if belongs(r.entrant, code, start)]) for code in codes]


@dataclass(frozen=True)
class Group:
    name: str
    points: Fraction  # of its best CLUB_PLAYERS players
    rows: list[Row]  # every player, best first


def group_standings(table: Table, key: str) -> list[Group]:
    """Clubs (`key` "club") or federations ("federation") by the points of their best players.

    Ties go to the better-placed best player, as the overall standings already decide it.
    """
    members: dict[str, list[Row]] = defaultdict(list)
    for row in table.rows:
        name = getattr(row.entrant, key)
        if name:
            members[name].append(row)
    groups = [
        Group(name, sum((r.points for r in rows[:CLUB_PLAYERS]), Fraction(0)), rows)
        for name, rows in members.items()
    ]
    return sorted(groups, key=lambda g: (-g.points, g.rows[0].position))
