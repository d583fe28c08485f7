"""Rating estimates of the tournament's players: the stored games as `swiss.ratings` reads them.

FIDE events: the rating change per game and for the event (B.02 8.3) of every rated player, or an
unrated player's first rating. US Chess events, when the arbiter asks for it: the approximating
formula for unrated players only; a rated player's US Chess change needs the standard formula, which
we could not confirm, so nothing is shown rather than a wrong number (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from swiss import ratings
from swiss.model import Code, RoundResult
from tournaments.models import Entrant, Tournament

# The games that count: played over the board and rated (forfeits, byes and games the file marks
# unrated do not).
SCORES = {Code.WIN: Fraction(1), Code.DRAW: Fraction(1, 2), Code.LOSS: Fraction(0)}


@dataclass(frozen=True)
class Estimate:
    system: str  # "fide" or "us"
    per_round: dict[int, Fraction | None]  # a rated game's change; None: not rated (unrated opponent)
    change: Fraction | None  # the event's change, for a rated player
    k: int | None
    first_rating: int | None  # an unrated player's estimated (first) rating, when it can be given

    @property
    def change_text(self) -> str:
        return signed(self.change)

    @property
    def left_out(self) -> bool:
        """Whether a game was not rated (against an unrated opponent, B.02 8.3.1)."""
        return None in self.per_round.values()


def _own_rating(tournament: Tournament, entrant: Entrant) -> int | None:
    return entrant.us_chess_rating if tournament.is_us_chess else entrant.fide_rating


def estimate(
    tournament: Tournament, entrant: Entrant, games: Iterable[tuple[int, Entrant, Code]]
) -> Estimate | None:
    """The estimate over `games` (round number, opponent, the player's result code); None where
    nothing is shown (a US Chess event without estimates, or a rated US Chess player)."""
    played = [(number, opponent, SCORES[code]) for number, opponent, code in games if code in SCORES]
    rounds = [number for number, _, _ in played]
    engine_games = [ratings.Game(_own_rating(tournament, o), score) for _, o, score in played]
    own = _own_rating(tournament, entrant)
    start = tournament.start_date
    if tournament.is_us_chess:
        if not tournament.us_rating_estimate or own is not None:
            return None
        return Estimate("us", {}, None, None, ratings.us_special_rating(0, None, engine_games))
    if own is None:
        opponents = [g.opponent_rating for g in engine_games if g.opponent_rating is not None]
        score = sum((g.score for g in engine_games if g.opponent_rating is not None), Fraction(0))
        return Estimate("fide", {}, None, None, ratings.first_rating(opponents, score, start))
    born = entrant.birth_date.year if entrant.birth_date else None
    k = entrant.fide_k or ratings.development_coefficient(own, born, start.year)
    event = ratings.event_change(own, k, engine_games, start)
    per_round = {number: game.change for number, game in zip(rounds, event.games, strict=True)}
    return Estimate("fide", per_round, event.change, event.k, None)


def changes_of_field(
    tournament: Tournament, entrants: list[Entrant], results: dict[int, dict[int, RoundResult]]
) -> dict[int, Fraction]:
    """Per entrant id, the FIDE rating change over the rounds of `results` (`state.round_results`);
    rated players of FIDE events only."""
    if tournament.is_us_chess:
        return {}
    by_number = {e.pairing_number: e for e in entrants}
    changes = {}
    for entrant in entrants:
        if entrant.fide_rating is None:
            continue
        games = []
        for number, record in sorted(results.get(entrant.pk, {}).items()):
            opponent = by_number.get(record.opponent) if record.opponent is not None else None
            if opponent is not None:
                games.append((number, opponent, record.code))
        found = estimate(tournament, entrant, games)
        if found is not None and found.change is not None:
            changes[entrant.pk] = found.change
    return changes


def signed(change: Fraction | None) -> str:
    """+4.2, -2.1, 0.0: one decimal (halves away from zero), as estimates are shown; the list keeps
    ratings whole."""
    if change is None:
        return ""
    tenths = (Decimal(change.numerator) / Decimal(change.denominator)).quantize(TENTH, ROUND_HALF_UP)
    return f"+{tenths}" if tenths > 0 else f"{tenths}".replace("-0.0", "0.0")


TENTH = Decimal("0.1")
