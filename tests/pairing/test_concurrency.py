"""Two arbiters pressing "pair" or "publish" at the same moment, on two PostgreSQL connections."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from pairing import actions, publishing
from tournaments.models import AuditRecord, DraftChange, Round

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(action, times: int = 2) -> list[object]:
    """Run `action` in `times` threads, each on its own database connection, released together."""
    barrier = threading.Barrier(times)
    results: list[object] = []

    def run() -> None:
        try:
            barrier.wait()
            results.append(action())
        except Exception as error:  # the test asserts on what happened
            results.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_arbiters_pairing_at_once_get_one_draft(tournament, players, arbiter):
    results = at_once(lambda: actions.pair_next_round(tournament, arbiter).pk)
    rnd = tournament.rounds.get(number=1)
    assert results == [rnd.pk, rnd.pk]
    assert DraftChange.objects.filter(round=rnd).count() == 1
    assert rnd.boards.count() == 3


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_arbiters_publishing_at_once_give_one_publication(tournament, players, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    results = at_once(lambda: publishing.publish_round(rnd, arbiter))
    assert sorted(results) == [False, True]
    assert Round.objects.get(pk=rnd.pk).state == Round.State.PUBLISHED
    assert AuditRecord.objects.filter(object_id=str(rnd.pk), after__state="published").count() == 1
