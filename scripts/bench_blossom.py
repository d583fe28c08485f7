"""Time swiss._blossom on dense graphs, beside rustworkx where weights fit it, and networkx on request.

Usage: python scripts/bench_blossom.py [--networkx]. Prints seconds per size; asserts nothing.
"""

from __future__ import annotations

import random
import sys
import time

from swiss.matching import Graph


def random_graph(n: int, edges: int, bits: int, seed: int) -> list[tuple[int, int, int]]:
    """About `edges` edges on n vertices with weights of about `bits` bits."""
    rng = random.Random(seed)
    density = min(1.0, edges / (n * (n - 1) / 2))
    return [
        (a, b, rng.getrandbits(bits) | 1 << (bits - 1))
        for a in range(n)
        for b in range(a)
        if rng.random() < density
    ]


def criteria_graph(n: int, bits: int, seed: int) -> list[tuple[int, int, int]]:
    """A complete graph whose weights share their high bits, like the Dutch criteria encoding."""
    rng = random.Random(seed)
    edges = []
    for a in range(n):
        for b in range(a):
            weight = 1 << (bits - 1)
            for shift in range(bits - 40, 0, -40):
                weight |= rng.choice((0, 0, 0, 1, 2, 3)) << shift
            edges.append((a, b, weight | rng.getrandbits(8)))
    return edges


def seconds(solve: object, *args: object) -> float:
    start = time.perf_counter()
    solve(*args)  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    with_networkx = "--networkx" in sys.argv
    cases = [
        ("random", 450, 100_000, 120),
        ("random", 400, 80_000, 437),
        ("random", 450, 100_000, 600),
        ("random", 450, 100_000, 3000),
        ("random", 900, 400_000, 600),
        ("criteria", 450, None, 600),
        ("criteria", 900, None, 600),
    ]
    for kind, n, m, bits in cases:
        edges = random_graph(n, m, bits, n) if m is not None else criteria_graph(n, bits, n)
        graph = Graph.of(edges)
        took = seconds(graph.solve, n)
        line = f"{kind:9} n={n:4} m={len(edges):6} bits={bits:4}  blossom {took:7.3f} s"
        if bits < 124:
            import rustworkx as rx

            rx_graph = rx.PyGraph()
            rx_graph.add_nodes_from(range(n))
            rx_graph.add_edges_from(edges)
            line += f"  rustworkx {seconds(rx.max_weight_matching, rx_graph, False, lambda w: w):7.3f} s"
        if with_networkx and n <= 450 and bits < 1000:
            import networkx as nx  # type: ignore[import-untyped]

            nx_graph = nx.Graph()
            nx_graph.add_weighted_edges_from(edges)
            line += f"  networkx {seconds(nx.max_weight_matching, nx_graph):7.3f} s"
        print(line, flush=True)


if __name__ == "__main__":
    main()
