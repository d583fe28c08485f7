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

from swiss.model import Code, Edition, RoundResult, Scoring


def unplayed_downfloat(result: RoundResult, scoring: Scoring, edition: Edition) -> bool:
    """Whether a round that was not played counts as a downfloat (a played game floats
    by the two players' scores); it is never an upfloat, whatever the scores of the two
    sides of a forfeit.

    2026, C.04.3 1.4.3-1.4.4: a downfloat when it was the PAB or brought more than a
    loss's points (forfeit win, full- or half-point bye), and no float at all otherwise
    (forfeit loss, double forfeit, zero-point bye).
    2017, C.04.3 A.4: every round without a game counts as a downfloat, whatever it scored.
    """
    if edition is Edition.DUTCH_2017:
        return True
    return result.code is Code.PAB or scoring.points(result.code) > scoring.loss


def blocks_bye(result: RoundResult, scoring: Scoring, edition: Edition) -> bool:
    """C.04.1 Art. 4: who may not get the PAB again.

    2026, C.04.3 C2: a player who had the PAB, or scored a win's points in one round
    without playing (forfeit win, full-point bye). A half-point bye does not block it.
    1998, B1b: a player who had a bye or a point without playing: read as the 2026 rule.
    2017, C.04.3 C.2: a player who had the PAB or won by forfeit; a bye the player asked
    for (full, half or zero points) does not block it.
    """
    if result.code.played:
        return False
    if edition is Edition.DUTCH_2017:
        return result.code in (Code.PAB, Code.FORFEIT_WIN)
    return result.code is Code.PAB or scoring.points(result.code) >= scoring.win


def bye_eligible(history: Iterable[RoundResult], scoring: Scoring, edition: Edition) -> bool:
    """C2 (2017: C.2): no round of `history` keeps the player from the PAB."""
    return not any(blocks_bye(result, scoring, edition) for result in history)


def unplayed_games(history: Iterable[RoundResult]) -> int:
    """C.04.3 C9: the rounds of `history` without a game, whatever they scored. A late
    entrant's rounds before joining are in the history as zero-point byes, so they count."""
    return sum(1 for result in history if not result.code.played)
