"""Messages for HTMX requests: a partial response carries them, so they show with the change they report."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class HtmxMessagesMiddleware:
    """Appends the pending messages to an HTMX partial as an out-of-band swap of `#messages`.

    Without it a message waits in the session until the next full page, one action late.
    Redirects and full refreshes keep their messages for the page they lead to.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            not getattr(request, "htmx", False)
            or response.streaming
            or 300 <= response.status_code < 400
            or response.has_header("HX-Redirect")
            or response.has_header("HX-Refresh")
            or not response.get("Content-Type", "").startswith("text/html")
        ):
            return response
        pending = messages.get_messages(request)
        if pending:
            response.content += render_to_string(
                "_messages.html", {"messages": pending, "oob": True}
            ).encode()
        return response
