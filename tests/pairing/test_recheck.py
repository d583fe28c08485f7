"""Re-checking every published round: the engine pairs each again and the page lists where the
published boards differ from its pairing, as a job, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pairing import actions, job_kinds, publishing, results, tasks
from tournaments.models import Job

from .conftest import play_round, url


@pytest.fixture
def changed_round_two(tournament: Any, draft: Any, arbiter: Any) -> Any:
    """Round 1 as the engine paired it; round 2 published with boards 1 and 2 swapped by hand."""
    actions.change_draft(draft, arbiter, "swap", 1, 2)
    draft.refresh_from_db()
    publishing.publish_round(draft, arbiter, confirmed=True)
    results.record_results(draft, arbiter, {b.number: "1/2" for b in draft.boards.all()})
    return tournament


def _boards(rnd: Any) -> set[str]:
    return {
        f"{white.name} - {black.name if black else 'bye'}"
        for white, black in ((b.white, b.black) for b in rnd.boards_with_seats())
    }


def test_the_rounds_changed_by_hand_are_listed_with_the_boards_each_side_has(
    changed_round_two: Any, arbiter: Any
) -> None:
    job = tasks.request_recheck(changed_round_two, arbiter)
    assert job.status == Job.Status.DONE
    first, second = job.result["rounds"]
    assert (first["round"], first["agrees"]) == (1, True)
    assert (second["round"], second["agrees"]) == (2, False)
    published = _boards(changed_round_two.rounds.get(number=2))
    # The swap put two boards in that the engine does not have, and took two of its boards out.
    assert len(second["published"]) == len(second["engine"]) == 2
    assert set(second["published"]) <= published
    assert not set(second["engine"]) & published


def test_a_tournament_paired_as_the_engine_pairs_agrees_everywhere(
    tournament: Any, draft: Any, arbiter: Any
) -> None:
    play_round(draft, arbiter)
    job = tasks.request_recheck(tournament, arbiter)
    assert [(r["round"], r["agrees"]) for r in job.result["rounds"]] == [(1, True), (2, True)]


def test_the_page_starts_the_recheck_and_shows_its_findings_and_changes_nothing(
    changed_round_two: Any, arbiter_client: Any
) -> None:
    boards = _boards(changed_round_two.rounds.get(number=2))
    page = arbiter_client.get(url("recheck", changed_round_two))
    assert b"Re-check every round</button>" in page.content and b"recheck-rounds" not in page.content
    response = arbiter_client.post(url("recheck", changed_round_two), follow=True)
    text = response.content.decode()
    assert "1 of 2 rounds differs from the engine" in text
    assert 'id="recheck-round-1" class="good"' in text and 'id="recheck-round-2" class="bad"' in text
    assert _boards(changed_round_two.rounds.get(number=2)) == boards
    assert Job.objects.filter(tournament=changed_round_two, kind=Job.Kind.RECHECK).count() == 1


def test_a_recheck_queued_or_running_is_joined_not_doubled(
    changed_round_two: Any, arbiter: Any, settings: Any
) -> None:
    settings.JOBS_IN_PROCESS = False
    first = tasks.request_recheck(changed_round_two, arbiter)
    again = tasks.request_recheck(changed_round_two, arbiter)
    assert first.pk == again.pk and first.status == Job.Status.QUEUED
    job_kinds.recheck_rounds(first.pk)
    first.refresh_from_db()
    assert first.status == Job.Status.DONE and len(first.result["rounds"]) == 2
