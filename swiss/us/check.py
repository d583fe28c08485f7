"""Findings for any proposed US Chess pairing (the engine's or a director's), board by board.

Absolute findings: a player left out or seated twice, an absentee paired, a rematch
(27A1), a bye to a player who may not have it (28L3).  Findings the director may
overrule: the bye not where 28L2 puts it, colours against 29E4, a colour conflict
that a transposition within the 29E5 limits would fix, more players out of their
score group than the engine needed (27A2), and switches that cost more rating points
than the engine's for the same colours (29E5e).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from swiss.check import Finding, PairingContext, points_text
from swiss.messages import Message, Value, colour_word, gettext_noop
from swiss.model import Board, Colour, Pairing, PairingError, TournamentState
from swiss.us.byes import choose_bye, ineligible
from swiss.us.colours import EQUALISATION, allocate, conflict
from swiss.us.facts import Facts
from swiss.us.groups import colour_key, colour_transposition
from swiss.us.options import USOptions
from swiss.us.pairing import pair, round_facts

# The shared checks name FIDE articles; these are the US Chess rules they stand for.
_US_RULES = {"C1": "27A1", "GHR 3.3": "28K", "C.04.1 Art. 3": "28L"}
# The switches a finding may propose (swiss.us.groups), as words inside its sentence.
_SWITCHES: dict[str, Value] = {
    "transposition": Message(gettext_noop("transposition")),
    "interchange": Message(gettext_noop("interchange")),
}


def check(
    state: TournamentState,
    pairing: Pairing,
    options: USOptions | None = None,
    *,
    names: Mapping[int, str] | None = None,
) -> list[Finding]:
    """Every finding for `pairing` of the round after `state`, absolute ones first."""
    options = options or USOptions()
    facts = round_facts(state, options)
    context = PairingContext(state, names or {})
    findings = [replace(f, rule=_US_RULES.get(f.rule, f.rule)) for f in context.seating(pairing)]
    known = [
        (index, board)
        for index, board in enumerate(pairing.boards, start=1)
        if board.white in facts.players and (board.black is None or board.black in facts.players)
    ]
    for index, board in known:
        if board.black is None:
            findings += _bye(facts, context, index, board.white)
        else:
            for finding in context.meeting(index, board):
                if "already played" not in finding.message.text:
                    findings.append(replace(finding, rule="28T"))
                elif not facts.can_meet(board.white, board.black):  # 27A1 may have given way
                    findings.append(replace(finding, rule="27A1"))
    try:
        reference: Pairing | None = pair(state, options)
    except PairingError:
        reference = None
    advice = _colours(facts, context, known) + _groups(facts, context, known, reference)
    return findings + [replace(f, absolute=False) for f in advice]


def _bye(facts: Facts, context: PairingContext, index: int, number: int) -> list[Finding]:
    """28L2-28L4: who may have the bye, and who comes first."""
    present = facts.ranked([n for n in facts.players if n not in facts.state.absences])
    expected, _ = choose_bye(facts, present)
    reason = ineligible(facts, number)
    if reason is not None and ineligible(facts, expected) is None:  # else 28L3 had to give way
        return [
            Finding(
                index,
                "28L3",
                Message("%(player)s %(reason)s", {"player": context.name(number), "reason": reason}),
            )
        ]
    if expected == number or (facts.options.bye_for_colours and facts.score[expected] == facts.score[number]):
        return []
    rating: Value = facts.rating[expected] or Message(gettext_noop("unrated"))
    text = gettext_noop("%(player)s has the bye; %(expected)s (%(rating)s, %(points)s points) comes first")
    values: dict[str, Value] = {
        "player": context.name(number),
        "expected": context.name(expected),
        "rating": rating,
        "points": points_text(facts.score[expected]),
    }
    return [Finding(index, "28L2", Message(text, values), absolute=False)]


def _colours(facts: Facts, context: PairingContext, known: list[tuple[int, Board]]) -> list[Finding]:
    """29E3-29E4: within each pair, the colours the rules give (rule 5 variations and the
    coin-toss alternation are the director's, so they are not judged)."""
    options = facts.options
    variations = options.minus_group_priority or options.alternate_priority or options.last_round_lot
    findings = []
    for index, board in known:
        white, black = board.white, board.black
        if black is None:
            continue
        higher, lower = facts.ranked([white, black])
        colour, rule = allocate(
            facts.due[higher], facts.due[lower], Colour.WHITE, False, rule_4=not options.no_rule_4
        )
        if rule.text.startswith("28J") or (variations and "rule 5" in str(rule)):
            continue
        if (colour is Colour.WHITE) != (higher == white):
            findings.append(
                Finding(
                    index,
                    "29E4",
                    Message(
                        gettext_noop("%(player)s should have %(colour)s: %(rule)s"),
                        {"player": context.name(higher), "colour": colour_word(colour), "rule": rule},
                    ),
                )
            )
    return findings


def _groups(
    facts: Facts, context: PairingContext, known: list[tuple[int, Board]], reference: Pairing | None
) -> list[Finding]:
    """27A2 and 29E5 within each score group, against the engine's pairing where it helps."""
    pairs = []
    for index, board in known:
        if board.black is not None:
            higher, lower = facts.ranked([board.white, board.black])
            pairs.append((index, higher, lower))
    findings = _score_groups(facts, context, pairs, reference)
    groups: dict[Fraction, list[tuple[int, int, int]]] = {}
    for index, higher, lower in pairs:
        if facts.score[higher] == facts.score[lower]:
            groups.setdefault(facts.score[higher], []).append((index, higher, lower))
    theirs = _pairs(facts, reference)
    for score, boards in groups.items():
        boards.sort(key=lambda b: facts.rank_key(b[1]))
        uppers, lowers = tuple(b[1] for b in boards), tuple(b[2] for b in boards)
        step = colour_transposition(facts, uppers, lowers)
        if step is not None:
            i, _, switch = step
            colour = facts.due[uppers[i]].colour
            assert colour is not None
            text = (
                gettext_noop(
                    "%(upper)s and %(lower)s are both due %(colour)s to equalise; the %(switch)s %(moved)s "
                    "(%(cost)s points) would fix it within the 29E5 limit"
                )
                if conflict(facts.due[uppers[i]], facts.due[lowers[i]]) == EQUALISATION
                else gettext_noop(
                    "%(upper)s and %(lower)s are both due %(colour)s to alternate; the %(switch)s %(moved)s "
                    "(%(cost)s points) would fix it within the 29E5 limit"
                )
            )
            values: dict[str, Value] = {
                "upper": context.name(uppers[i]),
                "lower": context.name(lowers[i]),
                "colour": colour_word(colour),
                "switch": _SWITCHES.get(switch.kind, switch.kind),
                "moved": f"{switch.moved[0]}↔{switch.moved[1]}",
                "cost": switch.cost,
            }
            findings.append(Finding(boards[i][0], switch.rule, Message(text, values)))
        members = set(uppers) | set(lowers)
        same = [pair for pair in theirs if set(pair) <= members]
        if 2 * len(same) != len(members):
            continue
        mine, engine = list(zip(uppers, lowers, strict=True)), same
        differing = next((b[0] for b in boards if (b[1], b[2]) not in engine), None)
        if differing is None:
            continue
        if colour_key(facts, engine) < colour_key(facts, mine):
            findings.append(
                Finding(
                    differing,
                    "29E5",
                    Message(
                        gettext_noop(
                            "the %(points)s-point group has %(count)s colour conflicts; the engine's pairing "
                            "of the same players has %(engine)s"
                        ),
                        {
                            "points": points_text(score),
                            "count": colour_key(facts, mine)[1],
                            "engine": colour_key(facts, engine)[1],
                        },
                    ),
                )
            )
        elif colour_key(facts, engine) == colour_key(facts, mine):
            cost, engine_cost = _displacement(facts, mine), _displacement(facts, engine)
            if cost > engine_cost:
                findings.append(
                    Finding(
                        differing,
                        "29E5e",
                        Message(
                            gettext_noop(
                                "the %(points)s-point group moves %(cost)s rating points from the natural "
                                "pairing; the engine's pairing gives the same colours for %(engine)s"
                            ),
                            {"points": points_text(score), "cost": cost, "engine": engine_cost},
                        ),
                    )
                )
    return findings


def _pairs(facts: Facts, pairing: Pairing | None) -> list[tuple[int, int]]:
    """The pairs of a pairing, higher-ranked player first."""
    if pairing is None:
        return []
    return [
        (h, lo) for b in pairing.boards if b.black is not None for h, lo in [facts.ranked([b.white, b.black])]
    ]


def _displacement(facts: Facts, pairs: list[tuple[int, int]]) -> int:
    """29C2: half the rating distance, summed over the players, between each opponent and the
    natural one (29C1) of the group these pairs make up; 29E5g counts none for unrated players."""
    members = facts.ranked([n for pair in pairs for n in pair])
    half = len(members) // 2
    natural = dict(zip(members[:half], members[half:], strict=True))
    natural |= {b: a for a, b in natural.items()}
    opponent = dict(pairs) | {b: a for a, b in pairs}
    return sum(facts.distance(opponent[n], natural[n]) for n in members) // 2


def _score_groups(
    facts: Facts, context: PairingContext, pairs: list[tuple[int, int, int]], reference: Pairing | None
) -> list[Finding]:
    """27A2: players paired out of their score group when the engine kept more of them in it."""
    if reference is None:
        return []
    gaps = sum(facts.score[h] - facts.score[lo] for _, h, lo in pairs)
    engine = _pairs(facts, reference)
    if gaps <= sum(facts.score[h] - facts.score[lo] for h, lo in engine):
        return []
    return [
        Finding(
            index,
            "27A2",
            Message(
                gettext_noop(
                    "%(higher)s (%(higher_points)s) and %(lower)s (%(lower_points)s) come from different "
                    "score groups; the engine's pairing keeps more players in theirs"
                ),
                {
                    "higher": context.name(h),
                    "higher_points": points_text(facts.score[h]),
                    "lower": context.name(lo),
                    "lower_points": points_text(facts.score[lo]),
                },
            ),
        )
        for index, h, lo in pairs
        if facts.score[h] != facts.score[lo] and (h, lo) not in engine
    ]
