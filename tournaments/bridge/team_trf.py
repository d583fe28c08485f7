"""A team event as a TRF-2026 team file (records 310, 320, 330, 300, 352, 362), and such a file back.

The engine writes the team records and every player's rounds (`write_team_trf`); the
players' own columns (name, rating, federation, ids, birth date) and the header records
come from the database. Reading a file back creates the tournament with its teams,
rosters, every completed round's matches, lineups and results.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from swiss.model import Colour, Player, TrfError
from swiss.team.lineups import board_colours
from swiss.team.model import Outcome, TeamState
from swiss.team.replay import recorded
from swiss.team.systems import order_matches
from swiss.trf import read_player_line, read_team_trf, write_team_trf
from tournaments.models import Board, Entrant, LineupBoard, Match, Round, Team, TeamAbsence, Tournament

from .state import TRF_TITLES
from .teams import team_state
from .trf import (
    RATED,
    RESULTS_OF_CODES,
    Export,
    _date,
    entrant_from_trf,
    entrant_rows,
    export_scope,
    manual_change_notes,
    scoring_fields,
)

if TYPE_CHECKING:
    from tournaments.models.round import TeamMatch

# The header records the engine's team writer leaves out; 062, 082 and 192 it writes itself.
_HEADER = ("022", "042", "052", "092", "102", "112")


def team_trf(tournament: Tournament) -> str:
    """The team event as TRF-2026 for its arbiters, ready for any team engine to pair the next
    round (`Export`, private): a round being played is written with its lineups, without results."""
    return _file(export_scope(tournament, public=False))


def public_team_trf(tournament: Tournament) -> str:
    """What players may see of the team event, as TRF-2026 team records (`Export`, public).

    The rounds with every result in; the round being played with its lineups once the
    arbiter released them; nothing of a draft (its matches, lineups and absences), no colour
    lot before round 1 is published; birth dates cut to the tournament's choice. Raises
    StateError while the teams are not yet numbered.
    """
    return _file(export_scope(tournament, public=True))


def _file(scope: Export) -> str:
    """The engine's team file of what `scope` holds, the players' own columns and the header
    records from the database, ending with the notes of every manual change to a published round."""
    tournament = scope.tournament
    state = team_state(tournament, scope.round_to_pair)
    released = scope.playing is not None and scope.playing.lineups_released
    if not scope.lineups(released):
        state = replace(state, lineups={})
    if not scope.absences:
        state = replace(state, absent={})
    if scope.public:
        state = replace(state, forbidden=frozenset())
    if not scope.lot:
        state = replace(state, initial_colour=None)
    players = {
        e.pairing_number: Player(
            number=e.pairing_number,
            name=e.name,
            rating=e.rating,
            sex=e.sex,
            title=TRF_TITLES.get(e.title, ""),
            federation=e.federation,
            fide_id=e.fide_id,
            birth_date=scope.birth_date(e.birth_date.strftime("%Y/%m/%d") if e.birth_date else ""),
        )
        for e in tournament.entrants.filter(team__isnull=False)
        if e.pairing_number is not None
    }
    header = [(code, value) for code, value in tournament.trf_header() if code in _HEADER]
    text = write_team_trf(state, players=players, header=header)
    return text + "".join(f"{note}\n" for note in manual_change_notes(tournament))


@transaction.atomic
def import_team_trf(text: str, *, slug: str, start_date: datetime.date) -> Tournament:
    """Create a team event from a TRF-2026 team file: teams, rosters, and every completed round.

    The dates are those of 042 and 052; `start_date` stands in where the file has none.
    Raises the engine's TrfError (line, column, what was expected) for a malformed file;
    nothing is saved then. The system is the ECU's when 192 says so (or 092 names it), else C.04.6.
    """
    state = read_team_trf(text)
    header = {line[:3]: line[4:].strip() for line in text.splitlines() if line[:3] in _HEADER}
    with translation.override(None):  # 092 names the system as the export writes it: in English
        systems = {str(label): value for value, label in Tournament.PairingSystem.choices}
    system = next(
        (value for label, value in systems.items() if label in header.get("092", "")),
        Tournament.PairingSystem.TEAM_C046,
    )
    if state.accelerated:
        system = Tournament.PairingSystem.TEAM_ECU
    tournament = Tournament.objects.create(
        name=state.name or slug,
        slug=slug,
        place=header.get("022", ""),
        start_date=_date(header.get("042", "")) or start_date,
        end_date=_date(header.get("052", "")) or _date(header.get("042", "")) or start_date,
        total_rounds=state.total_rounds,
        kind=Tournament.Kind.TEAM,
        pairing_system=system,
        acceleration=Tournament.Acceleration.ECU if state.accelerated else Tournament.Acceleration.NONE,
        boards=state.boards,
        initial_colour=state.initial_colour.value if state.initial_colour else "",
        match_points_win=int(state.scoring.win),
        match_points_draw=int(state.scoring.draw),
        match_points_loss=int(state.scoring.loss),
        # A game's points on a board; the bye's are the match scoring's (its `pab` is the default).
        **scoring_fields(state.board_scoring),
        **_options(state),
    )
    entrants = _players(tournament, text)
    teams = {
        t.number: Team.objects.create(tournament=tournament, name=t.name, pairing_number=t.number)
        for t in state.teams
    }
    for team in state.teams:
        for board, pid in enumerate(team.roster, start=1):
            entrants[pid].team, entrants[pid].board_order = teams[team.number], board
            entrants[pid].save(update_fields=["team", "board_order"])
    for number in range(1, state.rounds_played + 1):
        _store_round(tournament.rounds.get(number=number), state, number, teams, entrants)
    # The lineups each round was played with (and those given for the next) make the next default.
    lineups = [(n + 1, t.number, r.lineup) for t in state.teams for n, r in enumerate(t.history)]
    lineups += [(state.round_to_pair, number, lineup) for number, lineup in state.lineups.items()]
    rounds = {r.number: r for r in tournament.rounds.all()}
    if state.round_to_pair in rounds:
        TeamAbsence.objects.bulk_create(
            TeamAbsence(round=rounds[state.round_to_pair], team=teams[number])
            for number, kind in sorted(state.absent.items(), key=lambda item: item[0])
            if kind is Outcome.ZERO_BYE
        )
    LineupBoard.objects.bulk_create(
        LineupBoard(round=rounds[n], team=teams[team], board=board, entrant=entrants[pid])
        for n, team, lineup in lineups
        if n in rounds
        for board, pid in enumerate(lineup, start=1)
    )
    return tournament


def _options(state: TeamState) -> dict[str, object]:
    """The C.04.6 options of a file as the tournament's fields; a default is stored blank."""
    scoring, boards = state.scoring, state.boards
    alternating = ("WB" * boards)[:boards]
    pab_gp = scoring.pab_game_points
    return {
        "primary_score": state.primary.value,
        "colour_preferences": state.preferences.value,
        "board_colours": "" if state.board_colours in ("", alternating) else state.board_colours,
        "match_points_pab": None
        if scoring.pab_match_points == scoring.draw
        else int(scoring.pab_match_points),
        "game_points_pab": None
        if pab_gp is None or pab_gp * 2 == boards
        else Decimal(pab_gp.numerator) / pab_gp.denominator,
    }


def _players(tournament: Tournament, text: str) -> dict[int, Entrant]:
    lines = enumerate(text.splitlines(), start=1)
    players = [read_player_line(line, n) for n, line in lines if line[:3] == "001"]
    return {p.number: entrant_from_trf(tournament, p) for p in players}


def _store_round(
    rnd: Round, state: TeamState, number: int, teams: dict[int, Team], entrants: dict[int, Entrant]
) -> None:
    """Round `number` of the file as published, complete matches with their lineups and results."""
    before = replace(state, teams=tuple(replace(t, history=t.history[: number - 1]) for t in state.teams))
    stored: list[TeamMatch] = []
    for pair in order_matches(before, recorded(state, number).boards):
        if pair.black is None:
            stored.append((teams[pair.white], None, []))
            continue
        home, away = state.team(pair.white).history[number - 1], state.team(pair.black).history[number - 1]
        colours = board_colours(state)
        games = [
            (entrants[mine], entrants[theirs])
            if colour is Colour.WHITE
            else (entrants[theirs], entrants[mine])
            for mine, theirs, colour in zip(home.lineup, away.lineup, colours, strict=True)
        ]
        stored.append((teams[pair.white], teams[pair.black], games))
    rnd.store_team_draft(stored)
    for match in rnd.matches.exclude(black=None).select_related("white"):
        home = state.team(match.white.pairing_number or 0).history[number - 1]
        forfeit = {
            Outcome.FORFEIT_WIN: Match.Forfeit.BLACK_FORFEITS,
            Outcome.FORFEIT_LOSS: Match.Forfeit.WHITE_FORFEITS,
            Outcome.DOUBLE_FORFEIT: Match.Forfeit.DOUBLE_FORFEIT,
        }.get(home.outcome, Match.Forfeit.NONE)
        Match.objects.filter(pk=match.pk).update(forfeit=forfeit)
        away = state.team(home.opponent or 0).history[number - 1]
        for board in match.games():
            i = (board.match_board or 1) - 1
            white_home = board.white is not None and board.white.team_id == match.white_id
            codes = (home.results[i], away.results[i]) if white_home else (away.results[i], home.results[i])
            Board.objects.filter(pk=board.pk).update(
                result=RESULTS_OF_CODES[(RATED.get(codes[0], codes[0]), RATED.get(codes[1], codes[1]))]
            )
    rnd.publish(None)
    # A round played before the file was written: its lineups are history, for everyone to see.
    rnd.lineups = Round.Lineups.RELEASED
    rnd.save(update_fields=["lineups"])
    rnd.complete()


class TeamFileError(ValueError):
    """A TRF team file the engine's reader refuses; the message names the line and what it expected."""


def roster_rows(text: str) -> list[tuple[int, str, dict[str, str]]]:
    """The players of a TRF-2026 team file as entrant fields plus "team" (its name) and "board",
    in team order then board order: (line number, line, fields). Raises TeamFileError for a bad file."""
    try:
        state = read_team_trf(text)
    except TrfError as error:
        raise TeamFileError(
            _("Line %(line)s, column %(column)s: %(message)s")
            % {"line": error.line, "column": error.column, "message": error.message}
        ) from error
    players = entrant_rows(text)
    rows = {int(line[4:8]): (n, line, data) for n, line, data in players if line[4:8].strip().isdigit()}
    result = []
    for team in state.teams:
        for board, pid in enumerate(team.roster, start=1):
            number, line, data = rows[pid]
            result.append((number, line, {**data, "team": team.name, "board": str(board)}))
    return result
