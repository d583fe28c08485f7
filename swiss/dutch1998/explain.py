"""Each board of a 1998 pairing with the procedure steps (C1-C14) that led to it.

One line per board, in the official board order: the bracket that made it (its score and
the players moved down into it), what C1, C12 or C13 did there, the steps of the bracket's
candidate (x and p, S1 and S2, transpositions, exchanges and the criteria dropped), the
floats, and whether each player gets their colour preference (E).
"""

from __future__ import annotations

from swiss.boards import order_boards
from swiss.check import granted, points_text
from swiss.dutch1998 import Paired, pair_with_steps
from swiss.dutch1998.check import floats
from swiss.dutch1998.criteria import entrants
from swiss.dutch1998.procedure import Bracket
from swiss.model import Board, Colour, TournamentState

# B5: no float in the same direction twice in a row; B6: nor two rounds apart.
_REPEATS = {"B5": "the last round's", "B6": "the one two rounds before"}


def _bracket(bracket: Bracket) -> str:
    moved = " ".join(str(p.number) for p in bracket.moved)
    where = f"{points_text(bracket.score)}-point bracket"
    return f"{where} (moved down: {moved})" if moved else where


def board_steps(state: TournamentState, board: Board, paired: Paired) -> list[str]:
    """The sentences for one board the procedure made: bracket, steps, floats, colours."""
    players = {p.number: p for p in entrants(state)}
    index = paired.pairing.boards.index(board)
    bracket = paired.made_by[index]
    parts = [_bracket(bracket), *bracket.notes, *bracket.outcome.steps]
    if board.black is None:
        parts.append(f"{board.white} is left over in the lowest bracket and gets the bye (A5, B1b)")
    for number in (board.white, board.black):
        if number is not None and players[number].exempt:
            parts.append(f"{number} has over 50 % in the last round: B2, B5 and B6 do not apply to them")
    relaxed = paired.relaxed()
    for number in (board.white, board.black):
        if number is not None and relaxed.get(number):
            # The float criteria this player's float breaks, which the procedure had to drop
            # (C9, C10) or which a move as it stands accepts (C1, C13, C14, A3): in whichever
            # bracket that happened, the board says it.
            for rule in sorted(relaxed[number]):
                parts.append(f"{rule} dropped for {number}: the float repeats {_REPEATS[rule[:2]]}")
    for player, direction in floats(board, players):
        if board.black is not None:
            parts.append(f"{player.number} floats {direction.value} (A4)")
    if board.black is not None:
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            colours = players[number].colours
            if colours.preference is None:
                parts.append(f"{number} has no colour preference and gets {colour.name.lower()} (E)")
            elif granted(colours, colour):
                parts.append(f"{number} gets {colour.name.lower()} as preferred (E)")
            else:
                parts.append(f"{number} gets {colour.name.lower()} against its preference (E)")
    return parts


def explain(state: TournamentState) -> list[str]:
    """`Board n: white-black: ...` for every board of the next round, in board order."""
    paired = pair_with_steps(state)
    lines = []
    for number, board in enumerate(order_boards(state, paired.pairing.boards), start=1):
        seats = f"{board.white}-{board.black}" if board.black else f"{board.white}-bye"
        lines.append(f"Board {number}: {seats}: " + "; ".join(board_steps(state, board, paired)) + ".")
    for bracket in paired.brackets:
        if not bracket.outcome.pairs and bracket is not paired.made_by[-1]:
            steps = [*bracket.notes, *bracket.outcome.steps]
            lines.append(f"No board from the {_bracket(bracket)}: " + "; ".join(steps) + ".")
    return lines
