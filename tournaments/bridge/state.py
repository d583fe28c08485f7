"""The one translation from the database to the engine's plain inputs (`swiss.model`).

Used by the arbiter's workflow (pairing/actions.py) to pair a round, by the TRF
export and by the standings. Pairing numbers in the engine state are the entrants'
*current* pairing numbers (`Entrant.pairing_number`), in history records too; the
number a seat kept from an earlier round is history for the hall, not for the engine,
with one exception: round 1's seat numbers fix who ends Baku's accelerated group.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext

from swiss.abcd import ABCD_METHODS, top_half
from swiss.model import Acceleration, Colour, Edition, Pairing, RoundResult, Scoring
from swiss.model import Board as EngineBoard
from swiss.model import Code as Code  # re-exported: the standings read result codes
from swiss.model import Player as Player  # re-exported: the standings read engine players
from swiss.model import TournamentState as TournamentState  # re-exported: the review page takes a state
from swiss.systems import PlayerSystem, player_system
from swiss.us.options import options_from_words
from tournaments.models import Board, Entrant, ForbiddenPair, Round, Seat, Tournament

# Per stored result, the engine codes of White and Black.
RESULT_CODES: dict[str, tuple[Code, Code]] = {
    Board.Result.WHITE_WINS: (Code.WIN, Code.LOSS),
    Board.Result.DRAW: (Code.DRAW, Code.DRAW),
    Board.Result.BLACK_WINS: (Code.LOSS, Code.WIN),
    Board.Result.BLACK_FORFEITS: (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
    Board.Result.WHITE_FORFEITS: (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
    Board.Result.DOUBLE_FORFEIT: (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),
}
# A withdrawn player is absent without points, like a zero-point bye (docs/tiebreaks.md 16.1).
ABSENCE_CODES: dict[str, Code] = {
    Seat.Absence.HALF_BYE: Code.HALF_BYE,
    Seat.Absence.FULL_BYE: Code.FULL_BYE,
    Seat.Absence.ZERO_BYE: Code.ZERO_BYE,
    Seat.Absence.WITHDRAWN: Code.ZERO_BYE,
}
# The edition of the Dutch rules each Dutch pairing system is paired by; the others (US Chess)
# do not read it and keep the default.
EDITIONS: dict[str, Edition] = {
    Tournament.PairingSystem.DUTCH_2026: Edition.DUTCH_2026,
    Tournament.PairingSystem.DUTCH_2017: Edition.DUTCH_2017,
    Tournament.PairingSystem.DUTCH_1998: Edition.DUTCH_1998,
}
# FIDE title codes of the TRF player line (columns 11-13).
TRF_TITLES = {"GM": "g", "IM": "m", "WGM": "wg", "FM": "f", "WIM": "wm", "CM": "c", "WFM": "wf", "WCM": "wc"}
TITLES_FROM_TRF = {code: title for title, code in TRF_TITLES.items()}


class StateError(ValueError):
    """The database cannot be turned into an engine state; the message says why."""


def fraction(value: Decimal) -> Fraction:
    return Fraction(value)


def scoring(tournament: Tournament) -> Scoring:
    """The tournament's points per outcome, exact."""
    return Scoring(
        **{
            name.removeprefix("points_"): fraction(getattr(tournament, name))
            for name in Tournament.SCORING_FIELDS
        }
    )


def pairing_numbers(tournament: Tournament) -> dict[int, int]:
    """Entrant id -> pairing number, of the entrants that have one."""
    return {
        pk: number
        for pk, number in tournament.entrants.values_list("pk", "pairing_number")
        if number is not None
    }


def next_round_to_pair(tournament: Tournament) -> int:
    """The lowest round still a draft, or total_rounds + 1 when every round is published."""
    drafts = tournament.rounds.filter(state=Round.State.DRAFT).order_by("number")
    first = drafts.values_list("number", flat=True).first()
    return first if first is not None else tournament.total_rounds + 1


def tournament_state(tournament: Tournament, round_number: int | None = None) -> TournamentState:
    """DB tournament -> `swiss.model.TournamentState`, ready to pair `round_number`.

    `round_number` defaults to the first draft round (`next_round_to_pair`). The
    history holds rounds 1 .. round_number - 1, which must all be published with
    every game's result entered; otherwise `StateError` says which round is not.
    `absences` holds the requested byes and withdrawals already recorded on seats of
    `round_number` itself. An entrant without a seat in an earlier round (a late
    entry) gets a zero-point bye there. Every entrant needs a pairing number.

    A Baku tournament's accelerated group is the engine's to find from the history
    (`swiss.acceleration.baku_last_ga`: a late entry's round 1 is a zero-point bye).

    An A/B/C/D tournament whose top half no longer ends where the engine would cut it (late
    entries were numbered in) carries its round-1 cut (`abcd_last_top`; see `_abcd_last_top`).

    Takes five queries, whatever the size of the tournament (six for A/B/C/D after
    round 1).
    """
    if round_number is None:
        round_number = next_round_to_pair(tournament)
    entrants = list(tournament.entrants.order_by("pairing_number"))
    missing = [e.name for e in entrants if e.pairing_number is None]
    if missing:
        raise StateError(
            gettext("Entrants without a pairing number: %(names)s.") % {"names": ", ".join(missing)}
        )
    rounds = list(tournament.rounds.filter(number__lt=round_number).order_by("number"))
    unfinished = [r.number for r in rounds if r.state == Round.State.DRAFT]
    if unfinished:
        raise StateError(gettext("Round %(number)s is not published yet.") % {"number": unfinished[0]})
    players = _players(tournament, entrants, round_number - 1)
    number_of = {e.pk: e.pairing_number for e in entrants if e.pairing_number is not None}
    absent = Seat.objects.filter(round__tournament=tournament, round__number=round_number).exclude(absence="")
    absences = {number_of[seat.entrant_id]: ABSENCE_CODES[seat.absence] for seat in absent}
    state = TournamentState(
        players=players,
        total_rounds=tournament.total_rounds,
        initial_colour=Colour(tournament.initial_colour) if tournament.initial_colour else None,
        scoring=scoring(tournament),
        absences=absences,
        acceleration=Acceleration(tournament.acceleration),
        edition=EDITIONS.get(tournament.pairing_system, Edition.DUTCH_2026),
        name=tournament.name,
    )
    if state.acceleration in ABCD_METHODS and round_number > 1:
        last_top = _abcd_last_top(tournament, state.acceleration, number_of)
        # Given only where it differs from the engine's own cut (late entries), as for Baku.
        if last_top != top_half(state.acceleration, len(state.players)):
            state = replace(state, abcd_last_top=last_top)
    return state


def _abcd_last_top(
    tournament: Tournament, acceleration: Acceleration, number_of: dict[int, int]
) -> int | None:
    """The current pairing number of the A/B/C/D top half's last player, fixed at round 1.

    Round 1's field is everyone with a seat in round 1, on a board or absent (the groups are
    cut from the whole entry), numbered 1 .. N1. A board seat keeps its round-1 number; an
    absent player's seat keeps none, so the absentees take the numbers no board seat holds,
    in the order of their current numbers (renumbering keeps the order of those already
    entered). The player at the top half's size stays its last member. A tournament imported
    from a TRF file keeps the player the file named instead (`abcd_top_half_last`).
    """
    if tournament.abcd_top_half_last_id is not None and tournament.abcd_top_half_last_id in number_of:
        return number_of[tournament.abcd_top_half_last_id]
    seats = list(
        Seat.objects.filter(round__tournament=tournament, round__number=1).values_list(
            "entrant_id", "pairing_number"
        )
    )
    if not seats:
        return None
    seated = {number: pk for pk, number in seats if number is not None}
    absent = sorted((pk for pk, number in seats if number is None), key=lambda pk: number_of[pk])
    free = (n for n in range(1, len(seats) + 1) if n not in seated)
    round_one = {**seated, **dict(zip(free, absent, strict=False))}
    return number_of[round_one[top_half(acceleration, len(seats))]]


def round_results(
    tournament: Tournament,
    last_round: int,
    *,
    require_results: bool = True,
    numbers: dict[int, int] | None = None,
) -> dict[int, dict[int, RoundResult]]:
    """Per entrant id, per round number (1 .. last_round, published rounds only), the engine record.

    Opponents are current pairing numbers. A board without a result raises
    `StateError` unless `require_results` is off, in which case that round is left
    out for both players (the game is still being played). `numbers` (entrant id ->
    pairing number) saves a query when the caller has the entrants already.
    """
    if numbers is None:
        numbers = pairing_numbers(tournament)
    # Plain rows, not model instances: a round of 4000 players is read on every page of its review.
    seats = list(
        Seat.objects.filter(round__tournament=tournament, round__number__lte=last_round)
        .exclude(round__state=Round.State.DRAFT)
        .values_list("entrant_id", "colour", "absence", "board_number", "round__number", "board__result")
    )
    on_board: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for entrant_id, colour, _, board_number, number, _ in seats:
        if board_number:
            on_board[number, board_number][colour] = entrant_id
    results: dict[int, dict[int, RoundResult]] = defaultdict(dict)
    for entrant_id, colour, absence, board_number, number, result in seats:
        if absence:
            results[entrant_id][number] = RoundResult(None, None, ABSENCE_CODES[absence])
            continue
        # A seat without an absence is on a board (the Seat model's constraint).
        assert board_number is not None
        board = on_board[number, board_number]
        if Seat.Colour.BLACK not in board:
            results[entrant_id][number] = RoundResult(None, None, Code.PAB)
            continue
        if not result:
            if require_results:
                raise StateError(
                    gettext("Round %(number)s, board %(board)s has no result yet.")
                    % {"number": number, "board": board_number}
                )
            continue
        white = colour == Seat.Colour.WHITE
        opponent = board[Seat.Colour.BLACK if white else Seat.Colour.WHITE]
        code = RESULT_CODES[result][0 if white else 1]
        results[entrant_id][number] = RoundResult(
            numbers[opponent], Colour.WHITE if white else Colour.BLACK, code
        )
    return results


def players_after(tournament: Tournament, round_number: int, entrants: list[Entrant]) -> tuple[Player, ...]:
    """`entrants` (the tournament's, by pairing number) as engine players with their records of rounds
    1 .. round_number (all published)."""
    return _players(tournament, entrants, round_number)


def scores_after(tournament: Tournament, round_number: int) -> dict[int, Decimal]:
    """Every entrant's points (by entrant id) after `round_number`, by the rule pairing uses.

    Published rounds only, each scored by the engine's `Scoring.points`: a round without a
    seat (before a late entry) or after a withdrawal counts as a zero-point bye, exactly as
    the engine counts it; a game still being played counts nothing yet.
    """
    rules = scoring(tournament)
    played = list(
        tournament.rounds.exclude(state=Round.State.DRAFT)
        .filter(number__lte=round_number)
        .values_list("number", flat=True)
    )
    records = round_results(tournament, round_number, require_results=False)
    # On a board but without a record: the game is still being played.
    seated = set(
        Seat.objects.filter(
            round__tournament=tournament, round__number__in=played, board_number__isnull=False
        ).values_list("entrant_id", "round__number")
    )
    absent = rules.points(Code.ZERO_BYE)
    scores = {}
    for entrant_id in tournament.entrants.values_list("pk", flat=True):
        own = records.get(entrant_id, {})
        total = sum((rules.points(own[n].code) for n in played if n in own), Fraction(0))
        total += absent * sum(1 for n in played if n not in own and (entrant_id, n) not in seated)
        scores[entrant_id] = Decimal(total.numerator) / Decimal(total.denominator)
    return scores


def _players(tournament: Tournament, entrants: list[Entrant], last_round: int) -> tuple[Player, ...]:
    numbers = {e.pk: e.pairing_number for e in entrants if e.pairing_number is not None}
    by_round = round_results(tournament, last_round, numbers=numbers)
    absent = RoundResult(None, None, Code.ZERO_BYE)
    return tuple(
        _player(e, tuple(by_round.get(e.pk, {}).get(n, absent) for n in range(1, last_round + 1)))
        for e in entrants
    )


def _player(entrant: Entrant, history: tuple[RoundResult, ...]) -> Player:
    assert entrant.pairing_number is not None
    return Player(
        number=entrant.pairing_number,
        name=entrant.name,
        rating=entrant.rating,
        history=history,
        sex=entrant.sex,
        title=TRF_TITLES.get(entrant.title, ""),
        federation=entrant.federation,
        # The TRF's ID field: the US Chess ID in a US Chess section (README, "US Chess").
        fide_id=entrant.us_chess_id if entrant.tournament.is_us_chess else entrant.fide_id,
        birth_date=entrant.birth_date.strftime("%Y/%m/%d") if entrant.birth_date else "",
    )


# The engine's name of each system whose choice in the app is spelt otherwise.
ENGINE_NAMES: dict[str, str] = {Tournament.PairingSystem.US_CHESS: "us"}


def engine_name(tournament: Tournament) -> str:
    """The name of the tournament's pairing system in the engine's table (`swiss.systems.SYSTEMS`)."""
    return ENGINE_NAMES.get(tournament.pairing_system, tournament.pairing_system)


def engine_system(tournament: Tournament) -> PlayerSystem:
    """The individual tournament's pairing system, the engine's entry for it (`swiss.systems`).

    A US Chess event passes its director's variations; for 28N the players' clubs are their
    teams (current pairing numbers), players without a club belonging to none.
    """
    name = engine_name(tournament)
    if not tournament.is_us_chess:
        return player_system(name)
    clubs = {
        number: club
        for number, club in tournament.entrants.exclude(club="").values_list("pairing_number", "club")
        if number is not None
    }
    return player_system(name, us=options_from_words(tournament.us_variations, clubs))


def pairing_state(tournament: Tournament, round_number: int | None = None) -> TournamentState:
    """`tournament_state` plus the forbidden pairs (by current pairing numbers): what pairing reads.

    The public export leaves the forbidden pairs out: who may not meet whom is the arbiters' business.
    """
    state = tournament_state(tournament, round_number)
    numbers = pairing_numbers(tournament)
    forbidden = frozenset(
        (min(numbers[a], numbers[b]), max(numbers[a], numbers[b]))
        for a, b in ForbiddenPair.objects.filter(tournament=tournament).values_list("first_id", "second_id")
    )
    return replace(state, forbidden=forbidden)


def board_pairing(rnd: Round) -> Pairing:
    """The round's boards as the engine's pairing, by current pairing numbers, in board order."""
    numbers = pairing_numbers(rnd.tournament)
    boards = []
    for board in rnd.boards_with_seats():
        white, black = board.white, board.black
        if white is not None:
            boards.append(EngineBoard(numbers[white.pk], numbers[black.pk] if black else None))
    return Pairing(tuple(boards))
