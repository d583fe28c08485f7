"""The checked-in US Chess cases (tests/us_cases): each a TRF state, the expected pairing and log."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.cli import main
from swiss.trf import read_trf
from swiss.us import order_boards, pair
from swiss.us.check import check
from swiss.us.trf import read_us_options

CASES = sorted((Path(__file__).parents[1] / "us_cases").glob("*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_case_pairs_and_explains_as_expected(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--system", "us", str(path), "--explain"]) == 0
    assert capsys.readouterr().out == path.with_suffix(".expected").read_text()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_case_pairing_passes_the_us_checker(path: Path) -> None:
    text = path.read_text()
    state, options = read_trf(text), read_us_options(text)
    assert [str(f) for f in check(state, pair(state, options), options)] == []


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_board_order_after_a_manual_change_is_the_engines(path: Path) -> None:
    """`order_boards` (used after a director's change) puts the engine's boards back in its order."""
    text = path.read_text()
    state, options = read_trf(text), read_us_options(text)
    boards = pair(state, options).boards
    assert order_boards(state, tuple(reversed(boards)), options) == boards


def test_there_are_at_least_40_cases_each_citing_its_rule_and_where_it_comes_from() -> None:
    assert len(CASES) >= 40
    for path in CASES:
        header = [line for line in path.read_text().splitlines() if line.startswith("###")]
        assert header[1].startswith("### Rule: 2"), path.name
        assert header[2] in (
            "### Source: worked example of the rulebook, as paraphrased in docs/us-chess.md",
            "### Source: worked by hand from the rules",
        ), path.name


def test_the_kaprielian_log_names_the_right_side_transpositions_the_procedure_made(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Case 56 (the seed's own pairing, no colour interchanges): the natural pairs 1-5, 2-6,
    3-7, 4-8 are all rematches; 29C2 transposes the lower half, 5↔6, then 7↔8, which gives
    3-8 and 4-7. 29E5c measures the second on the smaller reading, 3↔4 (71 points), but the
    left side never moves: the log names 7↔8 as the switch and 3↔4 only as its measure."""
    (path,) = [p for p in CASES if p.stem.startswith("56-")]
    assert main(["pair", "--system", "us", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert (
        "27A1 transposition Reed (7)↔Zhu (8), 71 points (measured as Koning (3)↔Rafferty (4), 29E5c)" in out
    )
    assert "transposition Koning (3)↔Rafferty (4)" not in out
    assert "transposition Popov (5)↔Thompson (6), 12 points, avoids" in out
