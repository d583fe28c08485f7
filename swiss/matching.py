"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". rustworkx solves graphs whose weights fit its 128-bit
arithmetic; wider weights go to swiss._blossom, the same exact algorithm in C on
multi-limb integers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import rustworkx as rx

from swiss._blossom import max_weight_matching

# rustworkx keeps duals and slacks in signed 128-bit integers: leave it headroom.
_NATIVE_LIMIT = 1 << 124


class Matcher:
    """A complete graph on `size` vertices with mutable integer edge weights.

    An edge never set weighs `default(a, b)`. Pairs fixed with `fix` are part of
    every later matching and their other edges are gone, so solves leave them
    out. Bonuses break ties between matchings of equal weight and nothing else:
    weights are shifted left past the largest possible sum of bonuses.
    """

    def __init__(self, size: int, default: Callable[[int, int], int]) -> None:
        self.size = size
        self._default = default
        self._weights: list[dict[int, int]] = [{} for _ in range(size)]
        self._fixed: dict[int, int] = {}
        self._bonus: dict[tuple[int, int], int] = {}
        self.solves = 0

    def weight(self, a: int, b: int) -> int:
        if a < b:
            a, b = b, a
        weight = self._weights[a].get(b)
        return self._default(a, b) if weight is None else weight

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight

    def set_bonus(self, a: int, b: int, bonus: int = 1) -> None:
        """Prefer (a, b) by `bonus` among matchings of equal weight."""
        self._bonus[(a, b) if a > b else (b, a)] = bonus

    def clear_bonuses(self) -> None:
        self._bonus.clear()

    def fix(self, a: int, b: int) -> None:
        """Force the pair (a, b) into every later matching."""
        self._fixed[a] = b
        self._fixed[b] = a

    def solve(self) -> list[int]:
        """A maximum-weight matching: mate[v], or v itself when v is unmatched."""
        inside = [v for v in range(self.size) if v not in self._fixed]
        return self._solve(inside, lambda a, b: 0, unmatched=None)

    def solve_within(self, vertices: Sequence[int], floor: Callable[[int, int], int]) -> list[int]:
        """A maximum-weight matching of the subgraph on `vertices` (fixed pairs left out),
        each edge weighing its weight less `floor(a, b)`; a vertex left unmatched gets
        mate `size`, and vertices outside the subgraph keep themselves as mate.
        """
        inside = sorted(v for v in vertices if v not in self._fixed)
        return self._solve(inside, floor, unmatched=self.size)

    def _solve(self, inside: list[int], floor: Callable[[int, int], int], unmatched: int | None) -> list[int]:
        self.solves += 1
        bonus = self._bonus
        shift = sum(bonus.values()).bit_length()
        edges = []
        heaviest = 0
        for i, a in enumerate(inside):
            row, default = self._weights[a], self._default
            for b in inside[:i]:
                weight = row.get(b)
                if weight is None:
                    weight = default(a, b)
                if weight > 0:
                    weight -= floor(a, b)
                if weight > 0:
                    weight = (weight << shift) | bonus.get((a, b), 0)
                    edges.append((a, b, weight))
                    heaviest = max(heaviest, weight)
        mate = list(range(self.size))
        if unmatched is not None:
            for v in inside:
                mate[v] = unmatched
        for a, b in self._match(edges, heaviest):
            mate[a] = b
            mate[b] = a
        for a, b in self._fixed.items():
            mate[a] = b
        return mate

    def _match(self, edges: list[tuple[int, int, int]], heaviest: int) -> set[tuple[int, int]]:
        if heaviest < _NATIVE_LIMIT:
            graph = rx.PyGraph()
            graph.add_nodes_from(range(self.size))
            graph.add_edges_from(edges)
            return set(rx.max_weight_matching(graph, weight_fn=lambda w: w))
        # Wider weights: the same algorithm in C, exact on multi-limb integers.
        mate = max_weight_matching(self.size, edges)
        return {(a, b) for a, b in enumerate(mate) if a < b}


def rx_matching(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """A maximum-weight matching of a graph whose weights fit 124 bits."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(edges)
    return set(rx.max_weight_matching(graph, weight_fn=lambda w: w))
