"""The solver's calls on edge lists (a, b, weight), as the tests of swiss._blossom write graphs."""

from __future__ import annotations

from array import array

from swiss import _blossom
from swiss.matching import Graph

Edges = list[tuple[int, int, int]]


def max_weight_matching(n: int, edges: Edges, candidates: int = -1) -> list[int]:
    """`candidates` as swiss._blossom's: -1 the solver's choice, 0 the whole graph, K > 0 a
    sparse solve from K candidates per vertex, priced against the rest."""
    graph = Graph.of(edges)
    return _blossom.max_weight_matching(n, graph.heads, graph.tails, graph.weights, graph.table, candidates)


Duals = tuple[list[int], list[int], list[int], list[list[int]]]


def max_weight_matching_duals(n: int, edges: Edges, candidates: int = -1) -> Duals:
    """As swiss._blossom's, with the tight edges' numbers as a list."""
    graph = Graph.of(edges)
    mate, tight, positive, blossoms = _blossom.max_weight_matching_duals(
        n, graph.heads, graph.tails, graph.weights, graph.table, candidates
    )
    numbers = array("i")
    numbers.frombytes(tight)
    return mate, list(numbers), positive, blossoms


def cover_new(
    n: int, edges: Edges, tight: list[int], mate: list[int], required: list[int], sets: list[list[int]]
) -> _blossom._Cover:
    graph = Graph.of(edges)
    return _blossom.cover_new(n, graph.heads, graph.tails, array("i", tight), mate, required, sets)
