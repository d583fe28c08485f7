"""The pages players see, without signing in: only published rounds ever show here."""

from __future__ import annotations

import functools
import io
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Literal

import segno
from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from . import public_team_views as team_views
from . import round_robin_pages, schedule
from . import standings as standings_module
from .bridge import notation, round_robin
from .bridge.norms import achieved as achieved_norms
from .bridge.state import StateError, scores_after, scoring
from .bridge.team_trf import public_team_trf
from .bridge.trf import export_trf
from .csv_export import csv_headings, csv_text, round_headings
from .models import Board, Entrant, Round, Seat, Tournament
from .names import search_key, sort_key
from .prizes import CLUB_PLAYERS, group_standings, money_lists, prize_lists
from .public_cache import cached_page
from .public_context import page_context as _context


def _public_tournament(slug: str) -> Tournament:
    """The tournament at /t/<slug>/, when its arbiters have made it public; 404 otherwise."""
    return get_object_or_404(Tournament, slug=slug, public=True)


def _published_round(tournament: Tournament, number: int) -> Round:
    """A round players may see, or 404: a draft does not exist for them."""
    return get_object_or_404(tournament.rounds.exclude(state=Round.State.DRAFT), number=number)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.filter(public=True, archived=False).order_by("-start_date", "name")
    return render(request, "tournaments/public/index.html", {"tournaments": tournaments})


@require_safe
@cached_page
def tournament_home(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _public_tournament(slug)
    context = _context(tournament, schedule=schedule.scheduled_rounds(tournament))
    context["next_round"] = schedule.next_round(tournament, context["standing_rounds"])  # type: ignore[arg-type]
    if tournament.pairing_system == Tournament.PairingSystem.SCHEVENINGEN:
        context["match"] = round_robin_pages.match_score(tournament, _latest_table(tournament))
    return render(request, "tournaments/public/home.html", context)


# Boards per page of a round's public pairings, and the page numbers that can be asked for.
BOARDS_PER_PAGE = 200
PAGES = tuple(str(n) for n in range(1, 101))


@require_safe
@cached_page(query={"page": PAGES})
def round_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's boards, `BOARDS_PER_PAGE` a page (`?page=`), for a round of thousands of players."""
    tournament = _public_tournament(slug)
    rnd = _published_round(tournament, number)
    if tournament.is_team:
        return team_views.round_matches(request, tournament, rnd)
    unpaired = rnd.seats.filter(board_number__isnull=True).select_related("entrant")
    absent = sorted(unpaired, key=lambda seat: sort_key(seat.entrant.name))
    page = _page_of(request, rnd.boards_with_seats(), BOARDS_PER_PAGE)
    boards = _boards(tournament, rnd, page)
    context = _context(
        tournament, poll=True, round=rnd, boards=boards, page=page, absent=absent, bye_points=_bye(tournament)
    )
    return render(request, "tournaments/public/round.html", context)


def _page_of(request: HttpRequest, items: Any, size: int) -> Page[Any]:
    """The page `?page=` asks for; only the numbers the cache keys know are read (public_cache._variant),
    any other shows page 1."""
    asked = request.GET.get("page", "")
    return Paginator(items, size).get_page(asked if asked in PAGES else 1)


@require_safe
@cached_page(query={"page": PAGES})
def round_print(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The pairing list and one result slip per game, for the printer (print stylesheet);
    `BOARDS_PER_PAGE` boards a page (`?page=`)."""
    tournament = _public_tournament(slug)
    rnd = _published_round(tournament, number)
    if tournament.is_team:
        return team_views.round_print(request, tournament, rnd)
    page = _page_of(request, rnd.boards_with_seats(), BOARDS_PER_PAGE)
    context = {"tournament": tournament, "round": rnd, "boards": _boards(tournament, rnd, page), "page": page}
    context["bye_points"] = _bye(tournament)
    return render(request, "tournaments/public/print.html", context)


# Lines per page of the players by name: one per player.
NAMES_PER_PAGE = 2 * BOARDS_PER_PAGE


@require_safe
@cached_page(query={"page": PAGES})
def round_alphabetical(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The pairing list for the wall: every player by name, with board, colour and opponent;
    `NAMES_PER_PAGE` players a page (`?page=`)."""
    tournament = _public_tournament(slug)
    rnd = _published_round(tournament, number)
    seats = rnd.seats.select_related("entrant")
    by_board: dict[int, list[Seat]] = {}
    for seat in seats:
        if seat.board_number:
            by_board.setdefault(seat.board_number, []).append(seat)
    lines: list[tuple[Entrant, int | None, str, Entrant | None]] = []
    for seat in seats:
        if not seat.board_number:
            lines.append((seat.entrant, None, seat.get_absence_display(), None))
            continue
        opponent = next((s.entrant for s in by_board[seat.board_number] if s is not seat), None)
        colour = seat.get_colour_display() if opponent else ""
        lines.append((seat.entrant, seat.board_number, colour, opponent))
    lines.sort(key=lambda line: sort_key(line[0].name))
    page = _page_of(request, lines, NAMES_PER_PAGE)
    context = _context(tournament, round=rnd, lines=list(page), page=page)
    return render(request, "tournaments/public/alphabetical.html", context)


def _boards(
    tournament: Tournament, rnd: Round, boards: Iterable[Board] | None = None
) -> list[tuple[Board, Entrant, Entrant | None, Decimal | int, Decimal | int | None]]:
    """(board, white, black, White's points, Black's points) in board order, points before the round;
    of `boards` when given (a page of them), else of every board."""
    scores = scores_after(tournament, rnd.number - 1)
    rows = []
    for board in rnd.boards_with_seats() if boards is None else boards:
        white, black = board.white, board.black
        assert white is not None
        rows.append(
            (board, white, black, scores.get(white.pk, 0), scores.get(black.pk, 0) if black else None)
        )
    return rows


def _bye(tournament: Tournament) -> str:
    """What the pairing-allocated bye scores, as the pages write it ("1", "½")."""
    return notation.points(scoring(tournament).pab)


def _standings_round(tournament: Tournament, number: int | None) -> int:
    available = tournament.rounds_with_standings()
    if number is None:
        return available[-1] if available else 0
    if number not in available:
        raise Http404("No standings after that round.")
    return number


# Players per page of the standings and the crosstable.
ROWS_PER_PAGE = 200


@require_safe
@cached_page(query={"page": PAGES})
def standings(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """The ranking, `ROWS_PER_PAGE` players a page (`?page=`)."""
    tournament = _public_tournament(slug)
    after = _standings_round(tournament, number)
    if tournament.is_team:
        return team_views.standings(request, tournament, after)
    table = standings_module.standings(tournament, after) if after else None
    page = _page_of(request, table.rows if table else [], ROWS_PER_PAGE)
    match = round_robin_pages.match_score(tournament, table)
    context = _context(tournament, poll=True, table=table, page=page, match=match)
    return render(request, "tournaments/public/standings.html", context)


@require_safe
@cached_page
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _public_tournament(slug)
    after = _standings_round(tournament, None)
    if tournament.is_team:
        return team_views.standings_csv(tournament, after)
    rows: list[list[object]] = []
    if after:
        table = standings_module.standings(tournament, after)
        rows.append(
            [*csv_headings(_("Name"), _("Rating"), pgettext("CSV heading", "Fed"), _("Points")), *table.codes]
        )
        for row in table.rows:
            e = row.entrant
            rows.append(
                [row.place, e.pairing_number, e.name, e.rating or "", e.federation, row.points, *row.values]
            )
        # Each round as the crosstable writes it ("12w1", "7b−", "bye ½"), after the columns above.
        cells = standings_module.crosstable_cells(tournament, after, table, table.rows)
        rows[0] += round_headings(after)
        for line, row in zip(rows[1:], table.rows, strict=True):
            line += cells[row.entrant.pk]
    if tournament.national_acceleration:
        # Whoever rates the event from this file must see that FIDE has not approved its pairings.
        rows.append([_("Pairing rules"), tournament.pairing_rules])
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-standings.csv"'
    return response


def _latest_table(tournament: Tournament) -> standings_module.Table | None:
    """The standings after the last round with all its results, or None before there is one."""
    after = _standings_round(tournament, None)
    return standings_module.standings(tournament, after) if after else None


@require_safe
@cached_page
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's prize money and categories, and the club and federation standings."""
    tournament = _public_tournament(slug)
    table = _latest_table(tournament)
    context = _context(
        tournament,
        table=table,
        categories=prize_lists(table, tournament.prize_categories, tournament.start_date) if table else [],
        clubs=group_standings(table, "club") if table else [],
        federations=group_standings(table, "federation") if table else [],
        club_players=CLUB_PLAYERS,
        money=money_lists(table, tournament) if table else [],
    )
    return render(request, "tournaments/public/prizes.html", context)


@require_safe
@cached_page
def prizes_print(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize money list for the prize-giving: who wins how much, for the printer."""
    tournament = _public_tournament(slug)
    table = _latest_table(tournament)
    context = {
        "tournament": tournament,
        "table": table,
        "money": money_lists(table, tournament) if table else [],
    }
    return render(request, "tournaments/public/prizes_print.html", context)


@require_safe
@cached_page(query={"page": PAGES})
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player's rounds, `ROWS_PER_PAGE` players a page (`?page=`) in the order of the standings."""
    tournament = _public_tournament(slug)
    after = _standings_round(tournament, None)
    if tournament.is_team:
        return team_views.crosstable(request, tournament, after)
    table = standings_module.standings(tournament, after) if after else None
    if tournament.is_round_robin:
        lines = round_robin_pages.crosstable(tournament, table) if table else []
        context = _context(tournament, table=table, lines=lines)
        return render(request, "tournaments/public/round_robin_crosstable.html", context)
    page = _page_of(request, table.rows if table else [], ROWS_PER_PAGE)
    cells = standings_module.crosstable_cells(tournament, after, table, list(page)) if table else {}
    rows = [(row, cells.get(row.entrant.pk, [])) for row in page]
    context = _context(tournament, table=table, rows=rows, page=page)
    return render(request, "tournaments/public/crosstable.html", context)


@require_safe
@cached_page(query={"q": None})
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player, or those whose name (or FIDE id) holds the search."""
    tournament = _public_tournament(slug)
    query = request.GET.get("q", "").strip()[:100]
    found = sorted(tournament.entrants.all(), key=lambda e: sort_key(e.name))
    if query:
        # Folded in Python: a field is a few thousand names, and the database's own folding
        # (unaccent, collations) differs between PostgreSQL and SQLite.
        key = search_key(query)
        found = [e for e in found if key in search_key(e.name) or e.fide_id == query]
    return render(
        request, "tournaments/public/players.html", _context(tournament, players=found, query=query)
    )


@require_safe
@cached_page
def starting_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The starting list by pairing number, printable: No., title, name, FED, FIDE ID, rating, club (team)."""
    tournament = _public_tournament(slug)
    listed = tournament.entrants.select_related("tournament", "team").order_by("pairing_number", "name")
    entrants = list(listed)
    return render(request, "tournaments/public/starting_list.html", _context(tournament, entrants=entrants))


@require_safe
@cached_page
def round_robin_table(request: HttpRequest, slug: str) -> HttpResponse:
    """A round robin's drawn numbers and every round of its table, known before round 1."""
    tournament = _public_tournament(slug)
    if not tournament.is_round_robin or tournament.is_team or not tournament.numbers_drawn:
        raise Http404("There is no drawn round-robin table here.")
    try:
        rounds, error = round_robin.rounds_by_entrant(tournament), ""
    except StateError as refused:
        rounds, error = [], str(refused)
    entrants = tournament.entrants.order_by("pairing_number")
    context = _context(tournament, entrants=entrants, rounds=rounds, table_error=error)
    return render(request, "tournaments/public/round_robin_table.html", context)


@require_safe
@cached_page
def player_card(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    tournament = _public_tournament(slug)
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=entrant_id)
    if tournament.is_team and entrant.team_id is not None:
        return team_views.player(request, tournament, entrant)
    seats = (
        Seat.objects.filter(entrant=entrant)
        .exclude(round__state=Round.State.DRAFT)
        .select_related("round", "board")
        .order_by("round__number")
    )
    card = standings_module.player_card(tournament, entrant, list(seats))
    context = _context(tournament, poll=True, entrant=entrant, card=card, norms=achieved_norms(entrant))
    return render(request, "tournaments/public/player.html", context)


@require_safe
@cached_page(query={"version": ("16",)})
def trf(request: HttpRequest, slug: str) -> HttpResponse:
    """TRF-2026, or TRF-16 with ?version=16; a team event's file has the team records (TRF-2026 only)."""
    tournament = _public_tournament(slug)
    version: Literal["2026", "16"] = "16" if request.GET.get("version") == "16" else "2026"
    if tournament.is_team:
        version = "2026"
        try:
            text = public_team_trf(tournament)
        except StateError as error:
            raise Http404(f"No TRF yet: {error}") from error
    else:
        text = export_trf(tournament, version)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-trf{version}.txt"'
    return response


@require_safe
def qr_code(request: HttpRequest, slug: str) -> HttpResponse:
    """An SVG QR code of the tournament's public address, for the wall of the venue.

    Not behind `cached_page`: its key is the path alone, and the address in the code
    must follow the host and scheme the request came by.
    """
    tournament = _public_tournament(slug)
    url = request.build_absolute_uri(reverse("public:tournament", args=[tournament.slug]))
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")


@functools.lru_cache(maxsize=64)
def qr_svg(url: str) -> str:
    """The SVG QR code of `url` (medium error correction), kept per address once drawn.

    A standalone document: browsers show an <img> SVG only with its namespace declared.
    """
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
    return out.getvalue().decode()


@require_safe
@cached_page
def schedule_ics(request: HttpRequest, slug: str) -> HttpResponse:
    """The rounds' start times as an iCalendar feed, for a phone's calendar."""
    tournament = _public_tournament(slug)
    response = HttpResponse(schedule.calendar(tournament), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-rounds.ics"'
    return response
