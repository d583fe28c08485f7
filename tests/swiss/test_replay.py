"""The checker `-c` for every system: `python -m swiss check [--system S] FILE.trf` re-pairs each
recorded round from the rounds before it and lists the rounds that differ."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from swiss.cli import main
from swiss.generate import generate
from swiss.systems import team_system
from swiss.team.generate import new_event, play, random_rates
from swiss.team.model import TeamState
from swiss.team.replay import replay
from swiss.trf import decode_trf, read_team_trf, write_team_trf, write_trf
from swiss.us import pair as us_pair

CORPUS = Path(__file__).parents[1] / "corpus" / "team-c046"


def _team_event(system: str, seed: int) -> TeamState:
    rng = random.Random(seed)
    state = new_event(rng, 11, 4, 6)
    rates = random_rates(rng)
    for _ in range(5):
        state = play(rng, state, team_system(system).pair(state), rates)
    return state


def test_every_recorded_round_of_the_c046_corpus_is_what_the_system_pairs() -> None:
    # The corpus's rounds were paired by the reference implementation of C.04.6.
    states = [read_team_trf(decode_trf(p.read_bytes())) for p in sorted(CORPUS.glob("*.trf"))]
    rounds = [r for state in states for r in replay(state, "team-c046")]
    assert len(rounds) >= 80 and all(r.agrees for r in rounds)


@pytest.mark.parametrize("system", ["team-c046", "team-ecu", "team-olympiad"])
def test_a_team_event_paired_by_the_system_passes_and_a_changed_round_is_listed(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _team_event(system, 5)
    path = tmp_path / "event.trf"
    path.write_text(write_team_trf(state))
    assert main(["check", "--system", system, str(path)]) == 0
    assert "5 of 5 rounds agree" in capsys.readouterr().out
    # Round 2 as another system paired it: the checker of this one lists it.
    other = "team-olympiad" if system != "team-olympiad" else "team-c046"
    # With this seed the two systems part from round 2 on.
    mixed = _team_event(other, 5)
    path.write_text(write_team_trf(mixed))
    assert main(["check", "--system", system, str(path)]) == 1
    out = capsys.readouterr().out
    assert "round 2: recorded" in out and "round 1:" not in out


def test_a_us_chess_tournament_paired_by_the_us_rules_passes_and_a_swap_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = generate(11, 14, 5, pair=lambda s: us_pair(s), draw_rate=0.3, bye_rate=0.05)
    path = tmp_path / "us.trf"
    path.write_text(write_trf(state, newline="\n"))
    assert main(["check", "--system", "us", str(path)]) == 0
    assert "5 of 5 rounds agree" in capsys.readouterr().out
    # A tournament the Dutch rules paired: with this seed the US rules pair rounds 2-4 otherwise.
    dutch = generate(11, 14, 5, draw_rate=0.3, bye_rate=0.05)
    path.write_text(write_trf(dutch, newline="\n"))
    assert main(["check", "--system", "us", str(path)]) == 1
    out = capsys.readouterr().out
    assert "round 2: recorded" in out and "2 of 5 rounds agree" in out
