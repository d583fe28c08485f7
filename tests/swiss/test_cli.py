from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from swiss.cli import main
from swiss.generate import generate, pair_in_number_order
from swiss.model import Board, Code, Colour, Edition, Pairing, Player, RoundResult, TournamentState, TrfError
from swiss.pairing_text import format_pairing
from swiss.recorded import recorded_pairing, state_before_round
from swiss.trf import write_trf
from tests.swiss.conftest import CORPUS


def reversed_order(state: TournamentState) -> Pairing:
    """Another stand-in: the same boards with the colours swapped."""
    return Pairing(
        tuple(Board(b.black, b.white) if b.black else b for b in pair_in_number_order(state).boards)
    )


def refuses(state: TournamentState) -> Pairing:
    from swiss.model import PairingError

    raise PairingError("every remaining pair has met before")


@pytest.fixture
def ready(tmp_path: Path) -> Path:
    """A 7-player tournament after 2 of 5 rounds, one player absent in round 3."""
    state = generate(5, 7, 5, played=2, pair=pair_in_number_order, absence_rate=0.1)
    path = tmp_path / "ready.trf"
    path.write_text(write_trf(state))
    return path


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    state = generate(9, 9, 5, pair=pair_in_number_order, forfeit_rate=0.1, bye_rate=0.1)
    path = tmp_path / "finished.trf"
    path.write_text(write_trf(state, version="16"))
    return path


def test_the_output_format_counts_the_lines_and_lists_boards_pair_in_number_order_with_the_bye_last() -> None:
    players = tuple(
        Player(n, history=(RoundResult(None, None, Code.FULL_BYE if n in (4, 5) else Code.ZERO_BYE),))
        for n in range(1, 6)
    )
    state = TournamentState(players=players, total_rounds=3)
    pairing = Pairing((Board(3, None), Board(1, 2), Board(5, 4)))
    assert format_pairing(state, pairing) == "3\n5 4\n1 2\n3 0\n"


def test_pair_prints_the_next_round(ready: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(ready)], pair=pair_in_number_order) == 0
    lines = capsys.readouterr().out.splitlines()
    assert int(lines[0]) == len(lines) - 1
    assert all(len(line.split()) == 2 for line in lines[1:])


def test_the_engine_convention_writes_to_a_file_or_to_standard_output(
    ready: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["pair", str(ready)], pair=pair_in_number_order) == 0
    expected = capsys.readouterr().out
    assert main(["--dutch", str(ready), "-p"], pair=pair_in_number_order) == 0
    assert capsys.readouterr().out == expected
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(ready), "-p", str(out)], pair=pair_in_number_order) == 0
    assert out.read_text() == expected


def test_no_legal_pairing_exits_1_with_the_reason(ready: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(ready)], pair=refuses) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "every remaining pair has met before" in captured.err


def test_invalid_input_exits_3_with_line_and_column(ready: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ready.read_bytes().decode().split("\r\n")
    number = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[number] = lines[number][:80] + "99.0" + lines[number][84:]
    ready.write_bytes("\r\n".join(lines).encode())
    assert main(["pair", str(ready)], pair=pair_in_number_order) == 3
    assert f"line {number + 1}, column 81: expected points" in capsys.readouterr().err
    assert main(["--dutch", str(ready), "-p"], pair=pair_in_number_order) == 3


def test_a_missing_file_exits_5(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", str(tmp_path / "nowhere.trf")], pair=pair_in_number_order) == 5
    assert "cannot read" in capsys.readouterr().err


def test_a_finished_tournament_cannot_be_paired_further(finished: Path) -> None:
    assert main(["pair", str(finished)], pair=pair_in_number_order) == 3


@pytest.mark.parametrize("argv", [[], ["--dutch", "x.trf"], ["--dutch", "x.trf", "-p", "-c"], ["pair"]])
def test_bad_arguments_exit_with_usage(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv, pair=pair_in_number_order)
    assert exit_.value.code == 2


def test_check_agrees_when_the_engine_reproduces_every_round(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dutch", str(finished), "-c"], pair=pair_in_number_order) == 0
    assert capsys.readouterr().out == "5 of 5 rounds agree\n"


def test_check_lists_the_rounds_that_pair_differently(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dutch", str(finished), "-c"], pair=reversed_order) == 1
    out = capsys.readouterr().out
    assert "round 1: recorded 1-2" in out and "round 1: engine   2-1" in out
    assert out.endswith("0 of 5 rounds agree\n")


def test_a_state_before_a_round_keeps_the_earlier_rounds_and_that_rounds_absences() -> None:
    state = generate(2, 8, 4, pair=pair_in_number_order, bye_rate=0.2)
    before = state_before_round(state, 3)
    assert all(p.history == q.history[:2] for p, q in zip(before.players, state.players, strict=True))
    assert before.absences == {
        p.number: p.history[2].code for p in state.players if p.history[2].code is Code.HALF_BYE
    }
    assert set(recorded_pairing(state, 3).boards) == set(pair_in_number_order(before).boards)


def test_python_dash_m_swiss_pairs_a_round_one_corpus_case_as_expected() -> None:
    case = CORPUS / "dutch" / "case-0001.trf"
    run = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", str(case)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert run.returncode == 0, run.stderr
    expected = case.with_suffix(".expected").read_text()
    assert sorted(run.stdout.splitlines()) == sorted(expected.splitlines())


def test_check_reads_the_initial_colour_back_from_round_one_without_xxc(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = generate(3, 8, 3, initial_colour=Colour.BLACK)
    path = tmp_path / "no-lot.trf"
    path.write_text(
        "".join(line for line in write_trf(state, version="16").splitlines(True) if "XXC" not in line)
    )
    assert main(["--dutch", str(path), "-c"]) == 0
    assert capsys.readouterr().out == "3 of 3 rounds agree\n"


def test_a_file_without_the_number_of_rounds_is_checked_but_not_paired_further(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = finished.read_text()
    finished.write_text("".join(line for line in text.splitlines(True) if not line.startswith("XXR")))
    assert main(["--dutch", str(finished), "-c"], pair=pair_in_number_order) == 0
    assert capsys.readouterr().out == "5 of 5 rounds agree\n"
    assert main(["pair", str(finished)], pair=pair_in_number_order) == 3
    assert "without a 142 or XXR record" in capsys.readouterr().err


def test_out_of_memory_ends_in_one_line_and_exit_4(tmp_path: Path) -> None:
    """A real allocation failure: the address space is capped 8 MB above what the interpreter
    uses once the command line is loaded, then a 2000-player round is paired (it takes some
    16 MB more since the cover search reads the graph in place; 16 MB was the cap before)."""
    case = CORPUS / "perf" / "perf-2000-quick.trf"
    program = (
        "import re, resource, sys\n"
        "from swiss.cli import main\n"
        "size = int(re.search(r'VmSize:\\s+(\\d+)', open('/proc/self/status').read()).group(1)) * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (size + 8 * 2**20, resource.RLIM_INFINITY))\n"
        f"sys.exit(main(['pair', {str(case)!r}]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert (run.returncode, run.stderr, run.stdout) == (4, "out of memory\n", "")


def test_one_entry_point_pairs_every_system_and_refuses_the_wrong_kind_of_state() -> None:
    import swiss
    from swiss.dutch import pair as dutch
    from swiss.generate import generate

    state = generate(3, 12, 5, played=2)
    assert swiss.pair(state) == swiss.pair(state, "dutch") == dutch(state)
    seated = [n for b in swiss.pair(state, "us").boards for n in (b.white, b.black) if n is not None]
    assert sorted(seated) == [p.number for p in state.players]
    with pytest.raises(ValueError, match="needs a team state"):
        swiss.pair(state, "team-c046")
    with pytest.raises(ValueError, match="unknown pairing system"):
        swiss.pair(state, "monrad")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # No player at all: nothing to pair, which is not a round of zero boards.
        (lambda lines: [line for line in lines if not line.startswith("001")], "expected 001 player records"),
        # A 001 line of a megabyte: 999 rounds end at column 10,079.
        (
            lambda lines: [line + " " * 1_000_000 if line.startswith("001") else line for line in lines],
            "999 rounds",
        ),
        # A system code this program does not pair (trf.md 6): not the 2026 rules in silence.
        (lambda lines: [*lines, "192 FIDE_DUTCH_1998"], "found 'FIDE_DUTCH_1998'"),
        (lambda lines: [*lines, "192 FIDE_BURSTEIN"], "found 'FIDE_BURSTEIN'"),
    ],
)
def test_a_malformed_file_is_refused_with_exit_3_rather_than_paired(
    ready: Path, capsys: pytest.CaptureFixture[str], change: Callable[[list[str]], list[str]], message: str
) -> None:
    lines = change([line for line in ready.read_bytes().decode().split("\r\n") if line])
    ready.write_text("\n".join(lines) + "\n")
    assert main(["pair", str(ready)], pair=pair_in_number_order) == 3
    assert message in capsys.readouterr().err
    assert main(["--dutch", str(ready), "-p"], pair=pair_in_number_order) == 3
    assert main(["--dutch", str(ready), "-c"], pair=pair_in_number_order) == 3


def test_the_unknown_system_code_is_located_at_its_line_and_column(ready: Path) -> None:
    from swiss.trf import read_trf

    lines = [line for line in ready.read_bytes().decode().split("\r\n") if line]
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*lines, "192 FIDE_DUTCH_1998"]) + "\n")
    assert (caught.value.line, caught.value.column) == (len(lines) + 1, 5)
    # The codes it does pair still read: the plain one and 2025 are the 2026 rules.
    for code, edition in [("FIDE_DUTCH", Edition.DUTCH_2026), ("FIDE_DUTCH_2025_BAKU", Edition.DUTCH_2026)]:
        assert read_trf("\n".join([*lines, f"192 {code}"]) + "\n").edition is edition
    assert read_trf("\n".join([*lines, "192 CUSTOM_SWISS", "XDE 1998"]) + "\n").edition is Edition.DUTCH_1998
