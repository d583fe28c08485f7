"""The type-ahead's indexes, which differ by database (ratinglists/indexes.py)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from ratinglists import indexes


def create(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for statement in indexes.create(schema_editor.connection.vendor):
        schema_editor.execute(statement)


def drop(apps: Any, schema_editor: Any) -> None:
    for statement in indexes.DROP:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("ratinglists", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
