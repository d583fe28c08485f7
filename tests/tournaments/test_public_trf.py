"""The TRF export: a round trip through the database, and the engine's CLI pairing it as the app does."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.actions import change_draft, pair_next_round
from pairing.publishing import publish_round
from swiss.model import TrfError
from swiss.trf import read_trf, write_trf
from tournaments.bridge.state import tournament_state
from tournaments.bridge.trf import arbiter_trf as arbiter_export
from tournaments.bridge.trf import export_trf, import_trf
from tournaments.models import DraftChange, Seat, Tournament

ROOT = Path(__file__).resolve().parents[2]


def games(tournament: Tournament) -> set[tuple[int, str, str, str]]:
    """Every board of every published round as (round, white, black, result), by names."""
    return {
        (rnd.number, b.white.name, b.black.name if b.black else "", b.result)
        for rnd in tournament.rounds.exclude(state="draft")
        for b in rnd.boards_with_seats()
    }


def without_arbiters(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if line[:3] not in ("102", "112"))


@pytest.mark.parametrize("version", ["2026", "16"])
def test_importing_the_export_reproduces_the_tournament(demo, version):
    demo.public_birth_dates = Tournament.BirthDates.FULL
    demo.save()
    text = export_trf(demo, version)
    copy = import_trf(text, slug="demo-copy", start_date=demo.start_date, end_date=demo.end_date)
    copy.public_birth_dates = Tournament.BirthDates.FULL
    copy.save()
    # Everything but the arbiters (102, 112), who are accounts of this site and not in the file's data.
    assert without_arbiters(export_trf(copy, version)) == without_arbiters(text)
    assert "102 arbiter" in text
    assert games(copy) == games(demo)
    fields = ("pairing_number", "name", "fide_rating", "title", "federation", "fide_id", "sex", "birth_date")
    assert list(copy.entrants.order_by("pairing_number").values_list(*fields)) == list(
        demo.entrants.order_by("pairing_number").values_list(*fields)
    )
    assert (copy.total_rounds, copy.initial_colour, copy.points_pab) == (7, "w", demo.points_pab)
    half_bye = Seat.objects.get(round__tournament=copy, absence=Seat.Absence.HALF_BYE)
    assert half_bye.round.number == 3


def cli_pairing(tmp_path: Path, text: str) -> list[tuple[int, int]]:
    path = tmp_path / "tournament.trf"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = run.stdout.split()
    return [(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2], strict=True)]


def app_pairing(tournament: Tournament, user) -> list[tuple[int, int]]:
    rnd = pair_next_round(tournament, user, again=True)
    return [
        (b.white.pairing_number, b.black.pairing_number if b.black else 0) for b in rnd.boards_with_seats()
    ]


def test_the_public_export_pairs_the_next_round_with_the_cli_exactly_as_the_app(demo, tmp_path):
    # The public file leaves out byes requested for unpublished rounds, so round 5 has none here.
    Seat.objects.filter(round__tournament=demo, round__number=5).exclude(absence="").delete()
    expected = app_pairing(demo, demo.chief_arbiter)
    assert cli_pairing(tmp_path, export_trf(demo)) == expected
    assert cli_pairing(tmp_path, export_trf(demo, "16")) == expected


def test_the_full_state_with_requested_byes_pairs_with_the_cli_exactly_as_the_app(demo, tmp_path):
    expected = app_pairing(demo, demo.chief_arbiter)
    state = tournament_state(demo, 5)
    assert len(state.absences) == 2
    assert read_trf(write_trf(state)) == state
    assert cli_pairing(tmp_path, write_trf(state)) == expected


def test_a_round_being_played_is_exported_with_its_boards_and_no_results(demo):
    demo.rounds.get(number=5).publish(None)
    text = export_trf(demo)
    line = next(line for line in text.splitlines() if line.startswith("001    1 "))
    assert len(line.rstrip()) > 91 + 4 * 10  # four results and the round-5 board
    # The engine reads it and refuses to pair on: the round must be complete first.
    with pytest.raises(TrfError, match="a round must be complete"):
        read_trf(text)


def test_an_imported_file_gets_the_given_dates(demo):
    copy = import_trf(export_trf(demo), slug="dated", start_date=datetime.date(2025, 5, 1))
    assert copy.end_date == copy.start_date == datetime.date(2025, 5, 1)


def test_the_public_export_notes_manual_changes_of_published_rounds_only(demo):
    rnd = demo.rounds.get(number=5)
    change_draft(rnd, demo.chief_arbiter, DraftChange.Kind.COLOURS, 1)
    note = "### Round 5: manual change by arbiter: exchanged the colours on board 1"
    assert note not in export_trf(demo) and note not in export_trf(demo, "16")
    publish_round(rnd, demo.chief_arbiter, confirmed=True)
    for version in ("2026", "16"):
        text = export_trf(demo, version)
        assert text.endswith(f"{note}\r\n") and text.count("###") == 1


def test_the_public_trf_of_a_drafted_round_1_holds_no_lot_and_cannot_reproduce_the_draft(
    players, tournament, tmp_path
):
    # Black, not the engine's default: a file without the lot must pair round 1 otherwise.
    tournament.initial_colour = "b"
    tournament.save()
    draft = app_pairing(tournament, tournament.chief_arbiter)
    for version in ("2026", "16"):
        text = export_trf(tournament, version)
        assert "\n152 " not in text and "XXC" not in text, version
        assert cli_pairing(tmp_path, text) != draft
    publish_round(tournament.rounds.get(number=1), tournament.chief_arbiter, confirmed=True)
    assert "XXC black1" in export_trf(tournament)


def birth_field(text: str, number: int) -> str:
    line = next(line for line in text.splitlines() if line.startswith(f"001 {number:>4} "))
    return line[69:79].strip()


def test_the_public_trf_publishes_birth_years_only_unless_the_tournament_chooses(demo):
    entrant = demo.entrants.get(pairing_number=1)
    full = entrant.birth_date.strftime("%Y/%m/%d")
    assert birth_field(export_trf(demo), 1) == f"{entrant.birth_date.year}/00/00"
    for choice, shown in ((Tournament.BirthDates.FULL, full), (Tournament.BirthDates.NONE, "")):
        demo.public_birth_dates = choice
        demo.save()
        assert birth_field(export_trf(demo, "16"), 1) == shown
    # The arbiter's own export, for the rating officer, keeps the whole date.
    assert birth_field(arbiter_export(demo), 1) == full
