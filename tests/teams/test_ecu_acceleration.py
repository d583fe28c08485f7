"""The ECU N.6 flow with acceleration in the app: round 2 paired with imaginary points, round 3 without."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import swiss
from pairing import actions, publishing, results
from tournaments.bridge.teams import team_state
from tournaments.models import Round, Tournament


def pairs(rnd: Round) -> set[tuple[int, int | None]]:
    return {
        (m.white.pairing_number or 0, m.black.pairing_number if m.black else None) for m in rnd.matches.all()
    }


def engine_pairs(state: Any, **changes: Any) -> set[tuple[int, int | None]]:
    return {(b.white, b.black) for b in swiss.pair(replace(state, **changes), "team-ecu").boards}


def play_lower_numbers_win(rnd: Round, arbiter: Any) -> None:
    """The team with the smaller pairing number wins every board: the ranking stays the initial one."""
    publishing.publish_round(rnd, arbiter, confirmed=True)
    chosen = {}
    for match in rnd.matches.exclude(black=None).select_related("white", "black"):
        home_wins = (match.white.pairing_number or 0) < (match.black.pairing_number or 0)
        for board in match.games():
            white_is_home = board.white.team_id == match.white_id
            chosen[board.number] = "1-0" if white_is_home == home_wins else "0-1"
    results.record_results(rnd, arbiter, chosen)


def test_round_two_uses_the_imaginary_points_and_round_three_does_not(
    team_event: Tournament, make_team: Any, arbiter: Any
) -> None:
    Tournament.objects.filter(pk=team_event.pk).update(
        pairing_system=Tournament.PairingSystem.TEAM_ECU, acceleration=Tournament.Acceleration.ECU
    )
    team_event.refresh_from_db()
    for n in range(8):
        make_team(f"Team {n + 1}", 2400 - 40 * n)
    # N.6.1 accelerated: quarter 1 meets quarter 2, quarter 3 meets quarter 4.
    first = actions.pair_next_round(team_event, arbiter)
    assert {frozenset(p) for p in pairs(first)} == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    play_lower_numbers_win(first, arbiter)

    second = actions.pair_next_round(team_event, arbiter)
    state = team_state(team_event, 2)
    assert state.accelerated
    with_points, without = engine_pairs(state), engine_pairs(state, accelerated=False)
    # Teams 1-4 carry 2 imaginary points (N.6.2): without them the engine would pair otherwise.
    assert with_points != without
    assert pairs(second) == with_points
    play_lower_numbers_win(second, arbiter)

    third = actions.pair_next_round(team_event, arbiter)
    state = team_state(team_event, 3)
    assert pairs(third) == engine_pairs(state) == engine_pairs(state, accelerated=False)
