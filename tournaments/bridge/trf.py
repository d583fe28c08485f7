"""The tournament as a TRF file for rating officers and engines, and a TRF file back into the database."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from django.db import transaction

from swiss.acceleration import virtual_points
from swiss.boards import order_boards
from swiss.model import Code, Pairing, Player, Scoring, TournamentState, TrfError
from swiss.recorded import recorded_pairing, state_before_round
from swiss.trf import plain_line, read_player_line, read_trf, write_trf
from swiss.us.options import USOptions
from swiss.us.trf import us_option_lines
from tournaments.models import Board, DraftChange, Entrant, Round, Seat, Tournament

from .state import (
    EDITIONS,
    RESULT_CODES,
    TITLES_FROM_TRF,
    board_pairing,
    engine_system,
    pairing_state,
    tournament_state,
)

# The stored result of a pair of engine codes (White's, Black's), and an unrated result's rated code.
RESULTS_OF_CODES = {codes: result for result, codes in RESULT_CODES.items()}
RATED = {Code.WIN_UNRATED: Code.WIN, Code.DRAW_UNRATED: Code.DRAW, Code.LOSS_UNRATED: Code.LOSS}


@dataclass(frozen=True)
class Export:
    """What one TRF export holds: the one contract of the individual writer (here) and the team
    writer (`team_trf`), for the arbiters' file and the players' alike.

    Both hold every round with all its results in and are ready to pair `round_to_pair`, the
    round after them; a published round still being played (`playing`) is that round, written
    without any of its results (an individual round with its boards, a team round with the
    lineups it is played with). The arbiters' file (private) holds everything an engine reads:
    the requested byes and absences of `round_to_pair` and the forbidden pairs, a draft's
    lineups, the colour lot and the full birth dates. The players' file (public) holds only
    what the public pages show: no draft (its absences and lineups stay private), the lineups
    of a round only once the arbiter released them, the colour lot only once round 1 is
    published (with it the file would pair round 1 exactly as the draft does), no forbidden
    pairs, and birth dates cut to the tournament's choice. Both end with the notes of every
    manual change to a published round.
    """

    tournament: Tournament
    public: bool
    round_to_pair: int
    playing: Round | None

    @property
    def lot(self) -> bool:
        """The colour lot of round 1 is written."""
        return not self.public or self.tournament.rounds.exclude(state=Round.State.DRAFT).exists()

    @property
    def absences(self) -> bool:
        """The absences (requested byes) of `round_to_pair` are written: privately, or once published."""
        return not self.public or self.playing is not None

    def lineups(self, released: bool) -> bool:
        """A team event's lineups of `round_to_pair` are written: privately, or once they are released."""
        return not self.public or (self.playing is not None and released)

    def birth_date(self, text: str) -> str:
        """What the file says of a TRF birth date (YYYY/MM/DD)."""
        return public_birth_date(self.tournament, text) if self.public else text


def export_scope(tournament: Tournament, *, public: bool) -> Export:
    """The rounds a TRF export of `tournament` holds (`Export`), for players or for its arbiters."""
    done = tournament.rounds_with_standings()
    following = min((done[-1] if done else 0) + 1, tournament.total_rounds + 1)
    playing = tournament.rounds.filter(number=following).exclude(state=Round.State.DRAFT).first()
    return Export(tournament, public, following, playing)


def public_state(tournament: Tournament) -> tuple[TournamentState, Pairing | None]:
    """What players may see (`Export`): the rounds with all results in, and the round being played."""
    scope = export_scope(tournament, public=True)
    state = tournament_state(tournament, scope.round_to_pair)
    if not scope.absences:
        state = replace(state, absences={})
    shown = tuple(replace(p, birth_date=scope.birth_date(p.birth_date)) for p in state.players)
    state = replace(state, players=shown)
    if not scope.lot:
        state = replace(state, initial_colour=None)
    return state, board_pairing(scope.playing) if scope.playing is not None else None


def public_birth_date(tournament: Tournament, birth_date: str) -> str:
    """A TRF birth date (YYYY/MM/DD) as the tournament publishes it: whole, the year alone, or nothing."""
    choice = tournament.public_birth_dates
    if choice == Tournament.BirthDates.FULL or not birth_date:
        return birth_date
    # TRF has no year-only form; zero month and day cannot be mistaken for a real date.
    return f"{birth_date[:4]}/00/00" if choice == Tournament.BirthDates.YEAR else ""


def export_trf(tournament: Tournament, version: Literal["2026", "16"] = "2026") -> str:
    """The published tournament as TRF-2026 (or TRF-16): a round being played has its boards, no results.

    Ends with a `###` note of every manual change to a published round, as the arbiter's
    export does; changes to a draft stay private with the draft.
    """
    state, pairing = public_state(tournament)
    state = with_virtual_points(state)
    newline = "\r\n"
    text = write_trf(state, pairing=pairing, version=version, newline=newline, header=tournament.trf_header())
    return text + "".join(f"{note}{newline}" for note in manual_change_notes(tournament))


def arbiter_trf(tournament: Tournament) -> str:
    """The tournament as TRF-2026 for its arbiters, ready for any engine to pair the next round.

    Unlike the public export it holds the requested byes, the forbidden pairs and the full birth
    dates; a round published and still being played is written with its boards and no results.
    Ends with the notes of every manual change to a published round.
    """
    scope = export_scope(tournament, public=False)
    state = with_virtual_points(pairing_state(tournament, scope.round_to_pair))
    pairing = board_pairing(scope.playing) if scope.playing is not None else None
    text = write_trf(state, pairing=pairing, newline="\n", header=tournament.trf_header())
    system = engine_system(tournament)
    # A US Chess event's variations and clubs, so that `python -m swiss pair --system us` reads them.
    us_lines = us_option_lines(system.options) if isinstance(system.options, USOptions) else []
    return text + "".join(f"{line}\n" for line in [*us_lines, *manual_change_notes(tournament)])


def with_virtual_points(state: TournamentState) -> TournamentState:
    """The state with its acceleration's virtual points spelled out, so that the file writes
    them as 250 records (TRF-2026 1.5): any program then reads GA as this one found it,
    late entries included, without deriving it again."""
    return replace(state, virtual_points=dict(virtual_points(state)))


def manual_change_notes(tournament: Tournament) -> list[str]:
    """TRF comment lines naming every manual change of a published round."""
    changes = (
        DraftChange.objects.filter(round__tournament=tournament)
        .exclude(kind=DraftChange.Kind.ENGINE)
        .exclude(round__state=Round.State.DRAFT)
        .select_related("round", "user")
        .order_by("round__number", "pk")
    )
    return [
        plain_line(f"### Round {c.round.number}: manual change by {c.user or 'an arbiter'}: {c.description}")
        for c in changes
    ]


@transaction.atomic
def import_trf(
    text: str, *, slug: str, start_date: datetime.date, end_date: datetime.date | None = None
) -> Tournament:
    """Create a tournament from a TRF file: its players and every completed round, published and complete.

    Boards are numbered in the official order (C.04.2 3.6). A withdrawal reads back as
    zero-point byes, which is all TRF records of it.
    """
    state = read_trf(text)
    scoring = state.scoring
    # The place is the one header record with a field to go to; arbiters are accounts, not file data.
    place = next((line[4:].strip() for line in text.splitlines() if line.startswith("022 ")), "")
    host = next((line[4:].strip()[:3].upper() for line in text.splitlines() if line.startswith("032 ")), "")
    tournament = Tournament.objects.create(
        name=state.name or slug,
        slug=slug,
        place=place,
        host_federation=host,
        start_date=start_date,
        end_date=end_date or start_date,
        total_rounds=state.total_rounds,
        initial_colour=state.initial_colour.value if state.initial_colour else "",
        acceleration=state.acceleration.value,
        pairing_system=next(system for system, edition in EDITIONS.items() if edition is state.edition),
        # A file that holds full-point byes keeps them: FIDE mode would otherwise refuse them.
        allow_full_point_byes=any(r.code is Code.FULL_BYE for p in state.players for r in p.history),
        **scoring_fields(scoring),
    )
    entrants = {p.number: entrant_from_trf(tournament, p) for p in state.players}
    if state.abcd_last_top is not None:
        tournament.abcd_top_half_last = entrants[state.abcd_last_top]
        tournament.save(update_fields=["abcd_top_half_last"])
    absences = {Code.HALF_BYE: Seat.Absence.HALF_BYE, Code.FULL_BYE: Seat.Absence.FULL_BYE}
    for number in range(1, state.rounds_played + 1):
        rnd = tournament.rounds.get(number=number)
        before = state_before_round(state, number)
        for tpn, code in before.absences.items():
            entrants[tpn].request_absence(number, absences.get(code, Seat.Absence.ZERO_BYE))
        boards = order_boards(before, recorded_pairing(state, number).boards)
        rnd.store_draft([(entrants[b.white], entrants[b.black] if b.black else None) for b in boards])
        for board_number, board in enumerate(boards, start=1):
            if board.black is not None:
                white_code = state.players[board.white - 1].history[number - 1].code
                black_code = state.players[board.black - 1].history[number - 1].code
                result = RESULTS_OF_CODES[
                    (RATED.get(white_code, white_code), RATED.get(black_code, black_code))
                ]
                Board.objects.filter(round=rnd, number=board_number).update(result=result)
        rnd.publish(None)
        rnd.complete()
    return tournament


def entrant_from_trf(tournament: Tournament, player: Player) -> Entrant:
    """Save the player of a TRF 001 line as an entrant of `tournament`, with its pairing number."""
    return Entrant.objects.create(
        tournament=tournament,
        pairing_number=player.number,
        name=player.name,
        fide_rating=player.rating or None,
        sex=player.sex,
        title=TITLES_FROM_TRF.get(player.title, ""),
        federation=player.federation,
        fide_id=player.fide_id,
        birth_date=_date(player.birth_date),
    )


def scoring_fields(scoring: Scoring) -> dict[str, Decimal]:
    """The engine's points per outcome as the tournament's scoring fields (`points_win`, ...)."""
    return {name: _dec(getattr(scoring, name.removeprefix("points_"))) for name in Tournament.SCORING_FIELDS}


def _dec(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.datetime.strptime(text, "%Y/%m/%d").date()
    except ValueError:
        return None


def entrant_rows(text: str) -> list[tuple[int, str, dict[str, str]]]:
    """The 001 player lines of a TRF file as entrant fields (line number, line, fields), read by the
    engine's TRF reader; a line it refuses has its reason under "__error__"."""
    result = []
    for index, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("001"):
            continue
        try:
            player = read_player_line(line, index)
        except TrfError as error:
            result.append((index, line, {"__error__": error.message}))
            continue
        birth = player.birth_date.replace("/", "-")
        data = {
            "sex": player.sex,
            "title": TITLES_FROM_TRF.get(player.title.lower(), player.title.upper()),
            "name": player.name,
            "fide_rating": str(player.rating) if player.rating else "",
            "federation": player.federation,
            "fide_id": player.fide_id,
            # A year alone (YYYY/00/00, as public exports write it) is no date to store.
            "birth_date": birth if re.fullmatch(r"\d{4}-(?!00)\d\d-(?!00)\d\d", birth) else "",
        }
        result.append((index, line, data))
    return result
