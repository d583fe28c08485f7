"""The database going away during a request: a page that says nothing was saved, then recovery."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.db import connection

from pairing import actions, publishing
from tournaments.models import AuditRecord, Board, Round

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends"),
]


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


def test_saving_results_while_the_database_is_down_says_not_saved_and_recovers(
    live_server, client, tournament, field, arbiter, database_outage
):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    client.force_login(arbiter)
    browser = Browser(live_server.url, {"sessionid": client.cookies["sessionid"].value})
    path = f"/arbiter/{tournament.slug}/rounds/1/results/"
    status, headers, page = browser.request(path)
    assert status == 200
    browser.cookies["csrftoken"] = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    post = {"csrfmiddlewaretoken": token, "board_1": "1-0", "seen_1": ""}
    with database_outage():
        status, headers, page = browser.request(path, post)
        assert status == 503 and headers["Retry-After"] == "10"
        assert "Not saved: the database is not available right now." in page and "<html" in page
        status, headers, fragment = browser.request(path, post, **{"HX-Request": "true"})
        assert status == 503 and "<html" not in fragment and 'id="unavailable"' in fragment
        assert (headers["HX-Retarget"], headers["HX-Reswap"]) == ("#server-error", "innerHTML")
    assert Board.objects.get(round=rnd, number=1).result == ""

    # The same server, without a restart, serves and saves again.
    status, headers, _ = browser.request(path, post)
    assert status == 302
    assert Board.objects.get(round=rnd, number=1).result == "1-0"


def test_publishing_while_the_database_is_down_says_not_saved_and_publishes_once_afterwards(
    live_server, client, tournament, field, arbiter, database_outage
):
    rnd = actions.pair_next_round(tournament, arbiter)
    client.force_login(arbiter)
    browser = Browser(live_server.url, {"sessionid": client.cookies["sessionid"].value})
    path = f"/arbiter/{tournament.slug}/rounds/1/"
    status, headers, page = browser.request(path)
    browser.cookies["csrftoken"] = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    post = {"csrfmiddlewaretoken": token, "version": version, "confirm": "on"}
    with database_outage():
        status, _, page = browser.request(path + "publish/", post)
        assert status == 503 and "Not saved: the database is not available right now." in page
    rnd.refresh_from_db()
    assert rnd.state == Round.State.DRAFT and rnd.boards.count() == 6

    # The same server, without a restart, publishes; a second send publishes nothing more.
    assert browser.request(path + "publish/", post)[0] == 302
    assert browser.request(path + "publish/", post)[0] == 302
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED and rnd.boards.count() == 6
    published = AuditRecord.objects.filter(object_id=str(rnd.pk), after__state="published")
    assert published.count() == 1


def test_every_arbiter_page_has_the_box_that_shows_the_message(client, tournament, arbiter):
    client.force_login(arbiter)
    page = client.get(f"/arbiter/{tournament.slug}/").content.decode()
    assert '<div id="server-error"' in page and '{"code": "503", "swap": true' in page
