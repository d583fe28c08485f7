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
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models import Entrant, Tournament

ENCODINGS = {"utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252 (Latin-1)"}
DELIMITERS = {
    ",": pgettext_lazy("delimiter", "commas"),
    ";": pgettext_lazy("delimiter", "semicolons"),
    "\t": pgettext_lazy("delimiter", "tabs"),
}
# No entrant's line comes near this (a TRF player line with 99 rounds has about 1,100 characters).
MAX_LINE = 4000
# Controls other than tab and line ends: a file holding them is not a list of names.
_BINARY = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x85\u2028\u2029]")


# Per thing counted, the refusal of a file that holds too many of them.
_TOO_MANY: dict[str, Promise] = {
    "bytes": gettext_lazy(
        "The file holds %(count)s bytes; at most %(limit)s can be imported at once (%(setting)s). "
        "Nothing was imported."
    ),
    "players": gettext_lazy(
        "The file holds %(count)s players; at most %(limit)s can be imported at once (%(setting)s). "
        "Nothing was imported."
    ),
}


def _number(count: int) -> str:
    """A count as the page's language groups its digits (10,000 in English, 10.000 in German)."""
    return number_format(count, force_grouping=True)


def within_limit(count: int, what: str, setting: str) -> None:
    """Refuse an upload of more `what` ("bytes" or "players") than the setting allows, naming the setting."""
    limit = getattr(settings, setting)
    if count > limit:
        raise forms.ValidationError(
            str(_TOO_MANY[what]) % {"count": _number(count), "limit": _number(limit), "setting": setting}
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
        _(
            "The file is not text in UTF-8, UTF-16 or Windows-1252 (Latin-1); save it as “CSV UTF-8” "
            "and try again. Nothing was imported."
        )
    )


def check_text(text: str) -> None:
    """Refuse binary content and absurd lines with the line at fault, before any parsing."""
    found = _BINARY.search(text)
    if found:
        at = text.count("\n", 0, found.start()) + 1
        raise forms.ValidationError(
            _(
                "Line %(line)s holds the control character %(character)s: this is not a text file of "
                "players. Nothing was imported."
            )
            % {"line": at, "character": f"U+{ord(found.group()):04X}"}
        )
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise forms.ValidationError(
                _(
                    "Line %(line)s has %(length)s characters; one line may have at most %(limit)s. "
                    "Nothing was imported."
                )
                % {"line": number, "length": _number(len(line)), "limit": _number(MAX_LINE)}
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
            yield "fide_id", self.fide_id
        if self.national_id:
            yield "national_id", self.national_id
        if self.name_and_birth[0]:
            yield "name_and_birth", self.name_and_birth


# Why a line is likely a duplicate, per marker it shares: with a player entered, with an earlier line.
_SAME_AS_ENTERED = {
    "fide_id": gettext_lazy("same FIDE id: already entered as %(name)s (no. %(number)s)"),
    "national_id": gettext_lazy("same national id: already entered as %(name)s (no. %(number)s)"),
    "name_and_birth": gettext_lazy("same name and birth date: already entered as %(name)s (no. %(number)s)"),
}
_SAME_AS_LINE = {
    "fide_id": gettext_lazy("same FIDE id: line %(line)s of this file"),
    "national_id": gettext_lazy("same national id: line %(line)s of this file"),
    "name_and_birth": gettext_lazy("same name and birth date: line %(line)s of this file"),
}


def duplicates(tournament: Tournament, identities: list[tuple[int, Identity]]) -> list[str]:
    """Per (line number, identity), why it is likely a player already entered or on an earlier line, or ""."""
    # Per marker, the entrant (name, number) or the line that first had it.
    seen: dict[tuple[str, object], tuple[str, int | None] | int] = {}
    for entrant in Entrant.objects.filter(tournament=tournament):
        identity = Identity.of(entrant.name, entrant.birth_date, entrant.fide_id, entrant.national_id)
        for key in identity.markers():
            seen.setdefault(key, (entrant.name, entrant.pairing_number))
    notes = []
    for number, identity in identities:
        match = next(((key[0], seen[key]) for key in identity.markers() if key in seen), None)
        if match is None:
            notes.append("")
        elif isinstance(match[1], int):
            notes.append(str(_SAME_AS_LINE[match[0]]) % {"line": match[1]})
        else:
            name, pairing_number = match[1]
            notes.append(str(_SAME_AS_ENTERED[match[0]]) % {"name": name, "number": pairing_number})
        for key in identity.markers():
            seen.setdefault(key, number)
    return notes
