"""Several web machines: a publish retires the public pages on every one, with Redis or without it."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
import redis
from django.db import connection

from config.settings import cache_backends
from pairing.results import record_results
from tournaments import public_cache
from tournaments.public_cache import serve_cached_pages

from .test_public_cache import call, django_was_asked

REDIS = "redis://127.0.0.1:6379/0"
ROUND_5 = b"/t/demo-open/round/5/"


@pytest.fixture
def machine(settings: Any, tmp_path: Any) -> Any:
    """Switches this process to the caches of machine `name`; what machines share is the settings' choice."""

    def switch(backends: dict[str, dict[str, Any]]) -> None:
        settings.CACHES = backends
        # Each machine has processes of its own: nothing is kept from another machine's memory.
        public_cache._recent.clear()

    return switch


def test_without_redis_the_tokens_are_in_the_database_so_a_second_machine_never_serves_a_retired_page(
    client, demo, machine, tmp_path
):
    # Browser tests run outside a transaction and leave their tokens in the table.
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM public_cache_versions")
    first = cache_backends("")
    second = {**first, "default": {**first["default"], "LOCATION": str(tmp_path / "second")}}
    first["default"]["LOCATION"] = str(tmp_path / "first")
    for backends in (first, second):
        machine(backends)
        assert ROUND_5 not in client.get("/t/demo-open/").content
        # Stored on this machine: the fast path answers it.
        assert call(serve_cached_pages(django_was_asked), "/t/demo-open/")[0] == "200 OK"
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM public_cache_versions")
        assert cursor.fetchone() == (1,)

    machine(first)
    demo.rounds.get(number=5).publish(None)
    machine(second)
    assert call(serve_cached_pages(django_was_asked), "/t/demo-open/")[0] == "599 Django"
    assert ROUND_5 in client.get("/t/demo-open/").content


def test_with_redis_pages_and_tokens_are_shared_and_a_result_retires_them_everywhere(client, demo, machine):
    prefix = f"swiss-test-{uuid.uuid4().hex}"
    backends = cache_backends(REDIS)
    for name, backend in backends.items():
        backend["KEY_PREFIX"] = f"{prefix}-{name}"
    assert backends["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    server = redis.Redis.from_url(REDIS)
    try:
        machine(backends)
        page = client.get("/t/demo-open/round/4/").content
        # Another machine, with nothing in its memory, is answered from Redis by the fast path.
        machine(backends)
        status, _, body = call(serve_cached_pages(django_was_asked), "/t/demo-open/round/4/")
        assert (status, body) == ("200 OK", page)
        assert server.keys(f"{prefix}-versions:*")

        rnd = demo.rounds.get(number=4)
        board = next(b for b in rnd.boards_with_seats() if not b.is_bye)
        record_results(rnd, None, {board.number: "0-1" if board.result != "0-1" else "1-0"})
        machine(backends)
        assert call(serve_cached_pages(django_was_asked), "/t/demo-open/round/4/")[0] == "599 Django"
        assert client.get("/t/demo-open/round/4/").content != page
    finally:
        for key in server.scan_iter(f"{prefix}*"):
            server.delete(key)


def test_a_cache_address_that_is_not_redis_is_refused():
    import subprocess
    import sys

    from tests.test_deploy import ROOT

    result = subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DEBUG": "true", "CACHE_URL": "memcached://x", "ENV_FILE": "/dev/null"},
        capture_output=True,
        text=True,
    )
    assert "CACHE_URL/REDIS_URL must be a redis:// address" in result.stderr
