"""The indexes of the type-ahead (ratinglists/search.py), which differ by database.

PostgreSQL: the folded name in the "C" collation with the FIDE ID, so that a prefix range and
the order of the answers come from one index scan whatever the database's own collation, and a
trigram index (pg_trgm) for a word anywhere in the name. SQLite: the same columns in its binary
order, which is already that of code points. Made by migration 0002; the first import of a list
drops them and builds them again after (`loading`), far quicker than a million inserts into them.
"""

from __future__ import annotations

TABLE = "ratinglists_listedplayer"
POSTGRES = [
    f'CREATE INDEX listed_player_name ON {TABLE} (name_key COLLATE "C", fide_id)',
    f"CREATE INDEX listed_player_name_trigram ON {TABLE} USING gin (name_key gin_trgm_ops)",
]
OTHER = [f"CREATE INDEX listed_player_name ON {TABLE} (name_key, fide_id)"]
DROP = ["DROP INDEX IF EXISTS listed_player_name_trigram", "DROP INDEX IF EXISTS listed_player_name"]


def create(vendor: str) -> list[str]:
    return POSTGRES if vendor == "postgresql" else OTHER
