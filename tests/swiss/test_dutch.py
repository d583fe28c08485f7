"""The Dutch pairing: the reference corpus, the rules' worked examples, and C1-C3 on random events."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.check import check
from swiss.colours import initial_colour
from swiss.dutch import pair
from swiss.generate import generate
from swiss.model import (
    Board,
    Code,
    Colour,
    Edition,
    Pairing,
    PairingError,
    Player,
    RoundResult,
    TournamentState,
)
from swiss.recorded import state_before_round
from swiss.trf import read_trf


def _expected(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    rows = [line.split() for line in path.read_text().splitlines()[1:] if line.strip()]
    boards = {(int(w), int(b)) for w, b in rows if b != "0"}
    byes = [int(w) for w, b in rows if b == "0"]
    return boards, (byes[0] if byes else None)


def _pairs(pairing: Pairing) -> tuple[set[tuple[int, int]], int | None]:
    boards = {(b.white, b.black) for b in pairing.boards if b.black is not None}
    byes = [b.white for b in pairing.boards if b.black is None]
    return boards, (byes[0] if byes else None)


def test_the_engine_reproduces_the_reference_pairing(dutch_trf: Path) -> None:
    state = read_trf(dutch_trf.read_text())
    assert _pairs(pair(state)) == _expected(dutch_trf.with_suffix(".expected"))


def _player(number: int, *rounds: tuple[int | None, str | None, str]) -> Player:
    history = tuple(
        RoundResult(opponent, Colour(colour) if colour else None, Code(code))
        for opponent, colour, code in rounds
    )
    return Player(number=number, rating=2700 - number, history=history)


def test_round_one_alternates_colours_from_the_lot_down_the_boards() -> None:
    """docs/dutch.md 5, round 1 worked example: 1(W)-5, 6(W)-2, 3(W)-7, 8(W)-4."""
    state = TournamentState(
        players=tuple(_player(n) for n in range(1, 9)), total_rounds=5, initial_colour=Colour.WHITE
    )
    assert set(pair(state).boards) == {Board(1, 5), Board(6, 2), Board(3, 7), Board(8, 4)}


def _c5_example(edition: Edition) -> TournamentState:
    """docs/dutch.md 6, C5 example: round 3 of 3, player 4 absent; scores 1 = 2, 3 = 2, 2 = 1,
    5 = 1, 6 = 0."""
    players = (
        _player(1, (4, "w", "1"), (2, "b", "1")),
        _player(2, (5, "b", "1"), (1, "w", "0")),
        _player(3, (6, "w", "1"), (4, "b", "1")),
        _player(4, (1, "b", "0"), (3, "w", "0")),
        _player(5, (2, "w", "0"), (6, "b", "1")),
        _player(6, (3, "b", "0"), (5, "w", "0")),
    )
    return TournamentState(
        players=players,
        total_rounds=3,
        initial_colour=Colour.WHITE,
        absences={4: Code.ZERO_BYE},
        edition=edition,
    )


def test_the_bye_goes_to_the_lowest_score_available_c5() -> None:
    """docs/dutch.md 6, C5 example: 1-5, 3-2 and the PAB to 6."""
    boards = set(pair(_c5_example(Edition.DUTCH_2026)).boards)
    assert Board(6, None) in boards
    paired = {frozenset((b.white, b.black)) for b in boards if b.black}
    assert paired == {frozenset((1, 5)), frozenset((3, 2))}


def test_without_c5_the_2017_bye_goes_to_a_one_point_player_in_the_c5_example() -> None:
    """2017 has no C5: pairing the brackets in turn (C.5-C.7) leaves a 1-point player over
    (docs/dutch.md 6)."""
    byes = [b.white for b in pair(_c5_example(Edition.DUTCH_2017)).boards if b.black is None]
    assert len(byes) == 1 and byes[0] in (2, 5)


def test_the_bye_avoids_a_player_who_already_missed_a_round_c9() -> None:
    """docs/dutch.md 6, C9 example: 5 was absent in round 1; 2-1, 3-5 and the PAB to 4."""
    players = (
        _player(1, (3, "w", "1")),
        _player(2, (4, "b", "1")),
        _player(3, (1, "b", "0")),
        _player(4, (2, "w", "0")),
        _player(5, (None, None, "Z")),
    )
    state = TournamentState(players=players, total_rounds=3, initial_colour=Colour.WHITE)
    assert set(pair(state).boards) == {Board(2, 1), Board(3, 5), Board(4, None)}


def test_no_legal_pairing_is_reported_not_improvised() -> None:
    players = (_player(1, (2, "w", "1")), _player(2, (1, "b", "0")))
    state = TournamentState(players=players, total_rounds=3, initial_colour=Colour.WHITE)
    with pytest.raises(PairingError, match="absolute criteria"):
        pair(state)


def test_a_bye_nobody_may_take_is_reported_not_given() -> None:
    """C2 is absolute: when every player already had a bye, there is no legal pairing."""
    players = tuple(
        _player(n, *((None, None, "U") if r == n - 1 else (None, None, "Z") for r in range(3)))
        for n in range(1, 4)
    )
    state = TournamentState(players=players, total_rounds=5, initial_colour=Colour.WHITE)
    with pytest.raises(PairingError, match="bye"):
        pair(state)


@pytest.mark.parametrize("seed", range(200))
def test_every_round_of_a_generated_event_passes_the_checker(seed: int) -> None:
    """Hundreds of random events, with forfeits, requested byes and absences: no pairing the
    engine makes breaks an absolute criterion (C1-C3, one bye, nobody left out)."""
    rounds = 5 + seed % 5
    state = generate(
        seed,
        players=2 * rounds + (seed * 7) % 40,
        rounds=rounds,
        played=rounds - 1,
        forfeit_rate=0.03 * (seed % 3),
        bye_rate=0.04 * (seed % 2),
        absence_rate=0.03 * (seed % 4 == 0),
    )
    for number in range(1, rounds):
        before = state_before_round(state, number)
        pairing = pair(before)
        assert check(before, pairing, reference=pairing) == [], f"round {number}"


def test_without_the_lot_the_initial_colour_is_read_back_from_round_one() -> None:
    """Round 1 gave 1 black, so the lot was Black: 5.2.5 gives 2 (even) the initial colour's opposite."""
    players = (
        _player(1, (3, "b", "1")),
        _player(2, (4, "w", "1")),
        _player(3, (1, "w", "0")),
        _player(4, (2, "b", "0")),
    )
    state = TournamentState(players=players, total_rounds=3)
    assert initial_colour(state) is Colour.BLACK
    assert initial_colour(
        TournamentState(players=tuple(_player(n) for n in range(1, 5)), total_rounds=3)
    ) is (Colour.WHITE)
