"""The arbiter's manual changes to a draft, as pure functions on a list of (white, black) pairs.

A draft here is a list of pairs of entrant ids in board order, black None for the
pairing-allocated bye. Each function returns the new list,
or raises `EditError` when the change makes no sense (a board that is not there).
The caller (pairing/actions.py) puts the boards back in official order and records the change.
"""

from __future__ import annotations

from tournaments.bridge.drafts import Pair


class EditError(ValueError):
    """The change cannot be made; the message says why, for the arbiter."""


def _index(pairs: list[Pair], board: int) -> int:
    if not 1 <= board <= len(pairs):
        raise EditError(f"There is no board {board}.")
    return board - 1


def _where(pairs: list[Pair], entrant: int) -> int:
    for index, (white, black) in enumerate(pairs):
        if entrant in (white, black):
            return index
    raise EditError("That player is not on a board of this draft.")


def swap_opponents(pairs: list[Pair], a: int, b: int) -> list[Pair]:
    """Boards a and b exchange their black players; whites keep their boards and colours."""
    i, j = _index(pairs, a), _index(pairs, b)
    if i == j:
        raise EditError("Choose two different boards.")
    (w1, b1), (w2, b2) = pairs[i], pairs[j]
    if b1 is None or b2 is None:
        raise EditError("Use “give the bye” to move the bye.")
    result = list(pairs)
    result[i], result[j] = (w1, b2), (w2, b1)
    return result


def exchange_colours(pairs: list[Pair], board: int) -> list[Pair]:
    i = _index(pairs, board)
    white, black = pairs[i]
    if black is None:
        raise EditError("The bye has no colours.")
    result = list(pairs)
    result[i] = (black, white)
    return result


def give_bye(pairs: list[Pair], entrant: int) -> list[Pair]:
    """`entrant` takes the bye; the player who had it takes `entrant`'s place on their board."""
    bye = next((i for i, (_, black) in enumerate(pairs) if black is None), None)
    if bye is None:
        raise EditError("This draft has no bye to give.")
    holder = pairs[bye][0]
    i = _where(pairs, entrant)
    if i == bye:
        raise EditError("That player already has the bye.")
    white, black = pairs[i]
    result = list(pairs)
    result[i] = (holder, black) if white == entrant else (white, holder)
    result[bye] = (entrant, None)
    return result


def pair_two(pairs: list[Pair], first: int, second: int) -> list[Pair]:
    """`first` (White) meets `second`; their former opponents meet each other (or one takes the bye)."""
    if first == second:
        raise EditError("Choose two different players.")
    i, j = _where(pairs, first), _where(pairs, second)
    if i == j:
        raise EditError("Those two are already paired together.")

    def other(index: int, player: int) -> int | None:
        white, black = pairs[index]
        return black if white == player else white

    a, b = other(i, first), other(j, second)
    # A draft has at most one bye, so a and b are never both None.
    if a is None:
        assert b is not None
        rest: Pair = (b, None)
    else:
        rest = (a, b)
    result = list(pairs)
    result[i], result[j] = (first, second), rest
    return result
