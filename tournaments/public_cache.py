"""The cache of the public pages: one version token per tournament, bumped on every change players see.

Rendered pages are stored under keys that include the token, so bumping it retires
every page of the tournament at once without knowing their addresses. The model
methods that publish rounds and record results call `invalidate`; it runs again
when the transaction commits, so a page rendered from the old data in between
cannot outlive the change.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse

# Pages live long: a change retires them, not a clock.
TIMEOUT = 24 * 3600


def _version_key(slug: str) -> str:
    return f"public:{slug}:version"


def invalidate(tournament: Any) -> None:
    """Retire every cached public page of `tournament`, now and when the transaction commits.

    Pages are keyed by the slug, the public address, so a tournament deleted and
    created again under the same slug (the demo) retires the old pages too.
    """
    slug = tournament.slug

    def bump() -> None:
        cache.set(_version_key(slug), uuid.uuid4().hex, TIMEOUT)

    bump()
    transaction.on_commit(bump)


def version(slug: str) -> str:
    token = cache.get(_version_key(slug))
    if token is None:
        # Two workers may start a version at once; `add` lets the first one win.
        cache.add(_version_key(slug), uuid.uuid4().hex, TIMEOUT)
        token = cache.get(_version_key(slug))
    return str(token)


def cached_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a public view `view(request, slug, ...)` from the cache when it can.

    Only 200 responses are stored, with their content type and disposition; the
    key is the full path with its query, so every page and search has its own entry.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        key = f"public:{slug}:{version(slug)}:{request.get_full_path()}"
        stored = cache.get(key)
        if stored is not None:
            content, headers = stored
            return HttpResponse(content, headers=headers)
        response = view(request, slug, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            kept = ("Content-Type", "Content-Disposition")
            headers = {name: response[name] for name in kept if response.has_header(name)}
            cache.set(key, (response.content, headers), TIMEOUT)
        return response

    return wrapper
