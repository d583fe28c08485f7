"""dBASE III tables of character fields: the container of the US Chess rating report.

The layout (dBASE III without memo): a 32-byte header (version 3, date of last update,
record count, header and record lengths), one 32-byte descriptor per field, a 0x0D
terminator, the records (each a one-byte deletion flag, a space when live, then the fields
left-justified and space-filled), and a 0x1A end-of-file byte. Text is ASCII.
"""

from __future__ import annotations

import datetime
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    name: str  # up to 10 characters
    width: int  # up to 254


def table(fields: Sequence[Field], rows: Sequence[Mapping[str, str]], updated: datetime.date) -> bytes:
    """The table's bytes. Raises ValueError for a value too wide for its field or not ASCII."""
    header_length = 32 + 32 * len(fields) + 1
    record_length = 1 + sum(f.width for f in fields)
    header = struct.pack(
        "<BBBBIHH20x",
        3,
        updated.year - 1900,
        updated.month,
        updated.day,
        len(rows),
        header_length,
        record_length,
    )
    descriptors = b"".join(
        struct.pack("<11sc4xBB14x", f.name.encode("ascii"), b"C", f.width, 0) for f in fields
    )
    records = b"".join(b" " + b"".join(_cell(f, row.get(f.name, "")) for f in fields) for row in rows)
    return header + descriptors + b"\r" + records + b"\x1a"


def _cell(field: Field, value: str) -> bytes:
    if len(value) > field.width:
        raise ValueError(f"{field.name}: {value!r} is longer than {field.width} characters")
    try:
        return value.ljust(field.width).encode("ascii")
    except UnicodeEncodeError:
        raise ValueError(f"{field.name}: {value!r} is not plain ASCII") from None
