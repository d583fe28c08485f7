"""The public pages on a 360 px phone whose browser asks for French or German (issue 27): each page
is in that language (its <html lang>, the glossary's words, no English word of the menu) and fits
the screen as the English pages do (test_public_overflow's check), longer words and all."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import Browser, expect

from .test_public_overflow import CHECK, RESULTS

# Per language: the browser's locale and words of docs/glossary-fr.md and glossary-de.md.
LANGUAGES = {
    "fr": ("fr-FR", {"/round/4/": r"\bronde\b", "/standings/": r"\bclassement\b"}),
    "de": ("de-DE", {"/round/4/": r"\brunde\b", "/standings/": r"\brangliste\b|\btabelle\b"}),
}
PAGES = ("/", "/round/4/", "/round/4/by-name/", "/standings/", "/crosstable/", "/players/", "/prizes/")
# The English of the header's menu and the pages' headings, which no French or German page holds.
ENGLISH = re.compile(r"\b(Round|Standings|Crosstable|Players|Prizes|Board|Rating|Withdrawn)\b")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.django_db(transaction=True)
def test_the_public_pages_read_in_the_phone_s_language_and_fit_it(
    live_server: Any, browser: Browser, language: str
) -> None:
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    locale, words = LANGUAGES[language]
    context = browser.new_context(
        locale=locale, viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    failures = []
    try:
        for path in PAGES:
            response = page.goto(f"{live_server.url}/t/demo-open{path}")
            assert response is not None and response.status == 200, path
            expect(page.locator("html")).to_have_attribute("lang", language)
            page.click(".menu summary")  # the menu's links are read too
            text = page.locator("body").inner_text()
            if path in words and not re.search(words[path], text, re.I):
                failures.append(f"{path}: no {words[path]!r}")
            failures += [f"{path}: English {word!r}" for word in sorted(set(ENGLISH.findall(text)))]
            page.click(".menu summary")
            failures += [f"{path}: {problem}" for problem in page.evaluate(CHECK, RESULTS)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)
