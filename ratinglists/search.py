"""Finding players in the list as an arbiter types: by FIDE ID, or by name whatever its accents.

A name is matched on the folded name (`formats.fold`): the first word typed is the start of
the name as FIDE writes it ("Surname, Given names"), every further word appears somewhere in it.
The answers come in the order of the folded names, read from the index of migration 0002 (on
PostgreSQL in the "C" collation, which is the order of code points, as SQLite's own); when
fewer than `LIMIT` names start with the first word, PostgreSQL's trigram index adds those in
which every word appears anywhere (a given name typed first, a second surname).
"""

from __future__ import annotations

from django.db import connection
from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Collate, Concat
from django.db.models.lookups import GreaterThanOrEqual, LessThan

from .formats import fold
from .models import ListedPlayer

LIMIT = 10
# FIDE IDs have up to 10 digits; what is typed is the start of an ID of any length up to that.
_ID_DIGITS = 10
# pg_trgm finds nothing in a word shorter than a trigram.
_TRIGRAM = 3
# How many names holding the words anywhere are put in order, at most.
_ANYWHERE = 500
# Above every character a folded name holds: the end of the range of names with a prefix.
_LAST = "\U0010ffff"


def search(query: str, limit: int = LIMIT) -> list[ListedPlayer]:
    """The players the arbiter may mean by `query`, in the order of their names: at most `limit`."""
    text = query.strip()
    if text.isdigit():
        return by_id(text, limit)
    words = fold(text).split()
    if not words:
        return []
    key = _key()
    players = ListedPlayer.objects.order_by(key.asc(), "pk").values_list("pk", flat=True)
    starting = players.filter(GreaterThanOrEqual(key, words[0]), LessThan(key, words[0] + _LAST))
    # IDs first: the index holds the folded name and the ID, so PostgreSQL reads no table row
    # for the thousands of names it may pass over (after the import's VACUUM, `loading`).
    ids = list(_containing(starting, words[1:])[:limit])
    if len(ids) < limit and connection.vendor == "postgresql" and all(len(w) >= _TRIGRAM for w in words):
        # The first `_ANYWHERE` names the trigram index finds with the words, in name order: a
        # word as common as a given name is in thousands, and the arbiter types a second word
        # before reading on. They are sorted by a copy of the key that no index holds: sorted by
        # the key itself, PostgreSQL may walk the name index in order hoping for ten matches
        # soon, which for a word no name holds reads every row.
        matches = _containing(ListedPlayer.objects.values_list("pk", flat=True), words)[:_ANYWHERE]
        anywhere = ListedPlayer.objects.filter(pk__in=matches).exclude(pk__in=ids)
        in_order = anywhere.order_by(Collate(Concat(F("name_key"), Value("")), "C"), "pk")
        ids += in_order.values_list("pk", flat=True)[: limit - len(ids)]
    found = ListedPlayer.objects.in_bulk(ids)
    return [found[pk] for pk in ids]


def by_id(digits: str, limit: int = LIMIT) -> list[ListedPlayer]:
    """The player with this FIDE ID, then those whose ID starts with it: one range of the primary
    key per length of ID, in one query (PostgreSQL ORs their index scans)."""
    if len(digits) > _ID_DIGITS:
        return []
    prefix = int(digits)
    ranges = Q(pk=prefix)
    for extra in range(1, _ID_DIGITS - len(digits) + 1):
        ranges |= Q(pk__gte=prefix * 10**extra, pk__lt=(prefix + 1) * 10**extra)
    # In order of the ID, which puts the one typed in full first: every other is longer.
    return list(ListedPlayer.objects.filter(ranges).order_by("pk")[:limit])


def _key() -> Collate | F:
    """The folded name in the order of code points, as the index of migration 0002 holds it."""
    return Collate(F("name_key"), "C") if connection.vendor == "postgresql" else F("name_key")


def _containing(players: QuerySet[ListedPlayer, int], words: list[str]) -> QuerySet[ListedPlayer, int]:
    for word in words:
        players = players.filter(name_key__contains=word)
    return players
