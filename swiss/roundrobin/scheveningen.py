"""The Scheveningen system: every player of team A meets every player of team B
(docs/round-robin.md section 6).

The published tables balance each player's colours and are not a rotation, so they are data
here, not derived; a size without a stored table is refused. Players are numbered A1..An as
1..n and B1..Bn as n+1..2n.
"""

from __future__ import annotations

from swiss.model import PairingError
from swiss.roundrobin.berger import Pairs

# Per number of boards, each round's games as (board of A, board of B, A has White), board 1 first.
TABLES: dict[int, tuple[tuple[tuple[int, int, bool], ...], ...]] = {
    4: (
        ((1, 1, True), (2, 2, True), (3, 3, False), (4, 4, False)),
        ((1, 2, False), (2, 1, False), (3, 4, True), (4, 3, True)),
        ((1, 3, True), (2, 4, True), (3, 1, False), (4, 2, False)),
        ((1, 4, False), (2, 3, False), (3, 2, True), (4, 1, True)),
    ),
}


def scheveningen_schedule(boards: int, cycles: int = 1) -> list[Pairs]:
    """Every round of `cycles` cycles between two teams of `boards` players; even cycles reverse
    the colours."""
    if boards not in TABLES:
        stored = ", ".join(str(n) for n in TABLES)
        raise PairingError(
            f"no Scheveningen table is stored for teams of {boards} (stored: {stored}); "
            "the published tables are data, not a rule to derive them by"
        )
    rounds: list[Pairs] = []
    for cycle in range(1, cycles + 1):
        for games in TABLES[boards]:
            pairs = []
            for a, b, a_white in games:
                white = a_white if cycle % 2 else not a_white
                pairs.append((a, boards + b) if white else (boards + b, a))
            rounds.append(tuple(pairs))
    return rounds
