"""The database going away during a request: a page that says nothing was saved, then recovery."""

from __future__ import annotations

import re
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest
from django.db import connection

from pairing import actions
from tournaments.models import Board

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends"),
]


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A local port bound but not listening, so every connection to it is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


class Browser:
    """Plain HTTP requests with the arbiter's session cookie, as a browser sends them."""

    def __init__(self, base: str, cookies: dict[str, str]) -> None:
        self.base, self.cookies = base, cookies

    def request(self, path: str, data: dict[str, str] | None = None, **headers: str) -> tuple[int, dict, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        sent = urllib.request.Request(
            self.base + path, body, {"Cookie": cookie, "Referer": self.base, **headers}
        )
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(sent, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def take_the_database_away(port: int) -> None:
    """New connections go to a closed port; the open ones of the server threads are cut."""
    connection.settings_dict["PORT"] = port
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def test_saving_results_while_the_database_is_down_says_not_saved_and_recovers(
    live_server, client, tournament, field, arbiter, closed_port
):
    rnd = actions.pair_next_round(tournament, arbiter)
    actions.publish_round(rnd, arbiter, confirmed=True)
    client.force_login(arbiter)
    browser = Browser(live_server.url, {"sessionid": client.cookies["sessionid"].value})
    path = f"/arbiter/{tournament.slug}/rounds/1/results/"
    status, headers, page = browser.request(path)
    assert status == 200
    browser.cookies["csrftoken"] = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    post = {"csrfmiddlewaretoken": token, "board_1": "1-0", "seen_1": ""}
    port = connection.settings_dict["PORT"]

    take_the_database_away(closed_port)
    try:
        status, headers, page = browser.request(path, post)
        assert status == 503 and headers["Retry-After"] == "10"
        assert "Not saved: the database is not available right now." in page and "<html" in page
        status, headers, fragment = browser.request(path, post, **{"HX-Request": "true"})
        assert status == 503 and "<html" not in fragment and 'id="unavailable"' in fragment
        assert (headers["HX-Retarget"], headers["HX-Reswap"]) == ("#server-error", "innerHTML")
    finally:
        connection.settings_dict["PORT"] = port
    assert Board.objects.get(round=rnd, number=1).result == ""

    # The same server, without a restart, serves and saves again.
    status, headers, _ = browser.request(path, post)
    assert status == 302
    assert Board.objects.get(round=rnd, number=1).result == "1-0"


def test_every_arbiter_page_has_the_box_that_shows_the_message(client, tournament, arbiter):
    client.force_login(arbiter)
    page = client.get(f"/arbiter/{tournament.slug}/").content.decode()
    assert '<div id="server-error"' in page and '{"code": "503", "swap": true' in page
