"""Rating estimates: FIDE's rating change (B.02) and US Chess's approximation for few games.

Pure arithmetic over ratings and scores; no pairing, no database. What each rule says and
which points FIDE's texts leave open are in docs/rules.md ("Rating estimates"). Everything
here is an estimate: the official rating comes only from the rating list.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

# B.02 table 8.1.2: the largest |D| of each row and the higher-rated player's expected score in
# hundredths; above the last row H = 1.00. The lower-rated player's is 1 - H.
_EXPECTED_ROWS = (
    *((3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58)),
    *((68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67)),
    *((137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75)),
    *((206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83)),
    *((290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91)),
    *((411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99)),
)

# B.02 table 8.1.1: dp for p = 0.50 .. 1.00 in hundredths (index p - 50); dp(p) = -dp(1 - p) below.
_DP = (
    *(0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158),
    *(166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366),
    *(383, 401, 422, 444, 470, 501, 538, 589, 677, 800),
)

# The 400-point rule (8.3.1) by the event's start date: until 29 Feb 2024 once per event, for the
# game with the largest difference; from 1 Mar 2024 in every game; from 1 Oct 2025 in every game of
# a player rated below 2650 only (a player rated 2650 or more uses the real difference).
CAP = 400
CAP_EVERY_GAME_FROM = datetime.date(2024, 3, 1)
CAP_BELOW_2650_FROM = datetime.date(2025, 10, 1)
CAP_EXEMPT_RATING = 2650

# 8.3.3: K x games in the period may not exceed 700.
K_TIMES_GAMES = 700

# First ratings (from 1 Mar 2024): at least 5 games against rated opponents, at least half a point,
# two hypothetical 1800 opponents drawn, a first rating of at most 2200, published from 1400.
FIRST_RATING_FROM = CAP_EVERY_GAME_FROM
FIRST_RATING_GAMES = 5
HYPOTHETICAL = 1800
FIRST_RATING_MAX = 2200
RATING_FLOOR = 1400


def expected_score(difference: int) -> Fraction:
    """We of table 8.1.2 for D = own rating - opponent's rating (already capped if it must be)."""
    higher = next((h for last, h in _EXPECTED_ROWS if abs(difference) <= last), 100)
    return Fraction(higher if difference >= 0 else 100 - higher, 100)


def dp(p: Fraction) -> int:
    """dp of table 8.1.1 for a fraction p of the points, rounded to hundredths half up."""
    hundredths = int(p * 100 + Fraction(1, 2))
    return _DP[hundredths - 50] if hundredths >= 50 else -_DP[50 - hundredths]


def development_coefficient(rating: int, born: int | None, year: int) -> int:
    """K of 8.3.3 (2024) from what an entry form knows, for a player born in the year `born` in an
    event of the year `year`: 40 until the end of the year of the 18th birthday while below 2300,
    10 from 2400, else 20.

    A player new to the list (K 40 for the first 30 games) or one who once reached 2400 and fell
    below it (K 10 for good) cannot be told from the rating; the list's K, when known, wins.
    """
    if born is not None and year - born <= 18 and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


def capped_k(k: int, games: int) -> int:
    """The 700 rule: K is cut to the largest whole number with K x games <= 700."""
    return min(k, K_TIMES_GAMES // games) if games else k


@dataclass(frozen=True)
class Game:
    opponent_rating: int | None  # None: an unrated opponent
    score: Fraction  # 1, 1/2 or 0: only games played over the board come here


@dataclass(frozen=True)
class GameChange:
    game: Game
    difference: int | None  # D as used (capped where the 400-point rule applies); None: not rated
    expected: Fraction | None
    change: Fraction | None  # K x (W - We); None: the game is not rated (an unrated opponent)


@dataclass(frozen=True)
class EventChange:
    k: int  # after the 700 rule
    games: tuple[GameChange, ...]
    change: Fraction  # K x the sum of (W - We) over the included games


def _capped_game(own: int, games: list[Game]) -> int | None:
    """Which game's difference is capped under the once-per-event rule (before 1 Mar 2024)."""
    over = [
        (abs(own - g.opponent_rating), i)
        for i, g in enumerate(games)
        if g.opponent_rating is not None and abs(own - g.opponent_rating) > CAP
    ]
    return max(over, key=lambda item: (item[0], -item[1]))[1] if over else None


def _difference(own: int, opponent: int, start: datetime.date) -> int:
    """D with the 400-point rule of 1 Mar 2024 on."""
    if start >= CAP_BELOW_2650_FROM and own >= CAP_EXEMPT_RATING:
        return own - opponent
    return max(-CAP, min(CAP, own - opponent))


def event_change(own: int, k: int, games: list[Game], start: datetime.date) -> EventChange:
    """The rating change of a player rated `own` with list K `k` over `games` of an event starting
    on `start` (8.3): per game K x (W - We), the event's the sum. A game against an unrated opponent
    is not rated: 8.3.1 (2024) takes D, and so a change, only for a game against a rated player."""
    rated = [g for g in games if g.opponent_rating is not None]
    k = capped_k(k, len(rated))
    once = _capped_game(own, games) if start < CAP_EVERY_GAME_FROM else None
    changes = []
    for i, game in enumerate(games):
        if game.opponent_rating is None:
            changes.append(GameChange(game, None, None, None))
            continue
        if start < CAP_EVERY_GAME_FROM:
            d = own - game.opponent_rating
            d = max(-CAP, min(CAP, d)) if i == once else d
        else:
            d = _difference(own, game.opponent_rating, start)
        we = expected_score(d)
        changes.append(GameChange(game, d, we, k * (game.score - we)))
    total = sum((c.change for c in changes if c.change is not None), Fraction(0))
    return EventChange(k, tuple(changes), total)


def first_rating(opponents: list[int], score: Fraction, start: datetime.date) -> int | None:
    """An unrated player's first rating from games against rated `opponents` (the 2024 rules):
    Ra over the opponents and two hypothetical 1800s, p = (score + 1) / (games + 2) (a draw against
    each), Ru = Ra + dp rounded, at most 2200. None when no rating would be published: fewer than
    5 games, no half point, below the 1400 floor, or an event before 1 Mar 2024 (other rules)."""
    if start < FIRST_RATING_FROM or len(opponents) < FIRST_RATING_GAMES or score < Fraction(1, 2):
        return None
    games = len(opponents) + 2
    ra = Fraction(sum(opponents) + 2 * HYPOTHETICAL, games)
    ru = int(ra + dp((score + 1) / games) + Fraction(1, 2))
    rating = min(ru, FIRST_RATING_MAX)
    return rating if rating >= RATING_FLOOR else None


# US Chess's approximating "special" formula, for players with at most this many games before.
US_SPECIAL_GAMES = 8


def us_special_rating(prior_games: int, prior_rating: int | None, games: list[Game]) -> int | None:
    """R_post = (N x R_pre + m x R_avg + 400 x (wins - losses)) / (N + m), rounded (Glickman's
    approximating formulas). Only for players with at most 8 games before (N = 0: unrated), and
    only over rated opponents; None where the formula does not apply."""
    rated = [g for g in games if g.opponent_rating is not None]
    if prior_games > US_SPECIAL_GAMES or not rated or (prior_games and prior_rating is None):
        return None
    m = len(rated)
    wins = sum(1 for g in rated if g.score == 1)
    losses = sum(1 for g in rated if g.score == 0)
    total = sum(g.opponent_rating for g in rated if g.opponent_rating is not None)
    post = Fraction(prior_games * (prior_rating or 0) + total + 400 * (wins - losses), prior_games + m)
    return int(post + Fraction(1, 2))
