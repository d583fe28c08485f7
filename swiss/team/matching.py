"""Perfect matchings of teams, on top of the exact C blossom (`swiss.matching`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swiss.matching import maximum_matching

Compatible = Callable[[int, int], bool]


def can_pair_all(teams: Sequence[int], compatible: Compatible) -> bool:
    """Whether every team of `teams` can be given an opponent it may meet."""
    if len(teams) % 2:
        return False
    if not teams:
        return True
    edges = [(i, j, 1) for i in range(len(teams)) for j in range(i) if compatible(teams[i], teams[j])]
    return 2 * len(maximum_matching(len(teams), edges)) == len(teams)


def cheapest_perfect(
    teams: Sequence[int], compatible: Compatible, cost: Callable[[int, int], int]
) -> list[tuple[int, int]] | None:
    """A perfect matching of `teams` with the least total `cost` (non-negative), or None.

    Each pair is (a, b) with a < b.  Costs are exact integers of any size.
    """
    if len(teams) % 2:
        return None
    if not teams:
        return []
    pairs = [
        (i, j, cost(min(teams[i], teams[j]), max(teams[i], teams[j])))
        for i in range(len(teams))
        for j in range(i)
        if compatible(teams[i], teams[j])
    ]
    # One more pair always outweighs any saving in cost.
    big = (max((c for _, _, c in pairs), default=0) + 1) * (len(teams) // 2 + 1)
    matched = maximum_matching(len(teams), [(i, j, big - c) for i, j, c in pairs])
    if 2 * len(matched) != len(teams):
        return None
    return sorted((min(teams[a], teams[b]), max(teams[a], teams[b])) for a, b in matched)


def can_pair_all_but_one(teams: Sequence[int], compatible: Compatible) -> bool:
    """Whether an odd number of teams can all be paired except a single one."""
    if len(teams) % 2 == 0:
        return can_pair_all(teams, compatible)
    edges = [(i, j, 1) for i in range(len(teams)) for j in range(i) if compatible(teams[i], teams[j])]
    return 2 * len(maximum_matching(len(teams), edges)) == len(teams) - 1
