"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". swiss._blossom solves them exactly, in C on multi-limb
integers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from swiss._blossom import max_weight_matching, max_weight_matching_viable

# A graph solved: its vertices and the mate given to those left unmatched (None: themselves).
Graph = tuple[tuple[int, ...], int | None]
Edge = tuple[int, int, int]


class Matcher:
    """A complete graph on `size` vertices with mutable integer edge weights.

    An edge never set weighs `default(a, b)`. Pairs fixed with `fix` are part of
    every later matching and their other edges are gone, so solves leave them
    out. Bonuses break ties between matchings of equal weight and nothing else:
    weights are shifted left past the largest possible sum of bonuses.

    After a solve, `restrict_to_optimal` can leave out of later solves of the same
    graph every edge that its optimal duals prove to lie in no maximum-weight
    matching (bonuses aside), until a weight changes or `unrestrict` is called.
    """

    def __init__(self, size: int, default: Callable[[int, int], int]) -> None:
        self.size = size
        self._default = default
        self._weights: list[dict[int, int]] = [{} for _ in range(size)]
        self._fixed: dict[int, int] = {}
        self._bonus: dict[tuple[int, int], int] = {}
        # The last solve's graph and its edges that may be in a matching of the greatest weight.
        self._last: tuple[Graph, list[Edge]] | None = None
        # The restriction: which graph, its viable edges (a > b), and their pairs as a set.
        self._viable: tuple[Graph, list[Edge], set[tuple[int, int]]] | None = None
        # The edges of the last graph weighed, floor taken off and bonuses left out, kept
        # until a weight changes: solves of one graph that differ by bonuses share them.
        self._edges: tuple[Graph, Callable[[int, int], int], list[Edge]] | None = None

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight
        self._viable = self._last = self._edges = None

    def restrict_to_optimal(self) -> None:
        """Leave out of later solves of the last solve's graph the edges of no matching of
        the greatest weight. Bonuses shift weights past their total, so such a matching
        weighs at most that total less than the last optimum, and by LP duality its
        edges' reduced costs under the last solve's optimal duals sum to no more."""
        if self._last is not None:
            graph, viable = self._last
            self._viable = (graph, viable, {(a, b) for a, b, _ in viable})

    def unrestrict(self) -> None:
        self._viable = None

    def may_be_optimal(self, a: int, b: int) -> bool:
        """Whether (a, b) may be in a maximum-weight matching, as far as the restriction knows."""
        if self._viable is None:
            return True
        return (a, b) in self._viable[2] if a > b else (b, a) in self._viable[2]

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
        return self._solve(inside, _no_floor, unmatched=None)

    def solve_within(self, vertices: Sequence[int], floor: Callable[[int, int], int]) -> list[int]:
        """A maximum-weight matching of the subgraph on `vertices` (fixed pairs left out),
        each edge weighing its weight less `floor(a, b)`; a vertex left unmatched gets
        mate `size`, and vertices outside the subgraph keep themselves as mate.
        """
        inside = sorted(v for v in vertices if v not in self._fixed)
        return self._solve(inside, floor, unmatched=self.size)

    def _weighed(self, inside: list[int], graph: Graph, floor: Callable[[int, int], int]) -> list[Edge]:
        """The edges of `graph` (a > b, weight less floor, positive): the viable ones when restricted."""
        if self._viable is not None and self._viable[0] == graph:
            return self._viable[1]
        if self._edges is not None and self._edges[0] == graph and self._edges[1] == floor:
            return self._edges[2]
        self._edges = None  # freed before the new graph is weighed: peak memory holds one
        edges = []
        weights, default = self._weights, self._default
        for i, a in enumerate(inside):
            row = weights[a]
            for b in inside[:i]:
                weight = row.get(b)
                if weight is None:
                    weight = default(a, b)
                if weight > 0:
                    weight -= floor(a, b)
                if weight > 0:
                    edges.append((a, b, weight))
        self._edges = (graph, floor, edges)
        return edges

    def _solve(self, inside: list[int], floor: Callable[[int, int], int], unmatched: int | None) -> list[int]:
        bonus = self._bonus
        total = sum(bonus.values())
        shift = total.bit_length()
        graph = (tuple(inside), unmatched)
        weighed = self._weighed(inside, graph, floor)
        # Without bonuses the weighed edges go to the solver as they are: no second copy.
        edges = [(a, b, w << shift) for a, b, w in weighed] if shift else weighed
        if bonus:
            for k, (a, b, w) in enumerate(weighed):
                extra = bonus.get((a, b))
                if extra:
                    edges[k] = (a, b, (w << shift) | extra)
        mate = list(range(self.size))
        if unmatched is not None:
            for v in inside:
                mate[v] = unmatched
        if total < 1 << 60:
            solved, viable = max_weight_matching_viable(self.size, edges, total)
            self._last = (graph, [weighed[k] for k in viable])
        else:
            solved, self._last = max_weight_matching(self.size, edges), None
        for a, b in enumerate(solved):
            if b > a:
                mate[a] = b
                mate[b] = a
        for a, b in self._fixed.items():
            mate[a] = b
        return mate


def _no_floor(a: int, b: int) -> int:
    """The floor of a whole-graph solve: one function, so that its weighed edges are reused."""
    return 0


def maximum_matching(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """The pairs (a, b), a < b, of a maximum-weight matching of the graph."""
    mate = max_weight_matching(size, edges)
    return {(a, b) for a, b in enumerate(mate) if a < b}
