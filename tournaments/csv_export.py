"""CSV files that a spreadsheet opens without running anything the players typed (OWASP CSV injection)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import pgettext

# A spreadsheet reads a cell starting with one of these as a formula (tab and CR shift it first).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: object) -> object:
    """Text that would start a formula, prefixed with `'`; numbers stay numbers, exactly written."""
    if isinstance(cell, str):
        return "'" + cell if cell.startswith(_FORMULA_START) else cell
    if isinstance(cell, Fraction):
        cell = Decimal(cell.numerator) / Decimal(cell.denominator)
    if isinstance(cell, Decimal):
        # "2.5", "3", "-2": no exponent, no trailing zeros.
        return Decimal(format(cell.normalize(), "f"))
    return cell


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV: every text cell neutralised and quoted, every number written bare."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)
    writer.writerows([neutralise(cell) for cell in row] for row in rows)
    return out.getvalue()


def csv_headings(*names: str) -> list[str]:
    """A standings file's first headings, rank and pairing number, then `names`, in the reader's
    language: the file is read in a spreadsheet, never imported back."""
    return [pgettext("CSV heading", "Rank"), pgettext("CSV heading", "No"), *names]


def round_headings(rounds: int) -> list[str]:
    """A heading per round, "R1" .. "R<rounds>", as the crosstable writes them."""
    return [pgettext("round column", "R%(n)s") % {"n": n} for n in range(1, rounds + 1)]
