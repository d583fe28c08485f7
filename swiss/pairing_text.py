"""The engine output format (the corpus's .expected files): a count line, then `white black` per
board in order, `N 0` for the pairing-allocated bye."""

from __future__ import annotations

from collections.abc import Sequence

from swiss.boards import order_boards
from swiss.model import Board, Pairing, TournamentState


def format_pairing(state: TournamentState, pairing: Pairing, *, as_given: bool = False) -> str:
    """The engine output format: a count line, `white black` per board in order, `N 0` for the PAB.

    Boards are put in the FIDE order unless `as_given` keeps the system's own (US Chess)."""
    return format_boards(pairing.boards if as_given else order_boards(state, pairing.boards))


def format_boards(boards: Sequence[Board]) -> str:
    lines = [f"{board.white} {board.black or 0}" for board in boards]
    return "\n".join([str(len(lines)), *lines]) + "\n"


def read_pairing(text: str) -> Pairing:
    """Parse the engine output format (`format_pairing`): a count line, then `white black` per board."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if not rows or len(rows[0]) != 1 or not rows[0][0].isdigit():
        raise ValueError("expected the number of boards on the first line")
    boards = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != 2 or not all(token.isdigit() for token in row):
            raise ValueError(f"line {number}: expected two pairing numbers")
        white, black = int(row[0]), int(row[1])
        boards.append(Board(white, black or None))
    if len(boards) != int(rows[0][0]):
        raise ValueError(f"the first line announces {rows[0][0]} boards, the file has {len(boards)}")
    return Pairing(tuple(boards))
