"""Generated team events: every round of every event passes its system's checker."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swiss.model import Board, Pairing
from swiss.systems import ROUND_ROBINS, SYSTEMS, team_system
from swiss.team.check import check
from swiss.team.generate import Rates, new_event, random_rates, rounds
from swiss.team.model import Outcome, Preferences, Primary, TeamState
from swiss.trf import read_team_trf, write_team_trf

EVENTS = 300


def events(system: str, seed: int) -> list[tuple[TeamState, Pairing]]:
    """Every round of EVENTS small events, some with reserves on the rosters."""
    rng = random.Random(seed)
    checked = []
    for _ in range(EVENTS):
        preferences = rng.choice(list(Preferences))
        primary = rng.choice(list(Primary))
        state = new_event(
            rng,
            rng.randint(4, 14),
            rng.choice([4, 5, 6]),
            rng.randint(3, 7),
            preferences=preferences,
            primary=primary,
            reserves=rng.choice([0, 0, 1, 2]),
            accelerated=rng.random() < 0.3,
        )
        checked.extend(rounds(rng, state, team_system(system).pair, random_rates(rng)))
    return checked


# The team Swiss systems; a team round robin pairs by its table (tests/swiss/test_roundrobin.py).
SWISS = sorted(n for n, s in SYSTEMS.items() if s.kind == "teams" and n not in ROUND_ROBINS)


@pytest.mark.parametrize("system", SWISS)
def test_every_round_of_300_generated_events_passes_the_checker(system: str) -> None:
    paired = events(system, seed=2026)
    assert len(paired) > 3 * EVENTS
    for state, pairing in paired:
        assert check(state, pairing, system) == [], write_team_trf(state)


def test_a_generated_event_survives_writing_and_reading_its_file() -> None:
    for state, _ in events("team-c046", seed=7)[:60]:
        again = read_team_trf(write_team_trf(state))
        assert again.teams == replace(state, lineups={}).teams
        assert dict(again.absent) == dict(state.absent)


def middle_of_an_event() -> tuple[TeamState, Pairing]:
    rng = random.Random(3)
    state = new_event(rng, 9, 4, 7, reserves=1)
    c046 = team_system("team-c046").pair
    paired = list(rounds(rng, state, c046, Rates(match_forfeit=0, half_bye=0, absence=0, withdrawal=0)))
    return paired[3]


def test_the_checker_finds_a_rematch_and_a_team_left_out() -> None:
    state, pairing = middle_of_an_event()
    earlier = next(r for r in state.team(1).history if r.outcome is Outcome.PLAYED)
    assert earlier.opponent is not None
    boards = [b for b in pairing.boards if b.black is not None and 1 not in (b.white, b.black)][:1]
    findings = check(state, Pairing((*boards, Board(1, earlier.opponent))))
    assert any("have met before" in str(f) for f in findings)
    assert any("present but not paired" in str(f) for f in findings)


def test_the_checker_finds_a_second_bye_and_swapped_colours() -> None:
    state, pairing = middle_of_an_event()
    had_bye = next(t.number for t in state.teams if any(r.outcome is Outcome.PAB for r in t.history))
    swapped = tuple(
        Board(b.black, b.white) if b.black is not None else Board(had_bye, None) for b in pairing.boards
    )
    findings = check(state, Pairing(swapped))
    assert any(f"team {had_bye} may not receive the pairing-allocated bye again" == str(f) for f in findings)
    assert any("article 4 gives board 1 White" in str(f) for f in findings)


def test_the_checker_finds_a_lineup_out_of_board_order() -> None:
    state, pairing = middle_of_an_event()
    team = state.team(2)
    reordered = replace(state, lineups={2: (team.roster[1], team.roster[0], *team.roster[2:4])})
    assert "team 2's lineup" in " ".join(map(str, check(reordered, pairing)))
