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
from swiss.messages import Message, colour_word, gettext_noop
from swiss.model import Board, Colour, TournamentState

# B5: no float in the same direction twice in a row; B6: nor two rounds apart.
_REPEATS = {
    "B5": gettext_noop("%(rule)s dropped for %(player)s: the float repeats the last round's"),
    "B6": gettext_noop("%(rule)s dropped for %(player)s: the float repeats the one two rounds before"),
}
_FLOATS = {
    "down": gettext_noop("%(player)s floats down (A4)"),
    "up": gettext_noop("%(player)s floats up (A4)"),
}


def _bracket(bracket: Bracket) -> Message:
    moved = " ".join(str(p.number) for p in bracket.moved)
    points = points_text(bracket.score)
    if moved:
        text = gettext_noop("%(points)s-point bracket (moved down: %(moved)s)")
        return Message(text, {"points": points, "moved": moved})
    return Message(gettext_noop("%(points)s-point bracket"), {"points": points})


def board_steps(state: TournamentState, board: Board, paired: Paired) -> list[Message]:
    """The sentences for one board the procedure made: bracket, steps, floats, colours."""
    players = {p.number: p for p in entrants(state)}
    index = paired.pairing.boards.index(board)
    bracket = paired.made_by[index]
    parts = [_bracket(bracket), *bracket.notes, *bracket.outcome.steps]
    if board.black is None:
        text = gettext_noop("%(player)s is left over in the lowest bracket and gets the bye (A5, B1b)")
        parts.append(Message(text, {"player": board.white}))
    for number in (board.white, board.black):
        if number is not None and players[number].exempt:
            text = gettext_noop(
                "%(player)s has over 50 %% in the last round: B2, B5 and B6 do not apply to them"
            )
            parts.append(Message(text, {"player": number}))
    relaxed = paired.relaxed()
    for number in (board.white, board.black):
        if number is not None and relaxed.get(number):
            # The float criteria this player's float breaks, which the procedure had to drop
            # (C9, C10) or which a move as it stands accepts (C1, C13, C14, A3): in whichever
            # bracket that happened, the board says it.
            for rule in sorted(relaxed[number]):
                parts.append(Message(_REPEATS[rule[:2]], {"rule": rule, "player": number}))
    for player, direction in floats(board, players):
        if board.black is not None:
            parts.append(Message(_FLOATS[direction.value], {"player": player.number}))
    if board.black is not None:
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            colours = players[number].colours
            if colours.preference is None:
                text = gettext_noop("%(player)s has no colour preference and gets %(colour)s (E)")
            elif granted(colours, colour):
                text = gettext_noop("%(player)s gets %(colour)s as preferred (E)")
            else:
                text = gettext_noop("%(player)s gets %(colour)s against its preference (E)")
            parts.append(Message(text, {"player": number, "colour": colour_word(colour)}))
    return parts


def explain(state: TournamentState) -> list[str]:
    """`Board n: white-black: ...` for every board of the next round, in board order: the command
    line's --explain, in English (the app explains a board at a time, with `board_steps`)."""
    paired = pair_with_steps(state)
    lines = []
    for number, board in enumerate(order_boards(state, paired.pairing.boards), start=1):
        seats = f"{board.white}-{board.black}" if board.black else f"{board.white}-bye"
        steps = "; ".join(str(step) for step in board_steps(state, board, paired))
        lines.append(f"Board {number}: {seats}: {steps}.")
    for bracket in paired.brackets:
        if not bracket.outcome.pairs and bracket is not paired.made_by[-1]:
            steps = "; ".join(str(step) for step in (*bracket.notes, *bracket.outcome.steps))
            lines.append(f"No board from the {_bracket(bracket)}: {steps}.")
    return lines
