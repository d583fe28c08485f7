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

    Pairs fixed with `fix` are part of every later matching and their other
    edges are gone, so solves leave them out. A bonus breaks ties between
    matchings of equal weight and nothing else: the sum of all bonuses stays
    below one unit of weight.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._weights: list[list[int]] = [[0] * i for i in range(size)]
        self._fixed: dict[int, int] = {}
        self._bonus: dict[tuple[int, int], int] = {}
        self._bonus_bits = (size // 2 + 1).bit_length()
        self.solves = 0

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight

    def set_bonus(self, a: int, b: int) -> None:
        """Prefer (a, b) among matchings of equal weight."""
        self._bonus[(a, b) if a > b else (b, a)] = 1

    def clear_bonuses(self) -> None:
        self._bonus.clear()

    def fix(self, a: int, b: int) -> None:
        """Force the pair (a, b) into every later matching."""
        self._fixed[a] = b
        self._fixed[b] = a

    def solve(self) -> list[int]:
        """A maximum-weight matching: mate[v], or v itself when v is unmatched."""
        self.solves += 1
        mate = list(range(self.size))
        edges = []
        heaviest = 0
        fixed, bonus, shift = self._fixed, self._bonus, self._bonus_bits
        for a, row in enumerate(self._weights):
            if a in fixed:
                continue
            for b, weight in enumerate(row):
                if weight > 0 and b not in fixed:
                    weight = (weight << shift) | bonus.get((a, b), 0)
                    edges.append((a, b, weight))
                    heaviest = max(heaviest, weight)
        for a, b in self._match(edges, heaviest):
            mate[a] = b
            mate[b] = a
        for a, b in fixed.items():
            mate[a] = b
        return mate

    def solve_within(self, vertices: Sequence[int], floor: Callable[[int, int], int]) -> list[int]:
        """A maximum-weight matching of the subgraph on `vertices` (fixed pairs left out),
        each edge weighing its weight less `floor(a, b)`; a vertex left unmatched gets
        mate `size`, and vertices outside the subgraph keep themselves as mate.
        """
        self.solves += 1
        mate = list(range(self.size))
        fixed, bonus, shift = self._fixed, self._bonus, self._bonus_bits
        inside = sorted(v for v in vertices if v not in fixed)
        edges = []
        heaviest = 0
        for i, a in enumerate(inside):
            row = self._weights[a]
            for b in inside[:i]:
                weight = row[b] and row[b] - floor(a, b)
                if weight > 0:
                    weight = (weight << shift) | bonus.get((a, b), 0)
                    edges.append((a, b, weight))
                    heaviest = max(heaviest, weight)
        for v in inside:
            mate[v] = self.size
        for a, b in self._match(edges, heaviest):
            mate[a] = b
            mate[b] = a
        for a, b in fixed.items():
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
