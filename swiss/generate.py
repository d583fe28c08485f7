"""Seeded random tournaments for tests: rounds paired by a given function, results by rating.

The same seed and arguments always give the same tournament (one
`random.Random(seed)` drives every choice).  Probabilities are floats; scores
stay exact because results are recorded as TRF codes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from swiss.model import (
    Acceleration,
    Board,
    Code,
    Colour,
    Pairing,
    Player,
    RoundResult,
    Scoring,
    TournamentState,
)

PairFunction = Callable[[TournamentState], Pairing]


def _dutch(state: TournamentState) -> Pairing:
    # Imported on first use, so that tests injecting their own pairing
    # function never depend on the Dutch engine.
    from swiss.dutch import pair

    return pair(state)


def pair_in_number_order(state: TournamentState) -> Pairing:
    """A trivial stand-in for a pairing system, for tests that must not depend on one.

    Present players meet in pairing-number order (1-2, 3-4, ...), the lower
    number with White; an odd one out gets the bye.  Rematches are allowed.
    """
    present = [p.number for p in state.players if p.number not in state.absences]
    boards = [Board(a, b) for a, b in zip(present[::2], present[1::2], strict=False)]
    if len(present) % 2:
        boards.append(Board(present[-1], None))
    return Pairing(tuple(boards))


def _absences(rng: random.Random, players: int, bye_rate: float, absence_rate: float) -> dict[int, Code]:
    """Pre-arranged absences of one round: a half-point bye request or a zero-point absence."""
    absences = {}
    for number in range(1, players + 1):
        draw = rng.random()
        if draw < bye_rate:
            absences[number] = Code.HALF_BYE
        elif draw < bye_rate + absence_rate:
            absences[number] = Code.ZERO_BYE
    return absences


def game(
    rng: random.Random, white_rating: int, black_rating: int, draw_rate: float, forfeit_rate: float
) -> tuple[Code, Code]:
    """White's and Black's result codes.

    Elo expectation splits the decisive games; `draw_rate` of the games are
    drawn.  A forfeit is one-sided, or (one time in ten) double.
    """
    if rng.random() < forfeit_rate:
        kind = rng.random()
        if kind < 0.1:
            return Code.FORFEIT_LOSS, Code.FORFEIT_LOSS
        return (Code.FORFEIT_WIN, Code.FORFEIT_LOSS) if kind < 0.55 else (Code.FORFEIT_LOSS, Code.FORFEIT_WIN)
    if rng.random() < draw_rate:
        return Code.DRAW, Code.DRAW
    expected_white = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    return (Code.WIN, Code.LOSS) if rng.random() < expected_white else (Code.LOSS, Code.WIN)


def _play(
    state: TournamentState, pairing: Pairing, rng: random.Random, draw_rate: float, forfeit_rate: float
) -> TournamentState:
    """Append one round's results; refuses a pairing that misses or repeats someone."""
    results: dict[int, RoundResult] = {n: RoundResult(None, None, code) for n, code in state.absences.items()}
    ratings = {p.number: p.rating for p in state.players}
    if sum(board.black is None for board in pairing.boards) > 1:
        raise ValueError("the pairing gives more than one pairing-allocated bye")
    for board in pairing.boards:
        seated = [board.white] if board.black is None else [board.white, board.black]
        if any(n in results or n not in ratings for n in seated):
            raise ValueError(f"the pairing seats {seated} twice, or seats an absent or unknown player")
        if board.black is None:
            results[board.white] = RoundResult(None, None, Code.PAB)
            continue
        white_code, black_code = game(
            rng, ratings[board.white], ratings[board.black], draw_rate, forfeit_rate
        )
        results[board.white] = RoundResult(board.black, Colour.WHITE, white_code)
        results[board.black] = RoundResult(board.white, Colour.BLACK, black_code)
    missing = sorted(set(ratings) - set(results))
    if missing:
        raise ValueError(f"the pairing leaves out players {missing}")
    players = tuple(replace(p, history=(*p.history, results[p.number])) for p in state.players)
    return replace(state, players=players, absences={})


def generate(
    seed: int,
    players: int,
    rounds: int,
    *,
    played: int | None = None,
    pair: PairFunction = _dutch,
    draw_rate: float = 0.3,
    forfeit_rate: float = 0.0,
    bye_rate: float = 0.0,
    absence_rate: float = 0.0,
    ratings: tuple[int, int] = (1200, 2700),
    initial_colour: Colour = Colour.WHITE,
    scoring: Scoring | None = None,
    acceleration: Acceleration = Acceleration.NONE,
    withdrawal_rate: float = 0.0,
    late_entries: int = 0,
) -> TournamentState:
    """A `rounds`-round tournament after `played` rounds (all of them by default).

    Ratings are uniform in `ratings` and pairing numbers follow them
    (descending).  Before each round, and for the round to pair when there
    is one, each player independently requests a half-point bye with
    `bye_rate` or is absent (zero-point bye) with `absence_rate`.  Every
    round is paired by `pair` (by default `swiss.dutch.pair`).  From round 2 each
    player withdraws with `withdrawal_rate` and is absent (zero-point bye) from then
    on; `late_entries` players join in round 2 or 3 with half-point byes before.
    """
    played = rounds if played is None else played
    if not 0 <= played <= rounds:
        raise ValueError(f"cannot play {played} of {rounds} rounds")
    rng = random.Random(seed)
    field = sorted((rng.randint(*ratings) for _ in range(players)), reverse=True)
    state = TournamentState(
        players=tuple(Player(n, f"Player{n:04d}", rating) for n, rating in enumerate(field, start=1)),
        total_rounds=rounds,
        initial_colour=initial_colour,
        scoring=scoring or Scoring(),
        acceleration=acceleration,
        name=f"Generated tournament {seed}",
    )
    # Late entrants take a half-point bye for each round they missed (US Chess 28K).
    entry = {
        n: rng.randint(2, max(2, min(3, rounds))) for n in rng.sample(range(1, players + 1), late_entries)
    }
    withdrawn: set[int] = set()
    for round_number in range(1, min(played + 1, rounds) + 1):
        absences = _absences(rng, players, bye_rate, absence_rate)
        if withdrawal_rate and round_number > 1:
            withdrawn |= {n for n in range(1, players + 1) if rng.random() < withdrawal_rate}
        absences |= dict.fromkeys(withdrawn, Code.ZERO_BYE)
        absences |= {n: Code.HALF_BYE for n, first in entry.items() if round_number < first}
        state = replace(state, absences=absences)
        if round_number <= played:
            state = _play(state, pair(state), rng, draw_rate, forfeit_rate)
    return state
