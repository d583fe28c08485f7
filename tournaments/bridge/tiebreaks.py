"""Standings with FIDE C.07 tie-breaks: plain engine records in, ranked rows out. No Django here.

The arithmetic is tiebreak-core's (MIT), under its `fide-2024` (Aug 2024 edition:
the Art. 16.4 dummy scores the player's own points) or `fide-2026` (Mar 2026
edition: the capped dummy) ruleset. Only its batch entry point,
`rank_standings_strict`, is used: it classifies every round once and shares the
adjusted scores, while the per-player `calculate_*` functions re-validate the whole
field on each call and grow quadratically (65 s for 1000 players). Its descriptor
calculator is avoided too: asked for `fide-2024` it computes 2026 values. With DE in the
list, `ranking.ranked` calls it so that direct encounter sees only the groups it can decide.

Codes are the tournament's (`Tournament.tiebreaks`): "BH-C1", "SB", "DE" ...
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

from swiss.model import Code, Colour, Player, Scoring

from .ranking import ranked, stretches

# The 2026 edition applies to tournaments that start on or after 1 March 2026 (docs/tiebreaks.md section 0).
EDITION_2026_FROM = datetime.date(2026, 3, 1)
DEFAULT_TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN")

# Tournament code -> tiebreak-core criterion id.
CRITERIA: dict[str, str] = {
    "BH": "buchholz",
    "BH-C1": "buchholz_cut1",
    "BH-C2": "buchholz_cut2",
    "BH-M1": "median_buchholz",
    "BH-M2": "median_buchholz_2",
    "SB": "sonneborn_berger",
    "SB-C1": "sonneborn_berger_cut1",
    "SB-C2": "sonneborn_berger_cut2",
    "PS": "progressive",
    "PS-C1": "progressive_cut1",
    "DE": "direct_encounter",
    "WIN": "wins",
    "WON": "won",
    "BPG": "games_black",
    "BWG": "wins_black",
    "REP": "rounds_elected",
    "ARO": "aro",
    "ARO-C1": "aro_cut1",
    "ARO-C2": "aro_cut2",
    "ARO-M1": "aro_median1",
    "ARO-M2": "aro_median2",
    "TPR": "tpr",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
    "AOB": "aob",
    "FB": "fore_buchholz",
    "KS": "koya",
}
# Final deterministic keys of the 2026 edition (7.8, 10.6): they order, they get no column.
TERMINAL = {"TPN": "tpn", "RTNG": "rtng"}
# Codes that decide order only, without a value per player.
ORDER_ONLY = {"DE", *TERMINAL}
# Type D (Art. 10): computed from ratings, so dropped when an unrated participant is present.
RATING_BASED = {"TPR", "PTP", "APRO", "APPO", "RTNG"} | {code for code in CRITERIA if code.startswith("ARO")}
# Tie-breaks shown as whole numbers (ratings and counts).
# Averages over the games played over the board (Art. 10): a player with none has no value.
OVER_PLAYED_GAMES = RATING_BASED - {"RTNG"}
WHOLE = {"WIN", "WON", "BPG", "BWG", "REP", "TPR", "PTP", "APRO", "APPO"} | {
    code for code in CRITERIA if code.startswith("ARO")
}

# Art. 14 modifiers: how many of a player's values each one removes (Median-k: k lowest and k highest).
CUT = {code: int(code[-1]) * (2 if code[-2] == "M" else 1) for code in CRITERIA if code[-2:-1] in ("C", "M")}

_KINDS = {
    Code.FORFEIT_WIN: "forfeit_win",
    Code.FORFEIT_LOSS: "forfeit_loss",
    Code.PAB: "pairing_bye",
    Code.FULL_BYE: "pairing_bye",  # 16.2.1 groups the full-point bye with the PAB
    Code.HALF_BYE: "requested_bye",
    Code.ZERO_BYE: "requested_bye",  # requested zero bye, and every round after a withdrawal (16.1)
}


def edition(start_date: datetime.date) -> str:
    """The tie-break ruleset in force when the tournament started."""
    return "fide-2026" if start_date >= EDITION_2026_FROM else "fide-2024"


def ranking_codes(
    codes: Sequence[str], players: Sequence[Player], ruleset: str
) -> tuple[list[str], dict[str, Promise]]:
    """The tie-breaks that may decide this ranking, and why each of the others is left out
    (lazy, so a table kept in the cache words it in each reader's language).

    C.07 Art. 10: rating-based tie-breaks are dropped when unrated participants are
    present, unless the regulations say how the unrated are rated; a tournament has
    no such setting, so they are dropped. TPN and RTNG exist from the 2026 edition on.
    """
    unrated = any(p.rating <= 0 for p in players)
    kept: list[str] = []
    dropped: dict[str, Promise] = {}
    for code in codes:
        if code not in CRITERIA and code not in TERMINAL:
            dropped[code] = gettext_lazy("not computed here")
        elif code in RATING_BASED and unrated:
            dropped[code] = gettext_lazy("unrated players take part (C.07 Art. 10)")
        elif code in TERMINAL and ruleset != "fide-2026":
            dropped[code] = gettext_lazy("defined from the Mar 2026 edition on")
        else:
            kept.append(code)
    return kept, dropped


@dataclass(frozen=True)
class Standing:
    rank: int  # the first place of the players this one is still tied with
    number: int  # pairing number
    points: Fraction
    # By tie-break code, DE excluded; a rating average is missing for a player with no game played.
    values: Mapping[str, Decimal] = field(default_factory=dict)
    last: int = 0  # the last place of that tie; 0 (or `rank`) when no one shares the place

    @property
    def place(self) -> str:
        """ "5" alone, "5-6" for a place shared after every tie-break."""
        return f"{self.rank}-{self.last}" if self.last > self.rank else str(self.rank)


def standings(
    players: Sequence[Player],
    scoring: Scoring,
    rounds: int,
    tiebreaks: Sequence[str],
    ruleset: str,
    *,
    extra: Sequence[str] = (),
) -> list[Standing]:
    """Rank `players` on their first `rounds` history records (points, then `tiebreaks` in order).

    Histories may be shorter than `rounds` (a game without a result yet); the missing
    rounds count as not yet played. Players still tied after the whole list share a
    place (`Standing.last`): C.07 leaves such ties to a drawing of lots, which is the
    arbiter's, so they are listed by pairing number without a rank of their own. A list
    ending with TPN (2026 edition) breaks every tie instead. `extra` codes are computed
    for display without deciding the order. Raises ValueError for an unknown code.
    """
    unknown = [code for code in [*tiebreaks, *extra] if code not in CRITERIA and code not in TERMINAL]
    if unknown:
        raise ValueError(f"Tie-break(s) not computed here: {', '.join(unknown)}.")
    if not players or rounds < 1:
        tied = len(players) if len(players) > 1 else 0
        return [
            Standing(1, p.number, Fraction(0), last=tied) for p in sorted(players, key=lambda p: p.number)
        ]
    # Every round gives a score-based tie-break one value per player, played or not (Art. 16), so a
    # modifier that removes `rounds` values or more leaves nothing: the sum of no values is 0 for
    # everyone (Art. 14 has no exception keeping the last value) and cannot decide any order.
    # ARO's values are the played games, which differ per player: tiebreak-core handles those.
    emptied = {c for c in [*tiebreaks, *extra] if c in CUT and not c.startswith("ARO") and CUT[c] >= rounds}
    tiebreaks = [c for c in tiebreaks if c not in emptied]
    extra = [c for c in extra if c not in emptied]
    ratings = {p.number: p.rating for p in players}
    data = {p.number: _player_data(p, scoring, rounds, ratings) for p in players}
    # The 2024 ruleset refuses the 2026-only arguments.
    options: dict[str, Any] = {"total_rounds": rounds, "ruleset": ruleset}
    if ruleset == "fide-2026":
        options |= {"pairing_numbers": {n: n for n in data}, "draw_points": float(scoring.draw)}
    criteria = [TERMINAL.get(c) or CRITERIA[c] for c in tiebreaks]
    rows = ranked(data, criteria, {n: n for n in data}, options)
    values = {row.player_id: dict(row.values) for row, _ in rows}
    places = _shared_places(rows, data, criteria, options)
    shown_only = [CRITERIA[c] for c in extra if c not in tiebreaks and c not in ORDER_ONLY]
    if shown_only:
        for row in rank_standings_strict(data, shown_only, **options).players:
            values[row.player_id].update(row.values)
    # tiebreak-core gives such players 0, which orders them after everyone with a value, as the
    # FIDE TEC's implementation orders its "no value"; only the shown value differs.
    played = {p.number for p in players if any(r.code.played for r in p.history[:rounds])}
    points = {
        p.number: sum((scoring.points(r.code) for r in p.history[:rounds]), Fraction(0)) for p in players
    }
    return [
        Standing(
            rank=places[row.player_id][0],
            number=row.player_id,
            points=points[row.player_id],
            values={
                code: _decimal(values[row.player_id][CRITERIA[code]], code in WHOLE)
                for code in [*tiebreaks, *extra]
                if code not in ORDER_ONLY
                and CRITERIA[code] in values[row.player_id]
                and (code not in OVER_PLAYED_GAMES or row.player_id in played)
            }
            | dict.fromkeys(emptied, Decimal(0)),
            last=places[row.player_id][1],
        )
        for row, _ in rows
    ]


def _shared_places(
    rows: Sequence[tuple[Any, int]],
    data: Mapping[int, PlayerTiebreakData],
    criteria: list[str],
    options: dict[str, Any],
) -> dict[int, tuple[int, int]]:
    """Per pairing number, the first and last place of the group the criteria leave tied.

    Equal points, equal values and one DE tier are the candidates. TPN and RTNG split
    groups without a value, so when one of them is used, the field is ranked again with
    the pairing-number fallback reversed: the library keeps the groups where they are and
    only reverses the order inside each, so a group is a stretch of places both rankings
    fill with the same players.
    """
    order = [row.player_id for row, _ in rows]
    key = {row.player_id: (row.points, *row.values.values(), tier) for row, tier in rows}
    if set(TERMINAL.values()) & set(criteria) and any(
        key[a] == key[b] for a, b in zip(order, order[1:], strict=False)
    ):
        again = ranked(data, criteria, {n: -n for n in data}, options)
        groups = stretches(order, [row.player_id for row, _ in again])
    else:
        groups = [list(group) for _, group in itertools.groupby(order, key=key.__getitem__)]
    places: dict[int, tuple[int, int]] = {}
    first = 0
    for group in groups:
        for number in group:
            places[number] = (first + 1, first + len(group) if len(group) > 1 else 0)
        first += len(group)
    return places


def _decimal(value: float, whole: bool) -> Decimal:
    # Values are sums and products of half points (exact in binary) or averages of ratings.
    exact = Decimal(repr(value))
    if whole:
        return exact.quantize(Decimal(1), ROUND_HALF_UP)
    cents = exact.quantize(Decimal("0.01"))
    # normalize() alone turns 10.00 into 1E+1, which the pages and the CSV would print as such.
    return cents.quantize(Decimal(1)) if cents == cents.to_integral_value() else cents.normalize()


def _player_data(
    player: Player, scoring: Scoring, rounds: int, ratings: Mapping[int, int]
) -> PlayerTiebreakData:
    games = []
    for number, record in enumerate(player.history[:rounds], start=1):
        points = float(scoring.points(record.code))
        colour = "black" if record.colour is Colour.BLACK else "white"
        kind = "played" if record.code.played else _KINDS[record.code]
        opponent = record.opponent if record.opponent is not None and kind != "pairing_bye" else -1
        rating = ratings.get(opponent, 0) if opponent != -1 else 0
        games.append(GameRecord(opponent, rating, points, colour, number, kind=kind))
    total = sum(game.score for game in games)
    return PlayerTiebreakData(player.number, player.rating, total, games)
