"""Seeded random team events for tests and the differential script.

Each round is paired by a given team system and played out board by board
(`swiss.generate.game`: Elo expectation, a draw rate, forfeited boards).
Whole matches are forfeited (one side or both), teams take half-point byes,
are absent or withdraw, and rosters may hold reserves who stand in without
breaking the board order.  The same seed gives the same event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from swiss.generate import game
from swiss.model import Code, Colour, Pairing, PairingError, Scoring
from swiss.team.lineups import board_colours, lineup
from swiss.team.model import MatchScoring, Outcome, Preferences, Primary, Team, TeamRound, TeamState

PairFunction = Callable[[TeamState], Pairing]


@dataclass(frozen=True)
class Rates:
    """Per-event probabilities of the irregular events."""

    draw: float = 0.3
    match_forfeit: float = 0.03
    board_forfeit: float = 0.02
    half_bye: float = 0.02
    absence: float = 0.02
    withdrawal: float = 0.01
    reserves: int = 0


def random_rates(rng: random.Random) -> Rates:
    """Rates drawn as the corpus README describes its simulated events."""
    return Rates(
        draw=rng.uniform(0.1, 0.45),
        match_forfeit=rng.uniform(0, 0.06),
        board_forfeit=rng.uniform(0, 0.03),
        half_bye=rng.uniform(0, 0.05),
        absence=rng.uniform(0, 0.05),
        withdrawal=rng.uniform(0, 0.02),
    )


def new_event(
    rng: random.Random,
    teams: int,
    boards: int,
    rounds: int,
    *,
    preferences: Preferences = Preferences.TYPE_A,
    primary: Primary = Primary.MATCH_POINTS,
    reserves: int = 0,
    accelerated: bool = False,
) -> TeamState:
    """An event before round 1: TPNs in descending order of strength."""
    strengths = sorted((rng.randint(1500, 2600) for _ in range(teams)), reverse=True)
    size = boards + reserves
    field = tuple(
        Team(n, f"Team {n:03d}", rating, tuple(range((n - 1) * size + 1, n * size + 1)))
        for n, rating in enumerate(strengths, start=1)
    )
    return TeamState(
        teams=field,
        total_rounds=rounds,
        boards=boards,
        board_colours=("WB" * boards)[:boards],
        initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        primary=primary,
        preferences=preferences,
        accelerated=accelerated,
        name="Generated team event",
    )


def rounds(
    rng: random.Random, state: TeamState, pair: PairFunction, rates: Rates
) -> Iterator[tuple[TeamState, Pairing]]:
    """Each round's state and its pairing, until the last round or one that cannot be paired."""
    withdrawn: set[int] = set()
    while state.round_to_pair <= state.total_rounds:
        state = _before_round(rng, state, rates, withdrawn)
        try:
            pairing = pair(state)
        except PairingError:
            return
        yield state, pairing
        state = play(rng, state, pairing, rates)


def _before_round(rng: random.Random, state: TeamState, rates: Rates, withdrawn: set[int]) -> TeamState:
    """Byes, absences, withdrawals and the reserves' lineups of the round to pair."""
    absent: dict[int, Outcome] = {}
    for team in state.teams:
        draw = rng.random()
        if team.number in withdrawn or draw < rates.withdrawal:
            withdrawn.add(team.number)
            absent[team.number] = Outcome.ZERO_BYE
        elif draw < rates.withdrawal + rates.half_bye:
            absent[team.number] = Outcome.HALF_BYE
        elif draw < rates.withdrawal + rates.half_bye + rates.absence:
            absent[team.number] = Outcome.ZERO_BYE
    if len(state.teams) - len(absent) < 2:
        absent.clear()
    lineups = {}
    for team in state.teams:
        if len(team.roster) > state.boards:
            chosen = sorted(rng.sample(range(len(team.roster)), state.boards))
            lineups[team.number] = tuple(team.roster[i] for i in chosen)
    return replace(state, absent=absent, lineups=lineups)


def _bye(kind: Outcome, boards: int, points: MatchScoring, games: Scoring) -> TeamRound:
    """A half-point, full-point or zero-point bye: the match points of a draw, a win or a loss,
    and each board's points for such a bye."""
    if kind is Outcome.HALF_BYE:
        return TeamRound(kind, None, None, points.draw, boards * games.half_bye)
    if kind is Outcome.FULL_BYE:
        return TeamRound(kind, None, None, points.win, boards * games.full_bye)
    return TeamRound(kind, None, None, points.loss, Fraction(0))


def play(rng: random.Random, state: TeamState, pairing: Pairing, rates: Rates) -> TeamState:
    """Append the round's results: board by board, or a forfeited match, or the byes."""
    boards = state.boards
    pab_gp = state.scoring.pab_game_points
    scoring = state.scoring
    rounds = {n: _bye(kind, boards, scoring, state.board_scoring) for n, kind in state.absent.items()}
    ratings = {t.number: t.rating for t in state.teams}
    for match in pairing.boards:
        if match.black is None:
            gp = pab_gp if pab_gp is not None else Fraction(boards, 2)
            rounds[match.white] = TeamRound(Outcome.PAB, None, None, state.scoring.pab_match_points, gp)
            continue
        white, black = lineup(state, match.white), lineup(state, match.black)
        if rng.random() < rates.match_forfeit:
            kind = rng.random()
            if kind < 0.2:
                codes = [(Code.FORFEIT_LOSS, Code.FORFEIT_LOSS)] * boards
                outcomes = (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT)
            elif kind < 0.6:
                codes = [(Code.FORFEIT_WIN, Code.FORFEIT_LOSS)] * boards
                outcomes = (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
            else:
                codes = [(Code.FORFEIT_LOSS, Code.FORFEIT_WIN)] * boards
                outcomes = (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
        else:
            codes = []
            for board, colour in enumerate(board_colours(state)):
                home, away = ratings[match.white] - 20 * board, ratings[match.black] - 20 * board
                forfeit = rates.board_forfeit if board else 0.0  # board 1 is always played
                if colour is Colour.WHITE:
                    codes.append(game(rng, home, away, rates.draw, forfeit))
                else:
                    second, first = game(rng, away, home, rates.draw, forfeit)
                    codes.append((first, second))
            outcomes = (Outcome.PLAYED, Outcome.PLAYED)
        games = state.board_scoring
        totals = [sum((games.points(c[side]) for c in codes), Fraction(0)) for side in (0, 1)]
        for side, (team, opponent, players) in enumerate(
            ((match.white, match.black, white), (match.black, match.white, black))
        ):
            outcome = outcomes[side]
            mine, theirs = totals[side], totals[1 - side]
            if outcome is Outcome.PLAYED:
                mp = scoring.win if mine > theirs else scoring.draw if mine == theirs else scoring.loss
            else:
                mp = scoring.win if outcome is Outcome.FORFEIT_WIN else scoring.loss
            colour = Colour.WHITE if side == 0 else Colour.BLACK
            rounds[team] = TeamRound(
                outcome, opponent, colour, mp, mine, players, tuple(c[side] for c in codes)
            )
    missing = sorted(t.number for t in state.teams if t.number not in rounds)
    if missing:
        raise ValueError(f"the pairing leaves out teams {missing}")
    teams = tuple(replace(t, history=(*t.history, rounds[t.number])) for t in state.teams)
    return replace(state, teams=teams, absent={}, lineups={})
