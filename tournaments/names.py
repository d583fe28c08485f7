"""Names as people type them: a search key that folds case, accents and transliterations."""

from __future__ import annotations

import unicodedata

# Letters that Unicode does not decompose into a base letter and a combining mark.
_LETTERS = str.maketrans({"ø": "o", "đ": "d", "ð": "d", "ł": "l", "æ": "ae", "œ": "oe", "þ": "th", "ı": "i"})
# Transliterations that spell one letter with two (Müller = Mueller, Ødegaard = Odegard): both
# the name and the search are folded the same way, so either spelling finds the other.
_DIGRAPHS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("aa", "a"))


def search_key(text: str) -> str:
    """`text` lower-cased, without accents, transliterations reduced: "Nguyễn" -> "nguyn"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    key = "".join(c for c in decomposed if not unicodedata.combining(c))
    for digraph, letter in _DIGRAPHS:
        key = key.replace(digraph, letter)
    return key


def sort_key(name: str) -> tuple[str, str, str]:
    """The order people read names in, the levels of the Unicode root collation: letters first,
    then accents, then case. "Çelik" sorts among the C's, "Ødegård" among the O's, "Łukasz" among
    the L's, not after Z as code points put them. The same in every database (SQLite for
    `bin/run`, PostgreSQL), because lists are sorted here, not by the database's own collation.
    """
    folded = name.casefold()
    letters = unicodedata.normalize("NFKD", folded.translate(_LETTERS))
    base = "".join(c for c in letters if not unicodedata.combining(c))
    return base, unicodedata.normalize("NFD", folded), name
