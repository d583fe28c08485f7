"""The median-group walker shared by ECU N.6 and the Olympiad rules D.02.

Both systems pair score groups from the top group down to the median group,
then from the bottom group up to it, and the median group last (N.5.5,
D.02 6.4).  The median team is the lower of the two middle teams when their
number is even.  An odd group sends one team towards the median group.  Under
the Olympiad rules it meets the first team there it has not met: the highest
such team coming from above, the lowest coming from below (D.02 8.2-8.3).  Under
ECU N.6 it joins the next group and is paired by that group's combination table
(the `join` ranking), as the N.6.7 table counts a floater from above among the
group's numbers; not first against "the first team not met" as N.6.6 alone would
read (docs/rules.md, "ECU floaters join the next group").  Floaters from above
and from below never meet each other in the median group (N.6.8.1).

A group takes the first combination its system generates that leaves its
floater an opponent in the next group and the teams not yet paired a legal
pairing (N.6.8).  When no combination does, the group is merged with the
next one towards the median and the walk starts again (N.6.8); a failing
median group is merged with its upper neighbour (its lower one when it is
the top group).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from swiss.model import Board, Pairing, PairingError
from swiss.team.colours import allocate
from swiss.team.field import TeamField
from swiss.team.matching import Compatible, can_pair_all, can_pair_all_but_one

Pair = tuple[int, int]
Rank = tuple[Fraction | int, ...]
# A system's combinations of one group: the group best first, its side
# ("above", "below" or "median"), who may meet whom and a test that a list of
# teams can still be paired (all but one when odd).  It yields the pairs and
# the team the combination floats (None for an even group).
Combinations = Callable[
    [Sequence[int], str, Compatible, Callable[[Sequence[int]], bool]], Iterator[tuple[list[Pair], int | None]]
]


@dataclass(frozen=True)
class Group:
    """One group as it was paired, for the explanations."""

    side: str
    members: tuple[int, ...]  # best first, incoming floaters included
    incoming: tuple[int, ...]
    pairs: tuple[Pair, ...]
    floater: int | None


class _Merge(Exception):
    def __init__(self, first: int) -> None:
        super().__init__(first)
        self.first = first  # merge groups first and first + 1


def walk(
    teams: Sequence[int],
    score: Callable[[int], Fraction],
    rank: Callable[[int], Rank],
    compatible: Compatible,
    combinations: Combinations,
    join: Callable[[int], Rank] | None = None,
) -> list[Group]:
    """Pair `teams` (an even number) group by group in the median order; PairingError if impossible.

    `rank` orders the whole field (it finds the median team); `join`, when given,
    orders a group with the floaters that joined it (see `_pair_group`).
    """
    ranking = sorted(teams, key=rank)
    if not can_pair_all(ranking, compatible):
        raise PairingError(f"the {len(ranking)} teams to pair cannot all meet a team they have not met")
    partition: list[list[int]] = []
    for team in ranking:
        if partition and score(partition[-1][0]) == score(team):
            partition[-1].append(team)
        else:
            partition.append([team])
    median_team = ranking[len(ranking) // 2] if ranking else None
    while True:
        try:
            return _attempt(partition, median_team, compatible, combinations, join)
        except _Merge as merge:
            i = merge.first
            partition[i : i + 2] = [sorted(partition[i] + partition[i + 1], key=rank)]


def _attempt(
    partition: list[list[int]],
    median_team: int | None,
    compatible: Compatible,
    combinations: Combinations,
    join: Callable[[int], Rank] | None,
) -> list[Group]:
    if median_team is None:
        return []
    m = next(i for i, group in enumerate(partition) if median_team in group)
    unpaired = {t for group in partition for t in group}
    groups: list[Group] = []
    arriving: dict[str, int | None] = {}
    for side, indexes, step in (("above", range(m), 1), ("below", range(len(partition) - 1, m, -1), -1)):
        incoming: int | None = None
        for i in indexes:
            arrivals = [] if incoming is None else [(incoming, side == "below")]
            group = _pair_group(
                partition[i], side, arrivals, partition[i + step], unpaired, compatible, combinations, join
            )
            if group is None:
                raise _Merge(min(i, i + step))
            groups.append(group)
            incoming = group.floater
        arriving[side] = incoming
    above, below = arriving["above"], arriving["below"]

    def separate(a: int, b: int) -> bool:  # N.6.8.1
        return {a, b} != {above, below} and compatible(a, b)

    floaters = [(t, t == below) for t in (above, below) if t is not None]
    median = _pair_group(partition[m], "median", floaters, None, unpaired, separate, combinations, join)
    if median is None:
        if len(partition) == 1:
            raise PairingError("the teams cannot all be paired")
        raise _Merge(m - 1 if m > 0 else m)
    groups.append(median)
    return groups


def _pair_group(
    residents: list[int],
    side: str,
    incoming: list[tuple[int, bool]],
    next_group: list[int] | None,
    unpaired: set[int],
    compatible: Compatible,
    combinations: Combinations,
    join: Callable[[int], Rank] | None,
) -> Group | None:
    """The first combination of one group that the rest of the walk can live with.

    `incoming` holds the floaters that arrive, each with True when it comes from below.
    With `join`, they join the group, sorted by it, and the combinations take them
    in; without, each first meets the first team of the group it has not met.
    """

    def feasible(teams: Sequence[int]) -> bool:
        return can_pair_all_but_one(teams, compatible)

    def placements(
        floaters: list[tuple[int, bool]], free: list[int]
    ) -> Iterator[tuple[list[Pair], list[int]]]:
        """Each incoming floater meets the first team of the group it has not met."""
        if not floaters:
            yield [], free
            return
        (floater, from_below), others = floaters[0], floaters[1:]
        for team in reversed(free) if from_below else free:
            if compatible(floater, team):
                rest = [t for t in free if t != team]
                for pairs, left in placements(others, rest):
                    yield [(floater, team), *pairs], left

    if join is None:
        options = placements(incoming, list(residents))
    else:
        options = iter([([], sorted([*residents, *(t for t, _ in incoming)], key=join))])
    arrived = tuple(t for t, _ in incoming)
    for placed, rest in options:
        for pairs, floater in combinations(rest, side, compatible, feasible):
            if floater in arrived:
                continue  # N.6.6-6.7: a floater from another group does not float again
            if floater is not None and not (next_group and any(compatible(floater, t) for t in next_group)):
                continue  # N.6.8: the floater has met every team of the next group
            chosen = placed + pairs
            seated = {t for pair in chosen for t in pair}
            if not can_pair_all(sorted(unpaired - seated), compatible):
                continue  # N.6.8: what is left could not be paired
            unpaired -= seated
            above = [t for t, from_below in incoming if not from_below]
            below = [t for t, from_below in incoming if from_below]
            return Group(side, (*above, *residents, *below), arrived, tuple(chosen), floater)
    return None


def choose_bye(
    field: TeamField, teams: list[int], rank: Callable[[int], Rank], eligible: Callable[[int], bool]
) -> int:
    """N.5.4, D.02 4: the lowest-ranked team allowed a bye whose absence leaves the others a legal pairing."""
    for candidate in sorted(teams, key=rank, reverse=True):
        if eligible(candidate) and can_pair_all([t for t in teams if t != candidate], field.compatible):
            return candidate
    raise PairingError("no team may receive the bye and leave the others a legal pairing")


def ranked_colours(field: TeamField, rank: Callable[[int], Rank], a: int, b: int) -> Board:
    """D.02 article 7 for a match, the higher-ranked team first."""
    higher, lower = sorted((a, b), key=rank)
    return allocate(field.teams[higher], field.teams[lower], field.state.initial_colour)


def pair_round(
    field: TeamField,
    rank: Callable[[int], Rank],
    eligible: Callable[[int], bool],
    pair_teams: Callable[[list[int]], list[Group]],
) -> tuple[Pairing, list[Group]]:
    """The bye (if the number of teams is odd), the groups `pair_teams` makes of the others, colours."""
    teams = list(field.present)
    bye = None
    if len(teams) % 2:
        bye = choose_bye(field, teams, rank, eligible)
        teams.remove(bye)
    groups = pair_teams(teams)
    boards = [ranked_colours(field, rank, a, b) for group in groups for a, b in group.pairs]
    if bye is not None:
        boards.append(Board(bye, None))
    return Pairing(tuple(boards)), groups
