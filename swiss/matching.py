"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". rustworkx solves graphs whose weights fit its 128-bit
arithmetic; wider weights go to networkx, which is exact on Python integers.
"""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped]
import rustworkx as rx

# rustworkx keeps duals and slacks in signed 128-bit integers: leave it headroom.
_NATIVE_LIMIT = 1 << 124


class Matcher:
    """A complete graph on `size` vertices with mutable integer edge weights.

    Pairs fixed with `fix` are part of every later matching and their other
    edges are gone, so solves leave them out.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._weights: list[list[int]] = [[0] * i for i in range(size)]
        self._fixed: dict[int, int] = {}

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight

    def fix(self, a: int, b: int) -> None:
        """Force the pair (a, b) into every later matching."""
        self._fixed[a] = b
        self._fixed[b] = a

    def solve(self) -> list[int]:
        """A maximum-weight matching: mate[v], or v itself when v is unmatched."""
        mate = list(range(self.size))
        edges = []
        heaviest = 0
        fixed = self._fixed
        for a, row in enumerate(self._weights):
            if a in fixed:
                continue
            for b, weight in enumerate(row):
                if weight > 0 and b not in fixed:
                    edges.append((a, b, weight))
                    heaviest = max(heaviest, weight)
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
        nxgraph = nx.Graph()
        nxgraph.add_weighted_edges_from(edges)
        return set(nx.max_weight_matching(nxgraph))
