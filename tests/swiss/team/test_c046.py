"""C.04.6 (2026) on the reference corpus of the TEC's implementation, and its rules one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.cli import main
from swiss.team import c046
from swiss.team.systems import order_matches
from swiss.trf import decode_trf, read_team_trf

CORPUS = Path(__file__).parents[2] / "corpus" / "team-c046"
CASES = sorted(CORPUS.glob("*.trf"))


def expected(path: Path) -> set[tuple[int, int]]:
    lines = path.with_suffix(".expected").read_text().split()
    count, numbers = int(lines[0]), [int(n) for n in lines[1:]]
    assert len(numbers) == 2 * count
    return set(zip(numbers[::2], numbers[1::2], strict=True))


def test_the_corpus_holds_all_eighty_cases() -> None:
    assert len(CASES) == 80


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_engine_pairs_each_corpus_case_as_the_reference(path: Path) -> None:
    state = read_team_trf(decode_trf(path.read_bytes()))
    pairing = c046.pair(state)
    assert {(b.white, b.black or 0) for b in pairing.boards} == expected(path)


def test_the_command_line_prints_the_matches_in_board_order_with_the_bye_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = CORPUS / "case-0003.trf"
    assert main(["pair", "--system", "team-c046", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert int(lines[0]) == len(lines) - 1
    state = read_team_trf(decode_trf(path.read_bytes()))
    boards = order_matches(state, c046.pair(state).boards)
    assert lines[1:] == [f"{b.white} {b.black or 0}" for b in boards]
    assert {tuple(map(int, line.split())) for line in lines[1:]} == expected(path)


def test_the_check_command_lists_what_a_team_pairing_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = CORPUS / "case-0005.trf"
    proposal = tmp_path / "proposal.txt"
    proposal.write_text(path.with_suffix(".expected").read_text())
    assert main(["check", "--system", "team-c046", str(path), str(proposal)]) == 0
    assert capsys.readouterr().out == "0 finding(s)\n"
    # Team 1 met team 9 in round 1; swap partners so that they meet again.
    proposal.write_text("8\n9 1\n3 7\n2 8\n10 13\n5 16\n15 12\n4 11\n6 14\n")
    assert main(["check", "--system", "team-c046", str(path), str(proposal)]) == 1
    out = capsys.readouterr().out
    assert "teams 9 and 1 have met before or may not meet" in out
