"""Why each match of a team round was made, one sentence per match, for all three systems.

    Match 3: teams 5 (4 MP) and 12 (3 MP) are in different score groups because 12 floated up ...

Matches are numbered in board order (`swiss.team.systems.order_matches`).
"""

from __future__ import annotations

from fractions import Fraction

from swiss.team import c046, ecu, olympiad
from swiss.team.model import Primary, TeamState
from swiss.team.systems import order_matches


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def explain(state: TeamState, system: str) -> list[str]:
    """One line per match (and the bye) of the round `system` pairs, in board order."""
    if system == "team-c046":
        return _c046(state)
    return _median(state, system)


def _c046(state: TeamState) -> list[str]:
    pairing, brackets = c046.pair_with_reasons(state)
    field = c046.Field(state)
    unit = "MP" if state.primary is Primary.MATCH_POINTS else "GP"
    where = {frozenset(p): bracket for bracket in brackets for p in bracket.pairs}

    def team(n: int) -> str:
        return f"{n} ({_points(field.score[n])} {unit})"

    lines = []
    for number, board in enumerate(order_matches(state, pairing.boards), start=1):
        if board.black is None:
            lines.append(
                f"Bye: team {board.white} receives the pairing-allocated bye: of the teams [C2] allows that "
                "leave a legal pairing for the others, it has the lowest score, then the most matches "
                "played, then the largest TPN (C.04.6 3.4)."
            )
            continue
        bracket = where[frozenset((board.white, board.black))]
        first, other = c046.first_team(field, board.white, board.black)
        _, rule = c046.first_team_colour(field, first, other)
        colour = f"{board.white} has White on board 1 (C.04.6 {rule})."
        a, b = sorted((board.white, board.black), key=lambda n: (-field.score[n], n))
        if field.score[a] == field.score[b]:
            lines.append(
                f"Match {number}: teams {team(a)} and {team(b)} are in the same scoregroup; of the "
                "pairings of its bracket without a rematch ([C1]) that best meet [C8]-[C10], this one "
                f"has the smallest identifier (C.04.6 3.6). {colour}"
            )
            continue
        odd = len(bracket.residents) % 2
        why = (
            "its scoregroup has an odd number of teams"
            if odd and len(bracket.upfloaters) == 1
            else "the scoregroup could not be paired among itself with a legal pairing left for the others"
        )
        lines.append(
            f"Match {number}: teams {team(a)} and {team(b)} are in different scoregroups because {b} "
            f"floated up into the bracket of {a}: {why}; {len(bracket.upfloaters)} upfloater(s) is the "
            f"fewest possible ([C4]) with the best scores ([C5]). {colour}"
        )
    return lines


def _median(state: TeamState, system: str) -> list[str]:
    if system == "team-ecu":
        field: ecu.Field | olympiad.Field = ecu.Field(state)
        pairing, groups = ecu.pair_with_reasons(state)
        inside = "highest against lowest, the first valid combination of N.6.5-6.7"
        below_median = "lowest against highest, the combinations of N.6.5-6.7 from the lowest team up (N.6.9)"
        articles = {"float": "N.6.6", "merge": "N.6.8", "bye": "N.5.4", "colour": "D.02 article 7"}
        score = ecu.Field(state).pairing_score
    else:
        field = olympiad.Field(state)
        pairing, groups = olympiad.pair_with_reasons(state)
        inside = "upper half against lower half in the order of D.02 9.3"
        below_median = inside
        articles = {
            "float": "D.02 8.2-8.3",
            "merge": "N.6.8, as D.02 8.4",
            "bye": "D.02 4",
            "colour": "D.02 7",
        }
        score = field.score
    if field.round == 1 and system == "team-ecu":
        inside = below_median = "top half against bottom half (N.6.1)"
    where = {frozenset(p): group for group in groups for p in group.pairs}
    lines = []
    for number, board in enumerate(order_matches(state, pairing.boards), start=1):
        if board.black is None:
            lines.append(
                f"Bye: team {board.white} is the lowest-ranked team allowed the bye ({articles['bye']}) "
                "whose absence leaves a legal pairing for the others."
            )
            continue
        group = where[frozenset((board.white, board.black))]
        a, b = sorted((board.white, board.black), key=field.rank)
        teams = f"teams {a} ({_points(score[a])} MP) and {b} ({_points(score[b])} MP)"
        colour = f"{board.white} has White on board 1 ({articles['colour']})."
        if a in group.incoming or b in group.incoming:
            floater, direction = (a, "down") if a in group.incoming else (b, "up")
            why = (
                f"are in different score groups because {floater} floated {direction} from a group that "
                f"could not be paired whole, towards the median group ({articles['float']})"
            )
        elif score[a] != score[b]:
            why = (
                "are in different score groups because their groups could not both be paired and were "
                f"merged ({articles['merge']})"
            )
        else:
            place = "the median group" if group.side == "median" else f"a group {group.side} the median"
            order = below_median if group.side == "below" else inside
            why = f"are in the same score group ({place}), paired {order}"
        lines.append(f"Match {number}: {teams} {why}. {colour}")
    return lines
