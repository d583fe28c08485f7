"""Reading an uploaded entrant list: its size, its encoding, its delimiter, and the players it repeats.

The encoding is found by a strict cascade, not guessed: UTF-8 (with or without a BOM),
UTF-16 with a BOM, then Windows-1252, the superset of Latin-1 that Excel writes in Western
Europe. Statistical detection was tried and refused: charset-normalizer 3.5 read a
Windows-1252 "Muñoz, José" as Windows-1250 "Muńoz, José", a corruption with no warning.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from django import forms
from django.conf import settings

from tournaments.models import Entrant, Tournament

ENCODINGS = {"utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252 (Latin-1)"}
DELIMITERS = {",": "commas", ";": "semicolons", "\t": "tabs"}
# No entrant's line comes near this (a TRF player line with 99 rounds has about 1,100 characters).
MAX_LINE = 4000
# Controls other than tab and line ends: a file holding them is not a list of names.
_BINARY = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85\u2028\u2029]")


def within_limit(count: int, what: str, setting: str) -> None:
    """Refuse an upload of more `what` (bytes, players) than the setting allows, naming the setting."""
    limit = getattr(settings, setting)
    if count > limit:
        raise forms.ValidationError(
            f"The file holds {count:,} {what}; at most {limit:,} can be imported at once ({setting}). "
            "Nothing was imported."
        )


def decode(data: bytes) -> tuple[str, str]:
    """The text of an uploaded file and the name of the encoding it was read in."""
    if data.startswith(codecs.BOM_UTF8):
        candidates = ["utf-8-sig"]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ["utf-16"]
    else:
        candidates = ["utf-8", "cp1252"]
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        check_text(text)
        return text, ENCODINGS[encoding.removesuffix("-sig")]
    raise forms.ValidationError(
        "The file is not text in UTF-8, UTF-16 or Windows-1252 (Latin-1); save it as “CSV UTF-8” "
        "and try again. Nothing was imported."
    )


def check_text(text: str) -> None:
    """Refuse binary content and absurd lines with the line at fault, before any parsing."""
    found = _BINARY.search(text)
    if found:
        at = text.count("\n", 0, found.start()) + 1
        raise forms.ValidationError(
            f"Line {at} holds the control character U+{ord(found.group()):04X}: this is not a text "
            "file of players. Nothing was imported."
        )
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise forms.ValidationError(
                f"Line {number} has {len(line):,} characters; one line may have at most {MAX_LINE:,}. "
                "Nothing was imported."
            )


def delimiter(header: str) -> str:
    """The delimiter the header line uses most: Excel writes `;` where the decimal mark is a comma."""
    return max(DELIMITERS, key=lambda d: (header.count(d), d == ","))


@dataclass(frozen=True)
class Identity:
    """What makes two lines likely the same player: an id, or the same name and birth date."""

    fide_id: str
    national_id: str
    name_and_birth: tuple[str, str]

    @classmethod
    def of(cls, name: str, birth_date: object, fide_id: str, national_id: str) -> Identity:
        folded = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
        return cls(fide_id.strip(), national_id.strip(), (folded, str(birth_date or "")))

    def markers(self) -> Iterator[tuple[str, object]]:
        if self.fide_id:
            yield "FIDE id", self.fide_id
        if self.national_id:
            yield "national id", self.national_id
        if self.name_and_birth[0]:
            yield "name and birth date", self.name_and_birth


def duplicates(tournament: Tournament, identities: list[tuple[int, Identity]]) -> list[str]:
    """Per (line number, identity), why it is likely a player already entered or on an earlier line, or ""."""
    seen: dict[tuple[str, object], str] = {}
    for entrant in Entrant.objects.filter(tournament=tournament):
        identity = Identity.of(entrant.name, entrant.birth_date, entrant.fide_id, entrant.national_id)
        for key in identity.markers():
            seen.setdefault(key, f"already entered as {entrant.name} (no. {entrant.pairing_number})")
    notes = []
    for number, identity in identities:
        match = next(((key[0], seen[key]) for key in identity.markers() if key in seen), None)
        notes.append(f"same {match[0]}: {match[1]}" if match else "")
        for key in identity.markers():
            seen.setdefault(key, f"line {number} of this file")
    return notes
