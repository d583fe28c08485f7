"""Real scores and pairing scores, exact (`Fraction`)."""

from __future__ import annotations

from fractions import Fraction

from swiss.acceleration import virtual_points
from swiss.model import Code, Player, RoundResult, Scoring, TournamentState


def score(player: Player, scoring: Scoring, *, rounds: int | None = None) -> Fraction:
    """Standings points from the player's history (all rounds, or the first `rounds`).

    Virtual points never count here (Baku 1.5).
    """
    history = player.history if rounds is None else player.history[:rounds]
    return sum((scoring.points(result.code) for result in history), Fraction(0))


def find_player(state: TournamentState, number: int) -> Player:
    """The player with this pairing number; KeyError when there is none."""
    players = state.players
    # Players are normally listed 1..N in order; fall back to a search otherwise.
    if 1 <= number <= len(players) and players[number - 1].number == number:
        return players[number - 1]
    for player in players:
        if player.number == number:
            return player
    raise KeyError(number)


class PairingScores:
    """C.04.3 1.2 and Baku 1.5: a player's pairing score for a round, the standings points
    before it plus that round's virtual points.

    Built once per state, so the virtual points are derived (and the Baku premise checked)
    once, however many scores are asked for.
    """

    def __init__(self, state: TournamentState) -> None:
        self._scoring = state.scoring
        self._histories = {p.number: p.history for p in state.players}
        self._virtual = virtual_points(state)

    def __call__(self, player_number: int, round_number: int) -> Fraction:
        """The pairing score of `player_number` for round `round_number` (1-based)."""
        done = round_number - 1
        points = sum(
            (
                self._scoring.points(result.code)
                for result in padded_history(self._histories[player_number], done)
            ),
            Fraction(0),
        )
        extra = self._virtual.get(player_number, ())
        return points + (extra[done] if done < len(extra) else Fraction(0))


def padded_history(history: tuple[RoundResult, ...], rounds: int) -> tuple[RoundResult, ...]:
    """Rounds 1..`rounds` of a history, a round missing from it counting as a zero-point bye."""
    missing = rounds - len(history)
    return history[:rounds] + (RoundResult(None, None, Code.ZERO_BYE),) * max(missing, 0)


def topscorer_threshold(state: TournamentState) -> Fraction | None:
    """C.04.3 1.8: half the maximum possible score, when pairing the final round; None before it.

    Topscorers are the players with more than this.
    """
    if state.round_to_pair < state.total_rounds:
        return None
    return max(state.scoring.win, state.scoring.draw) * state.rounds_played / 2
