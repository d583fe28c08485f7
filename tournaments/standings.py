"""Standings of a tournament from its published rounds: the queries around `tournaments.tiebreaks`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from . import public_cache
from .bridge import notation, ratings, round_robin, tiebreaks, us_tiebreaks
from .bridge.state import (
    ABSENCE_CODES,
    RESULT_CODES,
    Code,
    Player,
    players_after,
    round_results,
    scoring,
)
from .models import Entrant, Seat, Tournament
from .us_chess import US_DEFAULT_TIEBREAKS, US_TIEBREAK_CODES


@dataclass(frozen=True)
class Row:
    rank: int  # shared by players still tied after every tie-break
    entrant: Entrant
    points: Fraction
    values: list[Decimal | None]  # in the order of `Table.codes`; None: no value (ARO without a game)
    place: str = ""  # "5", or "5-6" for a shared place
    position: int = 0  # 1, 2, 3 ... down the table, unique: what crosstable cells refer to
    rating_change: str = ""  # "+11.8": the FIDE rating change over these rounds (rated players)


@dataclass(frozen=True)
class Table:
    after_round: int
    codes: list[str]  # the tie-breaks with a value column (DE, TPN and RTNG decide order only)
    ruleset: str
    rows: list[Row]
    ordering: list[str]  # the tie-breaks that decided the order, in order
    # The tournament's other tie-breaks, each with why it was left out: lazy, as the table is kept
    # in the cache for readers of every language.
    dropped: dict[str, Promise]
    # Per pairing number, the performance rating (C.07 10.2) a card shows, without a column;
    # players without a game over the board, and US Chess events, have none.
    performance: dict[int, Decimal] = field(default_factory=dict)
    rated: bool = False  # whether the rows show a FIDE rating change (`Row.rating_change`)


def standings(tournament: Tournament, after_round: int) -> Table:
    """The ranking after `after_round`, which must be one of `Tournament.rounds_with_standings`.

    Ranking 4000 players takes most of a second, and every page that shows a rank
    (standings, crosstable, prizes, each player's card) needs it: it is computed once, with
    the cards' performance ratings, and kept until something it rests on changes
    (`public_cache.kept_after`); a result entered in a later round leaves it.
    """
    compute = lambda: _computed(tournament, after_round)  # noqa: E731
    table: Table = public_cache.kept_after(tournament, after_round, "standings", compute)
    return table


def _computed(tournament: Tournament, after_round: int) -> Table:
    field = list(tournament.entrants.order_by("pairing_number"))
    entrants = {e.pairing_number: e for e in field}
    players = players_after(tournament, after_round, field)
    if tournament.is_us_chess:
        return _us_standings(tournament, after_round, entrants, players)
    default: tuple[str, ...] = tiebreaks.DEFAULT_TIEBREAKS
    if tournament.is_round_robin:
        players = round_robin.counted(tournament, players)  # withdrawals (docs/round-robin.md 8)
        default = round_robin.ROUND_ROBIN_TIEBREAKS
    ruleset = tiebreaks.edition(tournament.start_date)
    ordering, dropped = tiebreaks.ranking_codes(tournament.tiebreaks or list(default), players, ruleset)
    rows = tiebreaks.standings(players, scoring(tournament), after_round, ordering, ruleset, extra=["TPR"])
    results = round_results(tournament, after_round, numbers=_numbers(field))
    changes = ratings.changes_of_field(tournament, field, results)
    shown = [code for code in ordering if code not in tiebreaks.ORDER_ONLY]
    return Table(
        after_round=after_round,
        codes=shown,
        ruleset=ruleset,
        rows=[
            Row(
                r.rank,
                entrants[r.number],
                r.points,
                [r.values.get(code) for code in shown],
                place=r.place,
                position=position,
                rating_change=ratings.signed(changes.get(entrants[r.number].pk)),
            )
            for position, r in enumerate(rows, start=1)
        ],
        ordering=ordering,
        dropped=dropped,
        performance={r.number: r.values["TPR"] for r in rows if "TPR" in r.values},
        rated=bool(changes),
    )


def _numbers(entrants: list[Entrant]) -> dict[int, int]:
    return {e.pk: e.pairing_number for e in entrants if e.pairing_number is not None}


def _us_standings(
    tournament: Tournament, after_round: int, entrants: dict[int | None, Entrant], players: tuple[Player, ...]
) -> Table:
    """US Chess events rank by rule 34E's tie-breaks; FIDE codes in the list are left out."""
    chosen = tournament.tiebreaks or list(US_DEFAULT_TIEBREAKS)
    ordering = [code for code in chosen if code in US_TIEBREAK_CODES]
    dropped: dict[str, Promise] = {
        code: gettext_lazy("not a US Chess tie-break (34E)")
        for code in chosen
        if code not in US_TIEBREAK_CODES
    }
    rows = us_tiebreaks.standings(players, scoring(tournament), after_round, ordering)
    return Table(
        after_round=after_round,
        codes=ordering,
        ruleset="us-chess-34e",
        rows=[
            Row(r.rank, entrants[r.number], r.points, [r.values.get(c) for c in ordering], r.place, position)
            for position, r in enumerate(rows, start=1)
        ],
        ordering=ordering,
        dropped=dropped,
    )


def crosstable_cells(
    tournament: Tournament, after_round: int, table: Table, rows: list[Row]
) -> dict[int, list[str]]:
    """Per entrant id of `rows` (a page of `table`), one cell per round: opponent's row in the
    table, colour and result ("12w1", "12b−"), or the bye with its points ("bye ½", `notation`).

    Rows, not ranks: two players sharing a place still need a cell each can point at.
    """
    rank_of = {row.entrant.pairing_number: row.position for row in table.rows}
    results = round_results(tournament, after_round)
    rules = scoring(tournament)
    cells = {}
    for row in rows:
        own = results.get(row.entrant.pk, {})
        line = []
        for number in range(1, after_round + 1):
            record = own.get(number)
            if record is None:
                line.append("")
            elif record.opponent is None:
                line.append(notation.unplayed(rules.points(record.code)))
            else:
                colour = notation.colour_initial(record.colour)
                line.append(f"{rank_of[record.opponent]}{colour}{notation.side(record.code)}")
        cells[row.entrant.pk] = line
    return cells


@dataclass(frozen=True)
class CardRound:
    number: int
    board: int | None
    colour: str  # "White", "Black" or ""
    opponent: Entrant | None
    result: str  # from the player's side: "1", "½", "0", "+", "−", "bye ½" ... or "" while playing
    note: str = ""  # a round without an opponent: what it was ("Half-point bye (requested)")
    rating_change: str = ""  # "+4.2": the game's rating change (a rated game of a FIDE event)


@dataclass(frozen=True)
class Card:
    rounds: list[CardRound]
    row: Row | None  # rank, points and tie-breaks after the last round with all results
    performance: Decimal | None  # TPR (C.07 10.2) over the games played over the board
    after_round: int
    rating: ratings.Estimate | None = None  # the rating estimate over the games with a result


def player_card(tournament: Tournament, entrant: Entrant, seats: list[Seat]) -> Card:
    """One player's published rounds, with their standing and performance rating."""
    opponents = _opponents(seats)
    rules = scoring(tournament)
    rounds = []
    games: list[tuple[int, Entrant, Code]] = []
    for seat in seats:
        if seat.absence:
            text = notation.unplayed(rules.points(ABSENCE_CODES[seat.absence]))
            rounds.append(CardRound(seat.round.number, None, "", None, text, seat.get_absence_display()))
            continue
        opponent = opponents.get((seat.round_id, seat.board_number))
        result = seat.board.result if seat.board_number and seat.board else ""
        if opponent is None:
            bye = notation.unplayed(rules.points(Code.PAB))
            rests = tournament.is_round_robin
            note = gettext("Rests (round robin)") if rests else gettext("Pairing-allocated bye")
            rounds.append(CardRound(seat.round.number, seat.board_number, "", None, bye, note))
            continue
        if not result:
            text = ""
        else:
            codes = RESULT_CODES[result]
            code = codes[0] if seat.colour == Seat.Colour.WHITE else codes[1]
            text = notation.side(code)
            games.append((seat.round.number, opponent, code))
        rounds.append(
            CardRound(seat.round.number, seat.board_number, seat.get_colour_display(), opponent, text)
        )
    rating = ratings.estimate(tournament, entrant, games)
    if rating is not None:
        rounds = [replace(r, rating_change=ratings.signed(rating.per_round.get(r.number))) for r in rounds]
    done = tournament.rounds_with_standings()
    if not done:
        return Card(rounds, None, None, 0, rating)
    table = standings(tournament, done[-1])
    row = next(r for r in table.rows if r.entrant.pk == entrant.pk)
    performance = table.performance.get(entrant.pairing_number or 0)
    return Card(rounds, row, performance or None, done[-1], rating)


def _opponents(seats: list[Seat]) -> dict[tuple[int, int | None], Entrant]:
    boards = {(s.round_id, s.board_number) for s in seats if s.board_number}
    others = Seat.objects.filter(
        round_id__in={r for r, _ in boards}, board_number__in={b for _, b in boards}
    ).select_related("entrant__tournament")  # the tournament decides the rating shown
    own = {s.pk for s in seats}
    return {
        (o.round_id, o.board_number): o.entrant
        for o in others
        if (o.round_id, o.board_number) in boards and o.pk not in own
    }
