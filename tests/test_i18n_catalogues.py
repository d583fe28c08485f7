"""The translation catalogues (docs/i18n.md): complete, with the placeholders of their originals,
compilable, and holding every string the code marks for translation."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections import Counter
from io import StringIO
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
# As docs/i18n.md extracts them; "locale" too, so that the run writes into the folder it is given.
IGNORED = [".venv/*", "tests/*", "scripts/*", "staticfiles/*", "locale"]

# Python's named and positional placeholders ("%(board)s", "%s", "%d"); blocktranslate's
# {{ n }} becomes %(n)s in the catalogue. "%%" is a literal percent sign.
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")


def catalogue(code: str) -> polib.POFile:
    path = ROOT / "locale" / code / "LC_MESSAGES" / "django.po"
    assert path.is_file(), f"no catalogue {path.relative_to(ROOT)}: run makemessages -l {code}"
    return polib.pofile(str(path))


def placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text.replace("%%", "")))


def label(entry: polib.POEntry) -> str:
    return f"{entry.msgctxt}|{entry.msgid}" if entry.msgctxt else entry.msgid


def wrong_placeholders(entry: polib.POEntry) -> bool:
    """Whether a translation drops, adds or changes a placeholder of its original. In a plural, the
    singular form may leave out the count (German "eine Runde" for "%(n)s round"); the last form, the
    plural of es, fr and de, has every placeholder of the original's plural."""
    if not entry.msgid_plural:
        return placeholders(entry.msgstr) != placeholders(entry.msgid)
    allowed = set(placeholders(entry.msgid)) | set(placeholders(entry.msgid_plural))
    forms = [placeholders(entry.msgstr_plural[n]) for n in sorted(entry.msgstr_plural)]
    used = set().union(*forms)
    return not used <= allowed or not set(placeholders(entry.msgid_plural)) <= set(forms[-1])


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(code: str) -> None:
    po = catalogue(code)
    assert [label(e) for e in po.untranslated_entries()] == []
    assert [label(e) for e in po.fuzzy_entries()] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_original(code: str) -> None:
    po = catalogue(code)
    assert [label(e) for e in po.translated_entries() if wrong_placeholders(e)] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_compiles(code: str) -> None:
    """GNU gettext's own check: formats (python-format), plural forms and the header."""
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "GNU gettext's msgfmt is needed (apt-get install gettext; docs/i18n.md)"
    path = ROOT / "locale" / code / "LC_MESSAGES" / "django.po"
    done = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_catalogues_hold_every_string_the_code_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code's strings extracted afresh (makemessages into a temporary folder) against each
    catalogue: a string marked since the catalogue was last extracted fails here."""
    # makemessages writes a file's strings to the first locale folder whose parent holds the file:
    # a folder in the project's root, named first, comes before locale/, which is never written.
    tmp_path = Path(tempfile.mkdtemp(prefix=".i18n-extract-", dir=ROOT))
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [str(tmp_path)])
    try:
        call_command(
            "makemessages",
            locale=[TRANSLATED[0]],
            ignore_patterns=[*IGNORED, ".i18n-extract-*"],
            no_location=True,
            no_obsolete=True,
            verbosity=0,
            stdout=StringIO(),
        )
        extracted = polib.pofile(str(tmp_path / TRANSLATED[0] / "LC_MESSAGES" / "django.po"))
    finally:
        shutil.rmtree(tmp_path)
    wanted = {(e.msgctxt, e.msgid) for e in extracted if e.msgid}
    assert wanted, "the extraction found no string: the test would prove nothing"
    missing = {
        code: sorted(
            label(polib.POEntry(msgctxt=c, msgid=i))
            for c, i in wanted - {(e.msgctxt, e.msgid) for e in catalogue(code)}
        )
        for code in TRANSLATED
    }
    assert missing == {code: [] for code in TRANSLATED}


def test_the_placeholder_check_finds_a_dropped_or_renamed_placeholder() -> None:
    """The check itself, on entries made here: it must not pass everything."""
    kept = polib.POEntry(msgid="Board %(board)s: %(white)s", msgstr="Brett %(board)s: %(white)s")
    dropped = polib.POEntry(msgid="Board %(board)s: %(white)s", msgstr="Brett: %(white)s")
    renamed = polib.POEntry(msgid="Round %(n)s", msgstr="Runde %(number)s")
    plural = polib.POEntry(
        msgid="%(n)s round", msgid_plural="%(n)s rounds", msgstr_plural={0: "eine Runde", 1: "%(n)s Runden"}
    )
    added = polib.POEntry(
        msgid="%(n)s round", msgid_plural="%(n)s rounds", msgstr_plural={0: "%(x)s Runde", 1: "%(n)s Runden"}
    )
    assert [wrong_placeholders(e) for e in (kept, dropped, renamed, plural, added)] == [
        False,
        True,
        True,
        False,
        True,
    ]
