"""ECU Swiss pairing rules for European team competitions, chapter N.6 ("ECU legacy").

Score groups by match points; inside a group the teams are ranked by game
points, then pairing number (N.6.3, see docs/rules.md).  The
groups are walked in the median order of N.5.5 (`swiss.team.median`); each
group is paired highest against lowest (N.6.4) with the combinations in the
order of N.6.5/N.6.7 (`combinations`), below the median group from the
lowest team up (N.6.9).  Round 1 pairs the top half against the bottom half
(N.6.1), by quarters when accelerated; under acceleration the top half of
the initial ranking carries 2 imaginary match points in round 2 (N.6.2).
Colours follow the Olympiad's article 7 (`swiss.team.colours`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from swiss.model import Pairing
from swiss.team.field import TeamField
from swiss.team.matching import Compatible
from swiss.team.median import Group, Pair, Rank, pair_round, walk
from swiss.team.model import Outcome, Primary, TeamState

# N.5.4: a team that has scored without playing gets no bye.
_SCORED_WITHOUT_PLAYING = (Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE, Outcome.HALF_BYE)


def combinations(
    teams: Sequence[int], side: str, compatible: Compatible, feasible: Callable[[Sequence[int]], bool]
) -> Iterator[tuple[list[Pair], int | None]]:
    """N.6.5 / N.6.7 (and N.6.9 below the median): the combinations of a group in priority order.

    The first team meets the lowest team it may meet, then the next lowest;
    what is left is paired the same way.  In an odd group the combinations
    that float a team come in that order, and the top team floats last.
    Below the median group the same is done from the lowest team up.
    """
    order = list(reversed(teams)) if side == "below" else list(teams)
    return _highest_lowest(order, compatible, feasible)


def _highest_lowest(
    teams: list[int], compatible: Compatible, feasible: Callable[[Sequence[int]], bool]
) -> Iterator[tuple[list[Pair], int | None]]:
    if not teams:
        yield [], None
        return
    top, rest = teams[0], teams[1:]
    for opponent in reversed(rest):
        if compatible(top, opponent):
            remainder = [t for t in rest if t != opponent]
            if feasible(remainder):
                for pairs, floater in _highest_lowest(remainder, compatible, feasible):
                    yield [(top, opponent), *pairs], floater
    if len(teams) % 2 and feasible(rest):
        for pairs, _ in _highest_lowest(rest, compatible, feasible):
            yield pairs, top


class Field(TeamField):
    """The ECU's pairing scores (imaginary points in round 2) and ranking."""

    def __init__(self, state: TeamState) -> None:
        super().__init__(state, Primary.MATCH_POINTS)
        self.pairing_score = dict(self.score)
        if state.accelerated and self.round == 2:
            for n in top_half(state):
                self.pairing_score[n] += 2  # N.6.2

    def rank(self, n: int) -> Rank:
        """N.6.3: match points (with imaginary points), game points, pairing number."""
        return (-self.pairing_score[n], -self.secondary[n], n)

    def group_rank(self, n: int) -> Rank:
        """N.6.3: inside a group, floaters included, by the tie-break (game points), then pairing number."""
        return (-self.secondary[n], n)

    def may_get_bye(self, n: int) -> bool:
        """N.5.4: no bye for a team that has already scored without playing."""
        return not any(r.outcome in _SCORED_WITHOUT_PLAYING for r in self.teams[n].history)


def top_half(state: TeamState) -> list[int]:
    """The top half of the initial ranking; with 4N+2 teams its 2N+2 best (docs/rules.md)."""
    numbers = sorted(t.number for t in state.teams)
    return numbers[: _upper(len(numbers))]


def _upper(teams: int) -> int:
    """The size of the accelerated top half: even, and the larger half with 4N+2 teams."""
    return 2 * -(-teams // 4)


def round_one(field: Field, teams: list[int]) -> list[Pair] | None:
    """N.6.1: 1 v N+1, 2 v N+2, ...; accelerated, quarter 1 v quarter 2 and quarter 3 v quarter 4."""
    ranked = sorted(teams)
    if field.state.accelerated and len(ranked) >= 4:
        split = _upper(len(ranked))
        halves = [ranked[:split], ranked[split:]]
    else:
        halves = [ranked]
    pairs: list[Pair] = []
    for half in halves:
        n = len(half) // 2
        pairs.extend(zip(half[:n], half[n:], strict=True))
    if all(field.compatible(a, b) for a, b in pairs):
        return pairs
    return None  # a forbidden pair: pair the round as any other


def pair(state: TeamState) -> Pairing:
    """The next round under ECU N.6; PairingError when no legal pairing exists."""
    pairing, _ = pair_with_reasons(state)
    return pairing


def pair_with_reasons(state: TeamState) -> tuple[Pairing, list[Group]]:
    """The pairing and the groups it was made of (round 1 is one group, N.6.1)."""
    field = Field(state)

    def pair_teams(teams: list[int]) -> list[Group]:
        pairs = round_one(field, teams) if field.round == 1 else None
        if pairs is not None:
            return [Group("median", tuple(sorted(teams)), (), tuple(pairs), None)]
        return walk(
            teams,
            field.pairing_score.__getitem__,
            field.rank,
            field.compatible,
            combinations,
            field.group_rank,
        )

    return pair_round(field, field.rank, field.may_get_bye, pair_teams)
