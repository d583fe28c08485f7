"""Pairing a team round through the workflow: draft, review, manual changes, undo, publish."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from pairing import actions, publishing
from pairing.review import round_review
from tournaments.models import AuditRecord, DraftChange, Match


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def test_the_engine_drafts_matches_with_their_games_in_board_order(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    rnd = actions.pair_next_round(team_event, arbiter)
    matches = list(rnd.matches.order_by("number"))
    # C.04.6 round 1 with five teams: 1-3... the top half meets the bottom half, team 5 has the bye.
    assert [(m.white.pairing_number, m.black and m.black.pairing_number) for m in matches][-1] == (5, None)
    first = matches[0]
    games = list(first.games())
    assert [g.match_board for g in games] == [1, 2]
    # Board 1: White's team has White; board 2 the other way round (TRF 352 default "WB").
    assert games[0].white.team == first.white and games[1].white.team == first.black
    assert rnd.draft_changes.get().kind == DraftChange.Kind.ENGINE


def test_the_review_page_shows_each_match_with_its_boards_and_the_explanation(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    rnd = actions.pair_next_round(team_event, arbiter)
    page = client.get(url("round", team_event, 1)).content.decode()
    match = rnd.matches.get(number=1)
    assert 'id="match-1"' in page and 'id="match-1-board-2"' in page
    assert match.white.name in page and "Publish round 1" in page
    why = client.get(url("board-explain", team_event, 1, 1)).content.decode()
    assert "Match 1:" in why and "C.04.6" in why


def test_a_change_against_the_rules_gives_findings_that_guard_publishing_and_undo_takes_it_back(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    from pairing import results

    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})
    second = actions.pair_next_round(team_event, arbiter)
    before = actions.draft_pairs(second)
    assert round_review(second).findings == []
    # The bye to a team that had it in round 1 breaks C.04.6 [C2].
    had_bye = rnd.matches.get(black=None).white
    actions.change_draft(second, arbiter, DraftChange.Kind.BYE, had_bye.pk)
    findings = round_review(second).findings
    assert any("may not receive the pairing-allocated bye again" in f for f in findings)
    with pytest.raises(actions.NeedsConfirmation):
        publishing.publish_round(second, arbiter)
    actions.undo_change(second, arbiter)
    assert actions.draft_pairs(second) == before
    assert publishing.publish_round(second, arbiter) is True
    changes = AuditRecord.objects.filter(object_type="tournaments.round", object_id=str(second.pk))
    assert [r.after.get("change", r.after.get("undone", r.after.get("state"))) for r in changes][::-1][
        1:
    ] == [
        f"gave the bye to {had_bye.name}",
        f"gave the bye to {had_bye.name}",
        "published",
    ]


def test_exchanging_team_colours_and_giving_the_bye_are_recorded_draft_changes(
    team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    rnd = actions.pair_next_round(team_event, arbiter)
    first = rnd.matches.get(number=1)
    white, black = first.white, first.black
    actions.change_draft(rnd, arbiter, DraftChange.Kind.COLOURS, 1)
    swapped = Match.objects.get(round=rnd, white=black)
    assert swapped.black == white
    board_one = swapped.games()[0]
    assert board_one.white.team == black
    actions.change_draft(rnd, arbiter, DraftChange.Kind.BYE, white.pk)
    assert rnd.matches.get(black=None).white == white
    assert [c.kind for c in rnd.draft_changes.all()] == ["engine", "colours", "bye"]


def test_the_change_form_takes_a_team_by_its_pairing_number(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    rnd = actions.pair_next_round(team_event, arbiter)
    holder = rnd.matches.get(black=None).white
    other = next(t for t in teams if t != holder)
    response = client.post(url("round-change", team_event, 1), {"kind": "bye", "team": other.pairing_number})
    assert response.status_code == 302
    assert rnd.matches.get(black=None).white == other
    page = client.get(url("round", team_event, 1)).content.decode()
    assert f"gave the bye to {other.name}" in page
