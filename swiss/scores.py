"""Real scores and pairing scores, exact (`Fraction`)."""

from __future__ import annotations

from fractions import Fraction

from swiss.acceleration import virtual_points_in_round
from swiss.model import Player, Scoring, TournamentState


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


def pairing_score(state: TournamentState, player_number: int, round_number: int) -> Fraction:
    """Baku 1.5: standings points before `round_number` plus that round's virtual points.

    Without acceleration this is the real score after rounds 1 .. round_number - 1.
    """
    player = find_player(state, player_number)
    real = score(player, state.scoring, rounds=round_number - 1)
    return real + virtual_points_in_round(state, player_number, round_number)


def topscorer_threshold(state: TournamentState) -> Fraction | None:
    """C.04.3 1.8: half the maximum possible score, when pairing the final round; None before it.

    Topscorers are the players with more than this.
    """
    if state.round_to_pair < state.total_rounds:
        return None
    return max(state.scoring.win, state.scoring.draw) * state.rounds_played / 2
