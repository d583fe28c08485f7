"""A draft rests on the input it was paired from, and only the draft that was reviewed is published."""

from __future__ import annotations

import re

import pytest

from pairing import actions, publishing, registration
from tournaments.bridge import drafts
from tournaments.models import AuditRecord, Board, Entrant, ForbiddenPair, Round

from .conftest import play_round, url


def shown_version(client, tournament, number: int) -> str:
    page = client.get(url("round", tournament, number)).content.decode()
    return re.search(r'name="version" value="(\d+)"', page).group(1)


def publish(client, tournament, number: int, version: str):
    data = {"version": version, "confirm": "on"}
    return client.post(url("round-publish", tournament, number), data, follow=True).content.decode()


def correct(client, tournament, number: int, board: int, seen: str, result: str) -> str:
    data = {f"board_{board}": result, f"seen_{board}": seen}
    return client.post(url("results", tournament, number), data, follow=True).content.decode()


def test_a_correction_after_the_next_round_is_drafted_makes_the_draft_stale_until_kept(
    arbiter_client, tournament, draft, arbiter
):
    assert drafts.draft_staleness(draft) == ""
    page = correct(arbiter_client, tournament, 1, 1, "1-0", "0-1")
    assert "1 result(s) saved." in page
    assert "The draft of round 2 was paired from the old result: re-pair it or keep it" in page

    review = arbiter_client.get(url("round", tournament, 2)).content.decode()
    assert 'id="stale-draft"' in review and "The results this draft was paired from changed since" in review
    assert 'name="publish"' not in review
    refused = publish(arbiter_client, tournament, 2, str(draft.draft_version))
    assert "Round 2 was not published. The results this draft was paired from changed since" in refused
    draft.refresh_from_db()
    assert draft.state == Round.State.DRAFT

    kept = arbiter_client.post(url("round-keep", tournament, 2), follow=True).content.decode()
    assert "The draft of round 2 is kept as it is." in kept and 'id="stale-draft"' not in kept
    record = AuditRecord.objects.get(object_id=str(draft.pk), after__has_key="kept")
    assert record.user == arbiter and record.at is not None and "results" in record.after["kept"]
    assert "Round 2 is published." in publish(
        arbiter_client, tournament, 2, shown_version(arbiter_client, tournament, 2)
    )


def test_re_pairing_a_stale_draft_makes_it_publishable(arbiter_client, tournament, draft, arbiter):
    correct(arbiter_client, tournament, 1, 2, "1-0", "1/2")
    assert drafts.draft_staleness(Round.objects.get(pk=draft.pk))
    arbiter_client.post(url("pair", tournament), {"round": "2", "again": "1"})
    rnd = Round.objects.get(pk=draft.pk)
    assert drafts.draft_staleness(rnd) == ""
    assert "Round 2 is published." in publish(
        arbiter_client, tournament, 2, shown_version(arbiter_client, tournament, 2)
    )


@pytest.mark.parametrize("change", ["late entrant", "absence", "forbidden pair"])
def test_every_input_the_engine_reads_marks_the_draft_stale(
    arbiter_client, tournament, draft, arbiter, change
):
    a, b = draft.boards_with_seats()[0].white, draft.boards_with_seats()[0].black
    if change == "late entrant":
        registration.add_entrants(tournament, arbiter, [Entrant(name="Late, Lara", fide_rating=1500)])
    elif change == "absence":
        # A paired player cannot ask for a bye in the drafted round: an unpaired entrant does,
        # entered and kept first, so that only the absence is new.
        late = Entrant.objects.create(tournament=tournament, name="Late, Leo", pairing_number=12)
        publishing.keep_draft(draft, arbiter)
        registration.record_absence(late, arbiter, 2, "half-bye")
    else:
        first, second = sorted((a, b), key=lambda e: e.pk)
        ForbiddenPair.objects.create(tournament=tournament, first=first, second=second)
    stale = drafts.draft_staleness(Round.objects.get(pk=draft.pk))
    assert stale.startswith("The ") and "this draft was paired from changed since" in stale
    assert {"late entrant": "entrants", "absence": "absences", "forbidden pair": "forbidden pairs"}[
        change
    ] in stale


def test_renaming_a_player_leaves_the_draft_as_it_was(tournament, draft):
    Entrant.objects.filter(tournament=tournament, pairing_number=1).update(name="Renamed, Rita")
    assert drafts.draft_staleness(Round.objects.get(pk=draft.pk)) == ""


def test_a_cleared_result_under_a_draft_blocks_publishing_and_keeping(
    arbiter_client, tournament, draft, arbiter
):
    arbiter_client.post(url("result-clear", tournament, 1), {"board": "3:1-0"})
    review = arbiter_client.get(url("round", tournament, 2)).content.decode()
    assert "Round 1, board 3 has no result yet." in review and 'id="stale-draft"' in review
    refused = publish(arbiter_client, tournament, 2, str(draft.draft_version))
    assert "Round 2 was not published. Round 1, board 3 has no result yet." in refused
    kept = arbiter_client.post(url("round-keep", tournament, 2), follow=True).content.decode()
    assert "The draft cannot be kept until it has one." in kept
    assert Round.objects.get(pk=draft.pk).state == Round.State.DRAFT


def test_a_correction_after_the_next_round_is_published_stands_beside_its_pairings(
    arbiter_client, tournament, draft, arbiter
):
    publishing.publish_round(draft, arbiter, confirmed=True)
    boards = actions.draft_pairs(draft)
    before = arbiter_client.get(url("results", tournament, 1)).content.decode()
    assert 'id="correction-notice"' in before and "the pairings already made stand" in before
    page = correct(arbiter_client, tournament, 1, 4, "1-0", "0-1")
    assert "Round 2 is already published: the pairings already made stand (GHR 4.3)" in page
    assert tournament.rounds.get(number=1).boards.get(number=4).result == Board.Result.BLACK_WINS
    assert actions.draft_pairs(draft) == boards
    record = AuditRecord.objects.get(
        object_type="tournaments.board", before__result="1-0", after__result="0-1"
    )
    assert "the pairings already made stand" in record.after["correction"]


def test_a_correction_before_the_next_round_is_paired_needs_no_statement(
    arbiter_client, tournament, field, arbiter
):
    play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    page = correct(arbiter_client, tournament, 1, 1, "1-0", "1/2")
    assert "1 result(s) saved." in page and "GHR 4.3" not in page and "re-pair" not in page
    record = AuditRecord.objects.get(object_type="tournaments.board", before__result="1-0")
    assert "correction" not in record.after


# --- Publish what was reviewed ---------------------------------------------------------------


@pytest.fixture
def deputy_client(client, django_user_model, tournament):
    from django.test import Client

    deputy = django_user_model.objects.create_user("deputy")
    tournament.deputy_arbiters.add(deputy)
    other = Client()
    other.force_login(deputy)
    return other


def test_publishing_a_draft_a_colleague_changed_after_the_review_is_refused(
    arbiter_client, deputy_client, tournament, draft
):
    reviewed = shown_version(arbiter_client, tournament, 2)
    deputy_client.post(url("round-change", tournament, 2), {"kind": "swap", "board": "1", "other_board": "2"})
    page = publish(arbiter_client, tournament, 2, reviewed)
    assert "Round 2 was not published: the draft changed after you loaded it" in page
    assert "deputy swapped the opponents of boards 1 and 2" in page
    assert 'id="boards"' in page  # the current draft is shown
    draft.refresh_from_db()
    assert draft.state == Round.State.DRAFT
    assert "Round 2 is published." in publish(
        arbiter_client, tournament, 2, shown_version(arbiter_client, tournament, 2)
    )


def test_a_re_pair_or_an_undo_after_the_review_also_changes_the_version(
    arbiter_client, deputy_client, tournament, draft
):
    reviewed = shown_version(arbiter_client, tournament, 2)
    deputy_client.post(url("pair", tournament), {"round": "2", "again": "1"})
    assert "deputy paired it again with the engine" in publish(arbiter_client, tournament, 2, reviewed)
    reviewed = shown_version(arbiter_client, tournament, 2)
    deputy_client.post(url("round-change", tournament, 2), {"kind": "colours", "board": "1"})
    deputy_client.post(url("round-undo", tournament, 2))
    page = publish(arbiter_client, tournament, 2, reviewed)
    assert "deputy exchanged the colours on board 1; deputy undid “exchanged the colours on board 1”" in page
    assert Round.objects.get(pk=draft.pk).state == Round.State.DRAFT


def test_a_publish_that_names_no_version_is_refused(arbiter_client, tournament, draft):
    page = arbiter_client.post(url("round-publish", tournament, 2), {"confirm": "on"}, follow=True)
    assert "This page is out of date; nothing was published." in page.content.decode()
    assert Round.objects.get(pk=draft.pk).state == Round.State.DRAFT


def test_an_arbiters_own_htmx_change_keeps_their_publish_form_current(arbiter_client, tournament, draft):
    fragment = arbiter_client.post(
        url("round-change", tournament, 2), {"kind": "colours", "board": "1"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    version = re.search(r'name="version" value="(\d+)"', fragment).group(1)
    assert int(version) == Round.objects.get(pk=draft.pk).draft_version
    assert "Round 2 is published." in publish(arbiter_client, tournament, 2, version)


def test_results_of_a_round_still_a_draft_are_refused(arbiter_client, tournament, draft):
    page = correct(arbiter_client, tournament, 2, 1, "", "1-0")
    assert "Nothing was saved." in page and "Round 2 is not published yet." in page
    assert not draft.boards.exclude(result="").exists()


def test_a_correction_under_two_published_rounds_names_both(arbiter_client, tournament, draft, arbiter):
    play_round(draft, arbiter)
    publishing.publish_round(actions.pair_next_round(tournament, arbiter), arbiter, confirmed=True)
    page = correct(arbiter_client, tournament, 1, 1, "1-0", "1/2")
    assert "Rounds 2, 3 are already published: the pairings already made stand (GHR 4.3)" in page
