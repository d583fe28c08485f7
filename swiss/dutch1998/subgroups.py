"""Section D of the 1998 text: the order of the transpositions (D1) and exchanges (D2) that
C7 and C8 try, and a matching test that tells, before trying them one by one, whether any of
them can succeed (so that a bracket without a solution costs one matching, not an
enumeration of every permutation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations

from swiss.dutch1998.criteria import Entrant, colours_met
from swiss.matching import maximum_matching

PairTest = Callable[[Entrant, Entrant], bool]
LeftoverTest = Callable[[Entrant], bool]


@dataclass(frozen=True)
class Split:
    """S1 and S2 of a (remainder) group in A2 order, and the exchange that made them (D2)."""

    s1: tuple[Entrant, ...]
    s2: tuple[Entrant, ...]
    given: tuple[Entrant, ...] = ()  # the players moved from S1 to S2
    taken: tuple[Entrant, ...] = ()  # the players moved from S2 to S1


def _fits(weight: int, edges_needed: int, unit: int, failures: int) -> bool:
    return weight >= unit * edges_needed - failures


def _weight(size: int, edges: list[tuple[int, int, int]]) -> int:
    weights = {(a, b): w for a, b, w in edges}
    return sum(weights.get((a, b), weights.get((b, a), 0)) for a, b in maximum_matching(size, edges))


def can_pair(
    players: list[Entrant], pairs: int, failures: int, pair_ok: PairTest, leftover_ok: LeftoverTest
) -> bool:
    """Whether `pairs` pairs of `players` exist that pass `pair_ok`, leave only players who
    pass `leftover_ok` unpaired, and miss the colour preferences (B4) at most `failures` times.

    Any such set of pairs is reached by some exchange (D2) and transposition (D1), so this
    answers for the whole of C6-C8 at once: a maximum-weight matching where each pair weighs
    a unit less one for a colour miss, and each allowed leftover takes a place of its own.
    """
    n = len(players)
    spare = n - 2 * pairs
    if spare < 0:
        return False
    unit = 2 * n + 2
    edges = []
    for i, j in combinations(range(n), 2):
        if pair_ok(players[i], players[j]):
            edges.append((i, j, unit - (0 if colours_met(players[i], players[j]) else 1)))
    for place in range(spare):
        edges += [(n + place, i, unit) for i in range(n) if leftover_ok(players[i])]
    return _fits(_weight(n + spare, edges), n - pairs, unit, failures)


def _can_complete(
    s1: list[Entrant], pool: list[Entrant], failures: int, pair_ok: PairTest, leftover_ok: LeftoverTest
) -> bool:
    """Whether every player of `s1` can meet one of `pool`, the rest of `pool` being allowed
    leftovers, with at most `failures` colour misses (a bipartite form of `can_pair`)."""
    spare = len(pool) - len(s1)
    if spare < 0:
        return False
    unit = 2 * (len(s1) + len(pool)) + 2
    edges = []
    for i, a in enumerate(s1):
        for j, b in enumerate(pool):
            if pair_ok(a, b):
                edges.append((i, len(s1) + j, unit - (0 if colours_met(a, b) else 1)))
    first_place = len(s1) + len(pool)
    for place in range(spare):
        edges += [(first_place + place, len(s1) + j, unit) for j, b in enumerate(pool) if leftover_ok(b)]
    return _fits(_weight(first_place + spare, edges), len(pool), unit, failures)


def transpositions(
    split: Split, failures: int, pair_ok: PairTest, leftover_ok: LeftoverTest
) -> Iterator[tuple[tuple[tuple[Entrant, Entrant], ...], tuple[Entrant, ...]]]:
    """D1 and C6-C7: the pairings S1[i] - S2'[i] for the orders S2' of S2 in D1's sequence
    (the lexicographic order of S2's positions) that pass the tests, with the leftovers.

    Orders that differ only past the first len(S1) places pair the same way and are given
    once. A prefix that cannot be completed is cut off by the matching test.
    """
    s1, s2 = list(split.s1), list(split.s2)

    def extend(
        pairs: list[tuple[Entrant, Entrant]], used: set[int], left: int
    ) -> Iterator[tuple[tuple[tuple[Entrant, Entrant], ...], tuple[Entrant, ...]]]:
        index = len(pairs)
        if index == len(s1):
            yield tuple(pairs), tuple(b for k, b in enumerate(s2) if k not in used)
            return
        a = s1[index]
        for k, b in enumerate(s2):
            if k in used or not pair_ok(a, b):
                continue
            cost = 0 if colours_met(a, b) else 1
            if cost > left:
                continue
            rest = [c for m, c in enumerate(s2) if m not in used and m != k]
            if not _can_complete(s1[index + 1 :], rest, left - cost, pair_ok, leftover_ok):
                continue
            pairs.append((a, b))
            used.add(k)
            yield from extend(pairs, used, left - cost)
            used.discard(k)
            pairs.pop()

    if _can_complete(s1, s2, failures, pair_ok, leftover_ok):
        yield from extend([], set(), failures)


def exchanges(group: list[Entrant], pairs: int) -> Iterator[Split]:
    """C4 and D2: S1 = the highest `pairs` players, S2 the others; then the exchanges between
    them, one player first, then two, and so on; for the same number, the smallest difference
    of the (sums of the) positions exchanged first, then the one that moves the lowest players
    of S1, then (our choice: the text is silent) the highest players of S2."""
    s1, s2 = group[:pairs], group[pairs:]
    yield Split(tuple(s1), tuple(s2))
    position = {p.number: i for i, p in enumerate(group)}
    for size in range(1, min(len(s1), len(s2)) + 1):
        options = []
        for given in combinations(s1, size):
            for taken in combinations(s2, size):
                gap = sum(position[p.number] for p in taken) - sum(position[p.number] for p in given)
                lowest_given = sorted((position[p.number] for p in given), reverse=True)
                highest_taken = sorted(position[p.number] for p in taken)
                options.append((gap, [-i for i in lowest_given], highest_taken, given, taken))
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        for _, _, _, given, taken in options:
            new_s1 = sorted([p for p in s1 if p not in given] + list(taken), key=lambda p: position[p.number])
            new_s2 = sorted([p for p in s2 if p not in taken] + list(given), key=lambda p: position[p.number])
            yield Split(tuple(new_s1), tuple(new_s2), tuple(given), tuple(taken))
