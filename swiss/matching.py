"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". swiss._blossom solves them exactly, in C on multi-limb
integers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from swiss._blossom import (
    cover_mate,
    cover_new,
    cover_pair,
    max_weight_matching,
    max_weight_matching_duals,
)

# Choices in order of importance: a vertex and its partners from the most wanted down.
Preferences = Iterable[tuple[int, Iterable[int]]]


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

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._weights[a][b] = weight

    def set_row(self, a: int, lower: Sequence[int], weights: Sequence[int]) -> None:
        """Set the weight of (a, lower[k]) to weights[k]; `lower` ascends, below a."""
        if lower and lower[-1] >= a:
            raise ValueError("set_row takes vertices below the row's own")
        self._weights[a].update(zip(lower, weights, strict=True))

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
        Bonuses set count as in `solve`, before the choices.

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
        edges = self._edges(self._all_pairs(inside), floor, sum(self._bonus.values()).bit_length())
        solved, tight, positive, blossoms = max_weight_matching_duals(self.size, edges)
        chosen: list[tuple[int, int]] = []
        taken: set[int] = set()
        cover = cover_new(self.size, edges, tight, solved, positive, blossoms)
        for vertex, partners in preferences:
            if vertex in taken:
                continue
            for partner in partners:
                if partner in taken:
                    continue
                pair = (max(vertex, partner), min(vertex, partner))
                held = cover_pair(cover, vertex, partner)
                if held < 0:
                    pairs = [edges[k][:2] for k in tight]
                    found = self._holding(pairs, floor, [*chosen, pair])
                    if found is not None:
                        cover = cover_new(self.size, edges, tight, found, positive, blossoms)
                        for a, b in chosen:
                            cover_pair(cover, a, b)
                        held = cover_pair(cover, *pair)
                if held > 0:
                    chosen.append(pair)
                    taken |= set(pair)
                    break
        return self._mate(inside, unmatched, cover_mate(cover))

    def _holding(
        self, tight: list[tuple[int, int]], floor: Callable[[int, int], int], pairs: list[tuple[int, int]]
    ) -> list[int] | None:
        """A maximum-weight matching (-1: unmatched) that holds every one of `pairs`, or None;
        the bonuses set keep their precedence over holding the pairs. Only the `tight`
        edges of an optimal solve can be in a maximum-weight matching: the solve takes no
        others."""
        bonus, shift = self._bonus, len(pairs).bit_length()
        self._bonus = {pair: value << shift for pair, value in bonus.items()}
        for pair in pairs:
            self._bonus[pair] = self._bonus.get(pair, 0) | 1
        rows, shift = ((a, (b,)) for a, b in tight), sum(self._bonus.values()).bit_length()
        mate = max_weight_matching(self.size, self._edges(rows, floor, shift))
        self._bonus = bonus
        return None if any(mate[a] != b for a, b in pairs) else mate

    @staticmethod
    def _all_pairs(inside: list[int]) -> Iterator[tuple[int, Sequence[int]]]:
        """Each vertex of the sorted `inside` with the vertices before it: the pairs a > b."""
        return ((a, inside[:i]) for i, a in enumerate(inside))

    def _edges(
        self, rows: Iterable[tuple[int, Sequence[int]]], floor: Callable[[int, int], int], shift: int
    ) -> list[tuple[int, int, int]]:
        """The edges (a, b, weight) of the pairs of `rows` (a and the b below it): weights
        less the floor, then shifted left past the bonuses, which fill the bits below."""
        bonus = self._bonus if shift else {}
        edges: list[tuple[int, int, int]] = []
        append, weights, default = edges.append, self._weights, self._default
        for a, lower in rows:
            row = weights[a]
            for b in lower:
                weight = row.get(b)
                if weight is None:
                    weight = default(a, b)
                if weight > 0:
                    weight -= floor(a, b)
                    if weight > 0:
                        if shift:
                            weight = (weight << shift) | bonus.get((a, b), 0)
                        append((a, b, weight))
        return edges

    def _solve(self, inside: list[int], floor: Callable[[int, int], int], unmatched: int | None) -> list[int]:
        """A solve of the pairs of `inside`."""
        edges = self._edges(self._all_pairs(inside), floor, sum(self._bonus.values()).bit_length())
        return self._mate(inside, unmatched, max_weight_matching(self.size, edges))

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
