"""Pairing one score group: the natural slide (29C1), then transpositions and interchanges (29C2, 29E5).

Rematches (and teammates under 28N) are removed first, by transpositions worked from the
top board down, without a rating limit (29C2, 29D1b); an interchange is used only when no
transposition works.  Colours come next (29E5-29E6, Look-Ahead): transpositions that
reduce the colour conflicts within the 80- and 200-point limits, then, unless the
director declines them, interchanges that do better than the transpositions could
(29E5d-e).  Every switch is kept with its rule and its rating cost for the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swiss.matching import maximum_matching
from swiss.messages import Message, gettext_noop
from swiss.model import Colour
from swiss.us.colours import ALTERNATION, EQUALISATION, NONE, conflict, limit
from swiss.us.facts import Facts

# 29E5d: colour interchanges exchange the lowest players of the upper half with the
# highest of the lower half; this many from each side are tried.
_INTERCHANGE_REACH = 3
# Interchanges tried, cheapest first, before a group that transpositions cannot free of
# rematches is re-paired by one matching.
_REMATCH_INTERCHANGES = 40
_REMATCH, _TEAMMATE = 1000, 1
_COUNT = {
    2: Message(gettext_noop("two")),
    3: Message(gettext_noop("three")),
    4: Message(gettext_noop("four")),
}


@dataclass(frozen=True)
class Switch:
    """One change to the natural pairing: the two players exchanged, its rating cost and why."""

    kind: str
    moved: tuple[int, int]
    cost: int
    rule: str
    reason: Message
    # A transposition's cost measured on the upper-half players it faces (29E5c), when that
    # reading is the cheaper one; the players moved are always those of the lower half.
    measured_on: tuple[int, int] | None = None

    def text(self, facts: Facts) -> Message:
        if self.kind == "re-pairing":
            return Message(
                gettext_noop("%(rule)s re-pairing of the whole group: %(reason)s"),
                {"rule": self.rule, "reason": self.reason},
            )
        a, b = (facts.name(n) for n in self.moved)
        cost = Message(gettext_noop("%(points)s points"), {"points": self.cost})
        if self.measured_on is not None:
            c, d = (facts.name(n) for n in self.measured_on)
            cost = Message(
                gettext_noop("%(points)s points (measured as %(c)s↔%(d)s, 29E5c)"),
                {"points": self.cost, "c": c, "d": d},
            )
        template = (
            gettext_noop("%(rule)s transposition %(a)s↔%(b)s, %(cost)s, %(reason)s")
            if self.kind == "transposition"
            else gettext_noop("%(rule)s interchange %(a)s↔%(b)s, %(cost)s, %(reason)s")
        )
        return Message(template, {"rule": self.rule, "a": a, "b": b, "cost": cost, "reason": self.reason})


@dataclass
class GroupPairing:
    """The pairs of a score group (upper-half player first) and how they were reached."""

    uppers: tuple[int, ...]
    lowers: tuple[int, ...]
    natural: dict[int, int]
    switches: list[Switch] = field(default_factory=list)

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.uppers, self.lowers, strict=True))


def _count(number: int, one: str, many: str) -> Message:
    """One conflict ("an equalisation conflict") or several ("two ..."), the number in words up to four."""
    if number == 1:
        return Message(one)
    return Message(many, {"count": _COUNT.get(number, number)})


def _problem(facts: Facts, a: int, b: int) -> int:
    return (0 if facts.can_meet(a, b) else _REMATCH) + (_TEAMMATE if facts.teammates(a, b) else 0)


def _transposition(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...], i: int, j: int
) -> tuple[int, tuple[int, int], tuple[int, int] | None]:
    """29E5c: a transposition counts the smaller of the two rating differences it could be read
    as. What moves is the lower half's two players (29C2: the right side is transposed, the
    left side stays in order), whichever reading measured it: (cost, the lower-half players
    moved, the upper-half players it was measured on when that reading is the smaller)."""
    upper, lower = facts.distance(uppers[i], uppers[j]), facts.distance(lowers[i], lowers[j])
    moved = (lowers[min(i, j)], lowers[max(i, j)])
    if lower <= upper:
        return lower, moved, None
    return upper, moved, (uppers[min(i, j)], uppers[max(i, j)])


def _swap(lowers: tuple[int, ...], i: int, j: int) -> tuple[int, ...]:
    changed = list(lowers)
    changed[i], changed[j] = changed[j], changed[i]
    return tuple(changed)


def _avoid_rematches(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...]
) -> tuple[tuple[int, ...], list[Switch]] | None:
    """27A1, 29C2, 28N: transpositions that remove the rematches (and teammate pairings), worked
    from the top board down as 29E6a works colours: for the highest board with a problem, the
    transposition that leaves the fewest problems, then the cheapest (no rating limit).
    None when rematches remain that no transposition removes."""
    boards = range(len(uppers))
    low, switches = lowers, []
    while True:
        problems = [_problem(facts, uppers[k], low[k]) for k in boards]
        step = None
        for i in (k for k in boards if problems[k]):
            for j in boards:
                if j == i:
                    continue
                change = _problem(facts, uppers[i], low[j]) + _problem(facts, uppers[j], low[i])
                change -= problems[i] + problems[j]
                if change >= 0:
                    continue
                price, moved, measured = _transposition(facts, uppers, low, i, j)
                if step is None or (change, price) < step[:2]:
                    step = (change, price, i, j, moved, measured)
            if step is not None:
                break
        if step is None:
            break
        _, price, i, j, moved, measured = step
        removed = [f"{uppers[k]}-{low[k]}" for k in (i, j) if problems[k]]
        after = _problem(facts, uppers[i], low[j]) + _problem(facts, uppers[j], low[i])
        rematch = after // _REMATCH < sum(problems[k] // _REMATCH for k in (i, j))
        rule = "27A1" if rematch else "28N"
        if rematch:
            avoids = (
                gettext_noop("avoids the rematches %(pairs)s")
                if len(removed) > 1
                else gettext_noop("avoids the rematch %(pairs)s")
            )
        else:
            avoids = (
                gettext_noop("avoids the teammate pairings %(pairs)s")
                if len(removed) > 1
                else gettext_noop("avoids the teammate pairing %(pairs)s")
            )
        reason = Message(avoids, {"pairs": ", ".join(removed)})
        switches.append(Switch("transposition", moved, price, rule, reason, measured))
        low = _swap(low, i, j)
    if any(_problem(facts, uppers[k], low[k]) >= _REMATCH for k in boards):
        return None
    return low, switches


def colour_key(facts: Facts, pairs: list[tuple[int, int]]) -> tuple[int, int]:
    """27A4 before 27A5: (equalisation conflicts, all colour conflicts) of the pairs."""
    levels = [conflict(facts.due[a], facts.due[b]) for a, b in pairs]
    return levels.count(EQUALISATION), sum(1 for level in levels if level != NONE)


def colour_transposition(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...]
) -> tuple[int, int, Switch] | None:
    """29E5a-c, 29E5g, 29E6a: a transposition of two boards that reduces the colour conflicts
    without a rematch, within its rating limit; None when there is none.

    Look-Ahead works down from the top board: the highest board with a conflict that some
    transposition reduces, and for it the one that leaves the fewest conflicts, then the
    cheapest."""
    due = facts.due
    levels = [conflict(due[a], due[b]) for a, b in zip(uppers, lowers, strict=True)]
    eq, total = levels.count(EQUALISATION), sum(1 for level in levels if level)
    for i, level in enumerate(levels):
        if not level:
            continue
        best: tuple[tuple[int, int], int, int] | None = None
        for j in range(len(levels)):
            if j == i:
                continue
            new = (conflict(due[uppers[i]], due[lowers[j]]), conflict(due[uppers[j]], due[lowers[i]]))
            new_eq = eq - (level == EQUALISATION) - (levels[j] == EQUALISATION) + new.count(EQUALISATION)
            new_total = total - 1 - bool(levels[j]) + bool(new[0]) + bool(new[1])
            if (new_eq, new_total) >= (eq, total) or (best is not None and (new_eq, new_total) > best[0]):
                continue
            cost = _allowed_colour_transposition(facts, uppers, lowers, i, j, levels, new_eq < eq)
            if cost is not None and (best is None or ((new_eq, new_total), cost) < best[:2]):
                best = ((new_eq, new_total), cost, j)
        if best is not None:
            (new_eq, new_total), cost, j = best
            _, moved, measured = _transposition(facts, uppers, lowers, i, j)
            reason = _fixes(eq - new_eq, (total - new_total) - (eq - new_eq))
            return (
                i,
                j,
                Switch("transposition", moved, cost, _colour_rule(new_eq < eq, cost), reason, measured),
            )
    return None


def _allowed_colour_transposition(
    facts: Facts,
    uppers: tuple[int, ...],
    lowers: tuple[int, ...],
    i: int,
    j: int,
    levels: list[int],
    fixes_eq: bool,
) -> int | None:
    """The cost of transposing boards i and j for colour, or None when 27A1, 28N/29E8 or the
    29E5 limit forbids it."""
    first, second = (uppers[i], lowers[j]), (uppers[j], lowers[i])
    if not (facts.can_meet(*first) and facts.can_meet(*second)):
        return None
    if facts.teams:
        before = facts.teammates(uppers[i], lowers[i]) + facts.teammates(uppers[j], lowers[j])
        more_teammates = facts.teammates(*first) + facts.teammates(*second) > before
        if more_teammates and (facts.options.teammates_over_colours or not fixes_eq):
            return None  # 29E8 (variation), or teammates outrank mere alternation
    cost, _, _ = _transposition(facts, uppers, lowers, i, j)
    colours = {facts.due[uppers[k]].colour for k in (i, j) if levels[k] == EQUALISATION}
    extra = Colour.WHITE if Colour.WHITE in colours else Colour.BLACK
    ceiling = limit(EQUALISATION if fixes_eq else ALTERNATION, extra, facts.options)
    return None if ceiling is not None and cost > ceiling else cost


def _colour_rule(fixes_eq: bool, cost: int) -> str:
    if cost == 0:
        return "29E5g"
    if fixes_eq:
        return "29E5h" if cost > 200 else "29E5b"
    return "29E5a"


def _fixes(equalisation: int, alternation: int) -> Message:
    parts = []
    if equalisation > 0:
        one, many = gettext_noop("an equalisation conflict"), gettext_noop("%(count)s equalisation conflicts")
        parts.append(_count(equalisation, one, many))
    if alternation > 0:
        one, many = gettext_noop("an alternation conflict"), gettext_noop("%(count)s alternation conflicts")
        parts.append(_count(alternation, one, many))
    if len(parts) == 2:
        return Message(
            gettext_noop("fixes %(first)s and %(second)s"), {"first": parts[0], "second": parts[1]}
        )
    if parts:
        return Message(gettext_noop("fixes %(conflicts)s"), {"conflicts": parts[0]})
    return Message(gettext_noop("the same colours for fewer rating points"))


def _arrange(facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...]) -> GroupPairing | None:
    """Rematches out by transpositions, then the colour transpositions; None when rematches stay."""
    found = _avoid_rematches(facts, uppers, lowers)
    if found is None:
        return None
    low, switches = found
    result = GroupPairing(uppers, low, {}, switches)
    _improve_colours(facts, result)
    return result


def _improve_colours(facts: Facts, result: GroupPairing) -> None:
    while (step := colour_transposition(facts, result.uppers, result.lowers)) is not None:
        i, j, switch = step
        result.lowers = _swap(result.lowers, i, j)
        result.switches.append(switch)


def _interchanged(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...], up: int, down: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """29C2: `up` moves to the upper half and `down` to the lower half, each half in rank order."""
    new_uppers = facts.ranked([n for n in uppers if n != down] + [up])
    new_lowers = facts.ranked([n for n in lowers if n != up] + [down])
    return tuple(new_uppers), tuple(new_lowers)


def _fewest_conflicts(facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...]) -> int:
    """A lower bound of the colour conflicts of any pairing of these halves (rematches ignored)."""
    up = [facts.due[n].colour for n in uppers]
    down = [facts.due[n].colour for n in lowers]
    white, black = (
        min(up.count(Colour.WHITE), down.count(Colour.BLACK)),
        min(up.count(Colour.BLACK), down.count(Colour.WHITE)),
    )
    left = up.count(Colour.WHITE) - white + up.count(Colour.BLACK) - black
    return len(uppers) - white - black - min(left, down.count(None)) - up.count(None)


def _colour_cost(result: GroupPairing) -> tuple[int, int]:
    """The total and the largest cost of the colour switches made."""
    costs = [s.cost for s in result.switches if s.rule.startswith("29E5")]
    return sum(costs), max(costs, default=0)


def pair_group(facts: Facts, members: list[int]) -> GroupPairing:
    """29C-29E: pair an even score group given in rank order, which can be paired without rematches."""
    half = len(members) // 2
    uppers, lowers = tuple(members[:half]), tuple(members[half:])
    natural = dict(zip(uppers, lowers, strict=True)) | dict(zip(lowers, uppers, strict=True))
    result = _arrange(facts, uppers, lowers)
    if result is None:
        result = _rematch_interchange(facts, uppers, lowers) or _least_displacement(facts, members)
    elif facts.options.colour_interchanges:
        result = _colour_interchange(facts, uppers, lowers, result) or result
    result.natural = natural
    return result


def _rematch_interchange(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...]
) -> GroupPairing | None:
    """29C2: no transposition avoids the rematches, so the cheapest interchange that lets them do it."""
    options = sorted((facts.distance(u, d), u, d) for u in uppers for d in lowers)
    for cost, down, up in options[:_REMATCH_INTERCHANGES]:
        result = _arrange(facts, *_interchanged(facts, uppers, lowers, up, down))
        if result is not None:
            reason = Message(gettext_noop("no transposition avoids the rematches"))
            step = Switch("interchange", (down, up), cost, "27A1", reason)
            result.switches.insert(0, step)
            return result
    return None


def _colour_interchange(
    facts: Facts, uppers: tuple[int, ...], lowers: tuple[int, ...], base: GroupPairing
) -> GroupPairing | None:
    """29E5d-e: an interchange when it gives better colours than the transpositions did, or the
    same colours for fewer points when those transpositions went beyond 80 points.  Better
    colours first, then the smaller interchange, then the fewer points in all."""
    base_key = colour_key(facts, base.pairs)
    base_total, base_largest = _colour_cost(base)
    if base_key == (0, 0) and base_largest <= 80:
        return None
    levels = [(conflict(facts.due[a], facts.due[b]), facts.due[a].colour) for a, b in base.pairs]
    white_first = Colour.WHITE if (EQUALISATION, Colour.WHITE) in levels else Colour.BLACK
    widest = limit(EQUALISATION, white_first, facts.options)
    candidates = sorted(
        (facts.distance(down, up), down, up)
        for down in uppers[-_INTERCHANGE_REACH:]
        for up in lowers[:_INTERCHANGE_REACH]
    )
    best: tuple[tuple[tuple[int, int], int, int], GroupPairing] | None = None
    for cost, down, up in candidates:
        if (widest is not None and cost > widest) or (best is not None and best[0][0] == (0, 0)):
            break  # dearer interchanges can do no better
        split = _interchanged(facts, uppers, lowers, up, down)
        if base_largest <= 80 and _fewest_conflicts(facts, *split) >= base_key[1]:
            continue
        result = _arrange(facts, *split)
        if result is None:
            continue
        key = colour_key(facts, result.pairs)
        total = cost + _colour_cost(result)[0]
        if key < base_key:
            fixes_eq = key[0] < base_key[0]
            reason = _fixes(base_key[0] - key[0], (base_key[1] - key[1]) - (base_key[0] - key[0]))
        elif key == base_key and base_largest > 80 and total < base_total:
            fixes_eq = any(s.rule == "29E5b" for s in base.switches)
            reason = Message(
                gettext_noop("the same colours as transpositions of %(points)s points"),
                {"points": base_total},
            )
        else:
            continue
        ceiling = limit(EQUALISATION if fixes_eq else ALTERNATION, white_first, facts.options)
        if (ceiling is None or cost <= ceiling) and (best is None or (key, cost, total) < best[0]):
            result.switches.insert(
                0, Switch("interchange", (down, up), cost, _colour_rule(fixes_eq, cost), reason)
            )
            best = ((key, cost, total), result)
    return None if best is None else best[1]


def _least_displacement(facts: Facts, members: list[int]) -> GroupPairing:
    """27A1 when no short sequence of switches avoids the rematches: the pairing of the group
    that stays closest to the natural one, summed over all boards, by one matching."""
    half = len(members) // 2
    width = len(members) + 1
    big = width * len(members)
    edges = [
        (q, p, big + width - abs(q - p - half))
        for q in range(len(members))
        for p in range(q)
        if facts.can_meet(members[p], members[q])
    ]
    pairs = [facts.ranked([members[a], members[b]]) for a, b in maximum_matching(len(members), edges)]
    pairs.sort(key=lambda pair: facts.rank_key(pair[0]))
    result = GroupPairing(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs), {})
    reason = Message(
        gettext_noop(
            "no single interchange lets transpositions avoid the rematches; "
            "the pairing nearest the natural one"
        )
    )
    result.switches.append(Switch("re-pairing", (pairs[0][0], pairs[0][1]), 0, "27A1", reason))
    _improve_colours(facts, result)
    return result
