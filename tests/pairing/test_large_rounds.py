"""A round too large for one page: the review, results entry and public pairings in pages, the
draft's check stored with it, and a draft changed by hand checked by a worker.

The page sizes are made small here (two boards a page) so that eleven players fill three pages.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob

from pairing import actions, job_kinds, publishing, views
from pairing import review as review_module
from pairing.review import round_review
from swiss import dutch
from tournaments import public_views
from tournaments.bridge import drafts
from tournaments.bridge import state as state_module
from tournaments.models import Round, Seat
from tournaments.standings import standings

from .conftest import url

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_module, "BOARDS_PER_PAGE", 2)
    monkeypatch.setattr(views, "RESULTS_PER_PAGE", 2)
    monkeypatch.setattr(public_views, "BOARDS_PER_PAGE", 2)
    monkeypatch.setattr(public_views, "NAMES_PER_PAGE", 3)
    monkeypatch.setattr(views, "ENTRANTS_PER_PAGE", 4)
    monkeypatch.setattr(public_views, "ROWS_PER_PAGE", 4)


def shown_boards(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="board-(\d+)"', page)]


@pytest.mark.django_db
def test_the_review_shows_one_page_of_boards_and_links_to_every_page(small_pages, arbiter_client, draft):
    page = arbiter_client.get(url("round", draft.tournament, 2) + "?page=2").content.decode()
    assert shown_boards(page) == [3, 4]
    assert "Boards 3–4 of 6." in page
    for number in (1, 2, 3):
        assert f'href="{url("round", draft.tournament, 2)}?page={number}"' in page
    # A page beyond the last shows the last; a malformed one the first.
    assert shown_boards(
        arbiter_client.get(url("round", draft.tournament, 2) + "?page=9").content.decode()
    ) == [5, 6]
    assert shown_boards(
        arbiter_client.get(url("round", draft.tournament, 2) + "?page=x").content.decode()
    ) == [1, 2]


@pytest.mark.django_db
def test_a_swap_between_boards_on_different_pages_answers_with_the_page_the_arbiter_is_on(
    small_pages, arbiter_client, draft
):
    before = actions.draft_pairs(draft)
    data = {"kind": "swap", "board": 1, "other_board": 5}
    response = arbiter_client.post(url("round-change", draft.tournament, 2) + "?page=3", data, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert shown_boards(page) == [5, 6]
    (w1, b1), (w5, b5) = before[0], before[4]
    assert {(w1, b5), (w5, b1)} <= set(actions.draft_pairs(draft))
    # Without htmx the form's redirect keeps the page too.
    plain = arbiter_client.post(url("round-change", draft.tournament, 2) + "?page=2", data)
    assert plain.url == url("round", draft.tournament, 2) + "?page=2"


@pytest.mark.django_db
def test_the_findings_of_every_page_are_counted_and_the_pages_that_hold_them_named(
    small_pages, arbiter_client, arbiter, draft
):
    actions.change_draft(draft, arbiter, "colours", 5)
    review = round_review(draft, 1)
    on_five = [f for f in review.findings if f.board == 5]
    assert on_five and not [b for b in review.boards if b.number == 5]
    page = arbiter_client.get(url("round", draft.tournament, 2)).content.decode()
    assert re.search(r'id="page-findings">Findings on pages?: .*?\?page=3">3</a> \(\d+\)', page)
    assert f"This draft has {len(review.findings)} finding" in page


@pytest.mark.django_db
def test_a_drafts_check_is_stored_with_it_and_read_by_the_review_without_checking_again(arbiter, draft):
    draft.refresh_from_db()
    assert draft.draft_check["version"] == draft.draft_version
    stored = round_review(draft, check_now=False)
    assert not stored.checking and [str(f) for f in stored.findings] == [
        str(f) for f in round_review(draft).findings
    ]
    actions.change_draft(draft, arbiter, "colours", 1)
    # The check of the earlier version no longer counts: without checking now, the review says so.
    changed = round_review(draft, check_now=False)
    assert changed.checking and changed.findings == []
    job_kinds.check_round(draft.pk)
    checked = round_review(draft, check_now=False)
    assert not checked.checking and any(f.board == 1 for f in checked.findings)


@pytest.mark.django_db
def test_a_manual_change_rewrites_only_the_seats_of_the_boards_it_changed(arbiter, draft):
    kept = dict(Seat.objects.filter(round=draft, board_number__gt=2).values_list("pk", "entrant_id"))
    actions.change_draft(draft, arbiter, "colours", 1)
    after = dict(Seat.objects.filter(round=draft, board_number__gt=2).values_list("pk", "entrant_id"))
    assert after == kept
    assert Seat.objects.filter(round=draft, board_number=1).exclude(pk__in=kept).count() == 2


@pytest.mark.django_db
def test_a_change_that_renumbers_boards_moves_their_seats_and_rewrites_only_the_changed_boards(
    arbiter, draft
):
    def seat_rows():
        seated = Seat.objects.filter(round=draft, board_number__isnull=False)
        return dict(seated.values_list("entrant_id", "pk"))

    before, seat_of = actions.draft_pairs(draft), seat_rows()
    change = actions.change_draft(draft, arbiter, "swap", 1, 4).change
    assert "renumbered" in change.description
    after, now = actions.draft_pairs(draft), seat_rows()
    swapped = {e for pair in (before[0], before[3]) for e in pair}
    assert {e: pk for e, pk in now.items() if e not in swapped} == {
        e: pk for e, pk in seat_of.items() if e not in swapped
    }
    assert all(now[e] != seat_of[e] for e in swapped if e)
    moved = [pair for pair in after if pair in before and after.index(pair) != before.index(pair)]
    assert moved  # the swap renumbered boards that it did not change
    assert after == actions.draft_pairs(Round.objects.get(pk=draft.pk))


@pytest.mark.django_db
def test_a_change_by_hand_reads_the_engine_input_once_for_the_change_and_the_page(
    monkeypatch, arbiter_client, draft
):
    built = []

    def counted(*args, **kwargs):
        built.append(args)
        return read(*args, **kwargs)

    read = state_module.tournament_state
    monkeypatch.setattr(state_module, "tournament_state", counted)
    data = {"kind": "swap", "board": 1, "other_board": 4}
    page = arbiter_client.post(url("round-change", draft.tournament, 2), data, **HTMX).content.decode()
    assert "renumbered" in page and len(built) == 1


@pytest.mark.django_db
def test_a_change_that_moves_many_boards_names_a_few_and_counts_the_rest(monkeypatch, arbiter, draft):
    monkeypatch.setattr(actions, "MOVES_NAMED", 1)
    change = actions.change_draft(draft, arbiter, "swap", 1, 4).change
    moves = re.findall(r"\d+→\d+", change.description)
    assert len(moves) == 1 and re.search(r"and \d+ more$", change.description)


@pytest.mark.django_db
def test_results_are_entered_a_page_at_a_time(small_pages, arbiter_client, arbiter, draft):
    publishing.publish_round(draft, arbiter, confirmed=True)
    page = arbiter_client.get(url("results", draft.tournament, 2) + "?page=2").content.decode()
    assert re.findall(r'<tr id="result-(\d+)"', page) == ["3", "4"]
    data = {"board_3": "1-0", "seen_3": "", "board_4": "0-1", "seen_4": ""}
    response = arbiter_client.post(url("results", draft.tournament, 2) + "?page=2", data)
    assert response.url == url("results", draft.tournament, 2) + "?page=2"
    results = dict(draft.boards.values_list("number", "result"))
    assert results == {1: "", 2: "", 3: "1-0", 4: "0-1", 5: "", 6: ""}


@pytest.mark.django_db
def test_the_public_pairings_come_in_pages(small_pages, client, arbiter, draft):
    publishing.publish_round(draft, arbiter, confirmed=True)
    address = f"/t/{draft.tournament.slug}/round/2/"
    assert shown_boards(client.get(address + "?page=3").content.decode()) == [5, 6]
    assert shown_boards(client.get(address).content.decode()) == [1, 2]
    # A page number the cache does not key shows the first page.
    assert shown_boards(client.get(address + "?page=01").content.decode()) == [1, 2]


@pytest.mark.django_db
def test_the_printable_pairings_come_in_pages_each_with_the_slips_of_its_games(
    small_pages, client, arbiter, draft
):
    publishing.publish_round(draft, arbiter, confirmed=True)
    page = client.get(f"/t/{draft.tournament.slug}/round/2/print/?page=2").content.decode()
    assert shown_boards(page) == [3, 4]
    assert re.findall(r'id="slip-(\d+)"', page) == ["3", "4"]
    assert "Boards 3–4 of 6." in page


@pytest.mark.django_db
def test_the_players_by_name_come_in_pages_holding_everyone_once(small_pages, client, arbiter, draft):
    publishing.publish_round(draft, arbiter, confirmed=True)
    address = f"/t/{draft.tournament.slug}/round/2/by-name/"
    names = []
    for number in range(1, 5):
        page = client.get(f"{address}?page={number}").content.decode()
        names += re.findall(r"<tr><td><bdi>([^<]+)</bdi>", page)
    entrants = sorted(draft.tournament.entrants.values_list("name", flat=True))
    assert names == entrants and "Players 4–6 of 11." in client.get(f"{address}?page=2").content.decode()


@pytest.mark.django_db
def test_the_standings_and_the_crosstable_come_in_pages_in_the_order_of_the_ranking(
    small_pages, client, draft
):
    slug = draft.tournament.slug
    ranked = [row.entrant.pairing_number for row in standings(draft.tournament, 1).rows]
    page = client.get(f"/t/{slug}/standings/?page=2").content.decode()
    assert [int(n) for n in re.findall(r'<tr id="player-(\d+)"', page)] == ranked[4:8]
    assert "Players 5–8 of 11." in page and ">TPR<" not in page  # the cards' column stays on the cards
    crosstable = client.get(f"/t/{slug}/crosstable/?page=3").content.decode()
    assert re.findall(r"<tr>\s*<td>(\d+)", crosstable) == ["9", "10", "11"]


@pytest.mark.django_db
def test_the_entrants_come_in_pages_and_an_entry_answers_with_the_page_that_holds_it(
    small_pages, arbiter_client, draft
):
    tournament = draft.tournament
    page = arbiter_client.get(url("entrants", tournament) + "?page=2").content.decode()
    assert re.findall(r'<tr id="entrant-\d+"><td class="num">(\d+)</td>', page) == ["5", "6", "7", "8"]
    assert "Entrants 5–8 of 11." in page
    late = {"name": "Last, Late", "fide_rating": 1000}
    entered = arbiter_client.post(url("entrants", tournament), late, **HTMX)
    assert "Last, Late" in re.findall(r"<bdi>([^<]+)</bdi>", entered.content.decode())
    assert "Entrants 9–12 of 12." in entered.content.decode()


@pytest.mark.django_db(transaction=True)
def test_on_workers_a_change_is_checked_by_a_worker_and_the_page_then_shows_the_findings(
    settings: Any, arbiter_client, arbiter, draft, start_worker
):
    settings.JOBS_IN_PROCESS = False
    data = {"kind": "colours", "board": 1}
    page = arbiter_client.post(url("round-change", draft.tournament, 2), data, **HTMX).content.decode()
    assert "Checking the draft against the rules" in page and 'name="publish"' not in page
    assert ProcrastinateJob.objects.filter(task_name="check_draft", status="todo").count() == 1
    poll = arbiter_client.get(url("round-check", draft.tournament, 2), **HTMX)
    assert poll.status_code == 204
    start_worker()
    deadline = time.monotonic() + 60
    while poll.status_code == 204 and time.monotonic() < deadline:
        time.sleep(0.2)
        poll = arbiter_client.get(url("round-check", draft.tournament, 2), **HTMX)
    assert poll.headers["HX-Refresh"] == "true"
    page = arbiter_client.get(url("round", draft.tournament, 2)).content.decode()
    assert "Checking the draft" not in page and 'id="findings-1"' in page and 'name="publish"' in page


@pytest.mark.django_db
def test_why_reads_the_engines_notes_kept_with_the_draft_and_does_not_pair_the_round_again(
    monkeypatch, arbiter, draft
):
    actions.change_draft(draft, arbiter, "swap", 1, 2)

    def no_engine(state):
        raise AssertionError("the round was paired again")

    with monkeypatch.context() as patched:
        patched.setattr(dutch, "pair_with_notes", no_engine)
        # Before the worker has checked the changed draft, and after.
        before_check = [drafts.explain(draft, n) for n in range(1, 7)]
        job_kinds.check_round(draft.pk)
        stored = [drafts.explain(draft, n) for n in range(1, 7)]
    assert stored == before_check
    draft.refresh_from_db()
    assert "notes" in draft.draft_check  # kept through the change by hand: they rest on the input alone
    # Without the stored notes the engine pairs the round again, and says the same.
    Round.objects.filter(pk=draft.pk).update(
        draft_check={k: v for k, v in draft.draft_check.items() if k != "notes"}
    )
    assert [drafts.explain(draft, n) for n in range(1, 7)] == stored


@pytest.mark.django_db
def test_a_published_round_without_a_stored_check_is_checked_once_and_never_shows_checking(
    settings, arbiter_client, arbiter, draft
):
    settings.JOBS_IN_PROCESS = False
    publishing.publish_round(draft, arbiter, confirmed=True)
    Round.objects.filter(pk=draft.pk).update(draft_check={})
    page = arbiter_client.get(url("round", draft.tournament, 2)).content.decode()
    assert "Checking the draft" not in page and shown_boards(page) == [1, 2, 3, 4, 5, 6]
    draft.refresh_from_db()
    assert draft.draft_check["version"] == draft.draft_version
    assert arbiter_client.get(url("round-check", draft.tournament, 2), **HTMX).headers["HX-Refresh"] == "true"
