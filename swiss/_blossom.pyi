def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """An exact maximum-weight matching: mate[v], or -1 when v is unmatched."""

def max_weight_matching_duals(
    n: int, edges: list[tuple[int, int, int]]
) -> tuple[list[int], list[int], list[int], list[list[int]]]:
    """The matching, the indices of its tight edges, the vertices of positive dual, and
    the blossoms of positive dual (their vertices)."""

class _Cover: ...

def cover_new(
    n: int,
    edges: list[tuple[int, int, int]],
    tight: list[int],
    mate: list[int],
    required: list[int],
    sets: list[list[int]],
) -> _Cover:
    """A cover search on the graph of the `tight` edges, from the matching `mate` (-1: unmatched)."""

def cover_pair(cover: _Cover, a: int, b: int) -> int:
    """1: (a, b) put in the matching; 0: no optimal matching holds it; -1: undecided."""

def cover_mate(cover: _Cover) -> list[int]:
    """The cover's matching: mate[v], or -1."""
