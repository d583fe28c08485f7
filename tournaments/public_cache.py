"""The cache of the public pages: one version token per tournament, bumped on every change players see.

The tokens live in a cache of their own ("versions"): it holds one entry per tournament,
so writing one stays cheap and culling the pages never drops a token. It is shared by
every web machine (Redis, or a table in the database: settings.cache_backends), so a
change retires the pages everywhere; keeping a token in a process's memory would not.

Rendered pages are stored under keys that include the token, so bumping it retires
every page of the tournament at once without knowing their addresses. The model
methods that publish rounds and record results call `invalidate`; it runs again
when the transaction commits, so a page rendered from the old data in between
cannot outlive the change.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import threading
import uuid
from collections.abc import Callable, Collection, Iterator, Mapping
from functools import wraps
from pathlib import Path
from typing import Any, overload

from django.conf import settings
from django.core.cache import cache, caches
from django.core.exceptions import DisallowedHost
from django.db import DatabaseError, transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils import translation
from redis.exceptions import RedisError

from tournaments import languages

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
                # Threads of a gthread worker may drop the oldest at once: the second finds it gone.
                with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                    del _recent[next(iter(_recent))]
            _recent[key] = page
    return page


def _templates_digest() -> str:
    """A digest of the public templates and the translation catalogues: a deploy that changes
    either retires every stored page."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha1(usedforsecurity=False)
    templates = sorted(root.glob("templates/tournaments/public/*.html"))
    for path in templates + sorted(root.glob("locale/*/*/*.po")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


_TEMPLATES = _templates_digest()


def _version_key(slug: str) -> str:
    return f"public:{_TEMPLATES}:{slug}:version"


def _rounds_key(slug: str, round_number: int | None) -> str:
    """The token of a tournament's rows of round `round_number` (boards), or with None of its other rows."""
    return f"public:{slug}:rows:{'other' if round_number is None else round_number}"


def invalidate(tournament: Any, round_number: int | None = None) -> None:
    """Retire every cached public page of `tournament`, now and when the transaction commits.

    Pages are keyed by the slug, the public address, so a tournament deleted and
    created again under the same slug (the demo) retires the old pages too. Values kept
    with `kept_after` are retired too, all of them; with `round_number` (a board of that
    round changed) only those that rest on that round.
    """
    if getattr(_batch, "rounds", None) is not None:
        _batch.rounds.add((tournament.slug, round_number))
    else:
        _retire(tournament.slug, round_number)


def _retire(slug: str, round_number: int | None) -> None:
    def bump() -> None:
        tokens = {_version_key(slug): uuid.uuid4().hex, _rounds_key(slug, round_number): uuid.uuid4().hex}
        caches["versions"].set_many(tokens, TIMEOUT)

    bump()
    transaction.on_commit(bump)


# The tokens a `batched` block will retire at its end, per thread (a worker runs tasks in threads).
_batch = threading.local()


@contextlib.contextmanager
def batched() -> Iterator[None]:
    """Within the block, each token is retired once, at its end, however many rows change: an import
    of 300 entrants would otherwise write the tokens 600 times. Opened inside a transaction, its
    end retires them and the commit again; around one, after the commit (a page rendered meanwhile
    read the old rows under the old token). A block left by an exception retires nothing: what it
    saved is rolled back with the transaction."""
    if getattr(_batch, "rounds", None) is not None:  # already inside one
        yield
        return
    _batch.rounds = set()
    try:
        yield
    except BaseException:
        _batch.rounds = None
        raise
    rounds, _batch.rounds = _batch.rounds, None
    for slug, round_number in rounds:
        _retire(slug, round_number)


def version(slug: str) -> str | None:
    """The current version token of the tournament at `slug`, or None before its first page is stored.

    Reading never creates a token: a visitor asking for slugs that do not exist leaves nothing behind.
    """
    token = caches["versions"].get(_version_key(slug))
    return None if token is None else str(token)


def _start_version(slug: str) -> str | None:
    """A token for a tournament's first stored page, or None if one appeared meanwhile (maybe a change)."""
    token = uuid.uuid4().hex
    return token if caches["versions"].add(_version_key(slug), token, TIMEOUT) else None


def kept_after(tournament: Any, after_round: int, name: str, compute: Callable[[], Any]) -> Any:
    """`compute()`, which reads rounds 1 .. `after_round` of `tournament` (and its entrants and
    settings), computed once and shared by every page and process until one of those changes.

    A result entered in a later round leaves it: on a busy results desk the standings after
    the last complete round are not computed again for every game. The value must pickle.
    """
    slug = tournament.slug
    keys = [_rounds_key(slug, None), *(_rounds_key(slug, n) for n in range(1, after_round + 1))]
    versions = caches["versions"]
    tokens = versions.get_many(keys)
    for key in keys:
        # A token never set (or lost) is made now, never read as empty: a value kept under an
        # empty token could come back after a change whose token was lost.
        token = uuid.uuid4().hex
        if key not in tokens and versions.add(key, token, TIMEOUT):
            tokens[key] = token
    if any(key not in tokens for key in keys):
        return compute()  # a change came in between: nothing is kept this time
    digest = hashlib.sha1("".join(tokens[key] for key in keys).encode(), usedforsecurity=False).hexdigest()
    key = f"public:{slug}:{name}:{after_round}:{digest}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, TIMEOUT)
    return value


def kept_with_version(slug: str, name: str, read: Callable[[], str]) -> str:
    """`read()`, a fact of the tournament at `slug` itself (its default language), kept under its
    version token: a poll answered from the cache then asks the database nothing. Read before
    the tournament's row, the token can only be older than the value kept under it."""
    token = version(slug)
    if token is None:
        return read()
    key = f"public:{slug}:{token}:{name}"
    value = cache.get(key)
    if value is None:
        value = read()
        cache.set(key, value, TIMEOUT)
    return str(value)


# What a cached view reads of the query string: each parameter with the values that get a page
# of their own, or None for free text (a search), which is answered fresh and never stored.
QuerySpec = Mapping[str, Collection[str] | None]


def _variant(spec: QuerySpec, query: QueryDict) -> str | None:
    """The part of the key that the query string decides, or None when the page must not be stored.

    Parameters the page does not read are ignored, and so is a value it does not know (the
    page shows its default for it): neither can create an entry of its own.
    """
    parts = []
    for name, values in sorted(spec.items()):
        # Compared as given, as the view reads it: "16 " must not be stored as "16".
        given = query.get(name, "")
        if not given:
            continue
        if values is None:
            return None
        if given in values:
            parts.append(f"{name}={given}")
    return "&".join(parts)


# Every cached page says which version of its tournament it shows (the token, as its ETag) and
# that a browser must ask before reusing it: a phone that polls, or reloads, and finds nothing
# new gets a 304 for a token read, without the page being read or rendered.
REVALIDATE = "no-cache"


def _tag(token: str, language: str) -> str:
    """The version of one language's copy of a page: a reader who switched must not be told that his
    page in the other language is current."""
    return f"{token}-{language}"


def _etag(tag: str) -> str:
    return f'"{tag}"'


def _unchanged(request: HttpRequest, tag: str | None) -> bool:
    """Whether `request` says (If-None-Match) that it holds the page of version `tag` already."""
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    if not tag or not asked:
        return False
    # A proxy that compressed the page weakens the tag ("W/..."): the same version still.
    return _etag(tag) in (given.strip().removeprefix("W/") for given in asked.split(","))


def _not_modified(tag: str) -> HttpResponse:
    response = HttpResponse(status=304)
    response["ETag"], response["Cache-Control"] = _etag(tag), REVALIDATE
    response["Vary"] = VARY
    return response


# The request headers that choose the language of a page (its cookie, the browser's languages).
VARY = "Accept-Language, Cookie"


def _page_language(request: HttpRequest) -> str | None:
    """The language part of the page's key: what the request asks for (tournaments/languages.py), ""
    when it asks for none (the tournament's default or English, the same for all such readers), or
    None when the page must not be stored or served from the store.

    config.language's middleware sets it on the requests Django handles; the fast path, which runs
    before it and reads no session, finds it from the request, and leaves to Django a signed-in
    reader who has no language cookie yet (his account's language applies, which it cannot read).
    """
    if hasattr(request, languages.CACHE_LANGUAGE):
        return getattr(request, languages.CACHE_LANGUAGE)  # type: ignore[no-any-return]
    if settings.SESSION_COOKIE_NAME in request.COOKIES and languages.chosen(request) is None:
        return None
    return languages.requested(request) or ""


def _page_key(
    slug: str, token: str, language: str | None, request: HttpRequest, spec: QuerySpec
) -> str | None:
    variant = _variant(spec, request.GET)
    if variant is None or language is None:
        return None
    return f"public:{slug}:{token}:{language}:{request.path_info}?{variant}"


View = Callable[..., HttpResponse]


@overload
def cached_page(view: View) -> View: ...


@overload
def cached_page(*, query: QuerySpec) -> Callable[[View], View]: ...


def cached_page(view: View | None = None, *, query: QuerySpec | None = None) -> View | Callable[[View], View]:
    """Serve a public view `view(request, slug, ...)` from the cache when it can.

    `query` says what the view reads of the query string (see `QuerySpec`); every other
    parameter is ignored. Only 200 responses are stored, with their content type and
    disposition, so a 404 on a made-up address stores nothing. A stored page carries its
    version as ETag, and a request that holds that version gets a 304 (`_unchanged`).
    """
    spec: QuerySpec = query or {}

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            token = version(slug)
            language = _page_language(request)
            key = _page_key(slug, token, language, request, spec) if token else None
            tag = _tag(token, language) if key and token and language is not None else None
            if tag and _unchanged(request, tag):
                return _not_modified(tag)
            stored = _stored_page(key) if key else None
            if stored is not None:
                content, headers = stored
                return HttpResponse(content, headers=headers)
            response = view(request, slug, *args, **kwargs)
            if response.status_code != 200 or response.streaming:
                return response
            token = token or _start_version(slug)
            key = _page_key(slug, token, language, request, spec) if token else None
            if key:
                assert token is not None and language is not None
                response["ETag"], response["Cache-Control"] = _etag(_tag(token, language)), REVALIDATE
                response["Vary"], response["Content-Language"] = VARY, translation.get_language()
                kept = (
                    *("Content-Type", "Content-Disposition", "ETag", "Cache-Control"),
                    *("Vary", "Content-Language"),
                )
                headers = {name: response[name] for name in kept if response.has_header(name)}
                cache.set(key, (response.content, headers), TIMEOUT)
            return response

        # The fast path reads it through the URL resolver; `wraps` carries it through outer decorators.
        wrapper.public_cache_query = spec  # type: ignore[attr-defined]
        return wrapper

    return decorate(view) if view is not None else decorate


@functools.lru_cache(maxsize=4096)
def _public_view(path: str) -> tuple[str, QuerySpec] | None:
    """The slug and query spec of the cached public view at `path`, or None; kept per path.

    Bounded, so made-up paths cannot grow it without end.
    """
    try:
        match = resolve(path)
    except Resolver404:
        return None
    spec = getattr(match.func, "public_cache_query", None)
    slug = match.kwargs.get("slug")
    return (slug, spec) if spec is not None and slug else None


def _cached_response(request: HttpRequest) -> HttpResponse | None:
    """The stored page for `request`, a 304 if it holds that page's version already, or None:
    not a cached public view, not stored, or not storable."""
    view = _public_view(request.path_info)
    if view is None:
        return None
    slug, spec = view
    token = version(slug)
    language = _page_language(request)
    key = _page_key(slug, token, language, request, spec) if token else None
    tag = _tag(token, language) if key and token and language is not None else None
    if tag and _unchanged(request, tag):
        return _not_modified(tag)
    stored = _stored_page(key) if key else None
    if stored is None:
        return None
    content, headers = stored
    return HttpResponse(content, headers=headers)


def serve_cached_pages(app: Callable[..., Any]) -> Callable[..., Any]:
    """WSGI wrapper: answer a public page that is in the cache before Django's request machinery runs.

    At round time hundreds of phones ask for the same few pages; this path costs a URL
    match (kept per path) and two cache reads instead of the middleware stack (a poll that
    holds the current version gets a 304 after one). It serves only what Django would
    serve the same way: GET or HEAD on an allowed host, with no HTTPS redirect pending.
    Its headers are those that the header middleware
    (settings.HEADER_MIDDLEWARE: security, framing, content and permissions policies) set
    on an empty response, computed by running them once per scheme and kept. Everything
    else, and every miss, goes to Django, whose `cached_page` fills the cache.
    """
    from django.core.handlers.wsgi import WSGIRequest
    from django.utils.module_loading import import_string

    middleware = [import_string(path) for path in settings.HEADER_MIDDLEWARE]
    header_sets: dict[bool, list[tuple[str, str]]] = {}

    def security_headers(request: HttpRequest) -> list[tuple[str, str]]:
        secure = request.is_secure()
        if secure not in header_sets:
            handler: Callable[[HttpRequest], HttpResponse] = lambda _request: HttpResponse()  # noqa: E731
            for factory in reversed(middleware):
                handler = factory(handler)
            bare = HttpResponse().headers
            header_sets[secure] = [(k, v) for k, v in handler(request).items() if k not in bare]
        return header_sets[secure]

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or not path.startswith("/t/"):
            return app(environ, start_response)
        request = WSGIRequest(environ)
        try:
            request.get_host()
        except DisallowedHost:
            return app(environ, start_response)
        if settings.SECURE_SSL_REDIRECT and not request.is_secure():
            return app(environ, start_response)
        try:
            page = _cached_response(request)
        except (DatabaseError, RedisError):
            # The shared cache or the tokens' table is out of reach: Django answers, and says so.
            page = None
        if page is None:
            return app(environ, start_response)
        if page.status_code == 304:
            start_response("304 Not Modified", [*page.items(), *security_headers(request)])
            return [b""]
        headers = [*page.items(), *security_headers(request), ("Content-Length", str(len(page.content)))]
        start_response("200 OK", headers)
        return [b"" if environ["REQUEST_METHOD"] == "HEAD" else page.content]

    return wsgi
