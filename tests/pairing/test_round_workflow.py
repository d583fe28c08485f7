"""Pairing, reviewing, changing, publishing and scoring a round through the arbiter's pages."""

from __future__ import annotations

import subprocess
import sys

from django.urls import reverse

from pairing import actions, publishing, registration
from pairing.review import round_review
from swiss.trf import read_trf
from tournaments.bridge.trf import arbiter_trf
from tournaments.models import AuditRecord, DraftChange, Round, Seat

from .conftest import play_round


def url(name: str, tournament, *args) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def test_pairing_drafts_the_first_round_in_board_order_with_the_bye_last(arbiter_client, tournament, field):
    response = arbiter_client.post(url("pair", tournament))
    assert response.status_code == 302
    rnd = tournament.rounds.get(number=1)
    boards = list(rnd.boards_with_seats())
    assert len(boards) == 6 and boards[-1].is_bye and boards[-1].white == field[-1]
    page = arbiter_client.get(url("round", tournament, 1)).content.decode()
    assert "Player 01" in page and "bye" in page and "Publish round 1" in page


def test_pressing_pair_twice_keeps_the_first_draft(arbiter_client, tournament, field):
    arbiter_client.post(url("pair", tournament))
    first = list(tournament.rounds.get(number=1).boards.values_list("pk", flat=True))
    arbiter_client.post(url("pair", tournament))
    assert list(tournament.rounds.get(number=1).boards.values_list("pk", flat=True)) == first


def test_a_swap_shows_its_finding_at_once_and_can_be_undone(arbiter_client, tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    play_round(rnd, arbiter)
    rnd2 = actions.pair_next_round(tournament, arbiter)
    engine = actions.draft_pairs(rnd2)
    response = arbiter_client.post(
        url("round-change", tournament, 2),
        {"kind": "swap", "board": 1, "other_board": 5},
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert response.status_code == 200 and page.strip().startswith('<div id="draft">')
    assert "have different scores" in page and "swapped the opponents of boards 1 and 5" in page
    assert actions.draft_pairs(rnd2) != engine
    arbiter_client.post(url("round-undo", tournament, 2), HTTP_HX_REQUEST="true")
    assert actions.draft_pairs(rnd2) == engine
    assert not rnd2.draft_changes.exclude(kind=DraftChange.Kind.ENGINE).exists()


def test_publishing_over_findings_needs_a_recorded_confirmation(arbiter_client, tournament, field, arbiter):
    play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    rnd = actions.pair_next_round(tournament, arbiter)
    first = rnd.boards_with_seats()[0]
    # Pair two players who met in round 1: a rematch.
    met = tournament.rounds.get(number=1).boards_with_seats()[0]
    actions.change_draft(rnd, arbiter, DraftChange.Kind.PAIR, met.white.pk, met.black.pk)
    rnd.refresh_from_db()
    version = str(rnd.draft_version)
    arbiter_client.post(url("round-publish", tournament, 2), {"version": version})
    rnd.refresh_from_db()
    assert rnd.state == Round.State.DRAFT and first is not None
    arbiter_client.post(url("round-publish", tournament, 2), {"confirm": "on", "version": version})
    rnd.refresh_from_db()
    assert rnd.state == Round.State.PUBLISHED
    record = AuditRecord.objects.filter(object_id=str(rnd.pk), after__state="published").get()
    assert any("already played each other in round 1" in f for f in record.after["confirmed_findings"])
    assert "manual change by arbiter: paired Player" in arbiter_trf(tournament)


def test_results_complete_the_round_and_a_resubmission_changes_nothing(
    arbiter_client, tournament, field, arbiter
):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter)
    data = {**{f"board_{n}": "1/2" for n in range(1, 6)}, **{f"seen_{n}": "" for n in range(1, 6)}}
    arbiter_client.post(url("results", tournament, 1), data)
    arbiter_client.post(url("results", tournament, 1), data)
    rnd.refresh_from_db()
    assert rnd.state == Round.State.COMPLETE
    assert AuditRecord.objects.filter(object_type="tournaments.board").count() == 5
    arbiter_client.post(url("results", tournament, 1), {"board_1": "1-0", "seen_1": "1/2"})
    correction = AuditRecord.objects.filter(object_type="tournaments.board").first()
    assert (correction.before, correction.after) == ({"result": "1/2"}, {"result": "1-0"})


def test_unpublishing_is_explicit_and_recorded(arbiter_client, tournament, field, arbiter):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter)
    arbiter_client.post(url("round-unpublish", tournament, 1))
    rnd.refresh_from_db()
    assert rnd.state == Round.State.DRAFT
    assert AuditRecord.objects.filter(after__unpublished=True).exists()


def test_the_pages_pair_as_the_command_line_does_from_the_exported_trf(tmp_path, tournament, field, arbiter):
    for _ in range(3):
        play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    trf = tmp_path / "t.trf"
    trf.write_text(arbiter_trf(tournament))
    rnd = actions.pair_next_round(tournament, arbiter)
    numbers = {e.pk: e.pairing_number for e in tournament.entrants.all()}
    pages = [f"{numbers[w]} {numbers[b] if b else 0}" for w, b in actions.draft_pairs(rnd)]
    cli = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", str(trf)], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert cli[1:-1] == pages and int(cli[0]) == len(pages)


def test_an_explanation_of_a_board_names_the_score_group(arbiter_client, tournament, field, arbiter):
    actions.pair_next_round(tournament, arbiter)
    page = arbiter_client.get(url("board-explain", tournament, 1, 1), HTTP_HX_REQUEST="true").content.decode()
    assert "score group" in page


def test_the_review_marks_floats_as_the_engine_counts_them(tournament, field, arbiter):
    """A half-point bye is a downfloat (C.04.3 1.4.3), as is the PAB; a zero-point bye is not."""
    rested, away = field[0], field[1]
    registration.record_absence(rested, arbiter, 1, Seat.Absence.HALF_BYE)
    registration.record_absence(away, arbiter, 1, Seat.Absence.ZERO_BYE)
    first = actions.pair_next_round(tournament, arbiter)
    bye = next(b.white for b in first.boards_with_seats() if b.is_bye)
    play_round(first, arbiter)
    review = round_review(actions.pair_next_round(tournament, arbiter))
    marks = {row.entrant.pk: row.floats for b in review.boards for row in (b.white, b.black) if row}
    assert marks[rested.pk] == "↓"
    assert marks[bye.pk] == "↓"
    assert marks[away.pk] == ""


def test_the_arbiters_standings_show_the_tie_breaks_of_the_public_ones(client, demo):
    from tournaments.standings import standings

    client.force_login(demo.chief_arbiter)
    page = client.get("/arbiter/demo-open/standings/").content.decode()
    table = standings(demo, 4)
    assert "after round 4" in page
    for code in table.codes:
        assert f'<th class="num">{code}</th>' in page
    top = table.rows[0]
    cells = "".join(f'<td class="num">{value}</td>' for value in top.values)
    assert cells in page


def test_the_exported_trf_carries_the_tournaments_header_records(
    arbiter_client, tournament, field, arbiter, django_user_model
):
    deputy = django_user_model.objects.create_user("deputy", first_name="Dora", last_name="Deputy")
    tournament.deputy_arbiters.add(deputy)
    arbiter.first_name, arbiter.last_name = "Anna", "Arbiter"
    arbiter.save()
    lines = arbiter_trf(tournament).splitlines()
    header = {
        line[:3]: line[4:]
        for line in lines
        if line[:3] in {"022", "042", "052", "062", "072", "092", "102", "112"}
    }
    assert header == {
        "022": "Basel",
        "042": "2026/04/01",
        "052": "2026/04/05",
        "062": "11",
        "072": "11",
        "092": "Swiss system: FIDE Dutch (2026)",
        "102": "Anna Arbiter",
        "112": "Dora Deputy",
    }
    # The engine reads the file as before: the header records are information only.
    assert read_trf("\n".join(lines)).players
