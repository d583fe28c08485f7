def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """An exact maximum-weight matching: mate[v], or -1 when v is unmatched."""

def max_weight_matching_viable(
    n: int, edges: list[tuple[int, int, int]], slack: int
) -> tuple[list[int], list[int]]:
    """The matching, and the indices of the edges of reduced cost at most `slack`."""
