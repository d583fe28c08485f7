"""Standings with the US Chess tie-breaks (Official Rules of Chess, 7th edition, rule 34E). No Django.

The announced default order is the first four: 34E1 modified median, 34E2 Solkoff, 34E3
cumulative, 34E4 cumulative scores of the opposition. The median (Harkness), Sonneborn-Berger,
Kashdan and most-Blacks systems of the same rule follow. The codes, their names and that order
are the data app's (`tournaments.us_chess`); each is computed here, in `_VALUES`. Values are exact.

Unplayed games (34E1): in an opponent's score each round without a game counts as a draw,
whatever it was (bye, forfeit, a round after a withdrawal); that adjusted score serves only
the other players' tie-breaks. Each of the player's own rounds without a game counts as an
opponent with an adjusted score of 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from swiss.model import Code, Colour, Player, RoundResult, Scoring

from .tiebreaks import Standing

# Unplayed rounds worth a full point, which 34E3 takes off the cumulative score.
_UNPLAYED_WINS = {Code.FORFEIT_WIN, Code.FULL_BYE, Code.PAB}
# Kashdan: 4 for a win, 2 for a draw, 1 for a loss, 0 for a round without a game.
_KASHDAN = {Code.WIN: 4, Code.WIN_UNRATED: 4, Code.DRAW: 2, Code.DRAW_UNRATED: 2, Code.LOSS: 1}
_KASHDAN[Code.LOSS_UNRATED] = 1


class _Field:
    """The records of `rounds` rounds and the per-player sums every US tie-break reads."""

    def __init__(self, players: Sequence[Player], scoring: Scoring, rounds: int) -> None:
        self.scoring = scoring
        self.rounds = rounds
        self.history = {p.number: p.history[:rounds] for p in players}
        self.points = {
            n: sum((scoring.points(r.code) for r in h), Fraction(0)) for n, h in self.history.items()
        }
        # 34E1: each round without a game counts as a draw in the score the opponents' tie-breaks read.
        self.adjusted = {
            n: sum((scoring.points(r.code) if r.code.played else scoring.draw for r in h), Fraction(0))
            + scoring.draw * (rounds - len(h))
            for n, h in self.history.items()
        }
        self.cumulative = {n: self._cumulative(h) for n, h in self.history.items()}

    def _cumulative(self, history: Sequence[RoundResult]) -> Fraction:
        """34E3: the running scores added up, less the points of each unplayed win (bye, forfeit)."""
        running = total = Fraction(0)
        for record in history:
            running += self.scoring.points(record.code)
            total += running
            if record.code in _UNPLAYED_WINS:
                total -= self.scoring.points(record.code)
        return total

    def opponents(self, number: int) -> list[Fraction]:
        """34E1: one adjusted score per round: the opponent's, or 0 for a round without a game."""
        values = [
            self.adjusted[r.opponent] if r.code.played and r.opponent in self.adjusted else Fraction(0)
            for r in self.history[number]
        ]
        return values + [Fraction(0)] * (self.rounds - len(values))

    def median(self, number: int, *, modified: bool) -> Fraction:
        """34E1: drop the highest and the lowest (two of each from nine rounds on); the modified
        median keeps the highest for a plus score and the lowest for a minus score."""
        values = sorted(self.opponents(number))
        cut = 2 if self.rounds >= 9 else 1
        half = self.scoring.win * self.rounds / 2
        low = cut if not modified or self.points[number] >= half else 0
        high = cut if not modified or self.points[number] <= half else 0
        return sum(values[low : len(values) - high], Fraction(0))

    def sonneborn_berger(self, number: int) -> Fraction:
        """The adjusted scores of the opponents beaten over the board, and half of those drawn."""
        return sum(
            (
                _SHARE[r.code] * self.adjusted[r.opponent]
                for r in self.history[number]
                if r.code in _SHARE and r.opponent is not None and r.opponent in self.adjusted
            ),
            Fraction(0),
        )


_SHARE = {Code.WIN: Fraction(1), Code.WIN_UNRATED: Fraction(1), Code.DRAW: Fraction(1, 2)}
_SHARE[Code.DRAW_UNRATED] = Fraction(1, 2)


_VALUES: dict[str, Callable[[_Field, int], Fraction]] = {
    "MM": lambda f, n: f.median(n, modified=True),
    "SOLK": lambda f, n: sum(f.opponents(n), Fraction(0)),
    "CUM": lambda f, n: f.cumulative[n],
    "OCUM": lambda f, n: sum(
        (f.cumulative[r.opponent] for r in f.history[n] if r.code.played and r.opponent in f.cumulative),
        Fraction(0),
    ),
    "MED": lambda f, n: f.median(n, modified=False),
    "SB": lambda f, n: f.sonneborn_berger(n),
    "KASH": lambda f, n: Fraction(sum(_KASHDAN.get(r.code, 0) for r in f.history[n])),
    "BLK": lambda f, n: Fraction(sum(1 for r in f.history[n] if r.code.played and r.colour is Colour.BLACK)),
}


def _decimal(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1)) if exact == exact.to_integral_value() else exact.normalize()


def standings(
    players: Sequence[Player], scoring: Scoring, rounds: int, tiebreaks: Sequence[str]
) -> list[Standing]:
    """Rank `players` on their first `rounds` records: points, then `tiebreaks` in order (codes
    of `tournaments.us_chess.US_TIEBREAK_CODES`).

    Players equal on points and every tie-break share a place, listed by pairing number: the
    rules leave what follows (a play-off, a coin) to the director. Raises ValueError for an
    unknown code.
    """
    unknown = [code for code in tiebreaks if code not in _VALUES]
    if unknown:
        raise ValueError(f"Tie-break(s) not computed here: {', '.join(unknown)}.")
    field = _Field(players, scoring, rounds)
    values: Mapping[int, dict[str, Fraction]] = {
        p.number: {code: _VALUES[code](field, p.number) for code in tiebreaks} for p in players
    }

    def key(number: int) -> tuple[Fraction, ...]:
        return (field.points[number], *(values[number][code] for code in tiebreaks))

    order = sorted(field.points, key=lambda n: (tuple(-v for v in key(n)), n))
    result: list[Standing] = []
    first = 0
    for index, number in enumerate(order, start=1):
        if index == len(order) or key(order[index]) != key(number):
            # Places first+1 .. index share one key.
            last = index if index > first + 1 else 0
            for tied in order[first:index]:
                shown = {code: _decimal(value) for code, value in values[tied].items()}
                result.append(Standing(first + 1, tied, field.points[tied], shown, last))
            first = index
    return result
