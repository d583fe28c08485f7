"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". swiss._blossom solves them exactly, in C on multi-limb
integers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from swiss._blossom import (
    cover_mate,
    cover_new,
    cover_pair,
    max_weight_matching,
    max_weight_matching_duals,
    max_weight_matching_viable,
)

# A graph solved: its vertices and the mate given to those left unmatched (None: themselves).
Graph = tuple[tuple[int, ...], int | None]
# Choices in order of importance: a vertex and its partners from the most wanted down.
Preferences = Iterable[tuple[int, Iterable[int]]]


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
        # The last solve's graph and its pairs that may be in a matching of the greatest weight.
        self._last: tuple[Graph, list[tuple[int, int]]] | None = None
        # The restriction: which graph, and its viable pairs (a > b) as a list and a set.
        self._viable: tuple[Graph, list[tuple[int, int]], set[tuple[int, int]]] | None = None

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight
        self._viable = None

    def restrict_to_optimal(self) -> None:
        """Leave out of later solves of the last solve's graph the edges of no matching of
        the greatest weight. Bonuses shift weights past their total, so such a matching
        weighs at most that total less than the last optimum, and by LP duality its
        edges' reduced costs under the last solve's optimal duals sum to no more."""
        if self._last is not None:
            graph, viable = self._last
            self._viable = (graph, viable, set(viable))

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
        return self._solve(inside, lambda a, b: 0, unmatched=None)

    def solve_within(self, vertices: Sequence[int], floor: Callable[[int, int], int]) -> list[int]:
        """A maximum-weight matching of the subgraph on `vertices` (fixed pairs left out),
        each edge weighing its weight less `floor(a, b)`; a vertex left unmatched gets
        mate `size`, and vertices outside the subgraph keep themselves as mate.
        """
        inside = sorted(v for v in vertices if v not in self._fixed)
        return self._solve(inside, floor, unmatched=self.size)

    def solve_in_order(
        self,
        preferences: Preferences,
        vertices: Sequence[int] | None = None,
        floor: Callable[[int, int], int] = lambda a, b: 0,
    ) -> list[int]:
        """A maximum-weight matching in which each vertex of `preferences`, in turn, meets
        the first of its partners that some maximum-weight matching with the earlier
        choices allows; of the whole graph, or as `solve_within` of `vertices` and `floor`.

        This is what bonuses that give each choice precedence over all later ones would
        make `solve` find, without their bits. From one solve's optimal duals, the
        maximum-weight matchings are the matchings of tight edges that cover every vertex
        of positive dual and match all but one vertex of each blossom of positive dual
        inside it; a cover search on the tight edges tests each choice. When the search
        finds only a matching that leaves such a blossom short, a solve that counts the
        choices with a bonus each decides.
        """
        if vertices is None:
            inside, unmatched = [v for v in range(self.size) if v not in self._fixed], None
        else:
            inside, unmatched = sorted(v for v in vertices if v not in self._fixed), self.size
        graph = (tuple(inside), unmatched)
        edges = self._edges(inside, graph, floor, 0)
        solved, tight, positive, blossoms = max_weight_matching_duals(self.size, edges)
        pairs = [edges[k][:2] for k in tight]
        usable = set(pairs)
        chosen: list[tuple[int, int]] = []
        taken: set[int] = set()
        cover = cover_new(self.size, pairs, solved, positive, blossoms)
        for vertex, partners in preferences:
            if vertex in taken:
                continue
            for partner in partners:
                pair = (max(vertex, partner), min(vertex, partner))
                if partner in taken or pair not in usable:
                    continue
                held = cover_pair(cover, vertex, partner)
                if held < 0:
                    # Only the tight edges can be in an optimum: the solve is restricted to them.
                    self._viable = (graph, pairs, usable)
                    found = self._holding(inside, floor, unmatched, [*chosen, pair])
                    if found is not None:
                        cover = cover_new(self.size, pairs, found, positive, blossoms)
                        for a, b in chosen:
                            cover_pair(cover, a, b)
                        held = cover_pair(cover, *pair)
                if held > 0:
                    chosen.append(pair)
                    taken |= set(pair)
                    break
        self._viable = None
        # The tight edges are the ones a maximum-weight matching may use: restrict_to_optimal
        # then leaves the rest out of later solves of this graph.
        self._last = (graph, pairs)
        return self._mate(inside, unmatched, cover_mate(cover))

    def _holding(
        self,
        inside: list[int],
        floor: Callable[[int, int], int],
        unmatched: int | None,
        pairs: list[tuple[int, int]],
    ) -> list[int] | None:
        """A maximum-weight matching (-1: unmatched) that holds every one of `pairs`, or None."""
        bonus, self._bonus = self._bonus, dict.fromkeys(pairs, 1)
        mate = self._solve(inside, floor, unmatched)
        self._bonus = bonus
        if any(mate[a] != b for a, b in pairs):
            return None
        return [-1 if mate[v] in (v, unmatched) else mate[v] for v in range(self.size)]

    def _pairs(self, inside: list[int], graph: Graph) -> list[tuple[int, int]]:
        """The pairs of `inside` a solve of `graph` weighs, a > b: the viable ones when restricted."""
        if self._viable is not None and self._viable[0] == graph:
            return self._viable[1]
        return [(a, b) for i, a in enumerate(inside) for b in inside[:i]]

    def _edges(
        self, inside: list[int], graph: Graph, floor: Callable[[int, int], int], shift: int
    ) -> list[tuple[int, int, int]]:
        """The edges (a, b, weight), a > b, of a solve: weights less the floor, then shifted
        left past the bonuses, which fill the bits below."""
        bonus = self._bonus if shift else {}
        edges = []
        weights, default = self._weights, self._default
        for a, b in self._pairs(inside, graph):
            weight = weights[a].get(b)
            if weight is None:
                weight = default(a, b)
            if weight > 0:
                weight -= floor(a, b)
            if weight > 0:
                weight = (weight << shift) | bonus.get((a, b), 0)
                edges.append((a, b, weight))
        return edges

    def _solve(self, inside: list[int], floor: Callable[[int, int], int], unmatched: int | None) -> list[int]:
        total = sum(self._bonus.values())
        graph = (tuple(inside), unmatched)
        edges = self._edges(inside, graph, floor, total.bit_length())
        if total < 1 << 60:
            solved, viable = max_weight_matching_viable(self.size, edges, total)
            self._last = (graph, [edges[k][:2] for k in viable])
        else:
            solved, self._last = max_weight_matching(self.size, edges), None
        return self._mate(inside, unmatched, solved)

    def _mate(self, inside: list[int], unmatched: int | None, solved: list[int]) -> list[int]:
        """A solve's partners as callers see them: fixed pairs, and `unmatched` for the
        vertices of `inside` the solve left alone."""
        mate = list(range(self.size))
        if unmatched is not None:
            for v in inside:
                mate[v] = unmatched
        for a, b in enumerate(solved):
            if b > a:
                mate[a] = b
                mate[b] = a
        for a, b in self._fixed.items():
            mate[a] = b
        return mate


def maximum_matching(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """The pairs (a, b), a < b, of a maximum-weight matching of the graph."""
    mate = max_weight_matching(size, edges)
    return {(a, b) for a, b in enumerate(mate) if a < b}
