from __future__ import annotations

import pytest

from swiss.generate import generate, pair_in_number_order
from swiss.model import Code, Pairing, TournamentState
from swiss.trf import read_trf, write_trf


def test_the_same_seed_gives_the_same_tournament() -> None:
    options = {
        "pair": pair_in_number_order,
        "draw_rate": 0.4,
        "forfeit_rate": 0.1,
        "bye_rate": 0.1,
        "absence_rate": 0.05,
    }
    assert generate(7, 15, 6, **options) == generate(7, 15, 6, **options)  # type: ignore[arg-type]
    assert generate(7, 15, 6, **options) != generate(8, 15, 6, **options)  # type: ignore[arg-type]


def test_every_round_is_recorded_and_pairing_numbers_follow_the_ratings() -> None:
    state = generate(3, 11, 7, played=4, pair=pair_in_number_order)
    assert state.total_rounds == 7 and state.round_to_pair == 5
    assert all(len(p.history) == 4 for p in state.players)
    ratings = [p.rating for p in state.players]
    assert ratings == sorted(ratings, reverse=True)
    assert sum(p.history[0].code is Code.PAB for p in state.players) == 1


def test_absences_byes_and_forfeits_all_occur_at_high_rates_and_the_file_reads_back() -> None:
    state = generate(
        11, 20, 9, played=5, pair=pair_in_number_order, forfeit_rate=0.3, bye_rate=0.15, absence_rate=0.15
    )
    codes = {r.code for p in state.players for r in p.history}
    assert {Code.HALF_BYE, Code.ZERO_BYE, Code.FORFEIT_WIN, Code.FORFEIT_LOSS} <= codes
    assert state.absences
    assert read_trf(write_trf(state)) == state


def test_a_pairing_function_that_leaves_someone_out_is_refused() -> None:
    def drops_the_last(state: TournamentState) -> Pairing:
        return Pairing(pair_in_number_order(state).boards[:-1])

    with pytest.raises(ValueError, match="leaves out"):
        generate(1, 6, 3, pair=drops_the_last)


def test_playing_more_rounds_than_the_tournament_has_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot play"):
        generate(1, 6, 3, played=4, pair=pair_in_number_order)


def test_a_withdrawn_player_stays_away_and_a_late_entrant_has_half_point_byes_before_entering() -> None:
    state = generate(4, 12, 6, played=5, pair=pair_in_number_order, withdrawal_rate=0.1, late_entries=3)
    codes = {p.number: [r.code for r in p.history] for p in state.players}
    withdrawn = [n for n, c in codes.items() if Code.ZERO_BYE in c]
    assert withdrawn
    for number in withdrawn:
        first = codes[number].index(Code.ZERO_BYE)
        assert first >= 1 and set(codes[number][first:]) == {Code.ZERO_BYE}
        assert state.absences[number] is Code.ZERO_BYE
    late = [n for n, c in codes.items() if c[0] is Code.HALF_BYE]
    assert len(late) == 3
    assert all(codes[n][1] is not Code.HALF_BYE or codes[n][2] is not Code.HALF_BYE for n in late)
