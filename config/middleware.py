"""Request-wide behaviour that belongs to no single app."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django_htmx.http import reswap, retarget

logger = logging.getLogger(__name__)


class PrivatePagesMiddleware:
    """Every response under the arbiters' and the admin's addresses is kept out of every cache,
    errors included: `never_cache` on a view does not reach the 403 or 404 page Django makes from
    an exception the view raised."""

    PRIVATE = ("/arbiter/", "/admin/", "/accounts/")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path.startswith(self.PRIVATE):
            add_never_cache_headers(response)
            patch_cache_control(response, private=True)
        return response


class DatabaseUnavailableMiddleware:
    """A lost or refused database connection gives a 503 page saying the action was not saved.

    Every action runs in one transaction, so nothing of it was stored. The page is
    rendered without the request's context (which would ask the database for the user).
    An htmx request gets the message as a fragment for the page's `#server-error` box.
    Django drops the broken connection when the request ends, so the next request
    connects afresh.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("Database unavailable during %s %s", request.method, request.path, exc_info=exception)
        htmx = bool(getattr(request, "htmx", False))
        page = "unavailable.html#message" if htmx else "unavailable.html"
        response = HttpResponse(render_to_string(page, {"path": request.path}), status=503)
        response["Retry-After"] = "10"
        if htmx:
            response = retarget(reswap(response, "innerHTML"), "#server-error")
        return response
