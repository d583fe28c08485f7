"""A recorded round: the state as it stood before it was paired, and its pairing as the history
records it (to re-pair a tournament's rounds and compare, `python -m swiss --dutch FILE -c`)."""

from __future__ import annotations

from dataclasses import replace

from swiss.model import Board, Code, Colour, Pairing, TournamentState


def state_before_round(state: TournamentState, round_number: int) -> TournamentState:
    """The state as it stood before `round_number` was paired, taken from the history.

    Players who had H, F or Z in that round become its pre-arranged absences.
    Virtual points and forbidden pairs are kept as they are.
    """
    players = tuple(replace(p, history=p.history[: round_number - 1]) for p in state.players)
    absences = {
        p.number: p.history[round_number - 1].code
        for p in state.players
        if len(p.history) >= round_number
        and p.history[round_number - 1].code in (Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE)
    }
    return replace(state, players=players, absences=absences)


def recorded_pairing(state: TournamentState, round_number: int) -> Pairing:
    """The boards of a completed round as the history records them (forfeits included)."""
    boards = []
    for player in state.players:
        result = player.history[round_number - 1]
        if result.code is Code.PAB:
            boards.append(Board(player.number, None))
        elif result.opponent is not None and result.colour is Colour.WHITE:
            boards.append(Board(player.number, result.opponent))
    return Pairing(tuple(boards))
