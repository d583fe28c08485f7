"""Team states written by hand: a compact history, turned into a TRF file and read back.

A round is a string of tokens: `W-B:G` a played match (W had White on board 1
and scored G of the 4 game points), `W-B:+` / `W-B:-` / `W-B:--` forfeited
matches, `bye:T` the pairing-allocated bye, `H:T` a half-point bye and `Z:T`
an absent team.
"""

from __future__ import annotations

from fractions import Fraction

from swiss.model import Code, Colour, Pairing
from swiss.team.model import Outcome, Team, TeamRound, TeamState
from swiss.trf import read_team_trf, write_team_trf

BOARDS = 4


def _boards(points: Fraction) -> tuple[Code, ...]:
    """Board results (for the team named first) worth `points` of 4: wins first, a draw, losses."""
    wins, half = divmod(points * 2, 2)
    codes = [Code.WIN] * int(wins) + [Code.DRAW] * int(half)
    return (*codes, *[Code.LOSS] * (BOARDS - len(codes)))


_MIRROR = {Code.WIN: Code.LOSS, Code.LOSS: Code.WIN, Code.DRAW: Code.DRAW}


def build(
    teams: int,
    total: int,
    rounds: list[str],
    absent: str = "",
    accelerated: bool = False,
    initial: Colour = Colour.WHITE,
) -> TeamState:
    """The state after `rounds`, with the teams of `absent` (e.g. "Z:3 H:5") out of the next round."""
    history: dict[int, list[TeamRound]] = {n: [] for n in range(1, teams + 1)}
    for text in rounds:
        for token in text.split():
            _token(history, token)
        assert all(len(h) == len(history[1]) for h in history.values()), f"every team once in {text!r}"
    kinds = {"Z": Outcome.ZERO_BYE, "H": Outcome.HALF_BYE}
    state = TeamState(
        teams=tuple(
            Team(
                n,
                f"Team {n:03d}",
                2500 - 10 * n,
                tuple(range((n - 1) * BOARDS + 1, n * BOARDS + 1)),
                tuple(h),
            )
            for n, h in history.items()
        ),
        total_rounds=total,
        boards=BOARDS,
        board_colours="WBWB",
        initial_colour=initial,
        absent={int(t.split(":")[1]): kinds[t.split(":")[0]] for t in absent.split()},
        accelerated=accelerated,
    )
    # Through the file format, as every state the command line reads.
    again = read_team_trf(write_team_trf(state))
    assert again.teams == state.teams
    assert again.accelerated == accelerated
    return again


def _token(history: dict[int, list[TeamRound]], token: str) -> None:
    kind, _, rest = token.partition(":")
    if kind in ("bye", "H", "Z"):
        outcome = {"bye": Outcome.PAB, "H": Outcome.HALF_BYE, "Z": Outcome.ZERO_BYE}[kind]
        mp, gp = {"bye": (1, 2), "H": (1, 2), "Z": (0, 0)}[kind]
        history[int(rest)].append(TeamRound(outcome, None, None, Fraction(mp), Fraction(gp)))
        return
    white, black = (int(n) for n in kind.split("-"))
    lineups = {n: tuple(range((n - 1) * BOARDS + 1, n * BOARDS + 1)) for n in (white, black)}
    if rest in ("+", "-", "--"):
        won = {
            "+": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
            "-": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
        }
        outcomes = won.get(rest, (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT))
        for team, other, outcome, colour in (
            (white, black, outcomes[0], Colour.WHITE),
            (black, white, outcomes[1], Colour.BLACK),
        ):
            win = outcome is Outcome.FORFEIT_WIN
            code = Code.FORFEIT_WIN if win else Code.FORFEIT_LOSS
            history[team].append(
                TeamRound(
                    outcome,
                    other,
                    colour,
                    Fraction(2 * win),
                    Fraction(BOARDS * win),
                    lineups[team],
                    (code,) * BOARDS,
                )
            )
        return
    points = Fraction(rest)
    codes = _boards(points)
    for team, other, mine, colour, results in (
        (white, black, points, Colour.WHITE, codes),
        (black, white, BOARDS - points, Colour.BLACK, tuple(_MIRROR[c] for c in codes)),
    ):
        mp = Fraction(2 if mine * 2 > BOARDS else 1 if mine * 2 == BOARDS else 0)
        history[team].append(TeamRound(Outcome.PLAYED, other, colour, mp, mine, lineups[team], results))


def matches(pairing: Pairing) -> list[str]:
    """The pairing as sorted `white-black` strings, `T-bye` for the bye."""
    return sorted(f"{b.white}-{b.black}" if b.black else f"{b.white}-bye" for b in pairing.boards)
