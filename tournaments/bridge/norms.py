"""Title norms of an individual event (B.01 1.4, docs/rules.md "Title norms"): the database as
`swiss.norms` input, and what the norms page, the draft review's mark, the public card and the
norm report show.

The games are those of the published rounds with every result in (the standings' rounds); the
ratings are the FIDE ratings alone (a national rating is no FIDE rating for Ra).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from swiss.model import TournamentState
from swiss.norms import (
    Check,
    EventCheck,
    Exemption,
    NormEvent,
    Norms,
    PlayerNorms,
    Status,
    describe,
    field_of,
    tournament_norms,
    with_result,
)
from swiss.norms import NormTitle as NormTitle  # re-exported: the views name the titles
from swiss.norms import rules as norm_rules
from tournaments.models import Entrant, Round, Seat, Tournament

from .state import ABSENCE_CODES, pairing_numbers, players_after, scoring
from .wording import worded


def norm_event(tournament: Tournament) -> NormEvent:
    chief = tournament.chief_arbiter
    return NormEvent(
        host_federation=tournament.host_federation.strip().upper(),
        exemption=Exemption(tournament.norm_exemption),
        name=tournament.name,
        city=tournament.place,
        start_date=tournament.start_date.isoformat(),
        end_date=tournament.end_date.isoformat(),
        chief_arbiter=(chief.get_full_name() or chief.get_username()) if chief else "",
    )


def norms_state(tournament: Tournament, last_round: int | None = None) -> TournamentState:
    """The event after `last_round` (default: the last round of the standings), FIDE ratings only,
    with the next round's requested byes as its absences."""
    if last_round is None:
        done = tournament.rounds_with_standings()
        last_round = done[-1] if done else 0
    entrants = list(tournament.entrants.filter(pairing_number__isnull=False).order_by("pairing_number"))
    fide = {e.pairing_number: e.fide_rating or 0 for e in entrants}
    players = tuple(
        replace(p, rating=fide[p.number]) for p in players_after(tournament, last_round, entrants)
    )
    absent = Seat.objects.filter(round__tournament=tournament, round__number=last_round + 1).exclude(
        absence=""
    )
    numbers = pairing_numbers(tournament)
    absences = {numbers[s.entrant_id]: ABSENCE_CODES[s.absence] for s in absent if s.entrant_id in numbers}
    return TournamentState(
        players=players,
        total_rounds=tournament.total_rounds,
        scoring=scoring(tournament),
        absences=absences,
        name=tournament.name,
    )


@dataclass(frozen=True)
class Row:
    """One player of the norms page."""

    entrant: Entrant
    norms: PlayerNorms

    @property
    def reach_texts(self) -> list[str]:
        return [worded(describe(r)) for r in self.norms.in_reach]


@dataclass(frozen=True)
class NormsPage:
    event: EventCheck
    complete: bool
    rounds_played: int
    total_rounds: int
    rows: list[Row]  # players with a norm, one to review, or one in reach
    host_federation: str


def norms_page(tournament: Tournament) -> NormsPage:
    norms = tournament_norms(norms_state(tournament), norm_event(tournament))
    entrants = {e.pairing_number: e for e in tournament.entrants.filter(pairing_number__isnull=False)}
    rows = [Row(entrants[p.player.number], p) for p in norms.players if p.listed]
    return NormsPage(
        norms.event,
        norms.complete,
        norms.rounds_played,
        norms.total_rounds,
        rows,
        tournament.host_federation.strip().upper(),
    )


def achieved(entrant: Entrant) -> tuple[NormTitle, ...]:
    """The norms the entrant made in its completed event (the public card)."""
    tournament = entrant.tournament
    if tournament.is_team or entrant.pairing_number is None or not _may_have_norms(tournament):
        return ()
    done = tournament.rounds_with_standings()
    if not done or done[-1] < tournament.total_rounds:
        return ()
    norms = tournament_norms(
        norms_state(tournament, done[-1]), norm_event(tournament), numbers=[entrant.pairing_number]
    )
    return norms.players[0].achieved if norms.players else ()


_RESULT_WORDS = {"win": "a win", "draw": "a draw", "loss": "a loss"}


@dataclass(frozen=True)
class Mark:
    board: int
    entrant: Entrant
    text: str


def draft_marks(rnd: Round) -> list[Mark]:
    """The draft's players who can still make a norm, board by board, with what their paired
    opponent gives them (the cost of a manual change, on the review)."""
    tournament = rnd.tournament
    if tournament.is_team or rnd.state != Round.State.DRAFT or not _may_have_norms(tournament):
        return []
    done = tournament.rounds_with_standings()
    if (done[-1] if done else 0) != rnd.number - 1:
        return []
    state = norms_state(tournament, rnd.number - 1)
    event = norm_event(tournament)
    norms = tournament_norms(state, event)
    field = field_of(state)
    hopeful = {p.player.number: p for p in norms.players if p.in_reach}
    if not hopeful:
        return []
    numbers = pairing_numbers(tournament)
    last = rnd.number == tournament.total_rounds
    found: list[tuple[int, int, str]] = []
    for board, (white, black) in sorted(rnd.seated().items()):
        for me, them in ((white, black), (black, white)):
            if me is None or numbers.get(me) not in hopeful:
                continue
            number = numbers[me]
            title = hopeful[number].in_reach[0].title
            if them is None:
                text = _("%(title)s norm in reach; the bye is no game for it") % {"title": title.value}
            else:
                # A worse result never does more: stop at the first that does not keep the norm.
                good = []
                for result in ("win", "draw", "loss"):
                    after = with_result(state, number, numbers[them], result, event, norms.event, field)
                    if not _keeps(after, title, last):
                        break
                    good.append(result)
                text = _mark(title, good, last)
            found.append((board, me, text))
    entrants = tournament.entrants.in_bulk([me for _, me, _ in found])
    return [Mark(board, entrants[me], text) for board, me, text in found]


def _may_have_norms(tournament: Tournament) -> bool:
    """Cheap first: enough rounds and title-holders for anyone to make a norm (1.4.1, 1.4.5), so
    that a big event without titled players asks nothing more of the review."""
    titled = tournament.entrants.filter(title__in=sorted(norm_rules.COUNTING_TITLES)).count()
    return tournament.total_rounds >= norm_rules.MIN_GAMES and titled >= norm_rules.titled_needed(
        norm_rules.MIN_GAMES
    )


def _keeps(after: PlayerNorms, title: NormTitle, last: bool) -> bool:
    if last:
        return title in after.achieved
    return any(r.title is title for r in after.in_reach)


def _mark(title: NormTitle, good: list[str], last: bool) -> str:
    values = {"title": title.value}
    if not good:
        return _("%(title)s norm out of reach against this opponent") % values
    if len(good) == 3:
        return (_("%(title)s norm with any result") if last else _("%(title)s norm stays in reach")) % values
    values["result"] = _RESULT_WORDS[good[-1]]
    if last:
        return _("%(title)s norm with %(result)s or better against this opponent") % values
    return _("%(title)s norm stays in reach with %(result)s or better") % values


# --- The norm report (the data of FIDE's certificate of a title result) ------------------------


@dataclass(frozen=True)
class ReportRow:
    round: int
    colour: str
    opponent: Entrant | None
    title: str
    federation: str
    rating: str  # the rating used for Ra (1.4.6)
    rating_note: str  # why it is not the opponent's own: "raised from 1980", "unrated"
    result: str
    counted: str  # "yes", or why not
    is_counted: bool


@dataclass(frozen=True)
class Report:
    tournament: Tournament
    entrant: Entrant
    check: Check
    rows: list[ReportRow]
    event: EventCheck
    participants: int
    federations: int
    chief_arbiter: str

    @property
    def p(self) -> str:
        return f"{self.check.p / 100:.2f}"

    @property
    def score(self) -> str:
        return norm_rules.points_text(self.check.score)


_SHOWN_RESULTS = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", "U": "+", "H": "½", "F": "1", "Z": "0"}
_REASONS = {"forfeit": "forfeit", "bye": "bye", "not rated": "not rated", "no opponent": "no opponent"}


def report(tournament: Tournament, entrant: Entrant, title: NormTitle) -> Report | None:
    """The certificate's data for the entrant's `title` norm; None when that title is not checked
    for the entrant (a WGM norm for a man)."""
    state = norms_state(tournament)
    event = norm_event(tournament)
    norms: Norms = tournament_norms(state, event, numbers=[entrant.pairing_number or 0])
    if not norms.players:
        return None
    found = norms.players[0].check_for(title)
    if found is None:
        return None
    by_number = {e.pairing_number: e for e in tournament.entrants.filter(pairing_number__isnull=False)}
    counted = {g.round for g in found.counted}
    player = norms.players[0].player
    rows = []
    floor = norm_rules.REQUIREMENTS[title].floor
    for game, result in zip(found.games, player.history, strict=True):
        rating, note = str(game.rating or norm_rules.UNRATED_AS), "" if game.rating else _("unrated")
        if game.round == found.raised:
            rating, note = str(floor), _("raised from %(rating)s") % {"rating": game.rating or _("unrated")}
        if game.round in counted:
            status = _("yes")
        elif game.round in found.dropped:
            status = _("no: won game left out (1.4.1)")
        else:
            status = _("no: %(reason)s") % {"reason": _REASONS.get(game.excluded, game.excluded)}
        rows.append(
            ReportRow(
                game.round,
                {"w": _("White"), "b": _("Black")}.get(result.colour.value, "") if result.colour else "",
                by_number.get(game.opponent) if game.opponent is not None else None,
                game.title,
                game.federation,
                rating if game.opponent is not None else "",
                note,
                _SHOWN_RESULTS.get(game.code.value, game.code.value),
                status,
                game.round in counted,
            )
        )
    feds = {p.federation.strip().upper() for p in state.players if p.federation.strip()} - {"FID"}
    return Report(
        tournament,
        entrant,
        found,
        rows,
        norms.event,
        len(state.players),
        len(feds),
        norm_event(tournament).chief_arbiter,
    )


def report_rows(found: Report) -> list[list[str]]:
    """The report as CSV rows: the event, the player, each round, the totals."""
    t, e, c = found.tournament, found.entrant, found.check
    rows = [
        [_("Event"), t.name],
        [_("Place"), t.place],
        [_("Host federation"), t.host_federation],
        [_("Start"), t.start_date.isoformat()],
        [_("End"), t.end_date.isoformat()],
        [_("Rounds"), str(t.total_rounds)],
        [_("Participants"), str(found.participants)],
        [_("Federations"), str(found.federations)],
        [_("Chief arbiter"), found.chief_arbiter],
        [_("Exemption (1.4.3)"), found.event.exemption or _("none")],
        [_("Player"), e.name],
        [_("FIDE ID"), e.fide_id],
        [_("Federation"), e.federation],
        [_("FIDE rating"), str(e.fide_rating or "")],
        [_("Norm"), c.title.value],
        [_("Result"), status_text(c)],
        [],
        [_("Round"), _("Colour"), _("Opponent"), _("FIDE ID"), _("Title"), _("Federation")]
        + [_("Rating used"), _("Result"), _("Counted")],
    ]
    for r in found.rows:
        name, fide_id = (r.opponent.name, r.opponent.fide_id) if r.opponent else ("", "")
        rows.append(
            [str(r.round), r.colour, name, fide_id, r.title, r.federation, _used(r), r.result, r.counted]
        )
    rows += [
        [],
        [_("Games"), str(len(c.counted))],
        [_("Score"), found.score],
        ["Ra", str(c.average)],
        ["p", found.p],
        ["dp", str(c.dp)],
        ["Rp", str(c.performance)],
    ]
    rows += [
        [f"{cond.article} {cond.key}", _("met") if cond.met else _("not met"), worded(cond.text)]
        for cond in c.conditions
    ]
    return rows


def _used(row: ReportRow) -> str:
    return f"{row.rating} ({row.rating_note})" if row.rating_note else row.rating


def status_text(c: Check) -> str:
    return {
        Status.ACHIEVED: _("achieved"),
        Status.REVIEW: _("possible, needs manual review"),
        Status.MISSED: _("not achieved"),
    }[c.status]
