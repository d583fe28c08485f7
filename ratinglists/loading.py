"""Storing a list file's players: one transaction, upserted by FIDE ID.

The whole import is one transaction: a file that cannot be read to its end (bad XML, the
worker stopped, the database gone) leaves the players as they were. Bad lines are not a
reason to stop: each is skipped and reported (`line N: why`), and the good lines are stored.

On PostgreSQL the lines are streamed into a temporary table with COPY and merged with one
INSERT … ON CONFLICT, which writes only the rows that changed; elsewhere (SQLite, for
`bin/run`) the ORM upserts them in batches.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import indexes
from .formats import COLUMNS, IDENTITY_COLUMNS, TYPE_COLUMNS, Opened, Player
from .models import ListedPlayer, RatingList

# The bad lines a report lists one by one; beyond them it counts.
MAX_REPORTED = 200
PROGRESS_EVERY = 20_000
BATCH = 2000


@dataclass
class Outcome:
    rows: int = 0
    created: int = 0
    updated: int = 0
    bad_lines: int = 0
    report: list[str] = field(default_factory=list)
    # Seconds of each step on PostgreSQL (reading and copying, merging, building the indexes).
    seconds: dict[str, float] = field(default_factory=dict)

    def bad(self, number: int, why: str) -> None:
        self.bad_lines += 1
        if len(self.report) < MAX_REPORTED:
            self.report.append(_("line %(n)s: %(why)s") % {"n": number, "why": why})


Progress = Callable[[int, int], None]  # (bytes read, players read)


def updated_columns(kind: str) -> tuple[str, ...]:
    """What an import of `kind` writes over: a single list only its own rating type's columns."""
    if kind == "combined":
        return IDENTITY_COLUMNS + tuple(c for cs in TYPE_COLUMNS.values() for c in cs[:3])
    return IDENTITY_COLUMNS + TYPE_COLUMNS[kind]


def load(
    opened: Opened,
    rating_list: RatingList,
    progress: Progress | None = None,
    finishing: Callable[[], object] | None = None,
) -> Outcome:
    """Import the players of `opened` and mark `rating_list` done with what was found, atomically;
    `finishing` runs in that transaction too (the job drops the uploaded file there)."""
    outcome = Outcome()

    def players() -> Iterator[Player]:
        for player in opened.players(outcome.bad):
            outcome.rows += 1
            if progress is not None and outcome.rows % PROGRESS_EVERY == 0:
                progress(opened.read(), outcome.rows)
            yield player

    with transaction.atomic():
        store = _copy_and_merge if connection.vendor == "postgresql" else _upsert_in_batches
        store(players(), rating_list, updated_columns(opened.kind), outcome)
        RatingList.objects.filter(pk=rating_list.pk).update(
            status=RatingList.Status.DONE,
            kind=opened.kind,
            file_format=opened.file_format,
            month=opened.month,
            size=opened.size,
            done_bytes=opened.size,
            rows=outcome.rows,
            created=outcome.created,
            updated=outcome.updated,
            bad_lines=outcome.bad_lines,
            report=outcome.report,
            finished_at=timezone.now(),
        )
        if finishing is not None:
            finishing()
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        # Marks the new rows visible to all, so that the type-ahead is answered from its index
        # alone, and gives the planner the new list's statistics; autovacuum would, but later.
        began = time.monotonic()
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM (ANALYZE) {ListedPlayer._meta.db_table}")
        outcome.seconds["vacuum"] = time.monotonic() - began
    if progress is not None:
        progress(opened.size, outcome.rows)
    return outcome


def _copy_line(player: Player, source: str) -> str:
    """A player as a line of COPY's text format; values are escaped only when one needs it."""
    texts = "".join(player[1:9]) + player.flags
    if "\\" in texts or "\t" in texts or "\n" in texts or "\r" in texts:
        return "\t".join([*map(_escaped, player), source])
    return "\t".join(["\\N" if value is None else str(value) for value in player]) + "\t" + source


def _escaped(value: object) -> str:
    if value is None:
        return "\\N"
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _copy_and_merge(
    players: Iterator[Player], rating_list: RatingList, columns: tuple[str, ...], outcome: Outcome
) -> None:
    table = ListedPlayer._meta.db_table
    names = ", ".join((*COLUMNS, "source_id"))
    source = str(rating_list.pk)
    began = time.monotonic()
    with connection.cursor() as cursor:
        # The line order, so that a FIDE ID given twice keeps its last line, as the list would.
        # Dropped at the end too: inside a caller's transaction ON COMMIT comes too late.
        cursor.execute("DROP TABLE IF EXISTS staging_players")
        cursor.execute(
            f"CREATE TEMPORARY TABLE staging_players (LIKE {table}, line bigserial) ON COMMIT DROP"
        )
        raw: Any = cursor.connection.cursor()  # psycopg's own cursor: Django's has no COPY
        with raw.copy(f"COPY staging_players ({names}) FROM STDIN") as copy:
            buffer: list[str] = []
            for player in players:
                buffer.append(_copy_line(player, source))
                if len(buffer) == BATCH:
                    copy.write("\n".join(buffer) + "\n")
                    buffer.clear()
            if buffer:
                copy.write("\n".join(buffer) + "\n")
        outcome.seconds["read and copy"] = time.monotonic() - began
        cursor.execute(
            "SELECT fide_id, count(*) FROM staging_players GROUP BY fide_id HAVING count(*) > 1 "
            "ORDER BY fide_id LIMIT %s",
            [MAX_REPORTED],
        )
        for fide_id, count in cursor.fetchall():
            outcome.report.append(
                _("FIDE ID %(id)s is on %(count)s lines: the last one is kept")
                % {"id": fide_id, "count": count}
            )
        # The first list: its million rows go in without the name indexes, which are built after.
        first = not ListedPlayer.objects.exists()
        began = time.monotonic()
        if first:
            for statement in indexes.DROP:
                cursor.execute(statement)
        changes = ", ".join(f"{c} = EXCLUDED.{c}" for c in (*columns, "source_id"))
        cursor.execute(
            f"""
            WITH merged AS (
                INSERT INTO {table} AS live ({names})
                SELECT DISTINCT ON (fide_id) {names} FROM staging_players ORDER BY fide_id, line DESC
                ON CONFLICT (fide_id) DO UPDATE SET {changes}
                WHERE ({", ".join(f"live.{c}" for c in columns)}) IS DISTINCT FROM
                      ({", ".join(f"EXCLUDED.{c}" for c in columns)})
                RETURNING xmax = 0 AS inserted
            )
            SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) FROM merged
            """  # noqa: S608 - the names are the model's own columns
        )
        outcome.created, outcome.updated = cursor.fetchone()
        cursor.execute("DROP TABLE staging_players")
        outcome.seconds["merge"] = time.monotonic() - began
        if first:
            began = time.monotonic()
            for statement in indexes.create(connection.vendor):
                cursor.execute(statement)
            outcome.seconds["indexes"] = time.monotonic() - began


def _upsert_in_batches(
    players: Iterator[Player], rating_list: RatingList, columns: tuple[str, ...], outcome: Outcome
) -> None:
    batch: dict[int, Player] = {}

    def flush() -> None:
        existing = {p.pk: p for p in ListedPlayer.objects.filter(pk__in=list(batch)).only(*columns)}
        rows = []
        for player in batch.values():
            old = existing.get(player.fide_id)
            if old is not None and all(getattr(old, c) == getattr(player, c) for c in columns):
                continue
            if old is None:
                outcome.created += 1
            else:
                outcome.updated += 1
            rows.append(ListedPlayer(**player._asdict(), source=rating_list))
        ListedPlayer.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["fide_id"], update_fields=[*columns, "source"]
        )
        batch.clear()

    for player in players:
        batch[player.fide_id] = player
        if len(batch) == BATCH:
            flush()
    if batch:
        flush()
