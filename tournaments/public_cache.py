"""The cache of the public pages: one version token per tournament, bumped on every change players see.

Rendered pages are stored under keys that include the token, so bumping it retires
every page of the tournament at once without knowing their addresses. The model
methods that publish rounds and record results call `invalidate`; it runs again
when the transaction commits, so a page rendered from the old data in between
cannot outlive the change.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse

# Pages live long: a change retires them, not a clock.
TIMEOUT = 24 * 3600

# Each process also keeps the pages it served last. Keys carry the version token, so
# an entry can never be served once its tournament changed; it just ages out.
_recent: dict[str, tuple[bytes, dict[str, str]]] = {}
_RECENT_MAX = 256


def _stored_page(key: str) -> tuple[bytes, dict[str, str]] | None:
    page = _recent.get(key)
    if page is None:
        page = cache.get(key)
        if page is not None:
            if len(_recent) >= _RECENT_MAX:
                del _recent[next(iter(_recent))]
            _recent[key] = page
    return page


def _templates_digest() -> str:
    """A digest of the public templates: a deploy that changes them retires every stored page."""
    folder = Path(__file__).resolve().parent.parent / "templates" / "tournaments" / "public"
    digest = hashlib.sha1(usedforsecurity=False)
    for path in sorted(folder.glob("*.html")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


_TEMPLATES = _templates_digest()


def _version_key(slug: str) -> str:
    return f"public:{_TEMPLATES}:{slug}:version"


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
        stored = _stored_page(key)
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


def serve_cached_pages(app: Callable[..., Any]) -> Callable[..., Any]:
    """WSGI wrapper: answer a public page that is in the cache before Django's request machinery runs.

    At round time hundreds of phones ask for the same few pages; this path costs two
    cache reads instead of the middleware stack. It serves only what Django would
    serve the same way: GET or HEAD, an allowed host, no pending HTTPS redirect; and
    it adds the security headers the middleware would. Everything else, and every
    miss, goes to Django, whose `cached_page` fills the cache.
    """
    from django.conf import settings
    from django.http.request import split_domain_port, validate_host

    security = [
        ("X-Frame-Options", settings.X_FRAME_OPTIONS),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", settings.SECURE_REFERRER_POLICY or "same-origin"),
        ("Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY or "same-origin"),
    ]
    allowed = settings.ALLOWED_HOSTS or ([".localhost", "127.0.0.1", "[::1]"] if settings.DEBUG else [])

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or not path.startswith("/t/"):
            return app(environ, start_response)
        host = environ.get("HTTP_HOST", "")
        secure = environ.get("wsgi.url_scheme") == "https" or (
            settings.SECURE_PROXY_SSL_HEADER is not None
            and environ.get(settings.SECURE_PROXY_SSL_HEADER[0]) == settings.SECURE_PROXY_SSL_HEADER[1]
        )
        if not validate_host(split_domain_port(host)[0], allowed) or (
            settings.SECURE_SSL_REDIRECT and not secure
        ):
            return app(environ, start_response)
        slug = path[3:].split("/", 1)[0]
        query = environ.get("QUERY_STRING", "")
        full_path = path + ("?" + query if query else "")
        stored = _stored_page(f"public:{slug}:{version(slug)}:{full_path}")
        if stored is None:
            return app(environ, start_response)
        content, headers = stored
        extra = (
            [("Strict-Transport-Security", f"max-age={settings.SECURE_HSTS_SECONDS}")]
            if secure and settings.SECURE_HSTS_SECONDS
            else []
        )
        start_response("200 OK", [*headers.items(), *security, *extra, ("Content-Length", str(len(content)))])
        return [b"" if environ["REQUEST_METHOD"] == "HEAD" else content]

    return wsgi
