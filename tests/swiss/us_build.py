"""Small US Chess tournaments written round by round, for the engine tests and the case files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from swiss.model import Code, Colour, Player, RoundResult, TournamentState

# One round: games as (white, black, white's result "1", "=", "0", "+" or "-"), and byes by player.
Game = tuple[int, int, str]
_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def build(
    ratings: Sequence[int],
    rounds: Sequence[tuple[Sequence[Game], Mapping[int, Code]]],
    *,
    total_rounds: int,
    names: Sequence[str] = (),
    absences: Mapping[int, Code] | None = None,
    initial_colour: Colour | None = None,
) -> TournamentState:
    """Players 1..N with these ratings (0: unrated) after the given rounds."""
    histories: dict[int, list[RoundResult]] = {n: [] for n in range(1, len(ratings) + 1)}
    for games, byes in rounds:
        seen = set(byes)
        for white, black, result in games:
            histories[white].append(RoundResult(black, Colour.WHITE, Code(result)))
            histories[black].append(RoundResult(white, Colour.BLACK, Code(_MIRROR[result])))
            seen.update((white, black))
        for number, code in byes.items():
            histories[number].append(RoundResult(None, None, code))
        missing = set(histories) - seen
        if missing:
            raise ValueError(f"players {sorted(missing)} have no result in a round")
    players = tuple(
        Player(n, names[n - 1] if names else f"P{n}", rating, tuple(histories[n]))
        for n, rating in enumerate(ratings, start=1)
    )
    return TournamentState(
        players, total_rounds, initial_colour=initial_colour, absences=dict(absences or {}), name="US case"
    )
