"""US Chess pairing of one round (rules 27-29, our defaults in docs/us-chess.md section 4).

Withdrawn and absent players and requested byes are left out; the full-point bye is
chosen by 28L; score groups are paired from the top down, each ranked by rating with
unrated players last (29A-29B).  A floater from above meets the highest-rated player
it has not met (29D); an odd group sends its lowest-rated rated player down (29D1).
Each group is then paired by `swiss.us.groups`.  Every board carries a line of the
pairing-logic log saying how it came about.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from fractions import Fraction

from swiss.check import points_text
from swiss.messages import Message, gettext_noop, listed
from swiss.model import Board, Colour, Pairing, PairingError, TournamentState
from swiss.us.byes import choose_bye, half_bye, ineligible
from swiss.us.colours import ALTERNATION, EQUALISATION, NONE, allocate, conflict, limit
from swiss.us.facts import Facts
from swiss.us.groups import colour_key, pair_group
from swiss.us.options import USOptions


@dataclass(frozen=True)
class USPairing:
    """The boards in US board order (the bye last) and the log: one line per board, then the bye's."""

    pairing: Pairing
    log: tuple[Message, ...]


@dataclass
class _Pair:
    """A pair as made, before colours: the higher-ranked player first."""

    higher: int
    lower: int
    notes: list[Message] = field(default_factory=list)


def pair(state: TournamentState, options: USOptions | None = None) -> Pairing:
    """The next round under the US Chess rules; PairingError when no legal pairing exists."""
    return pair_with_log(state, options).pairing


def pair_with_log(state: TournamentState, options: USOptions | None = None) -> USPairing:
    """The next round and its pairing-logic log."""
    facts = round_facts(state, options or USOptions())
    active = facts.ranked([n for n in facts.players if n not in state.absences])
    bye, bye_line = choose_bye(facts, active) if len(active) % 2 else (None, None)
    pairs = _pair_round(facts, active, bye)
    if bye is not None and bye_line is not None and facts.options.bye_for_colours:
        bye, bye_line, pairs = _bye_for_colours(facts, active, bye, bye_line, pairs)
    boards, lines = _colours(facts, pairs)
    if bye is not None and bye_line is not None:
        boards.append(Board(bye, None))
        lines.append(bye_line)
    return USPairing(Pairing(tuple(boards)), tuple(lines))


def order_boards(
    state: TournamentState, boards: tuple[Board, ...] | list[Board], options: USOptions | None = None
) -> tuple[Board, ...]:
    """The boards in US board order (docs/us-chess.md section 4, step 6): by the higher-ranked
    player of each pair (29A-29B: score, then rating), the bye last.  The order `pair_with_log`
    gives; used again after a director's manual change."""
    facts = Facts(state, options or USOptions())

    def key(board: Board) -> tuple[bool, tuple[Fraction, bool, int, int]]:
        players = [board.white] if board.black is None else [board.white, board.black]
        return board.black is None, min(facts.rank_key(n) for n in players)

    return tuple(sorted(boards, key=key))


def round_facts(state: TournamentState, options: USOptions) -> Facts:
    """The facts of the round to pair.  27A1 gives way when there are at least as many
    rounds as players and no pairing avoids every rematch: the oldest games are
    forgotten first, one round at a time, until one does."""
    facts = Facts(state, options)
    active = [n for n in facts.players if n not in state.absences]
    forgotten = 0
    while (
        state.total_rounds >= len(active) > 1 and forgotten < facts.round - 1 and not _possible(facts, active)
    ):
        forgotten += 1
        facts = Facts(state, options, forgotten=forgotten)
    return facts


def _possible(facts: Facts, active: list[int]) -> bool:
    if len(active) % 2 == 0:
        return facts.pairable(active)
    return any(facts.pairable([n for n in active if n != bye]) for bye in active)


def _pair_round(facts: Facts, active: list[int], bye: int | None) -> list[_Pair]:
    players = [n for n in active if n != bye]
    if not facts.pairable(players):
        raise PairingError(
            f"the {len(players)} players cannot all be paired without a rematch (27A1); "
            "the rules allow rematches only when there are at least as many rounds as players"
        )
    return _pair_groups(facts, players)


def _bye_for_colours(
    facts: Facts, active: list[int], bye: int, line: Message, pairs: list[_Pair]
) -> tuple[int, Message, list[_Pair]]:
    """28L2a (variation): a higher-rated player of the bye's score group takes it instead
    when that leaves fewer colour conflicts, within the 29E5 limits of the bye's rating."""
    best = (colour_key(facts, [(p.higher, p.lower) for p in pairs]), bye, line, pairs)
    for other in sorted(active, key=lambda n: facts.rating[n]):
        cost = facts.distance(bye, other)
        if facts.score[other] != facts.score[bye] or facts.rating[other] <= facts.rating[bye] or cost > 200:
            continue
        if (
            ineligible(facts, other)
            or half_bye(facts, other)
            or not facts.pairable([n for n in active if n != other])
        ):
            continue
        others = _pair_round(facts, active, other)
        key = colour_key(facts, [(p.higher, p.lower) for p in others])
        fixes_eq = key[0] < best[0][0]
        ceiling = limit(EQUALISATION if fixes_eq else ALTERNATION, None, facts.options)
        if key < best[0] and (ceiling is None or cost <= ceiling):
            why = Message(
                gettext_noop(
                    "Bye: %(player)s (%(rating)s) instead of %(other)s (%(other_rating)s), "
                    "%(points)s points, for better colours (28L2a)."
                ),
                {
                    "player": facts.name(other),
                    "rating": facts.rating[other],
                    "other": facts.name(bye),
                    "other_rating": facts.rating[bye],
                    "points": cost,
                },
            )
            best = (key, other, why, others)
    return best[1], best[2], best[3]


def _pair_groups(facts: Facts, active: list[int]) -> list[_Pair]:
    """29A-29D: the score groups from the top down, floaters first in the group below."""
    groups = [list(g) for _, g in itertools.groupby(active, key=lambda n: facts.score[n])]
    made: list[_Pair] = []
    floaters: list[int] = []
    origin: dict[int, Message] = {}
    for index, residents in enumerate(groups):
        below = [n for group in groups[index + 1 :] for n in group]
        score = points_text(facts.score[residents[0]])
        carried: list[int] = []
        paired: set[int] = set()
        for position, floater in enumerate(floaters):
            if floater in paired:
                continue
            later = [n for n in floaters[position + 1 :] if n not in paired]
            rest = [*carried, floater, *later, *residents, *below]
            choice = _floater_opponent(facts, floater, residents + later, rest)
            if choice is None:
                carried.append(floater)
                continue
            meets = Message(
                gettext_noop("%(origin)s; meets the %(score)s-point group"),
                {"origin": origin[floater], "score": score},
            )
            choice.notes.insert(0, meets)
            made.append(choice)
            paired.update((floater, choice.lower))
            if choice.lower in residents:
                residents.remove(choice.lower)
        drops, why = _drops(facts, residents, carried + below)
        if why is not None:  # someone floats down
            for number in drops:
                origin[number] = Message(
                    gettext_noop("%(player)s floats down from the %(score)s-point group (%(why)s)"),
                    {"player": facts.name(number), "score": score, "why": why},
                )
        group = [n for n in residents if n not in drops]
        if group:
            made.extend(_group_pairs(facts, group, score))
        floaters = facts.ranked(carried + drops)
    if floaters:  # pragma: no cover - pairable() was checked for the whole round
        raise PairingError("the lowest score group could not be completed")
    return made


def _floater_opponent(facts: Facts, floater: int, candidates: list[int], rest: list[int]) -> _Pair | None:
    """29D1a, 29D2: the highest-ranked candidate the floater has not met whose pairing leaves
    everyone else pairable; a lower one within the 29E5 limits when that fixes a colour conflict."""

    def legal(candidate: int) -> bool:
        others = [n for n in rest if n not in (floater, candidate)]
        return facts.can_meet(floater, candidate) and facts.pairable(others)

    natural = next((c for c in candidates if legal(c)), None)
    if natural is None:
        return None
    level = conflict(facts.due[floater], facts.due[natural])
    if level != NONE:
        ceiling = limit(level, facts.due[floater].colour, facts.options)
        for candidate in candidates[candidates.index(natural) + 1 :]:
            cost = facts.distance(natural, candidate)
            if ceiling is not None and cost > ceiling:
                continue
            if conflict(facts.due[floater], facts.due[candidate]) == NONE and legal(candidate):
                rule = "29E5g" if cost == 0 else "29E5b" if level > ALTERNATION else "29E5a"
                switch = (
                    gettext_noop(
                        "natural opponent %(natural)s (29D1a); %(rule)s colour switch to %(player)s, "
                        "%(points)s points, fixes an equalisation conflict"
                    )
                    if level > ALTERNATION
                    else gettext_noop(
                        "natural opponent %(natural)s (29D1a); %(rule)s colour switch to %(player)s, "
                        "%(points)s points, fixes an alternation conflict"
                    )
                )
                values: dict[str, str | int] = {
                    "natural": facts.name(natural),
                    "rule": rule,
                    "player": facts.name(candidate),
                    "points": cost,
                }
                return _Pair(floater, candidate, [Message(switch, values)])
    note = Message(
        gettext_noop("natural opponent %(player)s, the highest-rated not met (29D1a)"),
        {"player": facts.name(natural)},
    )
    return _Pair(floater, natural, [note])


def _drops(facts: Facts, residents: list[int], below: list[int]) -> tuple[list[int], Message | None]:
    """29D1-29D2: who leaves the group so that the rest can be paired among themselves and
    everyone below still can be: as few players as possible, the lowest-rated rated first."""
    order = sorted(residents, key=lambda n: (facts.rating[n] == 0, facts.rating[n], -n))
    if len(residents) % 2 == 0 and facts.pairable(residents) and facts.pairable(below):
        return [], None
    for size in range(len(residents) % 2, len(residents) + 1, 2):
        for drops in itertools.combinations(order[: size + 4], size):
            stay = [n for n in residents if n not in drops]
            if facts.pairable(stay) and facts.pairable(facts.ranked([*drops, *below])):
                if size == 1 and drops[0] == order[0]:
                    return list(drops), Message(gettext_noop("29D1a: the odd player, lowest-rated"))
                if size == 1:
                    return list(drops), Message(
                        gettext_noop("29D1b: the odd player; the lower-rated ones could not float")
                    )
                return list(drops), Message(
                    gettext_noop("29D2: %(count)s players float, fewer could not keep the rest pairable"),
                    {"count": size},
                )
    return list(residents), Message(
        gettext_noop("29D2: the whole group floats, it cannot be paired within itself")
    )


def _group_pairs(facts: Facts, group: list[int], score: str) -> list[_Pair]:
    """The pairs of one score group, each with its natural opponent and the switches that moved it."""
    result = pair_group(facts, group)
    made = []
    for upper, lower in result.pairs:
        natural = result.natural[upper]
        notes = [Message(gettext_noop("%(score)s-point group"), {"score": score})]
        if natural == lower:
            notes.append(Message(gettext_noop("natural pairing (29C1)")))
        else:
            notes.append(
                Message(
                    gettext_noop("natural opponent of %(player)s: %(opponent)s (29C1)"),
                    {"player": facts.name(upper), "opponent": facts.name(natural)},
                )
            )
        notes += [
            s.text(facts)
            for s in result.switches
            if upper in s.moved or lower in s.moved or s.kind == "re-pairing"
        ]
        higher, lower = facts.ranked([upper, lower])
        made.append(_Pair(higher, lower, notes))
    return made


def _colours(facts: Facts, pairs: list[_Pair]) -> tuple[list[Board], list[Message]]:
    """29E4 in each pair; boards by the higher player's score, then rating (our default)."""
    state = facts.state
    toss = state.initial_colour or Colour.WHITE
    pairs = sorted(pairs, key=lambda p: facts.rank_key(p.higher))
    boards: list[Board] = []
    lines: list[Message] = []
    in_group: dict[object, int] = {}
    for index, made in enumerate(pairs, start=1):
        higher, lower = made.higher, made.lower
        position = in_group[facts.score[higher]] = in_group.get(facts.score[higher], 0) + 1
        fallback = toss if index % 2 else toss.opposite
        colour, rule = allocate(
            facts.due[higher],
            facts.due[lower],
            fallback,
            _lower_priority(facts, made, position),
            rule_4=not facts.options.no_rule_4,
        )
        white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
        met = [
            r
            for r, game in enumerate(facts.players[higher].history[: facts.forgotten], 1)
            if game.opponent == lower
        ]
        if met:
            gives_way = gettext_noop(
                "27A1 gives way: they met in round %(round)s, and there are as many rounds as players"
            )
            made.notes.append(Message(gives_way, {"round": met[0]}))
        boards.append(Board(white, black))
        lines.append(
            Message(
                gettext_noop("Board %(board)s: %(white)s (W) - %(black)s; %(notes)s."),
                {
                    "board": index,
                    "white": facts.name(white),
                    "black": facts.name(black),
                    "notes": listed([*made.notes, rule], "; "),
                },
            )
        )
    return boards, lines


def _lower_priority(facts: Facts, made: _Pair, position: int) -> bool:
    """29E4a-c (variations): whether rule 5 favours the lower-ranked player of this pair."""
    options, state = facts.options, facts.state
    if options.last_round_lot and facts.round == state.total_rounds:
        lot = random.Random(f"{state.name}/{facts.round}/{made.higher}/{made.lower}")
        return lot.random() < 0.5
    if options.minus_group_priority and facts.score[made.higher] * 2 < facts.round - 1:
        return True
    return options.alternate_priority and position % 2 == 0
