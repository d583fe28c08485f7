"""Request-wide behaviour that belongs to no single app."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django_htmx.http import reswap, retarget

logger = logging.getLogger(__name__)


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
