"""The 1998 "Swiss System based on Rating" (FIDE Handbook C.04.1, 1992 GA, amended 1997 and
1998; docs/dutch.md section 8): the procedural ancestor of the Dutch system, kept to replay and
check historical tournaments.

    criteria    sections A and B: the players' facts and the criteria B1-B6
    subgroups   section D: transpositions, exchanges, and the matching test behind C6-C8
    procedure   section C: the flow C1-C14 over the score brackets
    check       a proposed pairing's findings against B1-B6
    explain     each board's procedure steps
"""

from __future__ import annotations

from dataclasses import dataclass

from swiss.colours import allocate, initial_colour
from swiss.dutch1998.criteria import entrants
from swiss.dutch1998.procedure import Bracket, Walk
from swiss.model import Board, Colour, Pairing, TournamentState


@dataclass(frozen=True)
class Paired:
    """The pairing and, per board (same order), the bracket that made it."""

    pairing: Pairing
    brackets: tuple[Bracket, ...]
    made_by: tuple[Bracket, ...]

    def relaxed(self) -> dict[int, frozenset[str]]:
        """The float criteria the procedure dropped and the pairing breaks, per player."""
        result: dict[int, frozenset[str]] = {}
        for bracket in self.brackets:
            for number, rules in bracket.outcome.relaxed.items():
                result[number] = result.get(number, frozenset()) | rules
        return result


def pair_with_steps(state: TournamentState) -> Paired:
    """The next round under the 1998 rules, with the brackets the procedure went through.

    Colours follow section E, which the shared allocation implements (E1 both preferences,
    E2 the stronger, E3 alternation from the latest round with different colours, E4 the
    higher-ranked player's preference, E5 the lot alternating down the boards)."""
    players = entrants(state)
    rank = {p.number: i for i, p in enumerate(players, start=1)}
    brackets = tuple(Walk(players).run())
    lot = initial_colour(state)
    boards, made_by = [], []
    for bracket in brackets:
        for higher, lower in bracket.outcome.pairs:
            colour = allocate(higher.colours, rank[higher.number], lower.colours, lot)
            white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
            boards.append(Board(white.number, black.number))
            made_by.append(bracket)
    last = brackets[-1] if brackets else None
    if last is not None and last.outcome.leftovers:
        (bye,) = last.outcome.leftovers
        boards.append(Board(bye.number, None))
        made_by.append(last)
    return Paired(Pairing(tuple(boards)), brackets, tuple(made_by))


def pair(state: TournamentState) -> Pairing:
    """The next round under the 1998 rules; PairingError when B1-B2 allow none."""
    return pair_with_steps(state).pairing
