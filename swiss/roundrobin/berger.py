"""The Berger tables (FIDE C.05 Annex 1) by their closed formula, and the rounds of one or more
cycles (docs/round-robin.md sections 1-4).

A table is a list of rounds; a round is a tuple of (White, Black) pairs by pairing number, in
the printed board order. For an odd field the table of the next even size is used and its
highest number is the dummy: whoever meets it rests.
"""

from __future__ import annotations

Pairs = tuple[tuple[int, int], ...]


def table_size(players: int) -> int:
    """The even size of the table a field of `players` uses (docs/round-robin.md section 3)."""
    if players < 2:
        raise ValueError(f"a round robin needs at least two players, not {players}")
    return players + players % 2


def _cyclic(value: int, size: int) -> int:
    """`value` counted cyclically in 1 .. size."""
    return (value - 1) % size + 1


def _coloured(i: int, j: int, size: int) -> tuple[int, int]:
    """The game of `i` and `j` with White first (docs/round-robin.md section 1)."""
    low, high = min(i, j), max(i, j)
    if high == size:
        return (low, high) if low <= size // 2 else (high, low)
    return (low, high) if (i + j) % 2 else (high, low)


def berger_round(size: int, number: int) -> Pairs:
    """Round `number` (1 .. size - 1) of the table for `size` players (even), board 1 first.

    Board 1 is the game of player `size`; its opponent a meets him in the round r with
    r = 2a - 1 (mod size - 1); board k then pairs a + (k - 1) with a - (k - 1), cyclically in
    1 .. size - 1 (docs/round-robin.md section 1).
    """
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even size, not {size}")
    if not 1 <= number <= size - 1:
        raise ValueError(f"the table for {size} has rounds 1 to {size - 1}, not {number}")
    last = size - 1
    # 2a - 1 = number (mod last): a is the inverse of 2 times (number + 1), modulo an odd `last`.
    opponent = next(a for a in range(1, size) if _cyclic(2 * a - 1, last) == _cyclic(number, last))
    boards = [_coloured(opponent, size, size)]
    for k in range(2, size // 2 + 1):
        boards.append(_coloured(_cyclic(opponent + k - 1, last), _cyclic(opponent - k + 1, last), size))
    return tuple(boards)


def schedule(players: int, cycles: int = 1, *, swap: bool = True) -> list[Pairs]:
    """Every round of `cycles` cycles for a field of `players` (dummy included when it is odd).

    Even cycles reverse the colours of the odd ones (section 4). With `swap`, a cycle that another
    follows plays its last two rounds in the opposite order, so that nobody has three games of one
    colour across the change of cycles (section 4: the recommendation for cycle 1; for later
    cycles by analogy).
    """
    size = table_size(players)
    rounds: list[Pairs] = []
    for cycle in range(1, cycles + 1):
        order = list(range(1, size))
        if swap and cycle < cycles and size > 2:
            order[-2:] = order[-1], order[-2]
        for number in order:
            table = berger_round(size, number)
            rounds.append(table if cycle % 2 else tuple((b, w) for w, b in table))
    return rounds
