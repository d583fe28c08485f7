"""Every manual change to a draft through the review page, as a plain form and as an htmx request."""

from __future__ import annotations

import re

import pytest

from pairing import actions, edits, publishing
from pairing.review import round_review
from tournaments.models import AuditRecord, DraftChange, Round

from .conftest import url

HTMX = {"HTTP_HX_REQUEST": "true"}


def numbers(tournament) -> dict[int, int]:
    return dict(tournament.entrants.values_list("pk", "pairing_number"))


def change_data(kind: str, rnd) -> tuple[dict, str]:
    """The form data of one change of each kind on `rnd`, and the description it records."""
    pairs = actions.draft_pairs(rnd)
    no = numbers(rnd.tournament)
    names = dict(rnd.tournament.entrants.values_list("pk", "name"))
    if kind == "swap":
        return {"kind": kind, "board": 1, "other_board": 4}, "swapped the opponents of boards 1 and 4"
    if kind == "colours":
        # The board where White had Black last round and Black had White: both lose their due colour.
        board = next(b for b in round_review(rnd).boards if b.black and b.white.colours != b.black.colours)
        return {"kind": kind, "board": board.number}, f"exchanged the colours on board {board.number}"
    if kind == "bye":
        player = pairs[0][0]
        return {"kind": kind, "player": no[player]}, f"gave the bye to {names[player]}"
    first, second = pairs[0][0], pairs[3][1]
    return (
        {"kind": kind, "player": no[first], "other_player": no[second]},
        f"paired {names[first]} with {names[second]}",
    )


def changed_as_asked(kind: str, before, after, data: dict, tournament) -> bool:
    by_number = {n: pk for pk, n in numbers(tournament).items()}
    if kind == "swap":
        (w1, b1), (w2, b2) = before[0], before[3]
        return {(w1, b2), (w2, b1)} <= set(after)
    if kind == "colours":
        white, black = before[data["board"] - 1]
        return (black, white) in after and (white, black) not in after
    if kind == "bye":
        return (by_number[data["player"]], None) in after
    return (by_number[data["player"]], by_number[data["other_player"]]) in after


def board_sections(page: str) -> dict[int, str]:
    """Each board's row and the notes row under it, by board number."""
    parts = re.split(r'<tr id="board-(\d+)"', page)
    return {int(number): html for number, html in zip(parts[1::2], parts[2::2], strict=True)}


def assert_findings_beside_their_boards(page: str, rnd) -> None:
    review = round_review(rnd)
    sections = board_sections(page)
    assert len(sections) == len(review.boards)
    for board in review.boards:
        for finding in board.findings:
            assert f'id="findings-{board.number}"' in sections[board.number]
            assert str(finding).replace("'", "&#x27;") in sections[board.number]
    for finding in review.round_findings:
        assert str(finding).replace("'", "&#x27;") in page


KINDS = ["swap", "colours", "bye", "pair"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_change_posted_as_a_plain_form_redirects_to_the_changed_draft(arbiter_client, draft, kind):
    data, description = change_data(kind, draft)
    before = actions.draft_pairs(draft)
    response = arbiter_client.post(url("round-change", draft.tournament, 2), data)
    assert response.status_code == 302 and response.url == url("round", draft.tournament, 2)
    after = actions.draft_pairs(draft)
    assert changed_as_asked(kind, before, after, data, draft.tournament)
    page = arbiter_client.get(response.url).content.decode()
    assert description in page
    recorded = draft.draft_changes.get(kind=kind).description
    # A change that re-sorts the boards also says which boards moved.
    assert recorded == description or recorded.startswith(f"{description}; boards renumbered")
    assert AuditRecord.objects.filter(object_id=str(draft.pk), after__change=recorded).count() == 1


@pytest.mark.parametrize("kind", KINDS)
def test_a_change_sent_by_htmx_answers_with_the_draft_and_its_findings_beside_the_boards(
    arbiter_client, draft, kind
):
    data, description = change_data(kind, draft)
    before = actions.draft_pairs(draft)
    response = arbiter_client.post(url("round-change", draft.tournament, 2), data, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.strip().startswith('<div id="draft">') and "<html" not in page and "<nav" not in page
    assert '<table id="boards"' in page and description in page
    assert changed_as_asked(kind, before, actions.draft_pairs(draft), data, draft.tournament)
    assert round_review(draft).findings, "every change here breaks a rule the checker reports"
    assert_findings_beside_their_boards(page, draft)


def test_a_rematch_is_shown_beside_the_board_it_is_on(arbiter_client, draft, tournament):
    met = tournament.rounds.get(number=1).boards_with_seats()[0]
    data = {"kind": "pair", "player": met.white.pairing_number, "other_player": met.black.pairing_number}
    page = arbiter_client.post(url("round-change", tournament, 2), data, **HTMX).content.decode()
    board = next(
        n for n, (w, b) in enumerate(actions.draft_pairs(draft), 1) if {w, b} == {met.white.pk, met.black.pk}
    )
    section = board_sections(page)[board]
    assert f'id="findings-{board}"' in section and "already played each other in round 1" in section
    assert 'class="absolute"' in section


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "swap", "board": 1, "other_board": 99}, "There is no board 99."),
        ({"kind": "colours", "board": 42}, "There is no board 42."),
        ({"kind": "swap", "board": 3, "other_board": 3}, "Choose two different boards, not 3 twice."),
        ({"kind": "pair", "player": 2, "other_player": 2}, "Choose two different players, not 2 twice."),
        ({"kind": "bye", "player": 77}, "No entrant has pairing number 77."),
        ({"kind": "swap", "board": 1}, "Fill in: Other board."),
        ({"kind": "colours", "board": 0}, "Ensure this value is greater than or equal to 1."),
    ],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_an_impossible_change_is_a_form_error_and_changes_nothing(arbiter_client, draft, data, message, htmx):
    before = actions.draft_pairs(draft)
    records = AuditRecord.objects.count()
    response = arbiter_client.post(url("round-change", draft.tournament, 2), data, **(HTMX if htmx else {}))
    page = response.content.decode()
    assert response.status_code == 200
    errors = page.split('id="change-errors"', 1)[1].split("</div>", 1)[0]
    assert "Nothing was changed." in errors and message in errors
    assert page.strip().startswith('<div id="draft">') is htmx
    # What was typed stays in the form it was typed into, to be corrected.
    assert f'value="{data["board" if "board" in data else "player"]}"' in page
    assert actions.draft_pairs(draft) == before
    assert not draft.draft_changes.exclude(kind=DraftChange.Kind.ENGINE).exists()
    assert AuditRecord.objects.count() == records


def test_changes_are_undone_one_by_one_through_the_page(arbiter_client, draft, tournament):
    engine = actions.draft_pairs(draft)
    arbiter_client.post(url("round-change", tournament, 2), {"kind": "swap", "board": 1, "other_board": 4})
    after_swap = actions.draft_pairs(draft)
    arbiter_client.post(url("round-change", tournament, 2), {"kind": "colours", "board": 2})
    assert actions.draft_pairs(draft) != after_swap

    page = arbiter_client.post(url("round-undo", tournament, 2), **HTMX).content.decode()
    assert actions.draft_pairs(draft) == after_swap
    assert "exchanged the colours" not in page and "swapped the opponents of boards 1 and 4" in page
    response = arbiter_client.post(url("round-undo", tournament, 2))
    assert response.status_code == 302 and actions.draft_pairs(draft) == engine
    page = arbiter_client.post(url("round-undo", tournament, 2), follow=True).content.decode()
    assert "There is no manual change to undo." in page and actions.draft_pairs(draft) == engine
    undone = AuditRecord.objects.filter(object_id=str(draft.pk), after__has_key="undone")
    assert undone.count() == 2


def test_re_pairing_from_scratch_drops_the_manual_changes(arbiter_client, draft, tournament):
    engine = actions.draft_pairs(draft)
    arbiter_client.post(url("round-change", tournament, 2), {"kind": "swap", "board": 1, "other_board": 4})
    assert actions.draft_pairs(draft) != engine
    response = arbiter_client.post(url("pair", tournament), {"again": "1", "round": "2"}, follow=True)
    assert "Round 2 paired again by the engine." in response.content.decode()
    assert actions.draft_pairs(draft) == engine
    assert list(draft.draft_changes.values_list("kind", flat=True)) == [DraftChange.Kind.ENGINE]


def test_pairing_a_round_that_has_a_draft_keeps_it_and_says_so(arbiter_client, draft, tournament):
    arbiter_client.post(url("round-change", tournament, 2), {"kind": "colours", "board": 1})
    kept = actions.draft_pairs(draft)
    for _ in range(2):
        page = arbiter_client.post(url("pair", tournament), {"round": "2"}, follow=True).content.decode()
        assert "Round 2 already has a draft; it was kept as it is." in page
    assert actions.draft_pairs(draft) == kept
    assert draft.draft_changes.count() == 2


def test_a_stale_pair_button_does_not_pair_the_round_after(arbiter_client, draft, tournament, arbiter):
    publishing.publish_round(draft, arbiter, confirmed=True)
    page = arbiter_client.post(url("pair", tournament), {"round": "2"}, follow=True).content.decode()
    assert "Round 2 is already published; nothing was paired." in page
    assert not tournament.rounds.get(number=3).is_paired


def test_publishing_twice_gives_one_publication_and_says_so(arbiter_client, draft, tournament):
    sent = {"confirm": "on", "version": str(draft.draft_version)}
    first = arbiter_client.post(url("round-publish", tournament, 2), sent, follow=True)
    second = arbiter_client.post(url("round-publish", tournament, 2), sent, follow=True)
    assert "Round 2 is published." in first.content.decode()
    assert "Round 2 was already published." in second.content.decode()
    draft.refresh_from_db()
    assert draft.state == Round.State.PUBLISHED
    assert AuditRecord.objects.filter(object_id=str(draft.pk), after__state="published").count() == 1


def test_a_change_to_a_published_round_is_refused(arbiter_client, draft, tournament, arbiter):
    publishing.publish_round(draft, arbiter, confirmed=True)
    before = actions.draft_pairs(draft)
    page = arbiter_client.post(
        url("round-change", tournament, 2), {"kind": "colours", "board": 1}
    ).content.decode()
    assert "Round 2 has no draft to change." in page and actions.draft_pairs(draft) == before


def test_a_round_one_swap_is_named_on_both_boards_and_explained_as_the_arbiters(
    arbiter_client, tournament, field, arbiter
):
    rnd = actions.pair_next_round(tournament, arbiter)
    assert not round_review(rnd).findings  # the engine's round 1 has nothing to report
    engine = set(actions.draft_pairs(rnd))
    actions.change_draft(rnd, arbiter, "swap", 1, 2)
    changed = [n for n, pair in enumerate(actions.draft_pairs(rnd), start=1) if pair not in engine]
    manual = [f for f in round_review(rnd).findings if f.rule == "manual"]
    assert len(changed) == 2 and [f.board for f in manual] == changed
    assert all("paired by hand: the engine pairs" in f.message for f in manual)
    why = arbiter_client.get(url("board-explain", tournament, 1, changed[0])).content.decode()
    assert "Paired by hand: the engine pairs" in why and "no compatible opponent" not in why
    kept = next(n for n in range(1, len(engine) + 1) if n not in changed)
    assert "by hand" not in arbiter_client.get(url("board-explain", tournament, 1, kept)).content.decode()


def test_exchanging_colours_is_a_finding_and_the_why_says_so(arbiter_client, tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    actions.change_draft(rnd, arbiter, "colours", 3)
    finding = next(f for f in round_review(rnd).findings if f.rule == "manual")
    assert finding.board == 3 and "colours exchanged by hand" in finding.message
    why = arbiter_client.get(url("board-explain", tournament, 1, 3)).content.decode()
    assert "Colours exchanged by hand" in why


def test_a_change_that_reorders_the_boards_says_which_boards_moved(draft, arbiter):
    # Board 1's opponent swapped with board 4's mixes score groups, so the boards are re-sorted.
    change = actions.change_draft(draft, arbiter, "swap", 1, 4).change
    moves = re.findall(r"(\d+)→(\d+)", change.description)
    assert "boards renumbered to keep the score order" in change.description and moves
    edited = [tuple(p) for p in change.before]
    (w1, b1), (w2, b2) = edited[0], edited[3]
    edited[0], edited[3] = (w1, b2), (w2, b1)
    after = actions.draft_pairs(draft)
    for old, new in moves:
        assert edited[int(old) - 1] == tuple(after[int(new) - 1])


def test_every_manual_kind_has_one_definition_that_the_page_offers(arbiter_client, draft):
    manual = {kind for kind in DraftChange.Kind if kind != DraftChange.Kind.ENGINE}
    assert set(edits.EDITS) == manual
    page = arbiter_client.get(url("round", draft.tournament, 2)).content.decode()
    for kind, edit in edits.EDITS.items():
        form = page.split(f'id="change-{kind}"', 1)[1].split("</form>", 1)[0]
        assert f"<h3>{edit.title}</h3>" in form and f'name="apply">{edit.button}</button>' in form
        inputs = re.findall(r'<input type="number" name="(\w+)"', form)
        assert inputs == [name for name, _ in edit.fields]
