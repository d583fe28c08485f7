"""The fast path in front of Django: cached public pages answered without the middleware, and only those."""

from __future__ import annotations

from tournaments.public_cache import serve_cached_pages


def call(app, path: str, *, host: str = "testserver", method: str = "GET", query: str = ""):
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_HOST": host,
        "wsgi.url_scheme": "http",
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
    assert call(app, "/t/demo-open/players/", query="q=keller")[0] == "200 OK"
    assert call(app, "/t/demo-open/players/", query="q=meier")[0] == "599 Django"
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
