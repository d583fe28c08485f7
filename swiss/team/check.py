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


def check(state: TeamState, pairing: Pairing, system: str = "team-c046") -> list[str]:
    """Every rule the pairing breaks, one sentence each; empty when it breaks none."""
    field = c046.Field(state)
    findings: list[str] = []
    seats = Counter(n for b in pairing.boards for n in (b.white, b.black) if n is not None)
    for number in sorted(seats):
        if number not in field.teams:
            findings.append(f"team {number} is not in the event")
        elif number in state.absent:
            findings.append(f"team {number} is absent this round but paired")
        elif seats[number] > 1:
            findings.append(f"team {number} is paired {seats[number]} times")
    for number in field.present:
        if number not in seats:
            findings.append(f"team {number} is present but not paired")
    byes = [b.white for b in pairing.boards if b.black is None]
    if len(byes) > 1:
        findings.append(f"{len(byes)} teams get the pairing-allocated bye: {byes}")
    if byes and len(field.present) % 2 == 0:
        findings.append(f"team {byes[0]} gets a bye though an even number of teams is present")
    rules = RULES[system]
    may_get_bye = rules.may_get_bye(state)
    for number in byes:
        if number in field.teams and not may_get_bye(number):
            findings.append(f"team {number} may not receive the pairing-allocated bye again")
    matches = [b for b in pairing.boards if b.black is not None and {b.white, b.black} <= field.teams.keys()]
    for match in matches:
        assert match.black is not None
        if not field.compatible(match.white, match.black):
            findings.append(f"teams {match.white} and {match.black} have met before or may not meet")
        for number in (match.white, match.black):
            problem = lineup_problem(field.teams[number], lineup(state, number), state.boards)
            if problem is not None:
                findings.append(problem)
    due = rules.colours(state)
    for match in matches:
        assert match.black is not None
        expected = due(match.white, match.black)
        if expected != match:
            findings.append(
                f"teams {match.white} and {match.black}: "
                f"{rules.colour_article} gives board 1 White to {expected.white}"
            )
    return findings
