"""swiss._blossom against networkx: exact maximum-weight matchings at any weight width."""

from __future__ import annotations

import random
from array import array

import networkx as nx  # type: ignore[import-untyped]
import pytest

from swiss import _blossom
from tests.swiss.graphs import Edges, max_weight_matching, max_weight_matching_duals


def matched_weight(n: int, edges: Edges, mate: list[int]) -> int:
    """The weight of `mate`, after checking it is a matching that uses only given edges."""
    weights = {(min(a, b), max(a, b)): w for a, b, w in edges}
    assert len(mate) == n
    total = 0
    for v, u in enumerate(mate):
        if u == -1:
            continue
        assert mate[u] == v
        if v < u:
            total += weights[(v, u)]
    return total


def networkx_weight(edges: Edges) -> int:
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))


def random_graph(seed: int) -> tuple[int, Edges]:
    """Small graphs, sparse to complete, weights from one bit to 2000 bits, often tied."""
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    density = rng.choice((0.08, 0.2, 0.5, 1.0))
    bits = rng.choice((1, 2, 4, 80, 124, 125, 437, 2000))
    values = [rng.randint(1, 1 << bits) for _ in range(rng.choice((1, 2, 3, 1000)))]
    edges = []
    for a in range(n):
        for b in range(a):
            if rng.random() < density:
                weight = rng.choice(values) if rng.random() < 0.7 else rng.randint(1, 1 << bits)
                edges.append((a, b, weight) if rng.random() < 0.5 else (b, a, weight))
    return n, edges


@pytest.mark.parametrize("candidates", (-1, 1, 3))
@pytest.mark.parametrize("seed", range(400))
def test_matching_weighs_as_much_as_networkx_finds(seed: int, candidates: int) -> None:
    """Whole (small graphs) and sparse, from one or three candidates per vertex and priced."""
    n, edges = random_graph(seed)
    assert matched_weight(n, edges, max_weight_matching(n, edges, candidates)) == networkx_weight(edges)


def test_the_sparse_solve_prices_in_the_edges_its_candidates_miss() -> None:
    """The path 2-3-2: one candidate per vertex takes the heavy middle edge only, whose solve
    leaves both outer edges of negative reduced cost; priced in, they are the optimum."""
    edges = [(0, 1, 2), (1, 2, 3), (2, 3, 2)]
    assert max_weight_matching(4, edges, 1) == [1, 0, 3, 2]
    mate, tight, positive, _ = max_weight_matching_duals(4, edges, 1)
    assert mate == [1, 0, 3, 2]
    assert {0, 2} <= set(tight)
    assert set(positive) <= {0, 1, 2, 3}


@pytest.mark.parametrize("seed", range(6))
def test_dense_brackets_solved_sparse_keep_every_optimum_tight(seed: int) -> None:
    """A complete graph of 150 vertices (the solver goes sparse by itself) in a bracket's
    shape: a few hubs whose edges weigh most, the rest in two tied classes with wide weights.
    Its matching weighs as the whole graph's, and every edge of the whole solve's optimum is
    tight under the sparse solve's duals, and conversely: each is an optimum of the other."""
    rng = random.Random(seed)
    n, base = 150, 1 << 400
    hubs = set(rng.sample(range(n), 7))
    edges = [
        (a, b, base * (3 if {a, b} & hubs else 1) + rng.choice((5, 6))) for a in range(n) for b in range(a)
    ]
    whole, whole_tight, _, _ = max_weight_matching_duals(n, edges, 0)
    sparse, sparse_tight, _, _ = max_weight_matching_duals(n, edges)
    assert matched_weight(n, edges, sparse) == matched_weight(n, edges, whole)
    index = {(a, b): k for k, (a, b, _) in enumerate(edges)}
    for mate, tight in ((whole, sparse_tight), (sparse, whole_tight)):
        used = {index[(max(v, u), min(v, u))] for v, u in enumerate(mate) if u >= 0}
        assert used <= set(tight)


@pytest.mark.parametrize("seed", range(120))
def test_graphs_with_a_few_heavy_hubs_are_matched_optimally(seed: int) -> None:
    """A bracket's shape: a few hubs (MDPs) whose edges outweigh the rest, which tie in a few
    classes. The solve then starts below the top weight, with the hubs matched first."""
    rng = random.Random(seed)
    n = rng.randint(6, 60)
    hubs = rng.sample(range(n), rng.randint(1, max(1, n // 10)))
    classes = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
    edges = []
    for a in range(n):
        for b in range(a):
            if rng.random() < 0.8:
                weight = rng.choice(classes)
                if a in hubs or b in hubs:
                    weight += rng.choice((20, 20, 30, 40 + rng.randint(0, 3)))
                edges.append((a, b, weight))
    assert matched_weight(n, edges, max_weight_matching(n, edges)) == networkx_weight(edges)


def test_an_empty_graph_leaves_every_vertex_unmatched() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(3, []) == [-1, -1, -1]


def test_a_single_edge_is_matched() -> None:
    assert max_weight_matching(3, [(2, 0, 5)]) == [2, -1, 0]


def test_a_heavy_middle_edge_beats_two_light_ones_and_cardinality_is_not_maximised() -> None:
    edges = [(0, 1, 1), (1, 2, 3), (2, 3, 1)]
    assert max_weight_matching(4, edges) == [-1, 2, 1, -1]


@pytest.mark.parametrize("length", [3, 5, 7, 9, 21])
def test_odd_cycles_of_equal_weights_match_all_but_one_vertex(length: int) -> None:
    edges = [(v, (v + 1) % length, 7) for v in range(length)]
    mate = max_weight_matching(length, edges)
    assert matched_weight(length, edges, mate) == 7 * (length // 2)


def test_nested_blossoms_that_must_be_expanded_give_the_optimum() -> None:
    """Triangles hanging off a pentagon, with weights that force blossoms to form, nest and open."""
    edges = [(0, 1, 10), (1, 2, 10), (2, 3, 10), (3, 4, 10), (4, 0, 10)]
    edges += [(0, 5, 9), (5, 6, 11), (6, 0, 9), (2, 7, 12), (7, 8, 3), (8, 9, 12), (9, 2, 2)]
    n = 10
    assert matched_weight(n, edges, max_weight_matching(n, edges)) == networkx_weight(edges)


@pytest.mark.parametrize("seed", range(40))
def test_complete_graphs_with_all_weights_equal_are_matched_perfectly(seed: int) -> None:
    n = 2 + seed
    edges = [(a, b, 1 << 300) for a in range(n) for b in range(a)]
    assert matched_weight(n, edges, max_weight_matching(n, edges)) == (n // 2) << 300


@pytest.mark.parametrize("seed", range(20))
def test_weights_beyond_rustworkx_range_differing_only_in_low_bits_are_exact(seed: int) -> None:
    rng = random.Random(seed)
    n = 30
    top = 1 << 3000
    edges = [(a, b, top + rng.randint(0, 3)) for a in range(n) for b in range(a) if rng.random() < 0.5]
    assert max(w for _, _, w in edges) > 1 << 124
    assert matched_weight(n, edges, max_weight_matching(n, edges)) == networkx_weight(edges)


def test_the_result_is_deterministic() -> None:
    n, edges = random_graph(12345)
    assert max_weight_matching(n, edges) == max_weight_matching(n, edges)


def test_bad_edges_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="distinct vertices"):
        max_weight_matching(2, [(0, 2, 1)])
    with pytest.raises(ValueError, match="distinct vertices"):
        max_weight_matching(2, [(1, 1, 1)])
    with pytest.raises(ValueError, match="negative"):
        max_weight_matching(2, [(0, 1, -1)])
    with pytest.raises(TypeError):
        max_weight_matching(2, [(0, 1, 1.5)])  # type: ignore[list-item]
    ends = array("i", [0])
    with pytest.raises(ValueError, match="names weight 1 of a table of 1"):
        _blossom.max_weight_matching(2, ends, array("i", [1]), array("i", [1]), [7])
    with pytest.raises(ValueError, match="one entry per edge"):
        _blossom.max_weight_matching(2, ends, array("i", [1, 0]), array("i", [0]), [7])
    with pytest.raises(TypeError, match="buffer of C ints"):
        _blossom.max_weight_matching(2, [0], array("i", [1]), array("i", [0]), [7])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="buffer of C ints"):
        _blossom.max_weight_matching(2, array("q", [0]), array("i", [1]), array("i", [0]), [7])


def test_only_exact_ints_are_taken_so_no_caller_code_runs_while_weights_are_read() -> None:
    """A weight whose __index__ emptied the caller's list once made the matcher read freed memory."""
    table: list[object] = []

    class Emptying:
        def __index__(self) -> int:
            table.clear()
            return 0

    table += [Emptying(), *(1 << (200 + k) for k in range(60))]
    heads, tails = array("i", range(1, 61)), array("i", range(60))
    with pytest.raises(TypeError, match="must be ints"):
        _blossom.max_weight_matching(61, heads, tails, array("i", range(60)), table)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be ints"):
        max_weight_matching(2, [(0, 1, True)])


def test_the_table_is_read_from_a_copy_of_any_sequence() -> None:
    heads, tails, numbers = array("i", [0, 1, 2]), array("i", [1, 2, 3]), array("i", [0, 1, 0])
    table = (w for w in (3, 1 << 90))
    assert _blossom.max_weight_matching(4, heads, tails, numbers, table) == [-1, 2, 1, -1]  # type: ignore[arg-type]


def test_edges_of_weight_zero_are_no_edges_and_keep_the_callers_numbers() -> None:
    # Edge 0 weighs nothing; edge 1 is the only edge, and the tight edges name it as 1.
    mate, tight, positive, _ = max_weight_matching_duals(3, [(0, 1, 0), (1, 2, 10)])
    assert mate == [-1, 2, 1]
    assert tight == [1]
    assert sorted(positive) == [1, 2]


def all_matchings(n: int, edges: Edges) -> list[list[int]]:
    """Every matching of a small graph, as lists of edge indices."""
    found: list[list[int]] = []

    def extend(start: int, used: set[int], chosen: list[int]) -> None:
        found.append(chosen)
        for k in range(start, len(edges)):
            a, b, _ = edges[k]
            if a not in used and b not in used:
                extend(k + 1, used | {a, b}, [*chosen, k])

    extend(0, set(), [])
    return found


@pytest.mark.parametrize("candidates", (-1, 1, 2))
@pytest.mark.parametrize("seed", range(60))
def test_every_maximum_weight_matching_uses_only_tight_edges_and_fills_the_duals(
    seed: int, candidates: int
) -> None:
    """Complementary slackness, which the cover search relies on, against every matching;
    of the whole graph's solve, and of sparse solves whose duals priced the other edges."""
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    edges = [(a, b, rng.choice((5, 6, 7, 1 << 70))) for a in range(n) for b in range(a) if rng.random() < 0.7]
    mate, tight, positive, blossoms = max_weight_matching_duals(n, edges, candidates)
    best = matched_weight(n, edges, mate)
    matchings = all_matchings(n, edges)
    weights = [sum(edges[k][2] for k in m) for m in matchings]
    assert best == max(weights, default=0)
    for matching, weight in zip(matchings, weights, strict=True):
        ends = {v: u for k in matching for v, u in (edges[k][:2], edges[k][1::-1])}
        optimal = set(matching) <= set(tight) and set(positive) <= set(ends)
        optimal = optimal and all(sum(1 for v in b if ends.get(v) not in b) == 1 for b in map(set, blossoms))
        assert optimal == (weight == best)


def test_edges_the_duals_price_out_are_not_tight() -> None:
    """The path 1-10-1: the middle edge alone is the optimum, and the outer ones are not tight."""
    _, tight, _, _ = max_weight_matching_duals(4, [(0, 1, 1), (1, 2, 10), (2, 3, 1)])
    assert 1 in tight
    assert not {0, 2} <= set(tight)


@pytest.mark.parametrize("candidates", (-1, 2))
@pytest.mark.parametrize("seed", range(30))
def test_every_edge_of_some_optimum_is_tight_inside_nested_blossoms(seed: int, candidates: int) -> None:
    """Odd graphs of few, tied weights nest blossoms deep, where an edge's reduced cost takes
    the duals of every blossom holding both its ends: an edge that some maximum-weight
    matching uses (its weight plus the optimum without its ends is the optimum) is tight."""
    rng = random.Random(seed)
    n = rng.choice((15, 21, 31))
    edges = [(a, b, rng.choice((4, 5, 6))) for a in range(n) for b in range(a) if rng.random() < 0.4]
    mate, tight, _, _ = max_weight_matching_duals(n, edges, candidates)
    best = matched_weight(n, edges, mate)
    for k, (a, b, weight) in enumerate(edges):
        rest = [(x, y, w) for x, y, w in edges if not {x, y} & {a, b}]
        if weight + matched_weight(n, rest, max_weight_matching(n, rest)) == best:
            assert k in tight
