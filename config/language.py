"""The language of every page Django renders, the switcher that chooses it, and the account that keeps it.

The order (docs/i18n.md): the reader's explicit choice (the language cookie) > for a signed-in user
the language kept on his account > the browser's Accept-Language > on a tournament's public pages
that tournament's default > settings.LANGUAGE_CODE. The first and third are read from the request
alone (tournaments/languages.py), which is what the cached public pages are keyed by.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from redis.exceptions import RedisError

from tournaments import languages, public_cache
from tournaments.models import LanguagePreference, Tournament


def _set_cookie(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE or settings.SESSION_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE or "Lax",
    )


def _account_language(request: HttpRequest) -> str | None:
    # Database errors fall through to the next in the order: the view, reading the same database,
    # answers with DatabaseUnavailableMiddleware's 503, which a middleware's own query would not reach.
    try:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return LanguagePreference.of(user)
    except DatabaseError:
        return None


def _tournament_language(request: HttpRequest) -> str | None:
    """The default language of the tournament whose public page this is, or None."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    slug = match.kwargs.get("slug")
    if match.namespace != "public" or not slug:
        return None

    def read() -> str:
        return Tournament.objects.filter(slug=slug).values_list("language", flat=True).first() or ""

    try:
        return languages.supported(public_cache.kept_with_version(slug, "language", read))
    except (DatabaseError, RedisError):
        return None


class LanguageMiddleware:
    """Activates the page's language in the order above; after Authentication, which it reads.

    A signed-in user with no cookie (a new browser, the cookie cleared) gets his account's
    language and the cookie with it, so his next public page is found in the cache by it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        asked = languages.chosen(request)
        account = None if asked else _account_language(request)
        asked = asked or account or languages.from_browser(request)
        language = asked or _tournament_language(request) or settings.LANGUAGE_CODE
        setattr(request, languages.CACHE_LANGUAGE, None if account else (asked or ""))
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", translation.get_language())
        # Signing in (below) or a first page without the cookie: the account's language, on this
        # device; unless the page set the cookie itself (the switcher: the new choice wins).
        signed_in = getattr(request, "account_language", None) or account
        if signed_in and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            _set_cookie(response, signed_in)
        return response


def _remember_on_sign_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At sign-in the account's language wins over the one chosen on this device before."""
    if request is not None:
        request.account_language = LanguagePreference.of(user)  # type: ignore[attr-defined]


# Connected when the middleware is loaded, which is before any request can sign a user in.
user_logged_in.connect(_remember_on_sign_in, dispatch_uid="config.language.remember_on_sign_in")


# Exempt from CSRF because the public pages are cached for everyone and so carry no token. A forged
# post can only switch the language of the browser it comes from: the session cookie is SameSite=Lax,
# so a cross-site post arrives signed out and changes no account.
@csrf_exempt
@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The switcher: `language` for this browser (and the signed-in user's account), then back to `next`."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    language = languages.supported(request.POST.get("language"))
    if language is None:
        return response
    _set_cookie(response, language)
    if request.user.is_authenticated:
        LanguagePreference.objects.update_or_create(user=request.user, defaults={"language": language})
    return response
