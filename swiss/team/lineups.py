"""Lineups and the board pairings of a match.

A lineup is the players of one team in one match, board 1 first.  It must
keep the roster's board order (a reserve may stand in, nobody moves up past
a stronger board); the games of a match follow from the two lineups: board i
of one team meets board i of the other.
"""

from __future__ import annotations

from swiss.messages import Message, gettext_noop
from swiss.model import Board, Colour
from swiss.team.model import Team, TeamState


class LineupError(ValueError):
    """A lineup that the roster's board order does not allow."""


def lineup_problem(team: Team, lineup: tuple[int, ...], boards: int) -> Message | None:
    """Why `lineup` is not a valid lineup of `team` for `boards` boards, or None when it is."""
    if len(lineup) != boards:
        text = gettext_noop("team %(team)s lines up %(count)s players for %(boards)s boards")
        return Message(text, {"team": team.number, "count": len(lineup), "boards": boards})
    places = {pid: i for i, pid in enumerate(team.roster)}
    strangers = [pid for pid in lineup if pid not in places]
    if strangers:
        text = gettext_noop("team %(team)s lines up players %(players)s who are not on its roster")
        return Message(text, {"team": team.number, "players": str(strangers)})
    order = [places[pid] for pid in lineup]
    if order != sorted(set(order)):
        text = gettext_noop("team %(team)s's lineup %(lineup)s breaks the roster's board order")
        return Message(text, {"team": team.number, "lineup": str(list(lineup))})
    return None


def lineup(state: TeamState, number: int) -> tuple[int, ...]:
    """The lineup of a team in the round to pair: the one given, or the roster's first boards."""
    given = state.lineups.get(number)
    return given if given is not None else state.team(number).roster[: state.boards]


def check_lineups(state: TeamState) -> None:
    """Refuse, with LineupError, any lineup of the round to pair that breaks its roster's order."""
    for number, players in sorted(state.lineups.items()):
        problem = lineup_problem(state.team(number), players, state.boards)
        if problem is not None:
            raise LineupError(str(problem))


def board_colours(state: TeamState) -> tuple[Colour, ...]:
    """The colour of each board for the team with White on board 1 (TRF 352; alternating by default)."""
    pattern = state.board_colours or ("WB" * state.boards)[: state.boards]
    return tuple(Colour(c.lower()) for c in pattern)


def games(state: TeamState, match: Board) -> tuple[tuple[int, int], ...]:
    """The games of a match as (white player, black player), board 1 first."""
    assert match.black is not None, "the bye has no games"
    home, away = lineup(state, match.white), lineup(state, match.black)
    return tuple(
        (a, b) if colour is Colour.WHITE else (b, a)
        for a, b, colour in zip(home, away, board_colours(state), strict=True)
    )
