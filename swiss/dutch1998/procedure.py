"""Section C of the 1998 text: the flow C1-C14 that pairs the score brackets from the top.

Each bracket yields its candidate pairings in the order the procedure reaches them: C6 with
the natural S2, the transpositions of C7, the exchanges of C8, then the relaxations C9
(downfloats), C10 (upfloats), C11 (more colour misses) and C14 (fewer pairs). The walk
takes the first candidate of each bracket and goes back into a bracket only where the text
says so: C12, when the next bracket cannot pair a player moved down to it, and C13, when
the lowest bracket cannot be completed (ending in the two lowest brackets merged).

Every candidate carries the steps that led to it, so that each board can say how it came
about. Our readings of the places where the text is open are in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction

from swiss.dutch1998.criteria import (
    Entrant,
    Float,
    Relaxed,
    colours_met,
    compatible,
    may_float,
    minimum_colour_failures,
)
from swiss.dutch1998.subgroups import LeftoverTest, Split, can_pair, exchanges, transpositions
from swiss.messages import Message, Value, gettext_noop
from swiss.model import PairingError

_DROPPED: dict[Relaxed, Value] = {Relaxed.B6: "B6", Relaxed.B5_AND_B6: Message(gettext_noop("B6 and B5"))}


@dataclass(frozen=True)
class Outcome:
    """One candidate pairing of a bracket: its pairs (higher-ranked player first), the players
    it moves down (or, in the lowest bracket, the one who gets the bye), and how it came about.
    `relaxed` names, per player, the float criteria the candidate breaks and why it may."""

    pairs: tuple[tuple[Entrant, Entrant], ...]
    leftovers: tuple[Entrant, ...]
    steps: tuple[Message, ...]
    relaxed: dict[int, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Bracket:
    """A bracket as it was paired: its score, the players moved down into it, and the outcome."""

    score: Fraction
    moved: tuple[Entrant, ...]
    outcome: Outcome
    notes: tuple[Message, ...] = ()


# Where a step happens, inside its sentence.
_BRACKET = Message(gettext_noop("the bracket"))
_REMAINDER = Message(gettext_noop("the remainder"))
_HOMOGENEOUS = Message(gettext_noop("the bracket (A3: at least half moved down, treated as homogeneous)"))


def _names(players: tuple[Entrant, ...] | list[Entrant]) -> Value:
    return " ".join(str(p.number) for p in players) or Message(gettext_noop("none"))


def _lowered(pairs: int) -> Message:
    return Message(gettext_noop("C14: p lowered to %(p)s"), {"p": pairs})


def _raised(x: int) -> Message:
    return Message(gettext_noop("C11: x raised to %(x)s"), {"x": x})


def _relaxed(players: tuple[Entrant, ...], direction: Float) -> dict[int, frozenset[str]]:
    """The float criteria (B5, B6) these players' floats in `direction` break, recorded for
    the checker: C9 or C10 dropped them, or C1, C14, A3 or C13 moved the players as they are."""
    rules = {}
    for player in players:
        broken = {
            rule
            for rule, earlier in (("B5", player.floats[0]), ("B6", player.floats[1]))
            if earlier is direction and not player.exempt
        }
        if broken:
            rules[player.number] = frozenset(f"{rule} {direction.value}" for rule in broken)
    return rules


def _accepted(
    pairs: tuple[tuple[Entrant, Entrant], ...], leftovers: tuple[Entrant, ...]
) -> dict[int, frozenset[str]]:
    """The float criteria broken by a homogeneous group's candidate: by its leftovers (what
    C9 dropped) and by its own pairs of unequal scores, which a bracket treated as
    homogeneous (A3) or joined with the one below (C13) accepts as they come."""
    ups = tuple(low for high, low in pairs if high.score != low.score)
    downs = tuple(high for high, low in pairs if high.score != low.score)
    return {**_relaxed((*leftovers, *downs), Float.DOWN), **_relaxed(ups, Float.UP)}


def _pairing_steps(split: Split, pairs: tuple[tuple[Entrant, Entrant], ...], where: Message) -> list[Message]:
    if not pairs:
        text = gettext_noop("nobody to pair in %(where)s: %(players)s left over")
        return [Message(text, {"where": where, "players": _names(split.s2)})] if split.s2 else []
    steps = []
    if split.given:
        text = gettext_noop("C8: exchange %(given)s (S1) with %(taken)s (S2) in %(where)s")
        steps.append(
            Message(text, {"given": _names(split.given), "taken": _names(split.taken), "where": where})
        )
    steps.append(Message("C4-C5: S1 = %(s1)s, S2 = %(s2)s", {"s1": _names(split.s1), "s2": _names(split.s2)}))
    natural = split.s2[: len(split.s1)]
    chosen = tuple(b for _, b in pairs)
    if chosen != natural:
        rest = [b for b in split.s2 if b not in chosen]
        steps.append(Message(gettext_noop("C7: S2 transposed to %(s2)s"), {"s2": _names([*chosen, *rest])}))
    steps.append(Message("C6: %(pairs)s", {"pairs": ", ".join(f"{a.number}-{b.number}" for a, b in pairs)}))
    return steps


Avoid = set[frozenset[int]]


def _fresh(avoid: Avoid, spare: int, base: LeftoverTest) -> LeftoverTest:
    """`base`, and, when one player is left over, not one whose move down has failed already."""
    if spare != 1:
        return base
    return lambda player: base(player) and frozenset({player.number}) not in avoid


def homogeneous(
    group: list[Entrant], complete: bool, avoid: Avoid, where: Message = _BRACKET
) -> Iterator[Outcome]:
    """C2-C9, C11 and C14 for a homogeneous bracket or remainder group (A3).

    `complete` (the lowest bracket) allows no player to move down but the one who gets the
    bye (B1b and, as A5 makes the bye a downfloat, B5-B6). Candidates whose leftovers are in
    `avoid` (tried already by the walk, which adds to it as it goes) are not given again.
    """
    n = len(group)
    full = n // 2
    x_first = minimum_colour_failures(group)
    for drop in [0] if complete else range(full + 1):
        pairs = full - drop
        x_base = max(0, x_first - drop)
        for x in range(x_base, max(x_base, pairs) + 1):
            steps = [
                Message(
                    gettext_noop("C2-C3: x = %(x)s, p = %(p)s in %(where)s"),
                    {"x": x_first, "p": full, "where": where},
                )
            ]
            if drop:
                steps.append(_lowered(pairs))
            if x > x_base:
                steps.append(_raised(x))
            yield from _at_level(group, pairs, x, complete, avoid, where, steps)


def _at_level(
    group: list[Entrant],
    pairs: int,
    x: int,
    complete: bool,
    avoid: Avoid,
    where: Message,
    steps: list[Message],
) -> Iterator[Outcome]:
    """C4-C9 for one p and x: every exchange (C8) and transposition (C7), the players left
    over held to B5 and B6 until C9 drops them."""
    spare = len(group) - 2 * pairs
    for down in Relaxed:

        def allowed(player: Entrant, down: Relaxed = down) -> bool:
            return (player.bye_ok or not complete) and may_float(player, Float.DOWN, down)

        leftover_ok = _fresh(avoid, spare, allowed)
        if (not spare and frozenset() in avoid) or not can_pair(group, pairs, x, compatible, leftover_ok):
            continue
        text = gettext_noop("C9: %(rules)s dropped for downfloats in %(where)s")
        dropped = [Message(text, {"rules": _DROPPED[down], "where": where})] if down else []
        for split in exchanges(group, pairs):
            for found, leftovers in transpositions(split, x, compatible, leftover_ok):
                if frozenset(p.number for p in leftovers) in avoid:
                    continue
                yield Outcome(
                    found,
                    leftovers,
                    (*steps, *dropped, *_pairing_steps(split, found, where)),
                    _accepted(found, leftovers),
                )
                if not spare:
                    return  # every other candidate at this p and x leaves the same: nobody


def heterogeneous(
    group: list[Entrant], moved: list[Entrant], complete: bool, avoid: Avoid
) -> Iterator[Outcome]:
    """C2-C14 for a bracket with players moved down into it (fewer than half of it, A3):
    S1 holds the moved-down players, S2 the others (A6); the remainder is then paired as a
    homogeneous group (C6)."""
    x_first = minimum_colour_failures(group)
    for drop in range(len(moved)):
        p = len(moved) - drop
        s1 = tuple(moved[:p])
        s2 = tuple(e for e in group if e not in s1)
        rest_pairs = (len(s2) - p) // 2
        for rest_drop in [0] if complete else range(rest_pairs + 1):
            x_base = max(0, x_first - drop)
            for x in range(x_base, max(x_base, p + rest_pairs - rest_drop) + 1):
                for up in Relaxed:

                    def pair_ok(a: Entrant, b: Entrant, up: Relaxed = up) -> bool:
                        return compatible(a, b) and (a.score == b.score or may_float(b, Float.UP, up))

                    split = Split(s1, s2)
                    for found, rest in transpositions(split, x, pair_ok, lambda _: True):
                        used = sum(0 if colours_met(a, b) else 1 for a, b in found)
                        text = gettext_noop("C2-C3: x = %(x)s, p = %(p)s; S1 = the players moved down")
                        steps = [Message(text, {"x": x_first, "p": len(moved)})]
                        if drop:
                            steps.append(_lowered(p))
                        if x > x_base:
                            steps.append(_raised(x))
                        if up:
                            text = gettext_noop("C10: %(rules)s dropped for upfloats")
                            steps.append(Message(text, {"rules": _DROPPED[up]}))
                        steps += _pairing_steps(split, found, _BRACKET)
                        upfloaters = tuple(b for a, b in found if a.score != b.score)
                        if not len(rest) - 2 * (rest_pairs - rest_drop) and frozenset() in avoid:
                            break
                        for remainder in _remainder(list(rest), complete, x - used, rest_drop, avoid):
                            yield Outcome(
                                found + remainder.pairs,
                                remainder.leftovers,
                                (*steps, *remainder.steps),
                                {**_relaxed(upfloaters, Float.UP), **remainder.relaxed},
                            )


def _remainder(
    rest: list[Entrant], complete: bool, budget: int, drop: int, avoid: Avoid
) -> Iterator[Outcome]:
    """The remainder group of a heterogeneous bracket at one C14 level, C9 relaxations inside."""
    pairs = len(rest) // 2 - drop
    steps = [Message(gettext_noop("C6: the remainder is paired as a homogeneous group"))]
    if drop:
        steps.append(Message(gettext_noop("C14: p of the remainder lowered to %(p)s"), {"p": pairs}))
    yield from _at_level(rest, pairs, budget, complete, avoid, _REMAINDER, steps)


def candidates(
    players: list[Entrant], moved: list[Entrant], complete: bool, avoid: Avoid
) -> Iterator[Outcome]:
    """A bracket's candidates in the procedure's order, ending (but in the lowest bracket) with
    C14's p = 0: the whole bracket moves down."""
    if moved and 2 * len(moved) < len(players):
        yield from heterogeneous(players, moved, complete, avoid)
        if not complete:
            steps = (Message(gettext_noop("C14: p = 0, the whole bracket moves down")),)
            yield Outcome((), tuple(players), steps, _relaxed(tuple(players), Float.DOWN))
    else:
        yield from homogeneous(players, complete, avoid, where=_HOMOGENEOUS if moved else _BRACKET)


class _Failure(Exception):
    def __init__(self, rule: str) -> None:
        super().__init__(rule)
        self.rule = rule


class Walk:
    """The brackets from the top down, with C1's moves and C12's and C13's returns."""

    def __init__(self, players: list[Entrant]) -> None:
        self.scores = sorted({p.score for p in players}, reverse=True)
        self.brackets = [[p for p in players if p.score == s] for s in self.scores]

    def run(self) -> list[Bracket]:
        if not self.brackets:
            return []
        try:
            return self._walk(0, (), c12_done=False)
        except _Failure as failure:
            raise PairingError(
                "no pairing meets the absolute criteria B1 and B2, even with the lowest brackets merged (C13)"
            ) from failure

    def _move_on(self, index: int, record: Bracket, leftovers: tuple[Entrant, ...]) -> list[Bracket] | None:
        """C12 found no other player to move down from bracket `index` with its p pairs: the
        one who cannot be paired below moves on (C1). None when the brackets below still fail."""
        note = Message(
            gettext_noop("C12: no other pairing here helps; the player who cannot be paired below moves on")
        )
        try:
            below = self._walk(index + 1, leftovers, c12_done=True)
        except _Failure:
            return None
        return [Bracket(record.score, record.moved, record.outcome, (*record.notes, note)), *below]

    def _walk(self, index: int, moved: tuple[Entrant, ...], *, c12_done: bool) -> list[Bracket]:
        """The pairing of bracket `index` and those below it; raises _Failure("C12") when a
        player moved down to it cannot be paired in it, _Failure("C13") when it is the lowest
        and cannot be completed."""
        lowest = index == len(self.brackets) - 1
        players = sorted([*moved, *self.brackets[index]], key=lambda e: e.key)
        stuck = [a for a in players if not any(compatible(a, b) for b in players if b is not a)]
        notes: list[Message] = []
        if stuck and not lowest:
            if any(a in moved for a in stuck) and not c12_done:
                raise _Failure("C12")
            text = gettext_noop("C1: %(players)s cannot be paired in this bracket (B1/B2) and move down")
            notes.append(Message(text, {"players": _names(stuck)}))
            players = [p for p in players if p not in stuck]
        in_bracket = [p for p in moved if p in players]
        tried: Avoid = set()
        c12: tuple[Bracket, tuple[Entrant, ...]] | None = None
        for outcome in candidates(players, in_bracket, lowest, tried):
            if c12 is not None and len(outcome.pairs) < len(c12[0].outcome.pairs):
                # C12 accepts another player moved down only with p pairs still made here.
                below = self._move_on(index, *c12)
                if below is not None:
                    return below
                c12 = None  # The candidates left are C13's re-pairings.
            # C1 moves its players down whatever their floats.
            moved_on = _relaxed(tuple(stuck), Float.DOWN)
            if moved_on:
                outcome = replace(outcome, relaxed={**outcome.relaxed, **moved_on})
            record = Bracket(self.scores[index], tuple(in_bracket), outcome, tuple(notes))
            if lowest:
                return [record]
            leftovers = tuple(sorted([*outcome.leftovers, *stuck], key=lambda e: e.key))
            tried.add(frozenset(p.number for p in outcome.leftovers))
            try:
                return [record, *self._walk(index + 1, leftovers, c12_done=False)]
            except _Failure as failure:
                if failure.rule == "C12" and c12 is None:
                    c12 = (record, leftovers)
                notes = [
                    *notes,
                    Message(
                        gettext_noop(
                            "%(rule)s: the next bracket could not be paired, so this one is paired again"
                        ),
                        {"rule": failure.rule},
                    ),
                ]
        if lowest:
            raise _Failure("C13")
        if c12 is not None:
            below = self._move_on(index, *c12)
            if below is not None:
                return below
        if index + 2 != len(self.brackets):
            raise _Failure("C13")
        # C13: no pairing of the penultimate bracket lets the lowest be completed: join them.
        self.brackets[index : index + 2] = [self.brackets[index] + self.brackets[index + 1]]
        self.scores[index : index + 2] = [self.scores[index]]
        result = self._walk(index, moved, c12_done=c12_done)
        head = result[0]
        note = Message(gettext_noop("C13: the two lowest brackets are joined into a new lowest bracket"))
        return [Bracket(head.score, head.moved, head.outcome, (note, *head.notes)), *result[1:]]
