"""The arbiter's manual changes to a draft, as pure functions on a list of (white, black) pairs.

A draft here is a list of pairs of entrant ids in board order, black None for the
pairing-allocated bye. Each function returns the new list,
or raises `EditError` when the change makes no sense (a board that is not there).
The caller (pairing/actions.py) puts the boards back in official order and records the change.

`EDITS` defines each kind of change once: its function, the form fields it reads, how the
review page offers it and how the change is described; the form, the action and the page
read it from there. A new kind is a `DraftChange.Kind` and an entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.bridge.drafts import Pair
from tournaments.models import DraftChange, Tournament


class EditError(ValueError):
    """The change cannot be made; the message says why, for the arbiter."""


def _index(pairs: list[Pair], board: int) -> int:
    if not 1 <= board <= len(pairs):
        raise EditError(_("There is no board %(board)s.") % {"board": board})
    return board - 1


def _where(pairs: list[Pair], entrant: int) -> int:
    for index, (white, black) in enumerate(pairs):
        if entrant in (white, black):
            return index
    raise EditError(_("That player is not on a board of this draft."))


def swap_opponents(pairs: list[Pair], a: int, b: int) -> list[Pair]:
    """Boards a and b exchange their black players; whites keep their boards and colours."""
    i, j = _index(pairs, a), _index(pairs, b)
    if i == j:
        raise EditError(_("Choose two different boards."))
    (w1, b1), (w2, b2) = pairs[i], pairs[j]
    if b1 is None or b2 is None:
        raise EditError(_("Use “give the bye” to move the bye."))
    result = list(pairs)
    result[i], result[j] = (w1, b2), (w2, b1)
    return result


def exchange_colours(pairs: list[Pair], board: int) -> list[Pair]:
    i = _index(pairs, board)
    white, black = pairs[i]
    if black is None:
        raise EditError(_("The bye has no colours."))
    result = list(pairs)
    result[i] = (black, white)
    return result


def give_bye(pairs: list[Pair], entrant: int) -> list[Pair]:
    """`entrant` takes the bye; the player who had it takes `entrant`'s place on their board."""
    bye = next((i for i, (_, black) in enumerate(pairs) if black is None), None)
    if bye is None:
        raise EditError(_("This draft has no bye to give."))
    holder = pairs[bye][0]
    i = _where(pairs, entrant)
    if i == bye:
        raise EditError(_("That player already has the bye."))
    white, black = pairs[i]
    result = list(pairs)
    result[i] = (holder, black) if white == entrant else (white, holder)
    result[bye] = (entrant, None)
    return result


def pair_two(pairs: list[Pair], first: int, second: int) -> list[Pair]:
    """`first` (White) meets `second`; their former opponents meet each other (or one takes the bye)."""
    if first == second:
        raise EditError(_("Choose two different players."))
    i, j = _where(pairs, first), _where(pairs, second)
    if i == j:
        raise EditError(_("Those two are already paired together."))

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


@dataclass(frozen=True)
class Edit:
    """One kind of manual change.

    `fields` are the change form's inputs it needs, in the order `apply` takes them after
    the pairs, each with its label on the review page: "board" and "other_board" are board
    numbers (match numbers in a team event), "player" and "other_player" pairing numbers
    and "team" a team's pairing number (the form turns them into entrant or team ids).
    `description` names those arguments by field (%(board)s ...), players and teams by name.
    """

    kind: DraftChange.Kind
    apply: Callable[..., list[Pair]]
    fields: tuple[tuple[str, Promise], ...]
    description: Promise
    title: Promise
    help: Promise
    button: Promise

    def describe(self, args: tuple[int, ...], names: dict[int, str]) -> str:
        """The description in the active language, each field's placeholder (%(board)s ...) filled."""
        shown = {
            name: names[arg] if names_someone(name) else arg
            for (name, _label), arg in zip(self.fields, args, strict=True)
        }
        return str(self.description) % shown


def names_someone(field: str) -> bool:
    """True for the fields that hold a player's or a team's pairing number, False for a board's number."""
    return "player" in field or field == "team"


EDITS: dict[str, Edit] = {
    edit.kind: edit
    for edit in (
        Edit(
            DraftChange.Kind.SWAP,
            swap_opponents,
            (("board", gettext_lazy("Board")), ("other_board", gettext_lazy("and board"))),
            gettext_lazy("swapped the opponents of boards %(board)s and %(other_board)s"),
            gettext_lazy("Swap opponents"),
            gettext_lazy("The Black players of two boards change places."),
            gettext_lazy("Swap"),
        ),
        Edit(
            DraftChange.Kind.COLOURS,
            exchange_colours,
            (("board", gettext_lazy("Board")),),
            gettext_lazy("exchanged the colours on board %(board)s"),
            gettext_lazy("Exchange colours"),
            gettext_lazy("White and Black change sides on one board."),
            gettext_lazy("Exchange"),
        ),
        Edit(
            DraftChange.Kind.BYE,
            give_bye,
            (("player", gettext_lazy("Player no.")),),
            gettext_lazy("gave the bye to %(player)s"),
            gettext_lazy("Give the bye"),
            gettext_lazy("This player takes the bye; the bye's holder takes their seat."),
            gettext_lazy("Give the bye"),
        ),
        Edit(
            DraftChange.Kind.PAIR,
            pair_two,
            (
                ("player", gettext_lazy("Player no. (White)")),
                ("other_player", gettext_lazy("with player no. (Black)")),
            ),
            gettext_lazy("paired %(player)s with %(other_player)s"),
            gettext_lazy("Pair two players"),
            gettext_lazy("Their former opponents meet each other."),
            pgettext_lazy("button", "Pair"),
        ),
    )
}

# A team event's draft is a list of matches of team ids, so the same functions change it, under the
# same kinds; two teams are not paired by hand (their former opponents would meet unasked).
TEAM_EDITS: dict[str, Edit] = {
    edit.kind: edit
    for edit in (
        Edit(
            DraftChange.Kind.SWAP,
            swap_opponents,
            (("board", gettext_lazy("Match")), ("other_board", gettext_lazy("and match"))),
            gettext_lazy("swapped the opponents of matches %(board)s and %(other_board)s"),
            gettext_lazy("Swap opponents"),
            gettext_lazy("The teams with Black on board 1 of two matches change places."),
            gettext_lazy("Swap"),
        ),
        Edit(
            DraftChange.Kind.COLOURS,
            exchange_colours,
            (("board", gettext_lazy("Match")),),
            gettext_lazy("exchanged the team colours in match %(board)s"),
            gettext_lazy("Exchange team colours"),
            gettext_lazy("The two teams of a match change sides on every board."),
            gettext_lazy("Exchange"),
        ),
        Edit(
            DraftChange.Kind.BYE,
            give_bye,
            (("team", gettext_lazy("Team no.")),),
            gettext_lazy("gave the bye to %(team)s"),
            gettext_lazy("Give the bye"),
            gettext_lazy("This team takes the bye; the bye's holder takes its place in its match."),
            gettext_lazy("Give the bye"),
        ),
    )
}


def offered(tournament: Tournament) -> dict[str, Edit]:
    """The kinds of change a draft of `tournament` offers."""
    return TEAM_EDITS if tournament.is_team else EDITS
