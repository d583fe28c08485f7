"""Names as people read them: sorted by ICU's collation, searched by a key that folds case,
accents and transliterations."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import icu

# Letters that Unicode does not decompose into a base letter and a combining mark.
_LETTERS = str.maketrans({"ø": "o", "đ": "d", "ð": "d", "ł": "l", "æ": "ae", "œ": "oe", "þ": "th", "ı": "i"})
# Transliterations that spell one letter with two (Müller = Mueller, Ødegaard = Odegard): both
# the name and the search are folded the same way, so either spelling finds the other.
_DIGRAPHS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("aa", "a"))

# The Unicode root collation (CLDR root): the order of no language in particular, in which
# Çelik sorts among the C's and Łukasz among the L's.
ROOT = ""


def search_key(text: str) -> str:
    """`text` lower-cased, without accents, transliterations reduced: "Nguyễn" -> "nguyn"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    key = "".join(c for c in decomposed if not unicodedata.combining(c))
    for digraph, letter in _DIGRAPHS:
        key = key.replace(digraph, letter)
    return key


@lru_cache(maxsize=16)
def _collator(locale: str) -> icu.Collator:
    """One collator per locale, built once: building one costs far more than sorting a list.
    It is only read (getSortKey), which ICU allows from several threads at once."""
    return icu.Collator.createInstance(icu.Locale(locale))


def sort_key(name: str, locale: str = ROOT) -> bytes:
    """The key that sorts `name` as readers of `locale` (a BCP 47 tag: "de", "sv", "es") expect,
    by ICU's collation: letters, then accents, then case. "Öztürk" is among the O's in German
    and after Z in Swedish; Ukrainian "Іванчук" comes after "Антоненко", not before it as code
    points put it. Lists are sorted here rather than by the database, so the order is the same
    on SQLite (`bin/run`) and PostgreSQL."""
    key: bytes = _collator(locale).getSortKey(name)
    return key
