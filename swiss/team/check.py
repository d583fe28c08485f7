"""Rule findings of any proposed team pairing (the engine's own, or an arbiter's after a swap).

The findings shared by the three systems: every present team paired once,
no absent team paired, at most one bye and only with an odd number of teams,
no rematch, no bye for a team that may not have it, lineups in roster order.
Each system adds its colour rules (`COLOUR_RULES`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from swiss.messages import Message, Value, gettext_noop
from swiss.model import Board, Pairing
from swiss.team import c046, ecu, olympiad
from swiss.team.lineups import lineup, lineup_problem
from swiss.team.median import ranked_colours
from swiss.team.model import TeamState


@dataclass(frozen=True)
class Rules:
    """What a system adds to the shared findings: its colours and who may have the bye."""

    colours: Callable[[TeamState], Callable[[int, int], Board]]
    may_get_bye: Callable[[TeamState], Callable[[int], bool]]
    colour_article: str


def _ranked(field: ecu.Field | olympiad.Field) -> Callable[[int, int], Board]:
    return lambda a, b: ranked_colours(field, field.rank, a, b)


RULES: dict[str, Rules] = {
    "team-c046": Rules(c046.allocator, lambda s: c046.Field(s).may_get_bye, "C.04.6 article 4"),
    "team-ecu": Rules(
        lambda s: _ranked(ecu.Field(s)), lambda s: ecu.Field(s).may_get_bye, "D.02 article 7 (ECU colours)"
    ),
    "team-olympiad": Rules(
        lambda s: _ranked(olympiad.Field(s)), lambda s: olympiad.Field(s).may_get_bye, "D.02 article 7"
    ),
}


def check(state: TeamState, pairing: Pairing, system: str = "team-c046") -> list[Message]:
    """Every rule the pairing breaks, one sentence each; empty when it breaks none."""
    field = c046.Field(state)
    findings: list[Message] = []

    def found(text: str, **values: Value) -> None:
        findings.append(Message(text, values))

    seats = Counter(n for b in pairing.boards for n in (b.white, b.black) if n is not None)
    for number in sorted(seats):
        if number not in field.teams:
            found(gettext_noop("team %(team)s is not in the event"), team=number)
        elif number in state.absent:
            found(gettext_noop("team %(team)s is absent this round but paired"), team=number)
        elif seats[number] > 1:
            found(gettext_noop("team %(team)s is paired %(count)s times"), team=number, count=seats[number])
    for number in field.present:
        if number not in seats:
            found(gettext_noop("team %(team)s is present but not paired"), team=number)
    byes = [b.white for b in pairing.boards if b.black is None]
    if len(byes) > 1:
        found(
            gettext_noop("%(count)s teams get the pairing-allocated bye: %(teams)s"),
            count=len(byes),
            teams=str(byes),
        )
    if byes and len(field.present) % 2 == 0:
        found(
            gettext_noop("team %(team)s gets a bye though an even number of teams is present"), team=byes[0]
        )
    rules = RULES[system]
    may_get_bye = rules.may_get_bye(state)
    for number in byes:
        if number in field.teams and not may_get_bye(number):
            found(gettext_noop("team %(team)s may not receive the pairing-allocated bye again"), team=number)
    matches = [b for b in pairing.boards if b.black is not None and {b.white, b.black} <= field.teams.keys()]
    for match in matches:
        assert match.black is not None
        if not field.compatible(match.white, match.black):
            text = gettext_noop("teams %(white)s and %(black)s have met before or may not meet")
            found(text, white=match.white, black=match.black)
        for number in (match.white, match.black):
            problem = lineup_problem(field.teams[number], lineup(state, number), state.boards)
            if problem is not None:
                findings.append(problem)
    due = rules.colours(state)
    for match in matches:
        assert match.black is not None
        expected = due(match.white, match.black)
        if expected != match:
            text = gettext_noop("teams %(white)s and %(black)s: %(rule)s gives board 1 White to %(team)s")
            found(text, white=match.white, black=match.black, rule=rules.colour_article, team=expected.white)
    return findings
