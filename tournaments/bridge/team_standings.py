"""The public side of a team event: standings, crosstable, matches, team cards and board statistics.

Everything is read from published rounds only, the match and game points from the board
results by `teams.match_record` (the one place a match is scored); the tie-breaks are
`team_tiebreaks`'s, the board performances the individual C.07 TPR of `tiebreaks`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import pgettext

from swiss.model import Code, Colour, Player, RoundResult
from swiss.team.model import Outcome, Team
from tournaments.models import Entrant, LineupBoard, Match, Seat, TeamAbsence, Tournament
from tournaments.models import Team as TeamRow

from . import notation, round_robin, team_tiebreaks, tiebreaks
from .state import RESULT_CODES, scoring
from .teams import average_ratings, match_record, match_scoring, matches_of, team_rounds


@dataclass(frozen=True)
class Row:
    rank: int
    team: TeamRow
    match_points: Fraction
    game_points: Fraction
    values: list[Decimal]  # in the order of `Table.codes`
    place: str  # "5", or "5-6" for a place shared after every tie-break
    position: int  # 1, 2, 3 ... down the table: what crosstable cells refer to


@dataclass(frozen=True)
class Table:
    after_round: int
    codes: list[str]  # the tie-breaks with a column of their own (not MP, GP, EDE, TPN)
    legend: list[tuple[str, str]]  # (code, name) of every tie-break in `ordering`
    ordering: list[str]  # the tie-breaks that decided the order, in order
    dropped: list[str]  # the tournament's codes a team event does not compute
    edition: str
    rows: list[Row]


def tiebreak_codes(tournament: Tournament) -> tuple[list[str], list[str]]:
    """The tournament's team tie-breaks (or the default order) and the stored codes left out."""
    offered = set(team_tiebreaks.team_codes())
    chosen = [code for code in tournament.tiebreaks if code in offered]
    dropped = [code for code in tournament.tiebreaks if code not in offered]
    return chosen or list(team_tiebreaks.DEFAULT_TEAM_TIEBREAKS), dropped


def engine_teams(tournament: Tournament, after_round: int, *, annul: bool = True) -> tuple[Team, ...]:
    """The teams with their rounds 1 .. `after_round` (all published with every result in); a
    round robin's withdrawals as its standings count them, or without `annul` as its crosstable
    shows them (docs/round-robin.md 8)."""
    rounds = team_rounds(tournament, after_round)
    teams = tuple(
        Team(
            number=t.pairing_number,
            name=t.name,
            history=tuple(rounds[t.pk][n] for n in range(1, after_round + 1)),
        )
        for t in tournament.teams.order_by("pairing_number")
        if t.pairing_number is not None
    )
    return round_robin.counted_teams(tournament, teams, annul=annul) if tournament.is_round_robin else teams


def table(tournament: Tournament, after_round: int) -> Table:
    """The team standings after `after_round`, one of `Tournament.rounds_with_standings`."""
    assert tournament.boards is not None
    ordering, dropped = tiebreak_codes(tournament)
    edition = tiebreaks.edition(tournament.start_date)
    rows = team_tiebreaks.standings(
        list(engine_teams(tournament, after_round)),
        after_round,
        tournament.boards,
        ordering,
        scoring=match_scoring(tournament),
        edition_2026=edition == "fide-2026",
    )
    by_number = {t.pairing_number: t for t in tournament.teams.all()}
    # Match and game points have their own columns on every page, whichever ranks first.
    codes = [c for c in ordering if c not in team_tiebreaks.ORDER_ONLY and c not in ("MP", "GP")]
    return Table(
        after_round=after_round,
        codes=codes,
        legend=[(c, team_tiebreaks.label(c)) for c in ordering],
        ordering=ordering,
        dropped=dropped,
        edition=edition,
        rows=[
            Row(
                r.rank,
                by_number[r.number],
                r.match_points,
                r.game_points,
                [r.values[c] for c in codes],
                r.place,
                position,
            )
            for position, r in enumerate(rows, start=1)
        ],
    )


def crosstable(tournament: Tournament, standings: Table) -> dict[int, list[str]]:
    """Per team id, one cell per round: the opponent's row, colour and game points ("3w 2½").

    A forfeited match shows "+" or "−" for the team's side; a bye "bye" and its game points,
    a round without a match and without points nothing (`notation`). In a round robin, the
    matches of a withdrawn team that the standings leave out are in brackets (V.4.1).
    """
    position = {row.team.pairing_number: row.position for row in standings.rows}
    teams = engine_teams(tournament, standings.after_round, annul=False)
    rounds = {team.number: team.history for team in teams}
    void = round_robin.annulled_teams(tournament, teams) if tournament.is_round_robin else set()
    cells = {}
    for row in standings.rows:
        line = []
        for record in rounds[row.team.pairing_number or 0]:  # every team in the table has a number
            if record.opponent is None:
                line.append(notation.unplayed(record.game_points))
                continue
            colour = notation.colour_initial(record.colour)
            if record.outcome is Outcome.PLAYED:
                line.append(f"{position[record.opponent]}{colour} {notation.points(record.game_points)}")
            else:
                won = record.outcome is Outcome.FORFEIT_WIN
                mark = notation.side(Code.FORFEIT_WIN if won else Code.FORFEIT_LOSS)
                line.append(f"{position[record.opponent]}{colour} {mark}")
            if record.opponent in void or row.team.pairing_number in void:
                line[-1] = f"({line[-1]})"
        cells[row.team.pk] = line
    return cells


@dataclass(frozen=True)
class Game:
    board: int  # within the match, 1 = board 1
    left: Entrant  # the player of the team shown first (White on board 1)
    right: Entrant
    left_colour: str  # "White" or "Black"
    left_result: str  # "1", "½", "0", "+", "−", or "" while the game is played
    right_result: str
    label: str = ""  # the board as team events name it: "5.1", match 5 board 1

    @property
    def result(self) -> str:
        """The board's result from the left player's side: "1–0", "+:−"; "" while playing."""
        return notation.pair(self.left_result, self.right_result)


@dataclass(frozen=True)
class MatchView:
    match: Match
    left: TeamRow
    right: TeamRow | None  # None: the team bye
    games: list[Game]
    left_points: Fraction  # game points so far
    right_points: Fraction
    pending: bool
    hidden: bool = False  # the round's lineups are not released: no games shown
    defaults: tuple[TeamRow, ...] = ()  # the teams that handed in no lineup and play the default


def match_views(tournament: Tournament, rounds: list[int]) -> list[MatchView]:
    """The matches of the given (published) rounds in official order, board by board; the games
    of a round only once its lineups are released (`Round.lineups`)."""
    entered = set(
        LineupBoard.objects.filter(round__tournament=tournament, round__number__in=rounds).values_list(
            "round__number", "team_id"
        )
    )
    views = []
    for view in _match_views(tournament, rounds):
        rnd = view.match.round
        if not rnd.lineups_released:
            views.append(replace(view, games=[], hidden=True))
            continue
        teams = (view.left, view.right) if view.right is not None else ()
        defaults = tuple(t for t in teams if t is not None and (rnd.number, t.pk) not in entered)
        views.append(replace(view, defaults=defaults))
    return views


def _match_views(tournament: Tournament, rounds: list[int]) -> list[MatchView]:
    """Every match of `rounds` with its games, whatever the state of its lineups."""
    assert tournament.boards is not None
    games_scoring, points = scoring(tournament), match_scoring(tournament)
    views = []
    for match in matches_of(tournament, rounds):
        record = match_record(match, games_scoring, points, tournament.boards)
        games = []
        for board in sorted(match.boards.all(), key=lambda b: b.match_board or 0):
            seats = {seat.colour: seat.entrant for seat in board.seats.all()}
            white, black = seats[Seat.Colour.WHITE], seats[Seat.Colour.BLACK]
            left_is_white = white.team_id == match.white_id
            codes = RESULT_CODES.get(board.result)
            results = (notation.side(codes[0]), notation.side(codes[1])) if codes else ("", "")
            left, right = (white, black) if left_is_white else (black, white)
            left_result, right_result = results if left_is_white else results[::-1]
            colour = "White" if left_is_white else "Black"
            number = board.match_board or 0
            label = f"{match.number}.{number}"
            games.append(Game(number, left, right, colour, left_result, right_result, label))
        own = record.rounds.get(match.white_id)
        other = record.rounds.get(match.black_id) if match.black_id else None
        views.append(
            MatchView(
                match,
                match.white,
                match.black,
                games,
                own.game_points if own is not None else Fraction(0),
                other.game_points if other is not None else Fraction(0),
                record.pending,
            )
        )
    return views


@dataclass(frozen=True)
class TeamRound:
    number: int
    view: MatchView | None  # None: no match in this round (absent)
    opponent: TeamRow | None
    colour: str  # the team's colour on board 1, "" without a game
    games: list[Game]  # from this team's side: `left` is its player
    points: Fraction | None  # game points; None while games are being played
    match_points: Fraction | None
    absence: str = ""  # "absent" or "withdrawn" (in the reader's language) for a round it was marked out of


def team_card(tournament: Tournament, team: TeamRow, rounds: list[int]) -> list[TeamRound]:
    """The team's published rounds: opponent, colour, lineup and results board by board."""
    views = {v.match.round.number: v for v in match_views(tournament, rounds) if team in (v.left, v.right)}
    games_scoring, points = scoring(tournament), match_scoring(tournament)
    absences = dict(team.absences.filter(round__number__in=rounds).values_list("round__number", "kind"))
    card = []
    for number in rounds:
        view = views.get(number)
        if view is None:
            absence = absences.get(number)
            shown = str(TeamAbsence.Kind(absence).label) if absence else ""
            card.append(TeamRound(number, None, None, "", [], None, None, shown))
            continue
        ours = view.left == team
        games = view.games if ours else [_turned(g) for g in view.games]
        record = match_record(view.match, games_scoring, points, tournament.boards or 0).rounds[team.pk]
        card.append(
            TeamRound(
                number,
                view,
                view.right if ours else view.left,
                ("White" if ours else "Black") if view.right is not None else "",
                games,
                None if view.pending else record.game_points,
                None if view.pending else record.match_points,
            )
        )
    return card


@dataclass(frozen=True)
class Standing:
    """A team's place with its match and game points after `after_round` (the last round with
    every result), and the average rating it is seeded by."""

    average: int
    row: Row | None  # None before a round has all its results
    after_round: int


def team_standing(tournament: Tournament, team: TeamRow, after_round: int) -> Standing:
    """What the team card says above the rounds: place, MP, GP, average rating."""
    row = None
    if after_round:
        row = next(r for r in table(tournament, after_round).rows if r.team.pk == team.pk)
    return Standing(average_ratings(tournament)[team.pk], row, after_round)


@dataclass(frozen=True)
class PlayerRound:
    """One round of a team player's card: the match board played ("2.1"), colour, opponent, result."""

    number: int
    label: str
    colour: str
    opponent: Entrant | None
    opponent_team: TeamRow | None
    result: str  # "1", "½", "0", "+", "−", "" while being played; "–" not in the lineup


def player_rounds(tournament: Tournament, entrant: Entrant, rounds: list[int]) -> list[PlayerRound]:
    """The published rounds of a team player, boards numbered match.board as team events write them."""
    team = entrant.team
    assert team is not None
    shown = []
    for card in team_card(tournament, team, rounds):
        game = next((g for g in card.games if g.left.pk == entrant.pk), None)
        if game is None:
            # Absent, the team bye, lineups not yet released, or not in the lineup.
            bye = card.view is not None and card.opponent is None
            result = (
                pgettext("round without a game", "bye")
                if bye
                else ""
                if card.view is not None and not card.games
                else "–"
            )
            shown.append(PlayerRound(card.number, "", "", None, card.opponent, result))
            continue
        shown.append(
            PlayerRound(
                card.number, game.label, game.left_colour, game.right, card.opponent, game.left_result
            )
        )
    return shown


def _turned(game: Game) -> Game:
    colour = "Black" if game.left_colour == "White" else "White"
    return Game(game.board, game.right, game.left, colour, game.right_result, game.left_result, game.label)


# A game won or lost by default: no game played, shown as "+" or "−" beside the played ones.
_FORFEITS = {Code.FORFEIT_WIN: "+", Code.FORFEIT_LOSS: "−"}


@dataclass(frozen=True)
class BoardLine:
    entrant: Entrant
    games: int  # games played over the board on this board; forfeits are not games
    points: Fraction  # scored in those games
    performance: Decimal | None  # C.07 10.2 TPR over the same games
    forfeits: str = ""  # one "+" per game won by forfeit, one "−" per game lost by forfeit


def board_statistics(tournament: Tournament, after_round: int) -> dict[int, list[BoardLine]]:
    """Per board of the match, every player who sat on it: games, points and performance.

    A player who played on several boards is counted on each, with the games of that board
    only: board prizes go by the board played. Games, points and performance are of the games
    played over the board; a forfeit is listed apart ("+" / "−"), never as a game played.
    Ordered by points, then performance.
    """
    rounds = list(range(1, after_round + 1))
    rules = scoring(tournament)
    entrants = {e.pk: e for e in tournament.entrants.all()}
    games: dict[int, dict[int, dict[int, RoundResult]]] = defaultdict(lambda: defaultdict(dict))
    for match in matches_of(tournament, rounds):
        for board in match.boards.all():
            codes = RESULT_CODES.get(board.result)
            if codes is None or board.match_board is None:
                continue
            seats = {seat.colour: seat for seat in board.seats.all()}
            white, black = seats[Seat.Colour.WHITE], seats[Seat.Colour.BLACK]
            for seat, other, code in ((white, black, codes[0]), (black, white, codes[1])):
                colour = Colour.WHITE if seat is white else Colour.BLACK
                record = RoundResult(other.entrant.pairing_number, colour, code)
                games[board.match_board][seat.entrant_id][match.round.number] = record
    edition = tiebreaks.edition(tournament.start_date)
    result = {}
    for number, players in sorted(games.items()):
        # Every entrant, with this board's games only, so that opponents' ratings are known.
        field = [
            Player(e.pairing_number or 0, rating=e.rating or 0, history=_on_board(players.get(pk), rounds))
            for pk, e in entrants.items()
        ]
        ranked = tiebreaks.standings(field, rules, after_round, [], edition, extra=["TPR"])
        tpr = {s.number: s.values.get("TPR") for s in ranked}
        lines = []
        for pk, own in players.items():
            played = [r for r in own.values() if r.code not in _FORFEITS]
            lines.append(
                BoardLine(
                    entrants[pk],
                    len(played),
                    sum((rules.points(r.code) for r in played), Fraction(0)),
                    tpr.get(entrants[pk].pairing_number or 0) if played else None,
                    "".join(sorted(_FORFEITS[r.code] for r in own.values() if r.code in _FORFEITS)),
                )
            )
        lines.sort(key=lambda line: (-line.points, -(line.performance or 0), line.entrant.name))
        result[number] = lines
    return result


def _on_board(games: dict[int, RoundResult] | None, rounds: list[int]) -> tuple[RoundResult, ...]:
    absent = RoundResult(None, None, Code.ZERO_BYE)
    return tuple((games or {}).get(n, absent) for n in rounds)
