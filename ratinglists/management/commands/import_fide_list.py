"""python manage.py import_fide_list FILE: import a FIDE rating list file (TXT, XML or FIDE's zip)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ratinglists.formats import RATING_TYPES
from ratinglists.jobs import import_path
from ratinglists.models import RatingList


class Command(BaseCommand):
    help = (
        "Import a FIDE rating list: the combined TXT (players_list_foa.txt), a single list "
        "(standard, rapid or blitz), the XML, or FIDE's zip of any of them; found from the content. "
        "Players are updated by FIDE ID; bad lines are skipped and reported with their numbers."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--kind",
            choices=RATING_TYPES,
            default="",
            help="the rating type of a single list, when its name does not say",
        )
        parser.add_argument(
            "--month",
            default="",
            help="the list's month as FIDE writes it (SEP26), when the file does not say",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        rating_list = RatingList.objects.create(
            file_name=path.name[:200],
            kind=options["kind"],
            month=options["month"][:5],
            status=RatingList.Status.RUNNING,
        )
        began = time.monotonic()

        def progress(done: int, rows: int) -> None:
            size = max(1, path.stat().st_size)
            self.stdout.write(
                f"{rows:,} players read ({min(100, done * 100 // size)} %), {time.monotonic() - began:.0f} s"
            )

        outcome = import_path(path, rating_list, progress)
        rating_list.refresh_from_db()
        if outcome is None:
            raise CommandError(rating_list.message)
        for line in outcome.report:
            self.stdout.write(line)
        if outcome.bad_lines > len([r for r in outcome.report if r.startswith("line ")]):
            self.stdout.write(f"… and more: {outcome.bad_lines:,} bad lines in all.")
        what = " ".join(filter(None, [str(rating_list.get_kind_display()), "list", rating_list.month]))
        steps = ", ".join(f"{step} {seconds:.0f} s" for step, seconds in outcome.seconds.items())
        self.stdout.write(
            f"{what} ({rating_list.file_format}): "
            f"{outcome.rows:,} players read, {outcome.created:,} new, {outcome.updated:,} updated, "
            f"{outcome.bad_lines:,} bad lines skipped, in {time.monotonic() - began:.0f} s"
            + (f" ({steps})." if steps else ".")
        )
