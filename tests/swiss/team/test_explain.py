"""`--explain`: one sentence per match saying why it was made, for the three team systems."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.cli import main
from swiss.team.explain import explain
from swiss.trf import decode_trf, read_team_trf
from tests.swiss.team.build import build

CASE = Path(__file__).parents[2] / "corpus" / "team-c046" / "case-0003.trf"


def test_c046_says_which_team_floated_up_into_which_bracket(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--system", "team-c046", "--explain", str(CASE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    count = int(lines[0])
    boards, reasons = lines[1 : count + 1], lines[count + 1 :]
    assert len(reasons) == count
    state = read_team_trf(decode_trf(CASE.read_bytes()))
    score = {t.number: t.match_points for t in state.teams}
    for number, (board, reason) in enumerate(zip(boards, reasons, strict=True), start=1):
        white, black = (int(n) for n in board.split())
        assert reason.startswith(f"Match {number}: ")
        assert ("different scoregroups because" in reason) == (score[white] != score[black])
        assert f"{white} has White on board 1 (C.04.6 4.3." in reason


def test_ecu_names_the_floaters_from_both_sides_of_the_median() -> None:
    state = build(10, 5, ["1-6:3 7-2:1 3-8:2 9-4:2 5-10:3"])
    text = "\n".join(map(str, explain(state, "team-ecu")))
    assert "because 2 floated down" in text
    assert "because 7 floated up" in text
    assert "a group above the median), paired highest against lowest" in text


def test_ecu_says_when_two_groups_were_merged() -> None:
    text = "\n".join(map(str, explain(build(6, 5, ["1-2:2 3-4:3 5-6:3"]), "team-ecu")))
    assert "teams 1 (1 MP) and 6 (0 MP) are in different score groups because their groups could not" in text


def test_the_olympiad_explanation_names_floaters_and_the_bye() -> None:
    state = build(7, 9, ["bye:7 1-4:3 5-2:1 3-6:3"])
    lines = [str(line) for line in explain(state, "team-olympiad")]
    assert lines[-1].startswith("Bye: team 6 is the lowest-ranked team allowed the bye (D.02 4)")
    assert any(
        "teams 7 (1 MP) and 3 (2 MP)" in line or "teams 3 (2 MP) and 7 (1 MP)" in line for line in lines
    )
    assert any("because 3 floated down" in line for line in lines)


def test_ecu_says_a_group_below_the_median_is_paired_from_the_lowest_team_up() -> None:
    """Twelve teams after round 1: 1-4 won (2 MP), 5, 6, 11, 12 drew (1 MP), 7-10 lost.
    The median team is the lower middle one, the 7th of the ranking, 11 (N.5.5): the 1-MP
    group is the median group, the 0-MP group (7 8 9 10) is below it. N.6.9 pairs it from
    the lowest team up: 10 against 7, then 9 against 8; the sentence says so, not "highest
    against lowest" as above the median."""
    state = build(12, 5, ["1-7:3 2-8:3 3-9:3 4-10:3 5-11:2 6-12:2"])
    lines = [str(line) for line in explain(state, "team-ecu")]
    (low,) = [line for line in lines if "teams 7 (0 MP) and 10 (0 MP)" in line]
    assert "(a group below the median), paired lowest against highest" in low
    assert "(N.6.9)" in low
    (high,) = [line for line in lines if "teams 1 (2 MP) and 4 (2 MP)" in line]
    assert "(a group above the median), paired highest against lowest" in high
