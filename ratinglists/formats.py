"""Reading FIDE's list files, line by line: the fixed-width TXT (combined or one rating type) and the XML.

Nothing here holds more than one line (one `<player>`) of the file at a time. Every reader
yields `Player` tuples for the good lines and reports each bad one to `bad(number, why)`
with its line number; a bad line is skipped whole, never half read (docs/rating-lists.md).

The layout is taken from the header's words where there is a header (so a shift of the
columns in a later year is followed), else from FIDE's fixed offsets.
"""

from __future__ import annotations

import io
import re
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, NamedTuple, cast

from django.utils.translation import gettext as _

Bad = Callable[[int, str], None]


class FormatError(ValueError):
    """The file as a whole cannot be read as a FIDE list: nothing is imported."""


class Player(NamedTuple):
    """One player's line; None where the list leaves a number blank (unrated, no K)."""

    fide_id: int
    name: str
    name_key: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa_title: str
    standard: int | None
    standard_games: int | None
    standard_k: int | None
    rapid: int | None
    rapid_games: int | None
    rapid_k: int | None
    blitz: int | None
    blitz_games: int | None
    blitz_k: int | None
    birth_year: int | None
    flags: str
    inactive_standard: bool | None
    inactive_rapid: bool | None
    inactive_blitz: bool | None


COLUMNS = Player._fields
RATING_TYPES = ("standard", "rapid", "blitz")
# The columns of one rating type, as a single list fills them.
TYPE_COLUMNS = {kind: (kind, f"{kind}_games", f"{kind}_k", f"inactive_{kind}") for kind in RATING_TYPES}
IDENTITY_COLUMNS = COLUMNS[1:9] + ("birth_year", "flags")

_MARKS = re.compile(r"[\u0300-\u036f]")
_NOT_WORD = re.compile(r"[^\w]+")


def fold(text: str) -> str:
    """A name as the type-ahead compares it: no accents, no punctuation, lower case, single spaces.

    "Castellanos Ruiz, Pablo" and "castellanos ruíz pablo" fold alike; so do "Ø" and "o" only
    in so far as Unicode decomposes them (it does not: "Ø" stays "ø", as in the list itself).
    """
    if not text.isascii():
        text = _MARKS.sub("", unicodedata.normalize("NFKD", text))
    return " ".join(_NOT_WORD.sub(" ", text.casefold()).split())


# --- TXT -------------------------------------------------------------------------------------------

# The header words of the combined file and their fixed start columns (0-based), after FIDE's
# downloads of 2023 and 2026; a single list has its month (SEP26) for SRtng, then Gms, K, B-day, Flag.
COMBINED = {
    "ID Number": 0, "Name": 15, "Fed": 76, "Sex": 80, "Tit": 84, "WTit": 89, "OTit": 94, "FOA": 109,
    "SRtng": 113, "SGm": 119, "SK": 123, "RRtng": 126, "RGm": 132, "Rk": 136, "BRtng": 139,
    "BGm": 145, "BK": 149, "B-day": 152, "Flag": 158,
}  # fmt: skip
SINGLE = {**{word: COMBINED[word] for word in list(COMBINED)[:8]}, "MONTH": 113, "Gms": 119, "K": 123}
SINGLE |= {"B-day": 126, "Flag": 132}
_MONTH = re.compile(r"[A-Z]{3}\d{2}")


@dataclass(frozen=True)
class Layout:
    """Where each field of a TXT line starts; `width` is the length of a line as the header gives it."""

    starts: dict[str, int]
    combined: bool
    month: str = ""

    @property
    def width(self) -> int:
        return max(self.starts.values()) + 4

    def spans(self) -> dict[str, tuple[int, int | None]]:
        ordered = sorted(self.starts.items(), key=lambda item: item[1])
        ends = [start for _, start in ordered[1:]] + [None]
        return {word: (start, end) for (word, start), end in zip(ordered, ends, strict=True)}


def layout_of(header: str) -> Layout | None:
    """The layout a header line gives, or None when the line is not a header of a known layout."""
    if not header.startswith("ID Number"):
        return None
    month = _MONTH.search(header, COMBINED["FOA"])
    template = SINGLE if "SRtng" not in header and month else COMBINED
    starts, position = {}, 0
    for word in template:
        found = month.start() if word == "MONTH" and month else header.find(word, position)
        if found < 0:
            return None
        starts[word], position = found, found + 1
    return Layout(
        starts, combined=template is COMBINED, month=month.group() if month and template is SINGLE else ""
    )


def read_text_lines(stream: IO[bytes]) -> Iterator[tuple[int, str, int]]:
    """(line number, text, bytes read) per line: UTF-8, else Latin-1 (both are seen), without its line end."""
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        yield number, text.rstrip("\r\n"), len(raw)


def _number(text: str, what: str, largest: int = 32767) -> int | None:
    """A number of the list, None when blank. ValueError names the field."""
    if not text:
        return None
    if not text.isdigit() or int(text) > largest:
        raise ValueError(
            _("%(what)s “%(text)s” is not a number the list can hold") % {"what": what, "text": text}
        )
    return int(text)


def _rating(text: str, what: str) -> int | None:
    """A rating: blank and 0 both mean unrated (the XML writes either)."""
    return _number(text, what, 3500) or None


# The combined file's numbers in the order of `Player` (standard, rapid, blitz: rating, games, K).
_COMBINED_NUMBERS = ("SRtng", "SGm", "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK")
_SINGLE_NUMBERS = ("MONTH", "Gms", "K")


class TxtReader:
    """The players of a TXT list; `kind` is the rating type a single list is of."""

    def __init__(self, layout: Layout, kind: str) -> None:
        self.layout, self.kind = layout, kind
        spans = layout.spans()
        self.words = list(spans)
        self.slices = [spans[word] for word in self.words]
        self.at = {word: index for index, word in enumerate(self.words)}
        self.foa = layout.starts["FOA"]
        self.otit = self.at["OTit"]
        # Where each of the nine numbers of `Player` is read: (index of the field, its header word), or None.
        words: list[str | None]
        if layout.combined:
            words = list(_COMBINED_NUMBERS)
        else:
            offset = RATING_TYPES.index(kind) * 3
            words = [None] * 9
            words[offset : offset + 3] = _SINGLE_NUMBERS
        labels = {"MONTH": layout.month or "rating"}
        self.numbers = [None if word is None else (self.at[word], labels.get(word, word)) for word in words]
        self.inactive = None if layout.combined else RATING_TYPES.index(kind)

    def players(self, lines: Iterable[tuple[int, str, int]], bad: Bad) -> Iterator[Player]:
        for number, line, _size in lines:
            if not line.strip() or line.startswith("ID Number"):
                continue
            try:
                yield self.player(line)
            except ValueError as error:
                bad(number, str(error))

    def _shifted(self, extra: int) -> list[tuple[int, int | None]]:
        """Other titles longer than their column push the rest of the line to the right (seen in
        the real list: "LSI,FI,SI,SLI,NA"); the columns after them keep their widths."""
        shifted = self.slices[: self.otit] + [(self.slices[self.otit][0], self.foa + extra)]
        return shifted + [
            (a + extra, None if b is None else b + extra) for a, b in self.slices[self.otit + 1 :]
        ]

    def player(self, line: str) -> Player:
        if len(line) < self.foa:
            raise ValueError(
                _("%(length)s characters, too short for the list's columns") % {"length": len(line)}
            )
        slices = self.slices
        extra = len(line) - self.layout.width
        if extra > 0 and line[self.foa - 1] != " ":
            slices = self._shifted(extra)
        values = [line[start:end].strip() for start, end in slices]
        at = self.at
        numbers = [
            None if place is None else (_rating if index % 3 == 0 else _number)(values[place[0]], place[1])
            for index, place in enumerate(self.numbers)
        ]
        flags = values[at["Flag"]]
        inactive: list[bool | None] = [None, None, None]
        if self.inactive is not None:
            inactive[self.inactive] = "i" in flags
        return _player(
            values[0], values[at["Name"]], values[at["Fed"]], values[at["Sex"]], values[at["Tit"]],
            values[at["WTit"]], values[at["OTit"]], values[at["FOA"]], values[at["B-day"]], flags,
            numbers, inactive,
        )  # fmt: skip


def _player(
    identity: str,
    name: str,
    federation: str,
    sex: str,
    title: str,
    w_title: str,
    o_title: str,
    foa: str,
    born: str,
    flags: str,
    numbers: list[int | None],
    inactive: list[bool | None],
) -> Player:
    """A player from the text of its fields, checked against what the columns can hold."""
    if not identity.isdigit():
        raise ValueError(_("the FIDE ID “%(id)s” is not a number") % {"id": identity})
    if len(identity) > 12:
        raise ValueError(_("the FIDE ID “%(id)s” is too long") % {"id": identity})
    if not name:
        raise ValueError(_("no name"))
    for what, value, width in (
        ("Fed", federation, 3), ("Sex", sex, 1), ("Tit", title, 4), ("WTit", w_title, 4),
        ("OTit", o_title, 40), ("FOA", foa, 3), ("Flag", flags, 4), ("Name", name, 120),
    ):  # fmt: skip
        if len(value) > width:
            raise ValueError(_("%(what)s “%(value)s” is too long") % {"what": what, "value": value})
    born_in = _number(born, "B-day", 2100) or None
    head = (int(identity), name, fold(name), federation, sex, title, w_title, o_title, foa)
    return Player._make((*head, *numbers, born_in, flags, *inactive))


# --- XML -------------------------------------------------------------------------------------------

_XML_RATINGS = {
    "standard": ("rating", "games", "k"),
    "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
    "blitz": ("blitz_rating", "blitz_games", "blitz_k"),
}


class XmlReader:
    """The `<player>` records of FIDE's XML, read a line at a time; a record is reported at the
    line of its `</player>`. Missing and empty elements are alike (unrated, no title)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind  # "combined", or the rating type of a single list

    def players(self, lines: Iterable[tuple[int, bytes, int]], bad: Bad) -> Iterator[Player]:
        parser = ET.XMLPullParser(events=("start", "end"))
        root: ET.Element | None = None
        number = 0
        for number, raw, _size in lines:
            try:
                parser.feed(raw)
                events = cast(list[tuple[str, ET.Element]], list(parser.read_events()))
            except ET.ParseError as error:
                raise FormatError(
                    _("line %(n)s: not well-formed XML (%(why)s)") % {"n": number, "why": error}
                ) from None
            for event, element in events:
                if event == "start":
                    root = element if root is None else root
                    continue
                if element.tag != "player":
                    continue
                try:
                    yield self.player(element)
                except ValueError as error:
                    bad(number, str(error))
                if root is not None:
                    root.clear()  # players are never nested: none is open now
        try:
            parser.close()
        except ET.ParseError as error:
            raise FormatError(
                _("line %(n)s: the XML ends early (%(why)s)") % {"n": number, "why": error}
            ) from None

    def player(self, element: ET.Element) -> Player:
        def text(tag: str) -> str:
            return (element.findtext(tag) or "").strip()

        numbers: list[int | None] = [None] * 9
        kinds = RATING_TYPES if self.kind == "combined" else (self.kind,)
        for kind in kinds:
            # A single list's XML is taken to use the standard list's element names (unconfirmed).
            rating, games, k = _XML_RATINGS["standard" if self.kind != "combined" else kind]
            offset = RATING_TYPES.index(kind) * 3
            numbers[offset : offset + 3] = (
                _rating(text(rating), rating),
                _number(text(games), games),
                _number(text(k), k),
            )
        flags = text("flag")
        inactive: list[bool | None] = [None, None, None]
        if self.kind != "combined":
            inactive[RATING_TYPES.index(self.kind)] = "i" in flags
        return _player(
            text("fideid"), text("name"), text("country"), text("sex"), text("title"), text("w_title"),
            text("o_title"), text("foa_title"), text("birthday"), flags, numbers, inactive,
        )  # fmt: skip


# --- The file as a whole ---------------------------------------------------------------------------


@dataclass
class Opened:
    """A list file opened for reading: its stream of lines and what it was found to be."""

    stream: IO[bytes]
    name: str
    size: int
    file_format: str  # "TXT" or "XML"
    kind: str  # "combined", "standard", "rapid" or "blitz"
    month: str
    players: Callable[[Bad], Iterator[Player]]
    read: Callable[[], int]  # bytes of the (unzipped) file read so far


def kind_from_name(name: str) -> str:
    """The rating type a file's name says (FIDE: standard_rating_list.txt, rapid_…, blitz_…), or ""."""
    lowered = name.lower()
    return next((kind for kind in RATING_TYPES if kind in lowered), "")


class _Counting(io.RawIOBase):
    """Counts the bytes read through it, for the progress bar."""

    def __init__(self, inner: IO[bytes]) -> None:
        self.inner, self.count = inner, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.inner.read(len(buffer))
        buffer[: len(data)] = data
        self.count += len(data)
        return len(data)


def open_list(stream: IO[bytes], name: str, size: int, *, kind: str = "", month: str = "") -> Opened:
    """Find what the file is from its content (zip, XML or TXT; combined or single) and open it.

    A zip (as FIDE serves the lists) is read from its one .txt or .xml member. The rating type
    of a single list is not in its header: it comes from `kind`, else from the file's name.
    """
    head = stream.read(4)
    stream.seek(0)
    if head == b"PK\x03\x04":
        archive = zipfile.ZipFile(stream)
        members = [m for m in archive.infolist() if m.filename.lower().endswith((".txt", ".xml"))]
        if not members:
            raise FormatError(_("The zip file holds no .txt or .xml list."))
        member = max(members, key=lambda m: m.file_size)
        return open_list(archive.open(member), member.filename, member.file_size, kind=kind, month=month)
    counting = _Counting(stream)
    buffered = io.BufferedReader(counting, buffer_size=1 << 16)
    start = buffered.peek(512)[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        chosen = kind or kind_from_name(name) or "combined"
        reader = XmlReader(chosen)

        def xml_players(bad: Bad) -> Iterator[Player]:
            return reader.players(((n, raw, len(raw)) for n, raw in enumerate(buffered, start=1)), bad)

        return Opened(buffered, name, size, "XML", chosen, month, xml_players, lambda: counting.count)
    first = buffered.peek(1024)[:1024].split(b"\n", 1)[0].decode("latin-1").rstrip("\r")
    layout = layout_of(first)
    if layout is None:
        if first.startswith("ID"):
            raise FormatError(
                _("The header line is not one of FIDE's list layouts this app knows: %(header)s")
                % {"header": first[:120]}
            )
        # No header: FIDE's fixed columns, combined when the line is long enough to hold all three.
        layout = Layout(
            COMBINED if len(first) >= COMBINED["Flag"] else SINGLE, len(first) >= COMBINED["Flag"]
        )
    if layout.combined:
        chosen = "combined"
    else:
        chosen = kind or kind_from_name(name)
        if chosen not in RATING_TYPES:
            raise FormatError(
                _("This is a single list (%(month)s) without its rating type: say whether it is the "
                  "standard, "
                  "rapid or blitz list.") % {"month": layout.month or _("no month")}
            )  # fmt: skip
    txt = TxtReader(layout, chosen)

    def txt_players(bad: Bad) -> Iterator[Player]:
        return txt.players(read_text_lines(buffered), bad)

    return Opened(
        buffered, name, size, "TXT", chosen, month or layout.month, txt_players, lambda: counting.count
    )
