"""A bracket's weights as its step keeps them (rows copied by kind of player, four bytes a
pair) against each pair weighed on its own, C1 included."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swiss import dutch
from swiss.generate import generate


@pytest.mark.parametrize("seed", range(12))
def test_each_pair_of_a_bracket_weighs_as_its_two_players(seed: int) -> None:
    rng = random.Random(seed)
    state = generate(seed, rng.randint(12, 40), 7, played=seed % 4, forfeit_rate=0.05, bye_rate=0.05)
    numbers = [p.number for p in state.players]
    forbidden = {tuple(sorted(rng.sample(numbers, 2))) for _ in range(rng.randint(0, 6))}
    state = replace(state, forbidden=frozenset(forbidden))  # type: ignore[arg-type]
    entrants = dutch._entrants(state)
    owner = dutch._Bracketer(state, entrants)
    owner._initial_matching()
    scores = [e.score for e in entrants]
    # The top score group as the bracket, the next one after it; MDPs or none at its head.
    residents_end = scores.count(scores[0])
    end = (
        residents_end + scores.count(scores[residents_end]) if residents_end < len(scores) else residents_end
    )
    bracket = list(range(end))
    movers = seed % 2 if residents_end > 1 else 0
    step = dutch._BracketStep(
        owner, bracket, movers, residents_end, 0, residents_end, [False] * len(entrants)
    )
    for i in range(movers, len(bracket)):
        lower = entrants[bracket[i]]
        assert len(step.base[i]) == i
        for j in range(i):
            higher = entrants[bracket[j]]
            expected = 0
            if owner.compatible(higher, lower):
                where = (i < residents_end, i >= residents_end, j < residents_end)
                expected = owner.weight(higher, lower, *where)
            assert step.m.weight(step.base[i][j]) == expected, (i, j)
