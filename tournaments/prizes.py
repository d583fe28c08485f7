"""Prize lists and club standings, read from the standings of `tournaments.standings`.

A tournament names its prize categories (`Tournament.prize_categories`): "W" (women),
"U18" / "S65" (age on 1 January of the year the tournament starts, as FIDE's youth and
senior events count it), "U1800" (rating below 1800; unrated players are not in rating
categories). Numbers below 100 are ages, the others ratings.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from operator import attrgetter

from django.utils.translation import gettext

from .models import Entrant, Tournament
from .standings import Row, Table

# Clubs and federations are ranked by the points of their best players, this many of them.
CLUB_PLAYERS = 3


def label(code: str) -> str:
    """ "U18" -> "Under 18", "U1800" -> "Rated under 1800", "S65" -> "65 and over", "W" -> "Women"."""
    if code == "W":
        return gettext("Women")
    limit = int(code[1:])
    if code[0] == "S":
        return gettext("%(age)s and over") % {"age": limit}
    if limit < 100:
        return gettext("Under %(age)s") % {"age": limit}
    return gettext("Rated under %(rating)s") % {"rating": limit}


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


# --- Prize money -----------------------------------------------------------------------------------

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Award:
    row: Row
    places: str  # the places the player's tie covers: "1", "2-4"
    amount: Decimal


@dataclass(frozen=True)
class MoneyList:
    category: str  # "" for the overall list
    name: str
    amounts: dict[int, Decimal]  # place -> amount
    awards: list[Award]


def _money(tournament: Tournament) -> dict[str, dict[int, Decimal]]:
    lists: dict[str, dict[int, Decimal]] = defaultdict(dict)
    for prize in tournament.prize_money:
        lists[prize["category"]][prize["place"]] = Decimal(str(prize["amount"]))
    return lists


def _runs(rows: list[Row], key: Callable[[Row], object]) -> list[list[Row]]:
    """`rows` cut into runs of consecutive rows with the same `key`."""
    runs: list[list[Row]] = []
    for row in rows:
        if runs and key(runs[-1][0]) == key(row):
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def _shares(amounts: list[Decimal], group: list[Row], sharing: str) -> list[Decimal]:
    """What each player of a tie `group` (in standings order) gets of the `amounts` of the places
    the group covers, one amount a player (Decimal 0 past the last prize).

    - shared: the sum of the amounts, split equally (1000 + 500 between two: 750 each).
    - hort: half of the sum split equally, the other half place by place in the order of the
      tie-breaks (1000 + 500 between two: 375 + 500 and 375 + 250, so 875 and 625).
    - tiebreaks: the group is already the players tied after every tie-break, who share equally.
    Shares are rounded down to the cent, so what is paid never exceeds the prize list.
    """
    pool = sum(amounts, Decimal(0))
    if sharing != Tournament.PrizeSharing.HORT:
        return [(pool / len(group)).quantize(CENT, ROUND_DOWN)] * len(group)
    equal = pool / 2 / len(group)
    shares: list[Decimal] = []
    for run in _runs(group, lambda r: r.rank):  # still tied after the tie-breaks: their halves pooled
        start = len(shares)
        halves = sum(amounts[start : start + len(run)], Decimal(0)) / 2
        shares += [(equal + halves / len(run)).quantize(CENT, ROUND_DOWN)] * len(run)
    return shares


def money_lists(table: Table, tournament: Tournament) -> list[MoneyList]:
    """Who wins how much: the overall list, then each prize category in the tournament's order.

    A tie (equal points; with "tiebreaks", equal after every tie-break) covering places p..q takes
    the amounts of those places and shares them by the tournament's rule (`_shares`). With one
    prize per player, whoever won money in an earlier list is left out of the later ones, whose
    places are then counted among the others.
    """
    lists = _money(tournament)
    won: set[int] = set()
    result = []
    for code in ["", *tournament.prize_categories]:
        amounts = lists.get(code)
        if not amounts:
            continue
        rows = [
            r
            for r in table.rows
            if (not code or belongs(r.entrant, code, tournament.start_date))
            and not (tournament.one_prize_per_player and r.entrant.pk in won)
        ]
        by_tiebreaks = tournament.prize_sharing == Tournament.PrizeSharing.TIEBREAKS
        key: Callable[[Row], object] = attrgetter("rank" if by_tiebreaks else "points")
        awards: list[Award] = []
        place, last = 1, max(amounts)
        for group in _runs(rows, key):
            if place > last:
                break
            covered = [amounts.get(p, Decimal(0)) for p in range(place, place + len(group))]
            places = f"{place}" if len(group) == 1 else f"{place}-{place + len(group) - 1}"
            for row, amount in zip(group, _shares(covered, group, tournament.prize_sharing), strict=True):
                if amount > 0:
                    awards.append(Award(row, places, amount))
                    won.add(row.entrant.pk)
            place += len(group)
        result.append(
            MoneyList(
                code, label(code) if code else gettext("Overall"), dict(sorted(amounts.items())), awards
            )
        )
    return result
