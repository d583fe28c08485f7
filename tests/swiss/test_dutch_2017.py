"""The 2017 edition of the Dutch rules (C.04.3 in force 2017 to January 2026): the reference
corpus, what sets it apart from 2026 (floats of unplayed rounds, the PPB; the bye of the C5
example is in test_dutch.py), the CLI
and the TRF record that carries the edition."""

from __future__ import annotations

import csv
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from swiss.check import check
from swiss.dutch import Float, floats, pair
from swiss.model import Board, Code, Colour, Edition, Pairing, Player, RoundResult, TournamentState
from swiss.trf import read_trf, write_trf

CORPUS = Path(__file__).parents[1] / "corpus" / "dutch-2017"


def _read(path: Path, edition: Edition = Edition.DUTCH_2017) -> TournamentState:
    return replace(read_trf(path.read_text()), edition=edition)


def _pairs(pairing: Pairing) -> set[tuple[int, int]]:
    return {(b.white, b.black or 0) for b in pairing.boards}


def _expected(path: Path) -> set[tuple[int, int]]:
    rows = path.with_suffix(".expected").read_text().split()[1:]
    return {(int(rows[i]), int(rows[i + 1])) for i in range(0, len(rows), 2)}


def _differing() -> list[object]:
    with (CORPUS / "MANIFEST.tsv").open() as manifest:
        rows = [row for row in csv.DictReader(manifest, delimiter="\t") if row["differs_2026"] == "y"]
    return [pytest.param(CORPUS / f"{row['id']}.trf", id=row["id"]) for row in rows]


def test_the_2017_edition_reproduces_the_reference_pairing(dutch_2017_trf: Path) -> None:
    assert _pairs(pair(_read(dutch_2017_trf))) == _expected(dutch_2017_trf)


@pytest.mark.parametrize("path", _differing())
def test_the_cases_the_editions_pair_differently_are_paired_otherwise_under_2026(path: Path) -> None:
    """The manifest's differs_2026 cases: the edition is what makes the difference."""
    assert _pairs(pair(_read(path, Edition.DUTCH_2026))) != _expected(path)


def test_the_corpus_has_the_cases_its_readme_announces() -> None:
    assert len(list(CORPUS.glob("*.trf"))) == 126
    assert len(_differing()) == 25


def _player(number: int, *rounds: tuple[int | None, str | None, str]) -> Player:
    history = tuple(
        RoundResult(opponent, Colour(colour) if colour else None, Code(code))
        for opponent, colour, code in rounds
    )
    return Player(number=number, rating=2700 - number, history=history)


def test_in_2017_a_zero_point_bye_counts_as_a_downfloat_and_in_2026_as_none() -> None:
    """2017 A.4 against 2026 1.4.4, read through the engine's float history."""
    players = (
        _player(1, (2, "w", "1")),
        _player(2, (1, "b", "0")),
        _player(3, (None, None, "Z")),
        _player(4, (None, None, "-")),
    )
    state = TournamentState(players=players, total_rounds=4, initial_colour=Colour.WHITE)
    assert floats(state)[3] == (Float.NONE, Float.NONE)
    assert floats(state)[4] == (Float.NONE, Float.NONE)
    later = floats(replace(state, edition=Edition.DUTCH_2017))
    assert later[3] == (Float.DOWN, Float.NONE)
    assert later[4] == (Float.DOWN, Float.NONE)


def test_the_ppb_is_paired_again_with_the_players_below_when_the_rest_cannot_be_completed() -> None:
    """2017 A.9 (case-0007): paired bracket by bracket, the last player left (8) already had
    the PAB, so the 2-point bracket is the PPB and is paired again with all below it; the
    bye then goes to 1, a 3-point player, where 2026 (C4 in every bracket, C5) gives it to
    3, on 2½."""
    path = CORPUS / "case-0007.trf"
    assert Board(1, None) in pair(_read(path)).boards
    assert Board(3, None) in pair(_read(path, Edition.DUTCH_2026)).boards


@pytest.mark.parametrize(
    ("code", "rules_2026", "rules_2017"),
    [("U", ["C1", "C2"], ["C.1", "C.2"]), ("F", ["C1", "C2"], ["C.1"])],
    ids=["second-pab", "after-a-full-point-bye"],
)
def test_the_checker_speaks_each_edition_s_criteria(
    code: str, rules_2026: list[str], rules_2017: list[str]
) -> None:
    """1 and 2 meet again (C1, 2017 C.1) and 3 gets the PAB: barred after a PAB in both
    editions (C2, C.2), after a full-point bye only in 2026 (C2 names a win's points without
    playing; 2017 C.2 only the PAB and a forfeit win)."""
    players = (_player(1, (2, "w", "1")), _player(2, (1, "b", "0")), _player(3, (None, None, code)))
    state = TournamentState(players=players, total_rounds=3, initial_colour=Colour.WHITE)
    proposal = Pairing((Board(1, 2), Board(3, None)))
    assert [f.rule for f in check(state, proposal) if f.absolute] == rules_2026
    older = replace(state, edition=Edition.DUTCH_2017)
    assert [f.rule for f in check(older, proposal) if f.absolute] == rules_2017


@pytest.mark.parametrize("version", ["2026", "16"])
def test_the_trf_export_records_the_edition_so_that_a_re_import_pairs_the_same_way(version: str) -> None:
    path = CORPUS / "case-0007.trf"
    state = _read(path)
    text = write_trf(state, version=version)  # type: ignore[arg-type]
    assert "192 FIDE_DUTCH_2017" in text
    again = read_trf(text)
    assert again.edition is Edition.DUTCH_2017
    assert set(pair(again).boards) == set(pair(state).boards)


def test_a_2026_export_names_its_edition_and_trf_16_stays_without_192() -> None:
    state = read_trf((CORPUS / "case-0007.trf").read_text())
    assert "192 FIDE_DUTCH_2026" in write_trf(state)
    assert "192 " not in write_trf(state, version="16")


@pytest.mark.parametrize(("code", "edition"), [("FIDE_DUTCH_2017_BAKU", "2017"), ("FIDE_DUTCH", "2026")])
def test_the_192_record_selects_the_edition(code: str, edition: str) -> None:
    text = (CORPUS / "case-0007.trf").read_text() + f"192 {code}\n"
    assert read_trf(text).edition == edition


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "swiss", *args], capture_output=True, text=True, check=False)


def test_the_cli_pairs_by_the_edition_it_is_given() -> None:
    path = str(CORPUS / "case-0007.trf")
    assert "1 0" in _cli("pair", "--edition", "2017", path).stdout.splitlines()
    assert "3 0" in _cli("pair", path).stdout.splitlines()
    explained = _cli("pair", "--edition", "2017", "--explain", path)
    assert explained.returncode == 0
    assert "1-bye: 1 gets the pairing-allocated bye" in explained.stdout
    assert "(C.04.1 Art. 3-4, C.2)" in explained.stdout


def test_the_cli_checks_a_pairing_by_the_edition_it_is_given(tmp_path: Path) -> None:
    path = str(CORPUS / "case-0007.trf")
    proposal = tmp_path / "pairing.txt"
    proposal.write_text("4\n7 2\n4 3\n8 6\n1 0\n")
    assert _cli("check", "--edition", "2017", path, str(proposal)).stdout == "0 finding(s)\n"
    under_2026 = _cli("check", path, str(proposal)).stdout
    assert "manual" in under_2026


def test_the_cli_replays_a_2017_tournament_round_by_round_by_its_rules() -> None:
    """case-0007 was generated under the 2017 rules: every recorded round re-pairs the same
    by them, and one does not by the 2026 rules."""
    path = str(CORPUS / "case-0007.trf")
    assert _cli("--dutch", path, "-c", "--edition", "2017").stdout.endswith("5 of 5 rounds agree\n")
    assert _cli("--dutch", path, "-c").stdout.endswith("4 of 5 rounds agree\n")
