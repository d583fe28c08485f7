"""The review page's view model: what it shows of a round's draft (or of a published round) and
what the arbiter accepts by publishing it (`publishing.publish_round` reads the same review).

An individual round is shown a page of boards at a time, each player with score, colours and float
marks, and the findings of the whole draft from its stored check; a team round shows every match
with its games and the teams' points. The engine's facts come from the bridge (`drafts`,
`team_drafts`); this module only arranges them for the template.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext

from tournaments.bridge import drafts, team_drafts
from tournaments.bridge.lineups import lineup_problems
from tournaments.bridge.state import StateError, TournamentState, engine_system, pairing_state
from tournaments.bridge.teams import team_state
from tournaments.bridge.wording import ShownFinding
from tournaments.models import Board, DraftChange, Entrant, Round, Team

BOARDS_PER_PAGE = 100


@dataclass
class PlayerRow:
    entrant: Entrant
    number: int
    score: str
    colours: str
    floats: str


@dataclass
class BoardRow:
    number: int
    white: PlayerRow
    black: PlayerRow | None
    result: str
    findings: list[ShownFinding] = field(default_factory=list)


@dataclass
class Review:
    round: Round
    # The boards of the page shown (`BOARDS_PER_PAGE` of them); `page` is None for a round without boards.
    boards: list[BoardRow]
    absent: list[tuple[Entrant, str]]
    # Every finding of the draft, on every page.
    findings: list[ShownFinding]
    relaxed: list[str]
    changes: list[DraftChange]
    # Why scores and findings cannot be shown (an earlier round lacks a result), "" when they can.
    problem: str = ""
    # Why the draft may not be published as it is (`drafts.draft_staleness`), "" when it may.
    stale: str = ""
    page: Page[Board] | None = None
    # The highest board number a change may name.
    size: int = 0
    # The draft's check is not done yet (a worker is checking it): findings are not known.
    checking: bool = False

    @property
    def round_findings(self) -> list[ShownFinding]:
        return [f for f in self.findings if f.board is None]

    @property
    def findings_by_page(self) -> list[tuple[int, int]]:
        """(page number, how many findings its boards have) for each page of boards with findings."""
        counts: dict[int, int] = {}
        for f in self.findings:
            if f.board is not None:
                page = (f.board - 1) // BOARDS_PER_PAGE + 1
                counts[page] = counts.get(page, 0) + 1
        return sorted(counts.items())


@dataclass
class TeamRow:
    team: Team
    number: int
    match_points: str
    game_points: str
    colours: str


@dataclass
class GameRow:
    board: int
    white: Entrant
    black: Entrant
    result: str


@dataclass
class MatchRow:
    number: int
    white: TeamRow
    black: TeamRow | None
    games: list[GameRow]
    forfeit: str


@dataclass
class TeamReview:
    """Everything the review page of a team round shows: matches, their games, findings, lineup problems."""

    round: Round
    matches: list[MatchRow]
    findings: list[str]
    changes: list[DraftChange]
    lineup_problems: list[str] = field(default_factory=list)
    problem: str = ""
    stale: str = ""

    @property
    def round_findings(self) -> list[str]:
        """The checker's findings name teams, not matches: all are shown above the matches."""
        return self.findings

    @property
    def size(self) -> int:
        """The highest match number a change may name."""
        return len(self.matches)


def round_review(
    rnd: Round, page: int | str = 1, *, check_now: bool = True, state: TournamentState | None = None
) -> Review | TeamReview:
    """The review of `rnd`: one page of boards of an individual round, every match of a team round.

    For an individual round the findings come from the draft's stored check (`drafts.current_check`);
    without one and without `check_now` the review says it is `checking` and shows no findings.
    `state` is the round's `pairing_state` when the caller has just built it.
    """
    if rnd.tournament.is_team:
        return _team_review(rnd)
    return _review(rnd, page, check_now=check_now, state=state)


def _review(rnd: Round, page: int | str, *, check_now: bool, state: TournamentState | None) -> Review:
    tournament = rnd.tournament
    problem = ""
    try:
        if state is None:
            state = pairing_state(tournament, rnd.number)
    except StateError as error:
        problem = gettext("%(reason)s Scores and findings show once it has one.") % {"reason": error}
    paginator = Paginator(rnd.boards_with_seats(), BOARDS_PER_PAGE)
    size = paginator.count
    shown = paginator.get_page(page) if size else None
    drafted = rnd.state == rnd.State.DRAFT and bool(size)
    # Digested once for both the stored check and the staleness: 4000 players' records take a while.
    now = drafts.input_fingerprint(state, engine_system(tournament)) if state else None
    # A published round is no longer changed by hand: its check, if missing, is made here once.
    checked = None
    if state and size:
        checked = drafts.current_check(rnd, state, check_now=check_now or not drafted, now=now)
    findings = drafts.checked_findings(checked) if checked and drafted else []
    marks = checked["floats"] if checked else {}
    boards = [(board, board.white, board.black) for board in shown or []]
    seated = {e.pairing_number for _, white, black in boards for e in (white, black) if e is not None}
    columns = drafts.player_columns(state, {n for n in seated if n is not None}) if state else {}

    def row(entrant: Entrant) -> PlayerRow:
        number = entrant.pairing_number
        assert number is not None  # every entrant on a board has one
        if number not in columns:
            return PlayerRow(entrant, number, "", "", "")
        score, colours = columns[number]
        return PlayerRow(entrant, number, score, colours, marks.get(str(number), ""))

    rows = []
    for board, white, black in boards:
        assert white is not None
        on_board = [f for f in findings if f.board == board.number]
        rows.append(BoardRow(board.number, row(white), row(black) if black else None, board.result, on_board))
    absent = [
        (seat.entrant, seat.get_absence_display())
        for seat in rnd.seats.filter(absence__gt="").select_related("entrant").order_by("pairing_number")
    ]
    relaxed = drafts.checked_relaxations(checked) if checked else []
    stale = (drafts.stale_reason(rnd, now) if now else drafts.draft_staleness(rnd)) if drafted else ""
    changes = list(rnd.draft_changes.defer("before", "after"))
    checking = bool(state and drafted and checked is None)
    return Review(rnd, rows, absent, findings, relaxed, changes, problem, stale, shown, size, checking)


def _team_review(rnd: Round) -> TeamReview:
    """The matches of a team round with the teams' points and colours, and the checker's findings."""
    tournament = rnd.tournament
    pairs = team_drafts.draft_pairs(rnd)
    drafted = rnd.state == Round.State.DRAFT and bool(pairs)
    problem, findings, columns, stale = "", [], {}, ""
    try:
        state = team_state(tournament, rnd.number)
    except StateError as error:
        problem = gettext("%(reason)s Points and findings show once it has one.") % {"reason": error}
        stale = team_drafts.draft_staleness(rnd) if drafted else ""
    else:
        columns = team_drafts.team_columns(state)
        findings = team_drafts.draft_findings(tournament, state, pairs) if drafted else []
        stale = team_drafts.draft_staleness(rnd, state) if drafted else ""
    problems = lineup_problems(tournament, rnd.number) if rnd.state == Round.State.DRAFT else []
    numbers = team_drafts.team_numbers(tournament)

    def row(team: Team) -> TeamRow:
        match_points, game_points, colours = columns.get(numbers[team.pk], ("", "", ""))
        return TeamRow(team, numbers[team.pk], match_points, game_points, colours)

    matches = []
    for match in rnd.matches.select_related("white", "black").prefetch_related("boards__seats__entrant"):
        rows = []
        for board in sorted(match.boards.all(), key=lambda b: b.match_board or 0):
            assert board.match_board is not None and board.white is not None and board.black is not None
            rows.append(GameRow(board.match_board, board.white, board.black, board.result))
        black = row(match.black) if match.black is not None else None
        matches.append(MatchRow(match.number, row(match.white), black, rows, match.forfeit))
    changes = list(rnd.draft_changes.all())
    return TeamReview(rnd, matches, findings, changes, problems, problem, stale)
