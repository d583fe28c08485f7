def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """An exact maximum-weight matching: mate[v], or -1 when v is unmatched."""
