"""FIDE Swiss Team Pairing System, C.04.6 (2026 edition).

The round is paired as articles 3.3-3.6 describe: the pairing-allocated bye
first, then bracket after bracket from the top scoregroup down, each bracket
being the top scoregroup of the teams not yet paired plus the upfloaters
article 3.5 selects; colours are allocated once the round is paired
(article 4).  Where the text leaves room, the readings of the TEC's reference
implementation are followed (tests/corpus/team-c046/README.md, "What the
expected pairings assume").

Two searches that the text words as enumerations are done with weighted
matchings instead, which give the same answer: the fewest upfloaters and
their best score profile ([C4], [C5]) is the cheapest perfect matching of
the teams not yet paired in which a resident meeting a lower team costs a
large amount plus an amount growing with that team's depth; [C6] is the
cheapest perfect matching of the teams left over in which a team of the
following scoregroup meeting a lower team costs one.  The pairing of a
bracket (3.6) is one cheapest perfect matching whose costs write [C8], [C9],
[C10] and the identifier of 3.6.2 as the digits of one integer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from swiss.model import Board, Colour, Pairing, PairingError
from swiss.team.field import TeamField
from swiss.team.matching import can_pair_all, cheapest_perfect
from swiss.team.model import Outcome, Preferences, Team, TeamState


@dataclass(frozen=True)
class Preference:
    """C.04.6 1.7: a colour wanted, and how much (0 none, 1 mild, 2 simple or strong)."""

    colour: Colour | None
    strength: int


def preference(team: Team, model: Preferences, last_round: bool) -> Preference:
    """C.04.6 1.7.1 (type A) and 1.7.2 (type B): the team's colour preference."""
    colours = team.colours
    cd = team.colour_difference
    last_two = colours[-2:] if len(colours) >= 2 else ()
    if cd <= -2 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Preference(Colour.WHITE, 2)
    if cd >= 2 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Preference(Colour.BLACK, 2)
    if model is Preferences.TYPE_A or not colours:
        return Preference(None, 0)
    if cd == -1:
        return Preference(Colour.WHITE, 1)
    if cd == 1:
        return Preference(Colour.BLACK, 1)
    if not last_round:
        return Preference(colours[-1].opposite, 1)
    return Preference(None, 0)


class Field(TeamField):
    """C.04.6 adds floats and colour preferences to what every team system reads."""

    def __init__(self, state: TeamState) -> None:
        super().__init__(state)
        # Score levels are those of the teams present, the bye's team included.
        self.levels = sorted({self.score[n] for n in self.present}, reverse=True)
        # [C7] and [C10] do not apply in the last two rounds.
        self.late = self.round >= state.total_rounds - 1
        self.floated = {n: self._floated(t) for n, t in self.teams.items()}
        last_round = self.round >= state.total_rounds
        self.preference = {n: preference(t, state.preferences, last_round) for n, t in self.teams.items()}

    def _floated(self, team: Team) -> bool:
        """C.04.6 1.5: played in the previous round against a team on another score."""
        k = self.round - 1
        if k < 1 or len(team.history) < k:
            return False
        last = team.history[k - 1]
        if last.outcome is not Outcome.PLAYED or last.opponent is None:
            return False
        primary = self.state.primary
        return team.score(primary, k - 1) != self.teams[last.opponent].score(primary, k - 1)

    def may_get_bye(self, n: int) -> bool:
        """C.04.6 2.1.2 [C2]: no earlier PAB, forfeit win or full-point bye."""
        barred = (Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE)
        return not any(r.outcome in barred for r in self.teams[n].history)


def pair(state: TeamState) -> Pairing:
    """The pairing of the next round under C.04.6; raises PairingError when none exists (3.3.3)."""
    pairing, _ = pair_with_reasons(state)
    return pairing


@dataclass(frozen=True)
class Bracket:
    """One bracket as article 3.5 formed it, for the explanations."""

    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    c6: bool
    c7: int


def pair_with_reasons(state: TeamState) -> tuple[Pairing, tuple[Bracket, ...]]:
    """The pairing and the brackets it was made of."""
    field = Field(state)
    remaining = list(field.present)
    bye = None
    if len(remaining) % 2:
        bye = choose_bye(field, remaining)
        remaining.remove(bye)
    elif not can_pair_all(remaining, field.compatible):
        raise PairingError(
            f"the {len(remaining)} teams cannot all be paired without a rematch (C.04.6 3.3.3)"
        )
    brackets = []
    while remaining:
        bracket = next_bracket(field, remaining)
        brackets.append(bracket)
        used = set(bracket.residents) | set(bracket.upfloaters)
        remaining = [n for n in remaining if n not in used]
    boards = [allocate(field, a, b) for bracket in brackets for a, b in bracket.pairs]
    if bye is not None:
        boards.append(Board(bye, None))
    return Pairing(tuple(boards)), tuple(brackets)


def choose_bye(field: Field, teams: Sequence[int]) -> int:
    """C.04.6 3.4: the PAB goes to the first team, by lowest score, most matches played and
    largest TPN, that [C2] allows and whose removal leaves the others a legal pairing."""
    order = sorted(
        (n for n in teams if field.may_get_bye(n)),
        key=lambda n: (field.score[n], -len(field.teams[n].played), -n),
    )
    for candidate in order:
        if can_pair_all([n for n in teams if n != candidate], field.compatible):
            return candidate
    raise PairingError("no team can receive the pairing-allocated bye and leave the others a legal pairing")


def next_bracket(field: Field, remaining: Sequence[int]) -> Bracket:
    """C.04.6 3.5 and 3.6: the top scoregroup with its upfloaters, paired."""
    top = max(field.score[n] for n in remaining)
    residents = [n for n in remaining if field.score[n] == top]
    lower = [n for n in remaining if field.score[n] != top]
    profile = best_profile(field, residents, lower, remaining)
    best: tuple[tuple[int, int, int], list[int], bool] | None = None
    for index, upfloaters in enumerate(upfloater_sets(field, lower, profile)):
        bracket = residents + upfloaters
        inside = set(bracket)
        rest = [n for n in remaining if n not in inside]
        if not can_pair_all(bracket, field.compatible) or not can_pair_all(rest, field.compatible):
            continue
        c6 = following_pairs(field, top, rest)
        c7 = 0 if field.late else sum(field.floated[n] for n in upfloaters)
        key = (0 if c6 else 1, c7, index)
        if best is None or key < best[0]:
            best = (key, upfloaters, c6)
        if key[:2] == (0, 0):
            break  # 3.5.5: the first set that complies with [C6] and [C7]
    assert best is not None, "best_profile found a legal set"
    _, upfloaters, c6 = best
    pairs = pair_bracket(field, residents, upfloaters)
    return Bracket(tuple(residents), tuple(upfloaters), tuple(pairs), c6, best[0][1])


def best_profile(
    field: Field, residents: Sequence[int], lower: Sequence[int], remaining: Sequence[int]
) -> Counter[Fraction]:
    """C.04.6 2.3.1 [C4] and 2.3.2 [C5]: the number of upfloaters and their scores.

    The fewest upfloaters come first; among as many, the scores compared in
    ascending order, i.e. the fewest from the lowest level, then from the next
    one up.  Only sets that leave a legal pairing count ([C1], [C3]).
    """
    depths = {s: d for d, s in enumerate(sorted({field.score[n] for n in lower}, reverse=True), start=1)}
    base = len(remaining) + 1
    powers = _powers(base, len(depths) + 1)
    inside = set(residents)

    def cost(a: int, b: int) -> int:
        if (a in inside) == (b in inside):
            return 0
        floater = b if a in inside else a
        return powers[-1] + powers[depths[field.score[floater]]]

    matching = cheapest_perfect(remaining, field.compatible, cost)
    if matching is None:
        raise PairingError("the teams not yet paired have no legal pairing (C.04.6 3.3.3)")
    return Counter(
        field.score[b if a in inside else a] for a, b in matching if (a in inside) != (b in inside)
    )


def upfloater_sets(field: Field, lower: Sequence[int], profile: Counter[Fraction]) -> Iterator[list[int]]:
    """C.04.6 3.5.3-3.5.4: the sets of that profile, each sorted by descending score and
    ascending TPN, in the lexicographic order of their TPNs."""
    levels = sorted(profile, reverse=True)
    candidates = [sorted(n for n in lower if field.score[n] == level) for level in levels]

    def from_level(i: int) -> Iterator[list[int]]:
        if i == len(levels):
            yield []
            return
        for chosen in combinations(candidates[i], profile[levels[i]]):
            for rest in from_level(i + 1):
                yield [*chosen, *rest]

    return from_level(0)


def following_pairs(field: Field, top: Fraction, rest: Sequence[int]) -> bool:
    """C.04.6 2.3.3 [C6]: what is left of the next lower scoregroup can still be paired with
    the fewest upfloaters its size allows (none if even, one if odd), the teams after it
    keeping a legal pairing.  An emptied scoregroup complies."""
    index = field.levels.index(top)
    if index + 1 >= len(field.levels):
        return True
    level = field.levels[index + 1]
    following = {n for n in rest if field.score[n] == level}
    if not following:
        return True

    def cost(a: int, b: int) -> int:
        return int((a in following) != (b in following))

    matching = cheapest_perfect(rest, field.compatible, cost)
    assert matching is not None, "the rest was checked to be pairable"
    return sum(cost(a, b) for a, b in matching) <= len(following) % 2


def pair_bracket(field: Field, residents: Sequence[int], upfloaters: Sequence[int]) -> list[tuple[int, int]]:
    """C.04.6 3.6: the pairing of the bracket with the lexicographically first identifier
    among those that best satisfy [C8], then [C9], then [C10].

    The identifier (3.6.2) lists the top members (the smaller TPN of each pair) in
    ascending order, then their partners in the same order.
    """
    members = sorted([*residents, *upfloaters])
    size = len(members)
    rank = {n: i for i, n in enumerate(members, start=1)}
    base = size + 1
    powers = _powers(base, size)
    twos = _powers(2, size)
    top_digit = powers[size]
    c10_digit = top_digit * twos[size]
    c9_digit = c10_digit * base
    c8_digit = c9_digit * base
    floating = set(upfloaters)
    type_b = field.state.preferences is Preferences.TYPE_B

    def cost(a: int, b: int) -> int:
        pa, pb = field.preference[a], field.preference[b]
        same = pa.colour is not None and pa.colour == pb.colour
        c8 = int(same)
        c9 = int(type_b and same and pa.strength == 2 and pb.strength == 2)
        c10 = 0
        if not field.late:
            c10 = int(a in floating and field.floated[b]) + int(b in floating and field.floated[a])
        # a < b: a is the top member; a small bottom member pushes the identifier up.
        return (
            c8 * c8_digit
            + c9 * c9_digit
            + c10 * c10_digit
            + top_digit * twos[size - rank[b]]
            + rank[b] * powers[size - rank[a]]
        )

    pairs = cheapest_perfect(members, field.compatible, cost)
    assert pairs is not None, "the bracket was checked to be pairable"
    return pairs


def _powers(base: int, top: int) -> list[int]:
    """base**0 .. base**top."""
    powers = [1]
    for _ in range(top):
        powers.append(powers[-1] * base)
    return powers


def first_team(field: Field, a: int, b: int) -> tuple[int, int]:
    """C.04.6 4.2.2: higher primary score, then higher secondary score, then smaller TPN first."""
    key = {n: (-field.score[n], -field.secondary[n], n) for n in (a, b)}
    return (a, b) if key[a] < key[b] else (b, a)


def allocator(state: TeamState) -> Callable[[int, int], Board]:
    """Article 4 as a function of the two teams of a match."""
    field = Field(state)
    return lambda a, b: allocate(field, a, b)


def allocate(field: Field, a: int, b: int) -> Board:
    """C.04.6 article 4: the board-1 colours of a pair; the first rule that applies decides."""
    first, other = first_team(field, a, b)
    colour, _ = first_team_colour(field, first, other)
    return Board(first, other) if colour is Colour.WHITE else Board(other, first)


def first_team_colour(field: Field, first: int, other: int) -> tuple[Colour, str]:
    """The colour of the first-team under 4.3.1-4.3.9, and the rule that gave it."""
    f, o = field.teams[first], field.teams[other]
    fc, oc = f.colours, o.colours
    if not fc and not oc:
        initial = field.state.initial_colour or Colour.WHITE
        return (initial if first % 2 else initial.opposite), "4.3.1"
    pf, po = field.preference[first], field.preference[other]
    if pf.colour is not None and po.colour is None:
        return pf.colour, "4.3.2"
    if po.colour is not None and pf.colour is None:
        return po.colour.opposite, "4.3.2"
    if pf.colour is not None and po.colour is not None:
        if pf.colour != po.colour:
            return pf.colour, "4.3.3"
        if field.state.preferences is Preferences.TYPE_B and pf.strength != po.strength:
            return (pf.colour if pf.strength > po.strength else pf.colour.opposite), "4.3.4"
    if f.colour_difference != o.colour_difference:
        return (Colour.WHITE if f.colour_difference < o.colour_difference else Colour.BLACK), "4.3.5"
    for mine, theirs in zip(reversed(fc), reversed(oc), strict=False):
        if mine != theirs:
            return mine.opposite, "4.3.6"
    if pf.colour is not None:
        return pf.colour, "4.3.7"
    if fc:
        return fc[-1].opposite, "4.3.8"
    return oc[-1], "4.3.9"
