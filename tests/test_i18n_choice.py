"""Which language a page is in (docs/i18n.md section 1), that every page says it, that the cached
public pages keep one copy per language (section 2), and that the compiled catalogues are the ones
the pages use (section 3)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from tournaments.models import LanguagePreference
from tournaments.public_cache import serve_cached_pages

from .tournaments.test_public_cache import call, django_was_asked

ROOT = Path(__file__).resolve().parent.parent
COOKIE = settings.LANGUAGE_COOKIE_NAME
PASSWORD = "correct horse battery"  # the `arbiter` fixture's
LANG = re.compile(rb'<html lang="([^"]+)"')


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def language_of(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    found = LANG.search(response.content)
    assert found, "the page names no language"
    assert response["Content-Language"] == found.group(1).decode()
    return found.group(1).decode()


def test_without_any_choice_the_pages_are_in_english(client: Client, tournament: Any, arbiter: Any) -> None:
    assert language_of(client.get("/t/spring-open/")) == "en"
    assert language_of(client.get("/accounts/login/")) == "en"
    client.force_login(arbiter)
    assert language_of(client.get("/arbiter/")) == "en"


def test_the_browser_s_first_language_the_pages_speak_wins_over_english(
    client: Client, tournament: Any
) -> None:
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="de-CH,de;q=0.9,en;q=0.5")) == "de"
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="it,fr;q=0.8")) == "fr"
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="it,pt")) == "en"


def test_the_tournament_s_default_applies_to_its_public_pages_only_and_after_the_browser(
    client: Client, tournament: Any, arbiter: Any
) -> None:
    tournament.language = "es"
    tournament.save()
    italian = {"HTTP_ACCEPT_LANGUAGE": "it"}
    assert language_of(client.get("/t/spring-open/", **italian)) == "es"
    assert language_of(client.get("/t/spring-open/standings/", **italian)) == "es"
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
    # Not on the list of tournaments, nor on the arbiter's pages of the same tournament.
    assert language_of(client.get("/", **italian)) == "en"
    client.force_login(arbiter)
    assert language_of(client.get(f"/arbiter/{tournament.slug}/", **italian)) == "en"
    # A change of the default is seen at once, cached pages included.
    tournament.language = ""
    tournament.save()
    assert language_of(client.get("/t/spring-open/", **italian)) == "en"


def test_the_switcher_sets_the_language_and_returns_to_the_page(client: Client, tournament: Any) -> None:
    page = client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="de")
    # On every page, public ones included, with the page to come back to and no CSRF token.
    assert b'action="/language/"' in page.content and b'name="next" value="/t/spring-open/"' in page.content
    assert b"csrfmiddlewaretoken" not in page.content
    answer = client.post("/language/", {"language": "fr", "next": "/t/spring-open/"})
    assert answer.status_code == 302 and answer["Location"] == "/t/spring-open/"
    assert answer.cookies[COOKIE].value == "fr"
    # The choice wins over the browser's languages.
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="de")) == "fr"


def test_the_switcher_refuses_another_site_and_an_unknown_language(client: Client) -> None:
    away = client.post("/language/", {"language": "de", "next": "https://elsewhere.example/"})
    assert away.status_code == 302 and away["Location"] == "/"
    unknown = client.post("/language/", {"language": "xx", "next": "/"})
    assert unknown.status_code == 302 and COOKIE not in unknown.cookies
    assert client.get("/language/").status_code == 405


def test_the_arbiter_s_choice_is_kept_on_his_account_and_applied_when_he_signs_in_elsewhere(
    client: Client, arbiter: Any, tournament: Any
) -> None:
    client.force_login(arbiter)
    client.post("/language/", {"language": "es", "next": "/arbiter/"})
    assert LanguagePreference.objects.get(user=arbiter).language == "es"
    # Another browser, where French was chosen before signing in: signing in brings Spanish.
    other = Client()
    other.cookies[COOKIE] = "fr"
    assert language_of(other.get("/t/spring-open/")) == "fr"
    signed_in = other.post("/accounts/login/", {"username": "arbiter", "password": PASSWORD})
    assert signed_in.status_code == 302 and signed_in.cookies[COOKIE].value == "es"
    assert language_of(other.get("/arbiter/", HTTP_ACCEPT_LANGUAGE="de")) == "es"
    assert language_of(other.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="de")) == "es"


def test_a_signed_in_arbiter_without_the_cookie_gets_his_account_s_language_and_the_cookie(
    client: Client, arbiter: Any, tournament: Any
) -> None:
    LanguagePreference.objects.create(user=arbiter, language="de")
    client.force_login(arbiter)
    first = client.get("/arbiter/", HTTP_ACCEPT_LANGUAGE="fr")
    assert language_of(first) == "de" and first.cookies[COOKIE].value == "de"
    # Still without the cookie, a new choice wins over the account's and replaces it.
    client.cookies.pop(COOKIE)
    switched = client.post("/language/", {"language": "es", "next": "/arbiter/"})
    assert (
        switched.cookies[COOKIE].value == "es"
        and LanguagePreference.objects.get(user=arbiter).language == "es"
    )
    # Someone signed out keeps the device's language; the account is not read.
    client.logout()  # which forgets the cookies too
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_the_cached_public_pages_keep_one_copy_per_language(client: Client, tournament: Any) -> None:
    """A French page is never served to a German reader, through Django or the fast path."""
    app = serve_cached_pages(django_was_asked)
    french = client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="fr")
    assert language_of(french) == "fr" and "Accept-Language" in french["Vary"] and "Cookie" in french["Vary"]
    german = client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="de")
    assert language_of(german) == "de" and german["ETag"] != french["ETag"]
    # The fast path serves each reader his language's copy, by the cookie or the browser's languages.
    for extra, language in (
        ({"HTTP_ACCEPT_LANGUAGE": "fr"}, b"fr"),
        ({"HTTP_ACCEPT_LANGUAGE": "de-AT"}, b"de"),
        ({"HTTP_ACCEPT_LANGUAGE": "fr", "HTTP_COOKIE": f"{COOKIE}=de"}, b"de"),
    ):
        status, headers, body = call(app, "/t/spring-open/", extra=extra)
        assert status == "200 OK" and b'<html lang="%s"' % language in body, extra
        assert headers["Vary"] == "Accept-Language, Cookie"
    # A language not stored yet goes to Django. A poll holding the French version, now in German,
    # gets the German page, not a 304; holding the German one, a 304.
    assert call(app, "/t/spring-open/", extra={"HTTP_ACCEPT_LANGUAGE": "es"})[0] == "599 Django"
    switched = {"HTTP_ACCEPT_LANGUAGE": "de", "HTTP_IF_NONE_MATCH": french["ETag"]}
    status, _headers, body = call(app, "/t/spring-open/", extra=switched)
    assert status == "200 OK" and b'<html lang="de"' in body
    assert call(app, "/t/spring-open/", extra={**switched, "HTTP_IF_NONE_MATCH": german["ETag"]})[0] == (
        "304 Not Modified"
    )
    # A signed-in reader without the cookie: his account decides, which only Django can read.
    signed_in = {"HTTP_ACCEPT_LANGUAGE": "fr", "HTTP_COOKIE": f"{settings.SESSION_COOKIE_NAME}=x"}
    assert call(app, "/t/spring-open/", extra=signed_in)[0] == "599 Django"


def test_the_tournament_s_default_is_a_copy_of_its_own(client: Client, tournament: Any) -> None:
    """Readers asking for no language of the pages share the copy in the tournament's default."""
    tournament.language = "de"
    tournament.save()
    app = serve_cached_pages(django_was_asked)
    assert language_of(client.get("/t/spring-open/", HTTP_ACCEPT_LANGUAGE="it")) == "de"
    status, _headers, body = call(app, "/t/spring-open/", extra={"HTTP_ACCEPT_LANGUAGE": "pt"})
    assert status == "200 OK" and b'<html lang="de"' in body
    assert call(app, "/t/spring-open/", extra={"HTTP_ACCEPT_LANGUAGE": "en"})[0] == "599 Django"


@pytest.mark.parametrize("code", [code for code, _name in settings.LANGUAGES if code != "en"])
def test_the_pages_use_the_compiled_catalogues(code: str) -> None:
    """bin/test compiled each catalogue (docs/i18n.md section 3), and what it says is what gettext gives."""
    po_path = ROOT / "locale" / code / "LC_MESSAGES" / "django.po"
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.is_file() and mo_path.stat().st_mtime >= po_path.stat().st_mtime, "run bin/test"
    entries = [e for e in polib.pofile(str(po_path)).translated_entries() if not e.msgid_plural]
    assert entries
    with translation.override(code):
        wrong = [
            e.msgid
            for e in entries
            if (translation.pgettext(e.msgctxt, e.msgid) if e.msgctxt else translation.gettext(e.msgid))
            != e.msgstr
        ]
    assert wrong == []
