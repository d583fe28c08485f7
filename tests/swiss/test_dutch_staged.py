"""The staged solves of the Dutch engine against its plain exact solves, on fields where the
plain fold and plain orders break: forbidden pairs, absentees, late entries, byes."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swiss import dutch
from swiss.generate import generate
from swiss.model import Code, Pairing, PairingError, RoundResult, TournamentState


def _plain(state: TournamentState, monkeypatch: pytest.MonkeyPatch) -> Pairing | None:
    with monkeypatch.context() as patch:
        patch.setattr(dutch._BracketStep, "staged", False)
        try:
            return dutch.pair(state)
        except PairingError:
            return None


def _staged(state: TournamentState) -> Pairing | None:
    try:
        return dutch.pair(state)
    except PairingError:
        return None


def _with_trouble(state: TournamentState, rng: random.Random) -> TournamentState:
    """Forbidden pairs near the top of the fold and a late entrant with zero-point rounds."""
    numbers = [p.number for p in state.players]
    half = len(numbers) // 2
    forbidden = {(n, n + half) for n in numbers[:half] if rng.random() < 0.3}
    forbidden |= {tuple(sorted(rng.sample(numbers, 2))) for _ in range(rng.randint(0, 4))}  # type: ignore[misc]
    if rng.random() < 0.5:
        # A top player who may meet nobody of the lower half: the bracket needs an exchange.
        top = rng.choice(numbers[: max(half // 2, 1)])
        forbidden |= {(top, n) for n in numbers[half:]}
    late = replace(
        state.players[-1],
        number=len(numbers) + 1,
        name="Late entrant",
        history=(RoundResult(None, None, Code.ZERO_BYE),) * state.rounds_played,
    )
    return replace(state, players=(*state.players, late), forbidden=frozenset(forbidden))


@pytest.mark.parametrize("seed", range(48))
def test_staged_solves_pair_as_the_plain_exact_solves(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    played = (0, 0, 1, 3)[seed % 4]
    state = generate(
        seed,
        rng.randint(8, 36),
        7,
        played=played,
        absence_rate=0.1 if seed % 3 else 0.0,
        bye_rate=0.05,
        forfeit_rate=0.05,
    )
    state = _with_trouble(state, rng)
    assert _staged(state) == _plain(state, monkeypatch)


def test_round_one_with_forbidden_fold_pairs_is_not_the_plain_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    state = generate(7, 20, 5, played=0)
    state = replace(state, forbidden=frozenset({(1, 11), (2, 12)}), absences={20: Code.ZERO_BYE})
    pairing = _staged(state)
    assert pairing is not None
    assert pairing == _plain(state, monkeypatch)
    met = {frozenset((b.white, b.black)) for b in pairing.boards}
    assert frozenset((1, 11)) not in met and frozenset((2, 12)) not in met
