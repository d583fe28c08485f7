"""Live pages: while a round is played they ask for themselves again, and a poll that finds
nothing new is a 304 from the version token, without the page being read or rendered."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches

from pairing import publishing, results
from tournaments.models import Board
from tournaments.public_cache import serve_cached_pages

from .test_public_cache import call, django_was_asked


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


@pytest.fixture
def playing(demo):
    """The demo with round 5 published and one result in: a round being played."""
    rnd = demo.rounds.get(number=5)
    assert publishing.publish_round(rnd, demo.chief_arbiter, confirmed=True)
    first = rnd.boards_with_seats()[0]
    results.record_results(rnd, demo.chief_arbiter, {first.number: Board.Result.DRAW})
    return demo


def test_a_page_names_its_version_and_a_poll_holding_it_gets_a_304_without_a_query(
    client, playing, django_assert_num_queries
):
    url = "/t/demo-open/round/5/"
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag and first["Cache-Control"] == "no-cache"
    with django_assert_num_queries(0):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # A tag of another version, or none, gets the page.
    assert client.get(url, HTTP_IF_NONE_MATCH='"elsewhere"').status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304


def test_the_fast_path_answers_a_poll_with_a_304_from_the_token_alone(client, playing):
    url = "/t/demo-open/standings/"
    etag = client.get(url)["ETag"]
    app = serve_cached_pages(django_was_asked)
    status, headers, body = call(app, url, extra={"HTTP_IF_NONE_MATCH": etag})
    assert (status, body) == ("304 Not Modified", b"")
    assert headers["ETag"] == etag and headers["X-Frame-Options"] == "DENY"
    # The stored pages gone (culled, another machine): the token still says nothing changed.
    caches["default"].clear()
    assert call(app, url, extra={"HTTP_IF_NONE_MATCH": etag})[0] == "304 Not Modified"
    # A search is never stored and never answered 304.
    assert call(app, "/t/demo-open/players/", query="q=keller", extra={"HTTP_IF_NONE_MATCH": etag})[0] == (
        "599 Django"
    )


def test_a_result_entered_makes_the_next_poll_fetch_the_new_page(client, playing):
    url = "/t/demo-open/round/5/"
    etag = client.get(url)["ETag"]
    rnd = playing.rounds.get(number=5)
    second = rnd.boards_with_seats()[1]
    results.record_results(rnd, playing.chief_arbiter, {second.number: Board.Result.WHITE_WINS})
    app = serve_cached_pages(django_was_asked)
    assert call(app, url, extra={"HTTP_IF_NONE_MATCH": etag})[0] == "599 Django"  # Django renders
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    row = fresh.content.decode().split(f'id="board-{second.number}"')[1].split("</tr>")[0]
    assert '<td class="result">1–0</td>' in row


@pytest.mark.parametrize("page", ["round/5/", "standings/", "players/{player}/"])
def test_pairings_standings_and_cards_poll_while_a_round_is_played_and_stop_after(client, playing, page):
    player = playing.entrants.get(pairing_number=1).pk
    url = f"/t/demo-open/{page.format(player=player)}"
    html = client.get(url).content.decode()
    assert f'hx-get="{url}"' in html and 'hx-trigger="every 30s"' in html and "htmx" in html
    rnd = playing.rounds.get(number=5)
    pending = {b.number: Board.Result.DRAW for b in rnd.boards_with_seats() if not b.is_bye and not b.result}
    results.record_results(rnd, playing.chief_arbiter, pending)
    assert "hx-trigger" not in client.get(url).content.decode()


def test_pages_do_not_poll_when_no_round_is_being_played(client, demo):
    for url in ("/t/demo-open/round/4/", "/t/demo-open/standings/", "/t/demo-open/crosstable/"):
        assert "hx-trigger" not in client.get(url).content.decode(), url
