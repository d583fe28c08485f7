"""The languages of the pages: which of settings.LANGUAGES a request asks for (docs/i18n.md).

The order is: an explicit choice (the language cookie, set by the switcher and, when an arbiter
signs in, from his account) > the browser's Accept-Language > the tournament's default on its
public pages > settings.LANGUAGE_CODE. The first two are read from the request alone, so the
cached public pages' fast path (public_cache) keys its pages by them without Django's middleware;
config/language.py applies the whole order to the requests Django handles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpRequest
from django.utils.translation import get_supported_language_variant
from django.utils.translation import gettext_lazy as _
from django.utils.translation.trans_real import language_code_re, parse_accept_lang_header

from tournaments.validators import plain_text

# The attribute of the request that says which language a cached public page may be stored under
# (set by config/language.py, read by public_cache): what the request asked for, "" for the
# tournament's default or English, None when it came from the account (the fast path, which reads
# no session, could not find it again).
CACHE_LANGUAGE = "cache_language"


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def supported(code: str | None) -> str | None:
    """`code` as one of settings.LANGUAGES ("de-CH" gives "de"), or None."""
    if not code or not language_code_re.search(code):
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def chosen(request: HttpRequest) -> str | None:
    """The language the reader chose with the switcher (or his account set when he signed in)."""
    return supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def from_browser(request: HttpRequest) -> str | None:
    """The first language of the browser's Accept-Language that the pages speak, or None."""
    for code, _quality in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        if code == "*":
            break
        if found := supported(code):
            return found
    return None


def requested(request: HttpRequest) -> str | None:
    """What the request itself asks for (choice, then browser), or None: then the tournament's
    default or English applies, which the request cannot tell."""
    return chosen(request) or from_browser(request)


def validate_language(value: str) -> None:
    if value and value not in codes():
        raise ValidationError(
            _("%(value)s is not a language of the pages."), code="language", params={"value": value}
        )


# Subscripted only for the type checker: config/wsgi.py imports this module (through the public
# cache's fast path) before the settings have made Django's fields subscriptable.
if TYPE_CHECKING:
    _CharField = models.CharField[str, str]
else:
    _CharField = models.CharField


class LanguageField(_CharField):
    """A code of settings.LANGUAGES or blank, chosen from a list. The list is read at run time, not
    stored in a migration, so adding a language is a line in the settings and a catalogue only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 8)
        # Control characters named as such first, as every text field of the app does.
        kwargs.setdefault("validators", [plain_text, validate_language])
        super().__init__(*args, **kwargs)

    def formfield(
        self,
        form_class: type[forms.Field] | None = None,
        choices_form_class: type[forms.ChoiceField] | None = None,
        **kwargs: Any,
    ) -> forms.Field | None:
        # Past CharField's, which would hand a ChoiceField the max_length it does not take.
        blank = [("", "—")] if self.blank else []
        choices = [*blank, *settings.LANGUAGES]
        return models.Field.formfield(self, form_class=forms.ChoiceField, choices=choices, **kwargs)
