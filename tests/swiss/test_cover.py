"""The cover search: which pairs some maximum-weight matching holds, together with pairs chosen
before, read off one solve's tight edges; against solves that give the pairs precedence."""

from __future__ import annotations

import random

import pytest

from swiss._blossom import cover_mate, cover_pair
from swiss.matching import Graph, Matcher, _Optimal
from tests.swiss.graphs import Edges, cover_new, max_weight_matching, max_weight_matching_duals


def weight_of(edges: Edges, mate: list[int]) -> int:
    weights = {frozenset((a, b)): w for a, b, w in edges}
    return sum(weights[frozenset((v, u))] for v, u in enumerate(mate) if u > v)


def optimum_holds(n: int, edges: Edges, optimum: int, pairs: list[tuple[int, int]]) -> bool:
    """Whether a maximum-weight matching holds every pair: bonuses below the weights count them."""
    wanted = {frozenset(p) for p in pairs}
    shift = len(pairs).bit_length()
    bonused = [(a, b, (w << shift) | (frozenset((a, b)) in wanted)) for a, b, w in edges]
    mate = max_weight_matching(n, bonused)
    held = sum(1 for v, u in enumerate(mate) if u > v and frozenset((v, u)) in wanted)
    return weight_of(edges, mate) == optimum and held == len(pairs)


def tied_graph(rng: random.Random, sizes: tuple[int, int] = (2, 13)) -> tuple[int, Edges]:
    """A small graph of few distinct weights: many maximum-weight matchings, often blossoms."""
    n = rng.randint(*sizes)
    density = rng.choice((0.3, 0.6, 1.0))
    values = [rng.randint(1, 8) for _ in range(rng.choice((1, 2, 3)))]
    return n, [(a, b, rng.choice(values)) for a in range(n) for b in range(a) if rng.random() < density]


@pytest.mark.parametrize("seed", range(300))
def test_each_pair_the_cover_takes_is_held_by_an_optimum_with_the_earlier_ones(seed: int) -> None:
    rng = random.Random(seed)
    n, edges = tied_graph(rng)
    mate, tight, positive, blossoms = max_weight_matching_duals(n, edges)
    optimum = weight_of(edges, mate)
    cover = cover_new(n, edges, tight, mate, positive, blossoms)
    chosen: list[tuple[int, int]] = []
    order = list(range(len(edges)))
    rng.shuffle(order)
    for k in order:
        a, b, _ = edges[k]
        if any(v in pair for pair in chosen for v in (a, b)):
            continue
        held = cover_pair(cover, a, b)
        if held < 0:
            # Undecided: what the cover holds is still an optimum with the earlier pairs.
            assert all(cover_mate(cover)[x] == y for x, y in chosen)
            break
        taken = held == 1
        assert taken == optimum_holds(n, edges, optimum, [*chosen, (a, b)])
        if taken:
            chosen.append((a, b))
            now = cover_mate(cover)
            assert weight_of(edges, now) == optimum
            assert all(now[x] == y for x, y in chosen)


def test_the_duals_say_which_edges_are_tight_and_which_vertices_must_be_matched() -> None:
    # A path 0-1-2-3 of weights 5, 6, 5: the two outer edges weigh 10 against 6.
    mate, tight, positive, blossoms = max_weight_matching_duals(4, [(0, 1, 5), (1, 2, 6), (2, 3, 5)])
    assert mate == [1, 0, 3, 2]
    assert {0, 2} <= set(tight)
    assert sorted(positive) == [0, 1, 2, 3]
    assert blossoms == []


def test_an_odd_set_with_a_positive_dual_keeps_one_member_matched_outside() -> None:
    # A triangle of weight 4 with a pendant edge of weight 1 from vertex 0 to vertex 3:
    # the triangle's blossom takes the dual, and only 0 may leave it, for 3.
    edges = [(0, 1, 4), (1, 2, 4), (0, 2, 4), (0, 3, 1)]
    mate, tight, positive, blossoms = max_weight_matching_duals(4, edges)
    assert [sorted(b) for b in blossoms] == [[0, 1, 2]]
    cover = cover_new(4, edges, tight, mate, positive, blossoms)
    assert cover_pair(cover, 1, 2) == 1
    assert cover_mate(cover) == [3, 2, 1, 0]


def test_a_refused_pair_changes_nothing() -> None:
    # 0-1 and 2-3 weigh 10 each; 1-2 weighs 10 too but would leave 0 and 3 unmatched.
    edges = [(0, 1, 10), (1, 2, 10), (2, 3, 10)]
    mate, tight, positive, blossoms = max_weight_matching_duals(4, edges)
    cover = cover_new(4, edges, tight, mate, positive, blossoms)
    before = cover_mate(cover)
    assert cover_pair(cover, 1, 2) == 0
    assert cover_mate(cover) == before
    assert cover_pair(cover, 0, 1) == 1


def test_bad_cover_input_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="mate"):
        cover_new(3, [(0, 1, 1)], [0], [1, 0], [], [])
    with pytest.raises(ValueError, match="matching"):
        cover_new(3, [(0, 1, 1)], [0], [1, 2, 0], [], [])
    with pytest.raises(ValueError, match="odd set"):
        cover_new(3, [(0, 1, 1)], [0], [1, 0, -1], [], [[0, 7]])
    with pytest.raises(ValueError, match="name an edge"):
        cover_new(3, [(0, 1, 1)], [5], [1, 0, -1], [], [])
    cover = cover_new(3, [(0, 1, 1), (1, 2, 1)], [0], [1, 0, -1], [0, 1], [])
    assert cover_pair(cover, 1, 2) == 0  # not a tight edge
    with pytest.raises(ValueError, match="distinct"):
        cover_pair(cover, 2, 2)


@pytest.mark.parametrize("seed", range(120))
def test_solve_in_order_gives_what_bonuses_of_strict_precedence_give(seed: int) -> None:
    rng = random.Random(seed)
    n, edges = tied_graph(rng)
    weights = {(max(a, b), min(a, b)): w for a, b, w in edges}
    # As S1 and S2: the players choose, in turn, among the others, each in its own order.
    players = rng.sample(range(n), rng.randint(1, n - 1)) if n > 1 else [0]
    others = [v for v in range(n) if v not in players]
    options = {p: rng.sample(others, rng.randint(0, len(others))) for p in players}

    def matcher() -> Matcher:
        return Matcher(n, lambda a, b: weights.get((a, b), 0))

    found = matcher().solve_in_order((p, options[p]) for p in players)
    if found is None:
        return  # undecided: the Dutch engine then solves with the bonuses below
    # Bonuses that rank each player's options and give earlier players strict precedence.
    exact = matcher()
    step = (len(others) + 1).bit_length()
    for turn, p in enumerate(players):
        for rank, o in enumerate(reversed(options[p]), start=1):
            exact.set_bonus(p, o, rank << (step * (len(players) - 1 - turn)))
    expected = exact.solve()

    def choices(mate: list[int]) -> list[int]:
        return [options[p].index(mate[p]) if mate[p] in options[p] else -1 for p in players]

    assert weight_of(edges, [m if m != v else -1 for v, m in enumerate(found)]) == weight_of(
        edges, [m if m != v else -1 for v, m in enumerate(expected)]
    )
    assert choices(found) == choices(expected)


@pytest.mark.parametrize("seed", range(400))
def test_vertices_asking_partner_after_partner_get_what_an_optimum_allows(seed: int) -> None:
    # As solve_in_order asks: a vertex asks partners one after another until one is held
    # (the refusals after its first read one search from its partner, see _blossom.c); here
    # a vertex may also come back after other pairs were chosen, when that search is stale.
    rng = random.Random(seed)
    n, edges = tied_graph(rng) if seed % 2 else tied_graph(rng, sizes=(8, 20))
    mate, tight, positive, blossoms = max_weight_matching_duals(n, edges)
    optimum = weight_of(edges, mate)
    cover = cover_new(n, edges, tight, mate, positive, blossoms)
    chosen: list[tuple[int, int]] = []
    for _ in range(3 * n):
        free = [v for v in range(n) if not any(v in pair for pair in chosen)]
        if len(free) < 2:
            break
        a = rng.choice(free)
        for b in rng.sample(free, min(len(free), rng.choice((3, n)))):
            if b == a:
                continue
            held = cover_pair(cover, a, b)
            if held < 0:
                return  # undecided: the engine then solves with bonuses
            assert (held == 1) == optimum_holds(n, edges, optimum, [*chosen, (a, b)])
            if held == 1:
                chosen.append((a, b))
                break


@pytest.mark.parametrize("seed", range(300))
def test_the_first_partner_held_is_the_first_an_optimum_holds_with_the_chosen_pairs(seed: int) -> None:
    # solve_in_order asks it where the cover search cannot decide: one solve for all the
    # partners left, in their order, instead of one a partner. The chosen pairs grow from
    # call to call (the edges at their vertices are taken out as they come), then shrink.
    rng = random.Random(seed)
    n, edges = tied_graph(rng, sizes=(4, 14))
    mate, tight, positive, blossoms = max_weight_matching_duals(n, edges)
    optimum = weight_of(edges, mate)
    optimal = _Optimal(n, Graph.of(edges), tight, positive, blossoms)
    pairs = [(u, v) for v, u in enumerate(mate) if u > v][: rng.randint(0, 3)]
    for cut in [*range(len(pairs) + 1), 0]:
        chosen = pairs[:cut]
        free = [v for v in range(n) if not any(v in pair for pair in chosen)]
        if len(free) < 2:
            continue
        vertex = rng.choice(free)
        partners = rng.sample([v for v in free if v != vertex], rng.randint(1, len(free) - 1))
        expected = next(
            (
                i
                for i, p in enumerate(partners)
                if optimum_holds(n, edges, optimum, [*chosen, (max(vertex, p), min(vertex, p))])
            ),
            None,
        )
        assert optimal.first_held(chosen, vertex, partners) == expected
