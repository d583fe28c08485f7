"""Arbiters entering results at the same time from pages loaded at different moments."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse

from pairing import actions, publishing, results
from tournaments.models import AuditRecord, Board, Entrant


class FormValues(HTMLParser):
    """What a browser posts for the results form: hidden inputs and each select's chosen option."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "input" and named.get("type") == "hidden" and named.get("name"):
            self.values[named["name"]] = named.get("value") or ""  # type: ignore[index]
        elif tag == "select":
            self._select = named["name"]
            self.values[self._select] = ""  # type: ignore[index]
        elif tag == "option" and self._select and "selected" in named:
            self.values[self._select] = named.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def load(client: Any, url: str) -> dict[str, str]:
    parser = FormValues()
    parser.feed(client.get(url).content.decode())
    return parser.values


@pytest.fixture
def big_round(tournament, arbiter):
    """Round 1 published with 90 boards, every game 1-0 already entered."""
    entrants = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, pairing_number=n, name=f"Player {n:03d}", fide_rating=2600 - n)
        for n in range(1, 181)
    )
    rnd = actions.pair_next_round(tournament, arbiter)
    assert rnd.boards.count() == len(entrants) // 2
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, dict.fromkeys(range(1, 91), "1-0"))
    return rnd


def signed_in(client_class, user) -> Any:
    client = client_class()
    client.force_login(user)
    return client


@pytest.fixture
def deputies(django_user_model, tournament):
    users = [django_user_model.objects.create_user(f"deputy{n}") for n in range(5)]
    tournament.deputy_arbiters.add(*users)
    return users


def test_a_stale_results_page_does_not_undo_a_colleagues_correction(big_round, tournament, deputies, client):
    url = reverse("arbiter:results", args=[tournament.slug, 1])
    a, b = (signed_in(type(client), user) for user in deputies[:2])
    page_a = load(a, url)
    page_b = load(b, url)
    b.post(url, {**page_b, "board_1": "0-1"})
    response = a.post(url, {**page_a, "board_90": "1/2"}, follow=True)

    stored = dict(big_round.boards.values_list("number", "result"))
    assert stored[1] == "0-1" and stored[90] == "1/2"
    assert sum(1 for r in stored.values() if r == "1-0") == 88
    html = response.content.decode()
    assert "1 result(s) saved." in html
    conflict = html[html.index('id="conflict-1"') :].split("</li>")[0]
    assert "stored now <strong>0–1</strong> (this page showed 1–0)" in conflict
    assert 'id="conflict-90"' not in html
    # The page now carries what is stored, so saving it again changes nothing.
    assert 'name="seen_1" value="0-1"' in html


def test_a_change_to_a_board_a_colleague_changed_first_is_refused_and_shown(
    big_round, tournament, deputies, client
):
    url = reverse("arbiter:results", args=[tournament.slug, 1])
    a, b = (signed_in(type(client), user) for user in deputies[:2])
    page_a, page_b = load(a, url), load(b, url)
    b.post(url, {**page_b, "board_7": "0-1"})
    html = a.post(url, {**page_a, "board_7": "1/2"}, HTTP_HX_REQUEST="true").content.decode()

    assert Board.objects.get(round=big_round, number=7).result == "0-1"
    assert "<html" not in html and 'id="results-area"' in html
    assert "0 result(s) saved." in html
    assert "Board 7: stored now <strong>0–1</strong> (this page showed 1–0)." in html
    assert "You wanted <strong>½–½</strong>: not saved." in html
    assert AuditRecord.objects.filter(object_type="tournaments.board", after__result="1/2").count() == 0


def test_five_arbiters_on_pages_loaded_together_lose_no_correction(big_round, tournament, deputies, client):
    url = reverse("arbiter:results", args=[tournament.slug, 1])
    clients = [signed_in(type(client), user) for user in deputies]
    pages = [load(c, url) for c in clients]
    # Each arbiter corrects two boards of their own, all from pages loaded before anyone saved.
    for index, (c, page) in enumerate(zip(clients, pages, strict=True)):
        boards = (index * 10 + 1, index * 10 + 2)
        response = c.post(url, {**page, **{f"board_{n}": "0-1" for n in boards}}, follow=True)
        assert "2 result(s) saved." in response.content.decode()
    stored = dict(big_round.boards.values_list("number", "result"))
    corrected = {n for n, result in stored.items() if result == "0-1"}
    assert corrected == {i * 10 + k for i in range(5) for k in (1, 2)}
    assert AuditRecord.objects.filter(object_type="tournaments.board", before__result="1-0").count() == 10


def test_a_results_post_without_the_values_the_page_showed_changes_nothing(
    big_round, tournament, arbiter_client
):
    url = reverse("arbiter:results", args=[tournament.slug, 1])
    html = arbiter_client.post(url, {"board_3": "0-1"}).content.decode()
    assert "This page is out of date" in html
    assert Board.objects.get(round=big_round, number=3).result == "1-0"


def test_a_result_a_colleague_changed_is_not_cleared_from_a_stale_page(
    big_round, tournament, deputies, client
):
    clear = reverse("arbiter:result-clear", args=[tournament.slug, 1])
    a, b = (signed_in(type(client), user) for user in deputies[:2])
    stale = load(a, reverse("arbiter:results", args=[tournament.slug, 1]))
    assert 'value="5:1-0"' in a.get(reverse("arbiter:results", args=[tournament.slug, 1])).content.decode()
    b.post(reverse("arbiter:results", args=[tournament.slug, 1]), {"board_5": "0-1", "seen_5": "1-0"})
    page = a.post(clear, {"board": "5:1-0"}, follow=True).content.decode()
    assert (
        "Board 5 was changed by someone else since this page was loaded: stored now 0–1. Nothing was cleared."
        in page
    )
    assert Board.objects.get(round=big_round, number=5).result == "0-1"
    assert stale["seen_5"] == "1-0"
