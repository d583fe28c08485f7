"""The import parser: an entrant list (CSV or TRF; of teams, with their rosters) read line by
line, each line checked as an entrant form would check it, likely duplicates marked. An import job
runs it (pairing/job_kinds.py); the upload itself is read and bounded by `forms.ImportUploadForm`
and pairing/imports.py.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import construct_instance
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.team_trf import TeamFileError, roster_rows
from tournaments.bridge.trf import entrant_rows
from tournaments.models import Entrant, Team, Tournament

from . import imports
from .forms import EntrantForm, ImportUploadForm

CSV_COLUMNS = (
    "name",
    "fide_rating",
    "national_rating",
    "title",
    "federation",
    "fide_id",
    "national_id",
    "us_chess_id",
    "us_chess_rating",
    "club",
    "sex",
    "birth_date",
)
CSV_ALIASES = {
    **{"rating": "fide_rating", "elo": "fide_rating", "fed": "federation", "id": "fide_id"},
    **{"uscf_id": "us_chess_id", "uscf_rating": "us_chess_rating"},
}


class LineForm(EntrantForm):
    """One line's entrant, checked as the entrants page checks one, but for the FIDE id already
    registered: the lines are compared with the entrants in one query (`imports.duplicates`),
    which skips such a line as a likely duplicate, instead of one query per line."""

    def fide_id_taken(self, fide_id: str) -> bool:
        return False

    def _post_clean(self) -> None:
        """A ModelForm's model validation without the model's constraints. Each names a field no
        line carries (tournament, pairing number, team, board order), yet Django builds a query
        per check constraint and line to find that out: a third of a 300-line preview (issue 28).
        The database checks them all when the lines are saved, all of them or none."""
        # The steps of ModelForm._post_clean (Django 5.2), private API that django-stubs leaves out.
        try:
            self.instance = construct_instance(self, self.instance, self._meta.fields, self._meta.exclude)
        except ValidationError as error:
            self._update_errors(error)  # type: ignore[attr-defined]
        exclude = self._get_validation_exclusions()  # type: ignore[attr-defined]
        try:
            self.instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
        except ValidationError as error:
            self._update_errors(error)  # type: ignore[attr-defined]


@dataclass
class ImportLine:
    number: int
    text: str
    form: EntrantForm | None = None
    errors: list[str] = field(default_factory=list)
    # Team events: the team the player is entered for, and its captain's name and contact.
    team: str = ""
    captain: tuple[str, str] = ("", "")
    # Why this line is likely a player already entered or listed earlier; such lines are skipped.
    duplicate: str = ""


def _csv_rows(text: str, extra: tuple[str, ...] = ()) -> tuple[str, list[tuple[int, str, dict[str, str]]]]:
    """The delimiter and, per player line, (line number, line, values by column); `extra` columns
    are allowed beside the entrant's."""
    lines = text.splitlines()
    separator = imports.delimiter(lines[0] if lines else "")
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    except csv.Error as error:
        raise forms.ValidationError(
            _("The file is not a readable CSV file (%(error)s).") % {"error": error}
        ) from None
    header = [CSV_ALIASES.get(h.strip().lower(), h.strip().lower()) for h in (rows[0] if rows else [])]
    unknown = [h for h in header if h not in CSV_COLUMNS and h not in extra]
    if "name" not in header or unknown:
        # The column names are the file's own words: never translated.
        columns = ", ".join(CSV_COLUMNS)
        if unknown:
            message = _("The first line must name the columns (%(columns)s); unknown: %(unknown)s.")
        else:
            message = _("The first line must name the columns (%(columns)s); “name” is missing.")
        raise forms.ValidationError(message % {"columns": columns, "unknown": ", ".join(unknown)})
    result = []
    for index, values in enumerate(rows[1:], start=2):
        if not any(v.strip() for v in values):
            continue
        data = {column: value.strip() for column, value in zip(header, values, strict=False)}
        if len(values) != len(header):
            data["__error__"] = _("expected %(expected)s values, found %(found)s") % {
                "expected": len(header),
                "found": len(values),
            }
        result.append((index, lines[index - 1] if index - 1 < len(lines) else "", data))
    return separator, result


class ImportForm(ImportUploadForm):
    """A CSV or TRF file (or its text posted back on confirmation), parsed line by line.

    The preview names the encoding and delimiter it read, marks every wrong line (then
    nothing is imported) and every likely duplicate (skipped on import).
    """

    def __init__(
        self,
        *args: Any,
        tournament: Tournament,
        progress: Callable[[int, int], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """`progress(lines checked, lines in all)` is called every hundred lines (a job shows it)."""
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.progress = progress
        self.lines: list[ImportLine] = []
        self.read_as = ""

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        text, encoding = data["text"], data["encoding"]
        # A TRF file opens with a record code; a CSV file with its header, whose quoted values
        # may themselves hold a line starting "001" (a forged player line).
        first = next((line for line in text.splitlines() if line.strip()), "")
        how, rows = self._rows(text, trf=bool(re.match(r"(\d{3}|XX[A-Z]|###)( |$)", first)))
        self.read_as = f"{how}, {encoding}" if encoding else how
        if not rows:
            raise forms.ValidationError(_("The file holds no players."))
        imports.within_limit(len(rows), "players", "IMPORT_MAX_ROWS")
        self.lines = []
        for done, (number, line, values) in enumerate(rows, start=1):
            self.lines.append(self._line(number, line, values))
            if self.progress is not None and done % 100 == 0:
                self.progress(done, len(rows))
        self._flag_duplicates()
        if any(entry.errors for entry in self.lines):
            bad = sum(1 for entry in self.lines if entry.errors)
            raise forms.ValidationError(
                ngettext(
                    "%(n)s line is wrong; nothing was imported. Fix the file and try again.",
                    "%(n)s lines are wrong; nothing was imported. Fix the file and try again.",
                    bad,
                )
                % {"n": bad}
            )
        return data

    def _rows(self, text: str, *, trf: bool) -> tuple[str, list[tuple[int, str, dict[str, str]]]]:
        """How the file was read, and its player lines as (line number, line, values)."""
        if trf:
            return _("TRF player lines"), entrant_rows(text)
        separator, rows = _csv_rows(text)
        return _("CSV with %(delimiter)s") % {"delimiter": imports.DELIMITERS[separator]}, rows

    def _line(self, number: int, line: str, values: dict[str, str]) -> ImportLine:
        problem = values.pop("__error__", None)
        entry = ImportLine(number, line, LineForm(values, tournament=self.tournament))
        if problem:
            entry.errors.append(problem)
        assert entry.form is not None
        if not entry.form.is_valid():
            entry.errors.extend(
                f"{name}: {message}" for name, messages in entry.form.errors.items() for message in messages
            )
        return entry

    def _flag_duplicates(self) -> None:
        """Mark likely duplicates; their own errors (an id already registered) no longer count."""
        identities = []
        for entry in self.lines:
            assert entry.form is not None
            values = entry.form.cleaned_data if entry.form.is_valid() else entry.form.data
            identities.append(
                (
                    entry.number,
                    imports.Identity.of(
                        values.get("name", ""),
                        values.get("birth_date"),
                        values.get("fide_id", ""),
                        values.get("national_id", ""),
                    ),
                )
            )
        for entry, note in zip(self.lines, imports.duplicates(self.tournament, identities), strict=True):
            if note:
                entry.duplicate, entry.errors = note, []

    @property
    def new_lines(self) -> list[ImportLine]:
        return [entry for entry in self.lines if not entry.duplicate]

    def entrants(self) -> list[Entrant]:
        """The entrants of the lines that are not likely duplicates."""
        return [entry.form.instance for entry in self.new_lines if entry.form is not None]

    def preview(self) -> dict[str, Any]:
        """What the preview page shows of a checked file, as the JSON an import job keeps."""
        return {
            "read_as": self.read_as,
            "errors": list(self.non_field_errors()),
            "lines": [
                {
                    "number": entry.number,
                    "team": entry.team,
                    "name": entry.form.data.get("name", "") if entry.form else "",
                    "rating": entry.form.data.get("fide_rating", "") if entry.form else "",
                    "federation": entry.form.data.get("federation", "") if entry.form else "",
                    "errors": entry.errors,
                    "duplicate": entry.duplicate,
                }
                for entry in self.lines
            ],
            "new": len(self.new_lines),
            "skipped": len(self.lines) - len(self.new_lines),
        }


TEAM_COLUMNS = ("team", "board", "captain", "captain_contact")


class TeamImportForm(ImportForm):
    """Teams and rosters from a CSV file (a `team` column beside the players', rows in board order)
    or a TRF-2026 team file (310 records); every wrong line is named and nothing is saved."""

    def _rows(self, text: str, *, trf: bool) -> tuple[str, list[tuple[int, str, dict[str, str]]]]:
        if trf:
            try:
                return _("TRF team records"), roster_rows(text)
            except TeamFileError as error:
                raise forms.ValidationError(
                    _("%(error)s. Nothing was imported.") % {"error": error}
                ) from None
        separator, rows = _csv_rows(text, extra=TEAM_COLUMNS)
        return _("CSV with %(delimiter)s") % {"delimiter": imports.DELIMITERS[separator]}, rows

    def _line(self, number: int, line: str, values: dict[str, str]) -> ImportLine:
        team = {column: values.pop(column, "") for column in TEAM_COLUMNS}
        entry = super()._line(number, line, values)
        entry.team = team["team"]
        entry.captain = (team["captain"], team["captain_contact"])
        if not entry.team:
            entry.errors.append(_("team: give the player's team."))
        return entry

    def _flag_duplicates(self) -> None:
        """A player entered twice cannot play for two teams: a duplicate is an error here."""
        super()._flag_duplicates()
        taken = set(self.tournament.teams.values_list("name", flat=True))
        allowed = (self.tournament.boards or 0) + self.tournament.reserves
        sizes: dict[str, int] = {}
        for entry in self.lines:
            if entry.duplicate:
                entry.errors.append(_("likely a player already listed: %(line)s") % {"line": entry.duplicate})
                entry.duplicate = ""
            if entry.team in taken:
                entry.errors.append(_("team: %(team)s is already entered.") % {"team": entry.team})
            sizes[entry.team] = sizes.get(entry.team, 0) + 1
            if entry.team and sizes[entry.team] > allowed:
                entry.errors.append(
                    _(
                        "team: %(team)s has more than %(allowed)s players (%(boards)s boards and "
                        "%(reserves)s reserves allowed)."
                    )
                    % {
                        "team": entry.team,
                        "allowed": allowed,
                        "boards": self.tournament.boards,
                        "reserves": self.tournament.reserves,
                    }
                )

    def teams(self) -> list[tuple[Team, list[Entrant]]]:
        """The teams of the file in order of appearance, each with its players in board order."""
        found: dict[str, tuple[Team, list[Entrant]]] = {}
        for entry in self.lines:
            assert entry.form is not None
            team, players = found.setdefault(
                entry.team,
                (Team(name=entry.team, captain=entry.captain[0], captain_contact=entry.captain[1]), []),
            )
            players.append(entry.form.instance)
        return list(found.values())
