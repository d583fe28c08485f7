"""Why each match of a team round was made, one sentence per match, for all three systems.

    Match 3: teams 5 (4 MP) and 12 (3 MP) are in different score groups because 12 floated up ...

Matches are numbered in board order (`swiss.team.systems.order_matches`). Each line is a
`Message` (`swiss.messages`), worded by the caller.
"""

from __future__ import annotations

from fractions import Fraction

from swiss.messages import Message, Value, gettext_noop
from swiss.team import c046, ecu, olympiad
from swiss.team.model import Primary, TeamState
from swiss.team.systems import order_matches


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def explain(state: TeamState, system: str) -> list[Message]:
    """One line per match (and the bye) of the round `system` pairs, in board order."""
    if system == "team-c046":
        return _c046(state)
    return _median(state, system)


def numbered(line: Message, number: int) -> Message:
    """A match's line under another match number (the draft's, when the arbiter reordered it)."""
    return Message(line.text, {**line.args, "match": number}) if "match" in line.args else line


_UNITS = {Primary.MATCH_POINTS: Message(gettext_noop("MP")), Primary.GAME_POINTS: Message(gettext_noop("GP"))}
_MP = _UNITS[Primary.MATCH_POINTS]


def _team(number: int, points: Fraction, unit: Message) -> Message:
    """ "5 (4 MP)": a team with its score."""
    return Message(
        "%(team)s (%(points)s %(unit)s)", {"team": number, "points": _points(points), "unit": unit}
    )


def _c046(state: TeamState) -> list[Message]:
    pairing, brackets = c046.pair_with_reasons(state)
    field = c046.Field(state)
    unit = _UNITS[state.primary]
    where = {frozenset(p): bracket for bracket in brackets for p in bracket.pairs}
    lines = []
    for number, board in enumerate(order_matches(state, pairing.boards), start=1):
        if board.black is None:
            text = gettext_noop(
                "Bye: team %(team)s receives the pairing-allocated bye: of the teams [C2] allows "
                "that leave a "
                "legal pairing for the others, it has the lowest score, then the most matches "
                "played, then the "
                "largest TPN (C.04.6 3.4)."
            )
            lines.append(Message(text, {"team": board.white}))
            continue
        bracket = where[frozenset((board.white, board.black))]
        first, other = c046.first_team(field, board.white, board.black)
        _, rule = c046.first_team_colour(field, first, other)
        colour = Message(
            gettext_noop("%(team)s has White on board 1 (C.04.6 %(rule)s)."),
            {"team": board.white, "rule": rule},
        )
        a, b = sorted((board.white, board.black), key=lambda n: (-field.score[n], n))
        values: dict[str, Value] = {
            "match": number,
            "a": _team(a, field.score[a], unit),
            "b": _team(b, field.score[b], unit),
            "colour": colour,
        }
        if field.score[a] == field.score[b]:
            text = gettext_noop(
                "Match %(match)s: teams %(a)s and %(b)s are in the same scoregroup; of the pairings "
                "of its bracket "
                "without a rematch ([C1]) that best meet [C8]-[C10], this one has the smallest identifier "
                "(C.04.6 3.6). %(colour)s"
            )
            lines.append(Message(text, values))
            continue
        odd = len(bracket.residents) % 2
        why = (
            gettext_noop("its scoregroup has an odd number of teams")
            if odd and len(bracket.upfloaters) == 1
            else gettext_noop(
                "the scoregroup could not be paired among itself with a legal pairing left for the others"
            )
        )
        text = gettext_noop(
            "Match %(match)s: teams %(a)s and %(b)s are in different scoregroups because "
            "%(upfloater)s floated up "
            "into the bracket of %(team)s: %(why)s; %(count)s upfloater(s) is the fewest possible "
            "([C4]) with the "
            "best scores ([C5]). %(colour)s"
        )
        values |= {"upfloater": b, "team": a, "why": Message(why), "count": len(bracket.upfloaters)}
        lines.append(Message(text, values))
    return lines


def _median(state: TeamState, system: str) -> list[Message]:
    if system == "team-ecu":
        field: ecu.Field | olympiad.Field = ecu.Field(state)
        pairing, groups = ecu.pair_with_reasons(state)
        inside = Message(gettext_noop("highest against lowest, the first valid combination of N.6.5-6.7"))
        below_median = Message(
            gettext_noop(
                "lowest against highest, the combinations of N.6.5-6.7 from the lowest team up (N.6.9)"
            )
        )
        articles = {"float": "N.6.6", "merge": "N.6.8", "bye": "N.5.4", "colour": "D.02 article 7"}
        score = ecu.Field(state).pairing_score
    else:
        field = olympiad.Field(state)
        pairing, groups = olympiad.pair_with_reasons(state)
        inside = Message(gettext_noop("upper half against lower half in the order of D.02 9.3"))
        below_median = inside
        articles = {
            "float": "D.02 8.2-8.3",
            "merge": "N.6.8, as D.02 8.4",
            "bye": "D.02 4",
            "colour": "D.02 7",
        }
        score = field.score
    if field.round == 1 and system == "team-ecu":
        inside = below_median = Message(gettext_noop("top half against bottom half (N.6.1)"))
    where = {frozenset(p): group for group in groups for p in group.pairs}
    lines = []
    for number, board in enumerate(order_matches(state, pairing.boards), start=1):
        if board.black is None:
            text = gettext_noop(
                "Bye: team %(team)s is the lowest-ranked team allowed the bye (%(rule)s) whose "
                "absence leaves a "
                "legal pairing for the others."
            )
            lines.append(Message(text, {"team": board.white, "rule": articles["bye"]}))
            continue
        group = where[frozenset((board.white, board.black))]
        a, b = sorted((board.white, board.black), key=field.rank)
        colour = Message(
            gettext_noop("%(team)s has White on board 1 (%(rule)s)."),
            {"team": board.white, "rule": articles["colour"]},
        )
        values: dict[str, Value] = {
            "match": number,
            "a": _team(a, score[a], _MP),
            "b": _team(b, score[b], _MP),
            "colour": colour,
        }
        if a in group.incoming or b in group.incoming:
            values |= {"floater": a if a in group.incoming else b, "rule": articles["float"]}
            text = (
                gettext_noop(
                    "Match %(match)s: teams %(a)s and %(b)s are in different score groups because "
                    "%(floater)s "
                    "floated down from a group that could not be paired whole, towards the median group "
                    "(%(rule)s). %(colour)s"
                )
                if a in group.incoming
                else gettext_noop(
                    "Match %(match)s: teams %(a)s and %(b)s are in different score groups because "
                    "%(floater)s "
                    "floated up from a group that could not be paired whole, towards the median group "
                    "(%(rule)s). %(colour)s"
                )
            )
        elif score[a] != score[b]:
            values["rule"] = articles["merge"]
            text = gettext_noop(
                "Match %(match)s: teams %(a)s and %(b)s are in different score groups because their "
                "groups could "
                "not both be paired and were merged (%(rule)s). %(colour)s"
            )
        else:
            values["order"] = below_median if group.side == "below" else inside
            text = _SAME_GROUP[group.side]
        lines.append(Message(text, values))
    return lines


# A match within one score group, by where the group lies (swiss.team.median).
_SAME_GROUP = {
    "median": gettext_noop(
        "Match %(match)s: teams %(a)s and %(b)s are in the same score group (the median group), paired "
        "%(order)s. %(colour)s"
    ),
    "above": gettext_noop(
        "Match %(match)s: teams %(a)s and %(b)s are in the same score group (a group above the "
        "median), paired "
        "%(order)s. %(colour)s"
    ),
    "below": gettext_noop(
        "Match %(match)s: teams %(a)s and %(b)s are in the same score group (a group below the "
        "median), paired "
        "%(order)s. %(colour)s"
    ),
}
