"""FIDE Olympiad Pairing Rules, Handbook D.02 (in force from 1 January 2022).

Teams are ranked by match points, then pairing number (3.2).  Score groups
are walked in the median order of 6.4 (`swiss.team.median`).  Inside a group
the upper half meets the lower half, team 1 trying N/2+1 .. N, then N/2 .. 2
(9.3, `combinations`).  In an odd group above the median the lowest-ranked
team floats down, below it the highest-ranked floats up (8.2-8.3), the next
one when that leaves the group unpairable; a floater meets the highest-ranked
team it has not met coming from above, the lowest coming from below.  The bye
goes to the lowest-ranked team that has neither had it nor won by default
(4).  Colours follow article 7 (`swiss.team.colours`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from swiss.model import Pairing
from swiss.team.field import TeamField
from swiss.team.matching import Compatible
from swiss.team.median import Group, Pair, Rank, pair_round, walk
from swiss.team.model import Outcome, Primary, TeamState


def combinations(
    teams: Sequence[int], side: str, compatible: Compatible, feasible: Callable[[Sequence[int]], bool]
) -> Iterator[tuple[list[Pair], int | None]]:
    """D.02 9.3 and 8.2-8.3: the pairings of a group (best first) in priority order."""
    order = list(teams)
    if len(order) % 2 == 0:
        for pairs in _halves(order, compatible, feasible):
            yield pairs, None
        return
    # Above the median the lowest-ranked team floats first, below it the highest-ranked.
    for floater in order if side == "below" else reversed(order):
        rest = [t for t in order if t != floater]
        if feasible(rest):
            for pairs in _halves(rest, compatible, feasible):
                yield pairs, floater


def _halves(
    teams: list[int], compatible: Compatible, feasible: Callable[[Sequence[int]], bool]
) -> Iterator[list[Pair]]:
    if not teams:
        yield []
        return
    top, half = teams[0], len(teams) // 2
    for opponent in teams[half:] + teams[1:half][::-1]:
        if compatible(top, opponent):
            remainder = [t for t in teams[1:] if t != opponent]
            if feasible(remainder):
                for pairs in _halves(remainder, compatible, feasible):
                    yield [(top, opponent), *pairs]


class Field(TeamField):
    """Match points and the 3.2 ranking."""

    def __init__(self, state: TeamState) -> None:
        super().__init__(state, Primary.MATCH_POINTS)

    def rank(self, n: int) -> Rank:
        """D.02 3.2: match points, then the initial pairing number."""
        return (-self.score[n], n)

    def may_get_bye(self, n: int) -> bool:
        """D.02 4: not after a bye, nor after a match won by default."""
        return not any(r.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN) for r in self.teams[n].history)


def pair(state: TeamState) -> Pairing:
    """The next round under D.02; PairingError when no legal pairing exists."""
    pairing, _ = pair_with_reasons(state)
    return pairing


def pair_with_reasons(state: TeamState) -> tuple[Pairing, list[Group]]:
    """The pairing and the groups it was made of."""
    field = Field(state)

    def pair_teams(teams: list[int]) -> list[Group]:
        return walk(teams, field.score.__getitem__, field.rank, field.compatible, combinations)

    return pair_round(field, field.rank, field.may_get_bye, pair_teams)
