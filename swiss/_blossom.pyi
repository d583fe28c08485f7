from array import array

def max_weight_matching(
    n: int, heads: array[int], tails: array[int], weights: array[int], table: list[int], candidates: int = -1
) -> list[int]:
    """An exact maximum-weight matching: mate[v], or -1 when v is unmatched. Edge k joins
    heads[k] and tails[k] and weighs table[weights[k]]; weight 0 is no edge. `candidates`:
    -1 lets the solver choose, 0 solves the whole graph, K > 0 solves on about K candidate
    edges per vertex and prices the rest with the duals, adding edges until none is left of
    negative reduced cost (exact either way)."""

def max_weight_matching_duals(
    n: int, heads: array[int], tails: array[int], weights: array[int], table: list[int], candidates: int = -1
) -> tuple[list[int], bytes, list[int], list[list[int]]]:
    """The matching, the numbers of the graph's tight edges under its optimal duals (C ints),
    the vertices of positive dual, and the blossoms of positive dual (their vertices);
    `candidates` as in max_weight_matching."""

class _Cover: ...

def cover_new(
    n: int,
    heads: array[int],
    tails: array[int],
    tight: array[int] | memoryview,
    mate: list[int],
    required: list[int],
    sets: list[list[int]],
) -> _Cover:
    """A cover search on the graph of the `tight` edges, from the matching `mate` (-1: unmatched);
    `heads`, `tails` and `tight` (C ints) are read in place, not kept."""

def cover_pair(cover: _Cover, a: int, b: int) -> int:
    """1: (a, b) put in the matching; 0: no optimal matching holds it; -1: undecided."""

def cover_mate(cover: _Cover) -> list[int]:
    """The cover's matching: mate[v], or -1."""
