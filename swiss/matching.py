"""Maximum-weight matching on a graph whose edge weights change between solves.

The Dutch pairing is a sequence of weighted matchings in which a few edge
weights change between solves. Weights are arbitrary-precision integers;
zero means "no edge". swiss._blossom solves them exactly, in C on multi-limb
integers.

A graph goes to the solver as three arrays of C ints, one entry per edge (its two
ends and the number of its weight), and the table of the distinct weights: a
large bracket has millions of pairs but few distinct weights, so each pair costs
twelve bytes on the way and no Python object.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

try:
    import swiss._blossom  # noqa: F401
except ModuleNotFoundError:  # a checkout nobody installed: build it once (swiss/_build.py)
    from swiss._build import build_extension

    build_extension()

from swiss._blossom import (
    cover_mate,
    cover_new,
    cover_pair,
    max_weight_matching,
    max_weight_matching_duals,
)

if TYPE_CHECKING:
    from swiss._blossom import _Cover

# Choices in order of importance: a vertex and its partners from the most wanted down.
Preferences = Iterable[tuple[int, Iterable[int]]]


class _Numbers(dict[int, int]):
    """Distinct weights, numbered as they first come: weights[number] is the weight."""

    def __init__(self) -> None:
        super().__init__({0: 0})
        self.weights = [0]

    def __missing__(self, weight: int) -> int:
        self[weight] = number = len(self.weights)
        self.weights.append(weight)
        return number


@dataclass
class Graph:
    """Edge k joins heads[k] and tails[k] and weighs table[weights[k]]; weight 0 is no edge."""

    table: list[int]
    heads: array[int] = field(default_factory=lambda: array("i"))
    tails: array[int] = field(default_factory=lambda: array("i"))
    weights: array[int] = field(default_factory=lambda: array("i"))

    @classmethod
    def of(cls, edges: Iterable[tuple[int, int, int]]) -> Graph:
        """The graph of edges (a, b, weight)."""
        numbers = _Numbers()
        graph = cls(numbers.weights)
        for a, b, weight in edges:
            graph.heads.append(a)
            graph.tails.append(b)
            graph.weights.append(numbers[weight])
        return graph

    def solve(self, size: int) -> list[int]:
        """A maximum-weight matching: mate[v], or -1 when v is unmatched."""
        return max_weight_matching(size, self.heads, self.tails, self.weights, self.table)


def _runs(vertices: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The maximal stretches vertices[i:j] of consecutive numbers in an ascending sequence,
    as (i, j): vertices[k] - k stays the same along a stretch and grows after it."""
    i = 0
    while i < len(vertices):
        j = bisect_right(range(len(vertices)), vertices[i] - i, i, key=lambda k: vertices[k] - k)
        yield i, j
        i = j


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
        self._numbers = _Numbers()
        # Row a: the number of the weight of each pair (a, b), b < a; -1 while never set.
        self._rows: list[array[int] | None] = [None] * size
        self._fixed: dict[int, int] = {}
        self._bonus: dict[tuple[int, int], int] = {}

    def _row(self, a: int) -> array[int]:
        row = self._rows[a]
        if row is None:
            row = self._rows[a] = array("i", [-1]) * a
        return row

    def number(self, weight: int) -> int:
        """The number the rows keep for `weight`; 0, and only 0, for weight 0 (no edge).
        A caller that keeps many weights keeps their numbers: four bytes each."""
        return self._numbers[weight]

    def weight(self, number: int) -> int:
        """The weight of a number from `number`."""
        return self._numbers.weights[number]

    def set_weight(self, a: int, b: int, weight: int) -> None:
        if a < b:
            a, b = b, a
        self._row(a)[b] = self._numbers[weight]

    def set_numbers(self, a: int, lower: Sequence[int], numbers: array[int]) -> None:
        """Set the weight of (a, lower[k]) to the weight numbered numbers[k] (`number`);
        `lower` ascends, below a."""
        if len(lower) != len(numbers):
            raise ValueError("set_numbers takes one number per vertex")
        if lower and lower[-1] >= a:
            raise ValueError("set_numbers takes vertices below the row's own")
        row = self._row(a)
        for i, j in _runs(lower):
            row[lower[i] : lower[i] + j - i] = numbers[i:j]

    def set_bonus(self, a: int, b: int, bonus: int = 1) -> None:
        """Prefer (a, b) by `bonus` among matchings of equal weight."""
        self._bonus[(a, b) if a > b else (b, a)] = bonus

    def clear_bonuses(self) -> None:
        self._bonus.clear()

    def fix(self, a: int, b: int) -> None:
        """Force the pair (a, b) into every later matching."""
        self._fixed[a] = b
        self._fixed[b] = a
        # No solve reads a fixed vertex's pairs again.
        self._rows[a] = self._rows[b] = None

    def solve(self) -> list[int]:
        """A maximum-weight matching: mate[v], or v itself when v is unmatched."""
        inside = [v for v in range(self.size) if v not in self._fixed]
        return self._mate(inside, None, self._graph(inside, None).solve(self.size))

    def solve_within(self, vertices: Sequence[int], below: int) -> list[int]:
        """A maximum-weight matching of the subgraph on `vertices` (fixed pairs left out),
        each edge weighing its weight modulo 2**below (the fields from bit `below` up
        dropped); a vertex left unmatched gets mate `size`, and vertices outside the
        subgraph keep themselves as mate.
        """
        inside = sorted(v for v in vertices if v not in self._fixed)
        return self._mate(inside, self.size, self._graph(inside, below).solve(self.size))

    def solve_in_order(
        self, preferences: Preferences, vertices: Sequence[int] | None = None, below: int | None = None
    ) -> list[int]:
        """A maximum-weight matching in which each vertex of `preferences`, in turn, meets
        the first of its partners that some maximum-weight matching with the earlier
        choices allows; of the whole graph, or as `solve_within` of `vertices` and `below`.
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
        graph = self._graph(inside, below)
        solved, found_tight, positive, blossoms = max_weight_matching_duals(
            self.size, graph.heads, graph.tails, graph.weights, graph.table
        )
        # Four bytes a tight edge, most of the pairs in a first round: read in place.
        tight = memoryview(found_tight).cast("i")
        chosen: list[tuple[int, int]] = []
        taken: set[int] = set()

        def cover_of(mate: list[int]) -> _Cover:
            return cover_new(self.size, graph.heads, graph.tails, tight, mate, positive, blossoms)

        cover = cover_of(solved)
        optimal: _Optimal | None = None  # built when a choice first needs a deciding solve
        for vertex, options in preferences:
            if vertex in taken:
                continue
            partners, asked = iter(options), False
            while (partner := next(partners, None)) is not None:
                if partner in taken:
                    continue
                pair = (max(vertex, partner), min(vertex, partner))
                held = cover_pair(cover, vertex, partner)
                if held < 0:
                    if optimal is None:
                        optimal = _Optimal(self.size, graph, tight, positive, blossoms)
                    if not asked:
                        # One solve finds the first of the partners left that an optimum
                        # holds, where refusing each before it would cost a solve of its own;
                        # that one is then asked as before.
                        asked, whom = True, [partner, *(p for p in partners if p not in taken)]
                        first = optimal.first_held(chosen, vertex, whom)
                        if first is None:
                            break
                        partners = iter(whom[first:])
                        continue
                    found = optimal.holding([*chosen, pair])
                    if found is not None:
                        cover = cover_of(found)
                        for a, b in chosen:
                            cover_pair(cover, a, b)
                        held = cover_pair(cover, *pair)
                if held > 0:
                    chosen.append(pair)
                    taken |= set(pair)
                    break
        return self._mate(inside, unmatched, cover_mate(cover))

    def _number(self, a: int, b: int) -> int:
        """The number of the weight of (a, b), a > b."""
        row = self._rows[a]
        number = -1 if row is None else row[b]
        return self._numbers[self._default(a, b)] if number < 0 else number

    def _table(self, below: int | None) -> list[int]:
        """The weights as a solve sees them: modulo 2**below, then shifted left past the
        bonuses, which fill the bits below."""
        shift = sum(self._bonus.values()).bit_length()
        weights = self._numbers.weights
        if below is not None:
            weights = [weight & ((1 << below) - 1) for weight in weights]
        return [weight << shift for weight in weights] if shift else list(weights)

    def _graph(self, inside: list[int], below: int | None) -> Graph:
        """The graph of all pairs of the sorted `inside`, pair (inside[i], inside[j]), j < i,
        being edge i (i - 1) / 2 + j; as `_table` says, with the bonuses."""
        graph = Graph([])
        runs = [(inside[i], inside[j - 1] + 1) for i, j in _runs(inside)]
        heads, tails, weights = graph.heads, graph.tails, graph.weights
        # A run's tails are sliced from here: an array built from a range would take a
        # Python int per pair, a second of a first round of 10,000 players.
        vertices = array("i", range(inside[-1] + 1 if inside else 0))
        for a in inside:
            row = self._rows[a]
            for first, end in runs:
                if first >= a:
                    break
                end = min(end, a)
                stretch = row[first:end] if row is not None else array("i", [-1]) * (end - first)
                if -1 in stretch:
                    stretch = array("i", (self._number(a, b) for b in range(first, end)))
                heads.extend(array("i", [a]) * (end - first))
                tails.extend(vertices[first:end])
                weights.extend(stretch)
        # Last: the default weights just read may have taken new numbers.
        graph.table = self._table(below)
        if self._bonus:
            position = {v: i for i, v in enumerate(inside)}
            for (a, b), bonus in self._bonus.items():
                if a in position and b in position:
                    i = position[a]
                    self._add_bonus(graph, i * (i - 1) // 2 + position[b], bonus)
        return graph

    @staticmethod
    def _add_bonus(graph: Graph, k: int, bonus: int) -> None:
        """Edge k's weight with `bonus` in its low bits, if it is an edge."""
        weight = graph.table[graph.weights[k]]
        if weight:
            graph.weights[k] = len(graph.table)
            graph.table.append(weight | bonus)

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


class _Optimal:
    """The maximum-weight matchings of one solve, told by its optimal duals, weighed small.

    Every maximum-weight matching lies in the solve's tight edges, and a matching M of
    tight edges weighs sum(y[v] for v covered) + sum(z[B] * |M inside B|) over the
    vertices v and blossoms B, at most the duals' total; it is a maximum-weight matching
    when it reaches that, by covering every vertex of positive dual and matching all but
    one vertex of every blossom of positive dual inside it. Weighing each tight edge by
    its level, one per end of positive dual and one per blossom of positive dual holding
    both ends, gives the same maximum-weight matchings in a few bits instead of the
    weights' hundreds (the bonuses set at the solve included): a deciding solve on them
    is as exact and faster, and the graph is built once for every choice that needs one.
    """

    def __init__(
        self, size: int, graph: Graph, tight: Sequence[int], positive: list[int], blossoms: list[list[int]]
    ) -> None:
        self.size = size
        self.heads = array("i", map(graph.heads.__getitem__, tight))
        self.tails = array("i", map(graph.tails.__getitem__, tight))
        # The graph's edges come ordered by (head, tail), and the tight ones keep that order:
        # an edge is found by bisection on its key, computed as the search reads it (an array
        # of keys would take eight bytes a tight edge, most of the pairs in a first round).
        self.edges = range(len(self.heads))
        chains: dict[int, set[int]] = {}
        for index, members in enumerate(blossoms):
            for v in members:
                chains.setdefault(v, set()).add(index)
        positive_set = set(positive)
        empty: set[int] = set()

        def level(a: int, b: int) -> int:
            shared = len(chains.get(a, empty) & chains.get(b, empty))
            return (a in positive_set) + (b in positive_set) + shared

        self.levels = array("i", map(level, self.heads, self.tails))
        self.top = max(self.levels, default=0)
        # For first_held: the levels without the edges at the vertices of the pairs it was
        # last given (a solve holding them uses none), and each vertex's edges, built on first use.
        self._apart: array[int] | None = None
        self._away: set[int] = set()
        self._edges_at: list[list[int]] = []

    def _key(self, k: int) -> tuple[int, int]:
        return self.heads[k], self.tails[k]

    def holding(self, pairs: list[tuple[int, int]]) -> list[int] | None:
        """A maximum-weight matching (-1: unmatched) that holds every one of `pairs` (a, b),
        a > b, or None: the levels shifted past one bit per pair, which those pairs get."""
        shift = len(pairs).bit_length()
        # Weight number l is level l; number top + l is level l with a pair's bit.
        table = [0, *(level << shift for level in range(1, self.top + 1))]
        table += [(level << shift) | 1 for level in range(1, self.top + 1)]
        weights = array("i", self.levels)
        for a, b in pairs:
            k = self._edge(a, b)
            if k is None:
                return None  # not a tight edge: in no maximum-weight matching
            weights[k] += self.top
        mate = max_weight_matching(self.size, self.heads, self.tails, weights, table)
        return None if any(mate[a] != b for a, b in pairs) else mate

    def first_held(self, pairs: list[tuple[int, int]], vertex: int, partners: list[int]) -> int | None:
        """The index of the first of `partners` that some maximum-weight matching holding
        every one of `pairs` pairs with `vertex`, or None: one solve, the levels shifted past
        a bit per pair above bonuses that rank the partners, the first highest."""
        ranks = len(partners).bit_length()
        shift = ((len(pairs) << ranks) + len(partners)).bit_length()
        table = [0, *(level << shift for level in range(1, self.top + 1))]
        weights = array("i", self._without({v for pair in pairs for v in pair}))
        bonuses = [(self._edge(a, b), 1 << ranks) for a, b in pairs]
        for rank, partner in enumerate(partners):
            bonuses.append((self._edge(max(vertex, partner), min(vertex, partner)), len(partners) - rank))
        for k, bonus in bonuses:
            if k is not None:
                weights[k] = len(table)
                table.append((self.levels[k] << shift) | bonus)
        mate = max_weight_matching(self.size, self.heads, self.tails, weights, table)
        if any(mate[a] != b for a, b in pairs) or mate[vertex] not in partners:
            return None
        return partners.index(mate[vertex])

    def _without(self, away: set[int]) -> array[int]:
        """The levels with every edge at a vertex of `away` taken out (level 0 is no edge):
        a smaller graph for the solve, half of a large bracket's solve time. solve_in_order
        chooses pairs one after another, so each call takes out the few new ones."""
        if self._apart is None or not self._away <= away:
            self._apart, self._away = array("i", self.levels), set()
            if not self._edges_at:
                self._edges_at = [[] for _ in range(self.size)]
                for k, (a, b) in enumerate(zip(self.heads, self.tails, strict=True)):
                    self._edges_at[a].append(k)
                    self._edges_at[b].append(k)
        for v in away - self._away:
            for k in self._edges_at[v]:
                self._apart[k] = 0
        self._away |= away
        return self._apart

    def _edge(self, a: int, b: int) -> int | None:
        """The number of tight edge (a, b), a > b, or None."""
        k = bisect_left(self.edges, (a, b), key=self._key)
        return k if k < len(self.edges) and self._key(k) == (a, b) else None


def maximum_matching(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    """The pairs (a, b), a < b, of a maximum-weight matching of the graph."""
    mate = Graph.of(edges).solve(size)
    return {(a, b) for a, b in enumerate(mate) if a < b}
