"""The fast path in front of Django: cached public pages answered without the middleware, and only those."""

from __future__ import annotations

import random
from io import BytesIO

from django.contrib.auth.models import User
from django.core.cache import caches
from django.forms.models import model_to_dict

from pairing.registration import add_entrants
from tournaments.models import Entrant, ForbiddenPair, Team
from tournaments.public_cache import serve_cached_pages


def call(app, path: str, *, host: str = "testserver", method: str = "GET", query: str = "", extra=None):
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_HOST": host,
        "wsgi.url_scheme": "http",
        "wsgi.input": BytesIO(),
        **(extra or {}),
    }
    seen = {}

    def start_response(status, headers):
        seen["status"], seen["headers"] = status, dict(headers)

    body = b"".join(app(environ, start_response))
    return seen.get("status"), seen.get("headers", {}), body


def django_was_asked(environ, start_response):
    start_response("599 Django", [])
    return [b"django"]


def test_a_cached_page_is_answered_with_the_security_headers(client, demo):
    expected = client.get("/t/demo-open/round/2/").content
    status, headers, body = call(serve_cached_pages(django_was_asked), "/t/demo-open/round/2/")
    assert (status, body) == ("200 OK", expected)
    assert headers["X-Frame-Options"] == "DENY" and headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Content-Type"].startswith("text/html")
    assert call(serve_cached_pages(django_was_asked), "/t/demo-open/round/2/", method="HEAD")[2] == b""


def test_misses_other_hosts_posts_and_retired_pages_go_to_django(client, demo):
    client.get("/t/demo-open/")
    client.get("/t/demo-open/players/", {"q": "keller"})
    app = serve_cached_pages(django_was_asked)
    # A search is answered fresh, never stored: its text is the visitor's to choose.
    assert call(app, "/t/demo-open/players/", query="q=keller")[0] == "599 Django"
    assert call(app, "/t/demo-open/", host="evil.example")[0] == "599 Django"
    assert call(app, "/t/demo-open/", method="POST")[0] == "599 Django"
    assert call(app, "/admin/")[0] == "599 Django"
    demo.rounds.get(number=5).publish(None)
    assert call(app, "/t/demo-open/")[0] == "599 Django"


def test_pages_are_keyed_by_the_public_templates_so_a_deploy_retires_them(monkeypatch):
    from tournaments import public_cache

    before = public_cache._version_key("demo-open")
    monkeypatch.setattr(public_cache, "_TEMPLATES", "changed")
    assert public_cache._version_key("demo-open") != before
    assert public_cache._templates_digest() == public_cache._templates_digest()


PAGES = [
    "/t/demo-open/",
    "/t/demo-open/round/4/",
    "/t/demo-open/round/4/print/",
    "/t/demo-open/standings/",
    "/t/demo-open/standings/3/",
    "/t/demo-open/standings.csv",
    "/t/demo-open/crosstable/",
    "/t/demo-open/players/",
    "/t/demo-open/export.trf",
    "/t/demo-open/export.trf?version=16",
]


def card(demo) -> str:
    """A player's card: its address carries the entrant's id, not the pairing number."""
    return f"/t/demo-open/players/{demo.entrants.get(pairing_number=7).pk}/"


def entries() -> int:
    """Stored pages and version tokens."""
    return len(caches["default"]._cache) + len(caches["versions"]._cache)


def test_random_query_strings_create_no_entries_and_are_answered_from_the_cache(client, demo):
    pages = [*PAGES, card(demo)]
    for page in pages:
        assert client.get(page).status_code == 200, page
    stored = entries()
    rng = random.Random(13)
    app = serve_cached_pages(django_was_asked)
    for _ in range(300):
        page = rng.choice(pages).split("?")[0]
        noise = f"x{rng.randrange(10**9)}={rng.randrange(10**9)}"
        assert client.get(page + "?" + noise).status_code == 200
        assert client.get("/t/demo-open/players/", {"q": str(rng.randrange(10**9))}).status_code == 200
        assert (
            client.get("/t/demo-open/export.trf", {"version": str(rng.randrange(10**9))}).status_code == 200
        )
        # The fast path answers the noisy address with the stored page.
        assert call(app, page, query=noise)[0] == "200 OK"
    assert entries() == stored


def test_addresses_that_do_not_exist_store_nothing(client, demo):
    client.get("/t/demo-open/")
    stored = entries()
    for n in range(200):
        assert client.get(f"/t/no-such-{n}/standings/").status_code == 404
        assert client.get(f"/t/demo-open/players/{10**6 + n}/").status_code == 404
    assert entries() == stored


def test_a_name_changed_in_the_admin_shows_at_once_on_the_card_and_the_standings(client, demo):
    entrant = demo.entrants.get(pairing_number=7)
    card_, table = card(demo), "/t/demo-open/standings/"
    assert (
        entrant.name in client.get(card_).content.decode()
        and entrant.name in client.get(table).content.decode()
    )
    client.force_login(User.objects.create_superuser("root", password="x"))
    form = {f: v for f, v in model_to_dict(entrant).items() if v is not None}
    response = client.post(
        f"/admin/tournaments/entrant/{entrant.pk}/change/", {**form, "name": "Renamed, Rita"}
    )
    assert response.status_code == 302
    client.logout()
    app = serve_cached_pages(django_was_asked)
    for page in (card_, table):
        assert "Renamed, Rita" in client.get(page).content.decode(), page
        assert "Renamed, Rita" in call(app, page)[2].decode(), page


def test_late_entrants_and_forbidden_pairs_show_at_once(client, demo):
    assert "Late, Lena" not in client.get("/t/demo-open/players/").content.decode()
    trf = client.get("/t/demo-open/export.trf").content.decode()
    add_entrants(demo, demo.chief_arbiter, [Entrant(name="Late, Lena")])
    assert "Late, Lena" in client.get("/t/demo-open/players/").content.decode()
    first, second = demo.entrants.order_by("pairing_number")[:2]
    ForbiddenPair.objects.create(tournament=demo, first=first, second=second)
    assert client.get("/t/demo-open/export.trf").content.decode() != trf
    team = Team.objects.create(tournament=demo, name="Rooks")
    page = client.get("/t/demo-open/").content.decode()
    team.delete()
    assert client.get("/t/demo-open/").content.decode() == page  # served again, nothing left stale


def test_the_fast_path_sends_the_headers_django_sends(client, demo, settings):
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    page = "/t/demo-open/standings/"
    from_django = client.get(page, secure=True)
    app = serve_cached_pages(django_was_asked)
    environ_https = {"wsgi.url_scheme": "https"}
    status, headers, _ = call(app, page, extra=environ_https)
    assert status == "200 OK"
    assert headers["Strict-Transport-Security"] == "max-age=3600; includeSubDomains; preload"
    for name in from_django.headers:
        if name.lower() not in {"content-length", "vary", "cache-control", "expires"}:
            assert headers.get(name) == from_django.headers[name], name
    # A pending HTTPS redirect is Django's to answer.
    settings.SECURE_SSL_REDIRECT = True
    assert call(serve_cached_pages(django_was_asked), page)[0] == "599 Django"


def test_a_value_the_page_does_not_know_cannot_be_stored_as_one_it_knows(client, demo):
    assert client.get("/t/demo-open/export.trf", {"version": "16 "}).content.decode().startswith("012")
    assert "\n142 " in client.get("/t/demo-open/export.trf", {"version": "16 "}).content.decode()
    assert "\n142 " not in client.get("/t/demo-open/export.trf", {"version": "16"}).content.decode()


def test_standings_are_ranked_once_a_change_and_again_after_a_correction(demo, django_assert_max_num_queries):
    from pairing.results import record_results
    from tournaments.standings import standings

    after = demo.rounds_with_standings()[-1]
    first = standings(demo, after)
    # Kept with the pages: the token, the stored table; no seats or results are read again.
    with django_assert_max_num_queries(2):
        assert standings(demo, after) == first
    rnd = demo.rounds.get(number=after)
    board = rnd.boards.exclude(result="").order_by("number").first()
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2": "1-0"}[board.result]
    record_results(rnd, None, {board.number: flipped})
    points = [[(r.entrant.pk, r.points) for r in table.rows] for table in (first, standings(demo, after))]
    assert points[0] != points[1]


def test_a_result_entered_in_a_later_round_keeps_the_ranking_after_the_last_complete_one(
    client, demo, django_assert_max_num_queries
):
    from pairing.results import record_results
    from tournaments.standings import standings

    after = demo.rounds_with_standings()[-1]
    later = demo.rounds.get(number=after + 1)
    later.publish(None)
    first = standings(demo, after)
    board = later.pending_games().first()
    page = client.get("/t/demo-open/round/5/").content.decode()
    record_results(later, None, {board.number: "1-0"})
    # The pages show the new result; the ranking after round 4 is read back, not computed again.
    assert client.get("/t/demo-open/round/5/").content.decode() != page
    with django_assert_max_num_queries(0):
        assert standings(demo, after) is not first and standings(demo, after) == first
