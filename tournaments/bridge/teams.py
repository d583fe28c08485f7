"""Team events between the database and the engine's team model (`swiss.team.model`), both ways.

The engine knows teams by their pairing number (TPN) and players by theirs; the database
keeps `Team`, `Entrant` (the roster: `team` and `board_order`), `LineupBoard` (a round's
lineups), `Match` and the match's `Board`s with their seats and results. The match and
game points of a round are computed here, from the board results, by the same points per
result as individual games (`state.scoring`): nothing else in the apps scores a match.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.translation import gettext as _

from swiss.check import points_text as points_text  # re-exported: the results page shows match scores
from swiss.model import Board as EngineBoard
from swiss.model import Code, Colour, Scoring
from swiss.team.lineups import LineupError as LineupError  # re-exported: a lineup the engine refuses
from swiss.team.lineups import games
from swiss.team.model import MatchScoring, Outcome, Preferences, Primary, Team, TeamRound, TeamState
from swiss.team.seeding import Entry, initial_order, seeding_rating
from tournaments.models import Board, Entrant, Match, Round, Seat, Tournament
from tournaments.models import Team as TeamRow

from .lineups import absent_teams, round_lineups
from .state import RESULT_CODES, StateError, next_round_to_pair, scoring

_FORFEITS: dict[str, tuple[Outcome, Outcome]] = {
    # Match.forfeit -> the outcome of the team with White on board 1, and of the other team.
    Match.Forfeit.BLACK_FORFEITS: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Match.Forfeit.WHITE_FORFEITS: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Match.Forfeit.DOUBLE_FORFEIT: (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
}


def match_scoring(tournament: Tournament) -> MatchScoring:
    """Match points per match result; the team bye, unless the event says otherwise, counts as a
    drawn match (C.04.6 1.4, D.02 4)."""
    pab_mp, pab_gp = tournament.match_points_pab, tournament.game_points_pab
    return MatchScoring(
        win=Fraction(tournament.match_points_win),
        draw=Fraction(tournament.match_points_draw),
        loss=Fraction(tournament.match_points_loss),
        pab_match_points=Fraction(tournament.match_points_draw if pab_mp is None else pab_mp),
        pab_game_points=None if pab_gp is None else Fraction(pab_gp),
    )


def match_points(outcome: Outcome, mine: Fraction, theirs: Fraction, points: MatchScoring) -> Fraction:
    """C.04.6 1.3: a match is won by the team with more game points; a forfeited match by the team present."""
    if outcome is Outcome.PLAYED:
        return points.win if mine > theirs else points.draw if mine == theirs else points.loss
    return points.win if outcome is Outcome.FORFEIT_WIN else points.loss


@dataclass(frozen=True)
class MatchRecord:
    """One match as both teams' engine rounds, by team id; `pending` when a game has no result yet."""

    match: Match
    rounds: dict[int, TeamRound]
    pending: bool


def match_record(match: Match, games: Scoring, points: MatchScoring, boards: int) -> MatchRecord:
    """The engine's rounds of both teams of `match` (its boards and seats loaded), from the board results."""
    if match.black_id is None:
        bye = TeamRound(Outcome.PAB, None, None, points.pab_match_points, _pab_game_points(points, boards))
        return MatchRecord(match, {match.white_id: bye}, False)
    lineups: dict[int, list[int]] = {match.white_id: [], match.black_id: []}
    codes: dict[int, list[Code]] = {match.white_id: [], match.black_id: []}
    # The game points so far, by the event's points per game: the live tally and the final one.
    gp = {match.white_id: Fraction(0), match.black_id: Fraction(0)}
    pending = False
    for board in sorted(match.boards.all(), key=lambda b: b.match_board or 0):
        seats = {seat.colour: seat for seat in board.seats.all()}
        white, black = seats[Seat.Colour.WHITE].entrant, seats[Seat.Colour.BLACK].entrant
        pending = pending or not board.result
        white_code, black_code = RESULT_CODES.get(board.result, (Code.ZERO_BYE, Code.ZERO_BYE))
        for entrant, code in ((white, white_code), (black, black_code)):
            assert entrant.team_id is not None and entrant.pairing_number is not None
            lineups[entrant.team_id].append(entrant.pairing_number)
            codes[entrant.team_id].append(code)
            if board.result:
                gp[entrant.team_id] += games.points(code)
    outcomes = _FORFEITS.get(match.forfeit, (Outcome.PLAYED, Outcome.PLAYED))
    rounds = {}
    for team, other, outcome, colour in (
        (match.white_id, match.black_id, outcomes[0], Colour.WHITE),
        (match.black_id, match.white_id, outcomes[1], Colour.BLACK),
    ):
        rounds[team] = TeamRound(
            outcome,
            other,  # a team id here; `team_state` turns it into the opponent's pairing number
            colour,
            match_points(outcome, gp[team], gp[other], points),
            gp[team],
            tuple(lineups[team]),
            tuple(codes[team]),
        )
    return MatchRecord(match, rounds, pending)


def _pab_game_points(points: MatchScoring, boards: int) -> Fraction:
    return points.pab_game_points if points.pab_game_points is not None else Fraction(boards, 2)


def matches_of(tournament: Tournament, rounds: list[int]) -> list[Match]:
    """The matches of the given rounds with their boards, seats and players, in two queries' worth."""
    return list(
        Match.objects.filter(round__tournament=tournament, round__number__in=rounds)
        .select_related("round", "white", "black")
        .prefetch_related("boards__seats__entrant")
        .order_by("round__number", "number")
    )


def team_rounds(
    tournament: Tournament, last_round: int, *, require_results: bool = True
) -> dict[int, dict[int, TeamRound]]:
    """Per team id, per round number (published rounds up to `last_round`), the team's engine round.

    Opponents are team pairing numbers. A match with a game still without a result raises
    `StateError`, unless `require_results` is off: then that match is left out for both
    teams (it is still being played). A team without a match in a published round is
    absent from it: a zero-point bye.
    """
    published = list(
        tournament.rounds.filter(number__lte=last_round)
        .exclude(state=Round.State.DRAFT)
        .values_list("number", flat=True)
    )
    numbers = dict(tournament.teams.values_list("pk", "pairing_number"))
    games, points = scoring(tournament), match_scoring(tournament)
    assert tournament.boards is not None
    result: dict[int, dict[int, TeamRound]] = defaultdict(dict)
    for match in matches_of(tournament, published):
        record = match_record(match, games, points, tournament.boards)
        if record.pending:
            if require_results:
                raise StateError(
                    _("Round %(number)s, match %(match)s has games without a result.")
                    % {"number": match.round.number, "match": match.number}
                )
            continue
        for team, played in record.rounds.items():
            opponent = numbers[played.opponent] if played.opponent is not None else None
            result[team][match.round.number] = TeamRound(
                played.outcome,
                opponent,
                *(played.colour, played.match_points, played.game_points, played.lineup, played.results),
            )
    absent = TeamRound(Outcome.ZERO_BYE, None, None, Fraction(0), Fraction(0))
    for team in numbers:
        for number in published:
            result[team].setdefault(number, absent)
    return result


def team_state(tournament: Tournament, round_number: int | None = None) -> TeamState:
    """DB team event -> `swiss.team.model.TeamState`, ready to pair `round_number`.

    `round_number` defaults to the first draft round. Rounds 1 .. round_number - 1 must be
    published with every game's result in (`StateError` says which is not). Every team and
    every roster player needs a pairing number. The lineups of `round_number` are those
    `round_lineups` gives (entered, or the default), by player pairing numbers; the teams
    marked absent in it (`TeamAbsence`) are left out, to score nothing.
    """
    if round_number is None:
        round_number = next_round_to_pair(tournament)
    if not tournament.is_team or tournament.boards is None:
        raise StateError(_("This is not a team event."))
    # A player's rating reads the tournament (US Chess or not): fetched once, not once per player.
    teams = list(
        tournament.teams.order_by("pairing_number")
        .select_related("tournament")
        .prefetch_related("players__tournament")
    )
    unnumbered = [t.name for t in teams if t.pairing_number is None]
    unnumbered += [p.name for t in teams for p in t.players.all() if p.pairing_number is None]
    if unnumbered:
        raise StateError(
            _("Teams or players without a pairing number: %(names)s.") % {"names": ", ".join(unnumbered)}
        )
    draft = tournament.rounds.filter(number__lt=round_number, state=Round.State.DRAFT).order_by("number")
    if draft.exists():
        raise StateError(_("Round %(number)s is not published yet.") % {"number": draft[0].number})
    history = team_rounds(tournament, round_number - 1)
    lineups = round_lineups(tournament, round_number)
    away = absent_teams(tournament, round_number)
    return TeamState(
        teams=tuple(_team(t, tuple(history[t.pk][n] for n in range(1, round_number))) for t in teams),
        total_rounds=tournament.total_rounds,
        boards=tournament.boards,
        initial_colour=Colour(tournament.initial_colour) if tournament.initial_colour else None,
        board_colours=tournament.board_colours,
        primary=Primary(tournament.primary_score),
        preferences=Preferences(tournament.colour_preferences),
        scoring=match_scoring(tournament),
        board_scoring=replace(scoring(tournament), pab=Scoring().pab),
        # An absent team is not paired and scores nothing: no bye (TeamAbsence).
        absent={
            t.pairing_number: Outcome.ZERO_BYE for t in teams if t.pk in away and t.pairing_number is not None
        },
        lineups={
            t.pairing_number: tuple(_number(p) for p in lineups[t.pk].players)
            for t in teams
            if t.pairing_number is not None and lineups[t.pk].players and t.pk not in away
        },
        accelerated=tournament.acceleration == Tournament.Acceleration.ECU,
        name=tournament.name,
    )


def seeded(tournament: Tournament) -> list[TeamRow]:
    """The teams of the event strongest first by their rosters' ratings (`swiss.team.seeding`)."""
    teams = list(tournament.teams.order_by("pairing_number").prefetch_related("players"))
    entries = [Entry(t.name, tuple(p.rating for p in t.players.all())) for t in teams]
    return [teams[i] for i in initial_order(entries, tournament.boards or 0)]


def seat_lineups(rnd: Round, teams: set[int]) -> None:
    """Seat the published matches of `teams` (ids) again with the round's lineups now: a lineup
    handed in after the team pairing was published. Raises StateError or LineupError."""
    tournament = rnd.tournament
    state = team_state(tournament, rnd.number)
    players = {e.pairing_number: e for e in tournament.entrants.filter(team__isnull=False)}
    for match in rnd.matches.exclude(black=None).select_related("white", "black"):
        if match.white_id not in teams and match.black_id not in teams:
            continue
        assert match.black is not None
        pair = EngineBoard(match.white.pairing_number or 0, match.black.pairing_number)
        rnd.reseat_match(match, [(players[w], players[b]) for w, b in games(state, pair)])


def average_ratings(tournament: Tournament) -> dict[int, int]:
    """Per team id, the rating it is seeded by (D.02 3.1: the average of its `boards` best), rounded."""
    teams = tournament.teams.prefetch_related("players")
    boards = tournament.boards or 1
    return {t.pk: round(seeding_rating([p.rating or 0 for p in t.players.all()], boards)) for t in teams}


def _number(entrant: Entrant) -> int:
    assert entrant.pairing_number is not None
    return entrant.pairing_number


def _team(team: TeamRow, history: tuple[TeamRound, ...]) -> Team:
    assert team.pairing_number is not None
    roster = sorted(team.players.all(), key=lambda p: p.board_order or 0)
    # The strength factor (TRF 310) is the rating the teams are seeded by.
    strength = seeding_rating([p.rating for p in roster], team.tournament.boards or len(roster))
    return Team(
        number=team.pairing_number,
        name=team.name,
        rating=round(strength),
        roster=tuple(_number(p) for p in roster),
        history=history,
    )


def match_scores(rnd: Round) -> dict[int, tuple[Fraction, Fraction]]:
    """Per match id of `rnd`, the game points so far of the team with White on board 1 and of the other."""
    tournament = rnd.tournament
    assert tournament.boards is not None
    games, points = scoring(tournament), match_scoring(tournament)
    scores = {}
    for match in matches_of(tournament, [rnd.number]):
        if match.black_id is not None:
            record = match_record(match, games, points, tournament.boards)
            scores[match.pk] = (
                record.rounds[match.white_id].game_points,
                record.rounds[match.black_id].game_points,
            )
    return scores


_RESULT_TEXT: dict[str, str] = {
    Board.Result.WHITE_WINS: "1-0",
    Board.Result.DRAW: "½-½",
    Board.Result.BLACK_WINS: "0-1",
    Board.Result.BLACK_FORFEITS: "1-0 forfeit",
    Board.Result.WHITE_FORFEITS: "0-1 forfeit",
    Board.Result.DOUBLE_FORFEIT: "0-0 forfeit",
    Board.Result.NOT_PLAYED: "",
}
BOARD_RESULT_COLUMNS = (
    # Players by their board on the team's roster, as team events number them; "board" is match.board.
    *("round", "match", "board", "white team", "white bd", "white", "black team", "black bd", "black"),
    *("result", "white points", "black points"),
)


def board_result_rows(tournament: Tournament) -> list[tuple[object, ...]]:
    """Every game of the published rounds, one row each (`BOARD_RESULT_COLUMNS`), points exact."""
    published = list(
        tournament.rounds.exclude(state=Round.State.DRAFT).values_list("number", flat=True).order_by("number")
    )
    games = scoring(tournament)
    rows: list[tuple[object, ...]] = []
    for match in matches_of(tournament, published):
        for board in sorted(match.boards.all(), key=lambda b: b.match_board or 0):
            seats = {seat.colour: seat.entrant for seat in board.seats.all()}
            white, black = seats[Seat.Colour.WHITE], seats[Seat.Colour.BLACK]
            assert match.black is not None  # the bye has no boards
            home, away = match.white, match.black
            if white.team_id != match.white_id:
                home, away = away, home
            codes = RESULT_CODES.get(board.result)
            points = (games.points(codes[0]), games.points(codes[1])) if codes else ("", "")
            rows.append(
                (
                    *(match.round.number, match.number, f"{match.number}.{board.match_board}"),
                    *(home.name, white.board_order, white.name, away.name, black.board_order, black.name),
                    *(_RESULT_TEXT[board.result], *points),
                )
            )
    return rows
