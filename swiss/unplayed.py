"""What a round without a game counts as, for every rule that asks.

A round is unplayed when no game took place over the board: a forfeit won or lost
(one side or both), the pairing-allocated bye, and the half-, full- and zero-point
byes. Such a round never counts as a meeting (GHR 3.5, C1) nor in the colour history
(GHR 3.4); `Code.played` says which rounds those rules skip. The rules below are the
only other places where an unplayed round matters, and the engine, the checker and
the explanations all read them from here.
"""

from __future__ import annotations

from collections.abc import Iterable

from swiss.model import Code, RoundResult, Scoring


def unplayed_downfloat(result: RoundResult, scoring: Scoring) -> bool:
    """C.04.3 1.4.3-1.4.4, for a round that was not played (a played game floats by the
    two players' scores): a downfloat when it was the PAB or
    brought more than a loss's points (forfeit win, full- or half-point bye), and no
    float at all otherwise (forfeit loss, double forfeit, zero-point bye); it is
    never an upfloat, whatever the scores of the two sides of a forfeit."""
    return result.code is Code.PAB or scoring.points(result.code) > scoring.loss


def blocks_bye(result: RoundResult, scoring: Scoring) -> bool:
    """C.04.1 Art. 4 and C.04.3 C2: a player who had the PAB, or scored a win's points in
    one round without playing (forfeit win, full-point bye), may not get the PAB. A
    half-point bye does not block it."""
    if result.code.played:
        return False
    return result.code is Code.PAB or scoring.points(result.code) >= scoring.win


def bye_eligible(history: Iterable[RoundResult], scoring: Scoring) -> bool:
    """C2: no round of `history` keeps the player from the PAB."""
    return not any(blocks_bye(result, scoring) for result in history)


def unplayed_games(history: Iterable[RoundResult]) -> int:
    """C.04.3 C9: the rounds of `history` without a game, whatever they scored. A late
    entrant's rounds before joining are in the history as zero-point byes, so they count."""
    return sum(1 for result in history if not result.code.played)
