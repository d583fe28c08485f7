"""The public pages of a team event: matches, team standings, crosstable, teams, boards, print.

The round, standings, crosstable, print and CSV addresses are the individual pages'
(`public_views` hands a team event to the functions here); the team and board pages are
the team event's own. Like every public page, only published rounds show.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from .bridge import team_standings
from .bridge.teams import average_ratings
from .csv_export import csv_headings, csv_text, round_headings
from .models import Entrant, Round, Team, Tournament
from .public_cache import cached_page
from .public_context import page_context as _context


def _team_tournament(slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug, public=True)
    if not tournament.is_team:
        raise Http404("Not a team event.")
    return tournament


def round_matches(request: HttpRequest, tournament: Tournament, rnd: Round) -> HttpResponse:
    """A published round's matches in the official order, each board with its players, colours and result."""
    matches = team_standings.match_views(tournament, [rnd.number])
    context = _context(tournament, poll=True, round=rnd, matches=matches)
    return render(request, "tournaments/public/team_round.html", context)


def round_print(request: HttpRequest, tournament: Tournament, rnd: Round) -> HttpResponse:
    """One match sheet per match (the captains' lineups and signatures), then one result slip per game."""
    matches = team_standings.match_views(tournament, [rnd.number])
    context = {"tournament": tournament, "round": rnd, "matches": matches}
    return render(request, "tournaments/public/team_print.html", context)


def standings(request: HttpRequest, tournament: Tournament, after: int) -> HttpResponse:
    table = team_standings.table(tournament, after) if after else None
    context = _context(tournament, poll=True, table=table)
    return render(request, "tournaments/public/team_standings.html", context)


def standings_csv(tournament: Tournament, after: int) -> HttpResponse:
    rows: list[list[object]] = []
    if after:
        table = team_standings.table(tournament, after)
        rows.append(
            [
                *csv_headings(
                    _("Team"),
                    pgettext("CSV heading", "Fed"),
                    pgettext("match points", "MP"),
                    pgettext("game points", "GP"),
                ),
                *table.codes,
            ]
        )
        for row in table.rows:
            team = row.team
            rows.append([row.place, team.pairing_number, team.name, team.federation, row.match_points])
            rows[-1] += [row.game_points, *row.values]
        # Each round as the crosstable writes it ("3w 2½", "5b −", "bye 1"), after the columns above.
        cells = team_standings.crosstable(tournament, table)
        rows[0] += round_headings(after)
        for line, row in zip(rows[1:], table.rows, strict=True):
            line += cells[row.team.pk]
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-team-standings.csv"'
    return response


def crosstable(request: HttpRequest, tournament: Tournament, after: int) -> HttpResponse:
    table = team_standings.table(tournament, after) if after else None
    cells = team_standings.crosstable(tournament, table) if table else {}
    rows = [(row, cells[row.team.pk]) for row in table.rows] if table else []
    context = _context(tournament, table=table, rows=rows)
    return render(request, "tournaments/public/team_crosstable.html", context)


@require_safe
@cached_page
def teams(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _team_tournament(slug)
    listed = tournament.teams.order_by("pairing_number", "name").prefetch_related("players")
    averages = average_ratings(tournament)
    rows = [(team, averages[team.pk]) for team in listed]
    return render(request, "tournaments/public/teams.html", _context(tournament, teams=rows))


@require_safe
@cached_page
def team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """One team: its roster in board order, and per published round its lineup and results."""
    tournament = _team_tournament(slug)
    shown = get_object_or_404(Team, tournament=tournament, pk=team_id)
    rounds = tournament.published_rounds()
    card = team_standings.team_card(tournament, shown, rounds)
    standing = team_standings.team_standing(tournament, shown, _after(tournament))
    context = _context(tournament, poll=True, team=shown, roster=shown.roster(), card=card, standing=standing)
    return render(request, "tournaments/public/team.html", context)


def player(request: HttpRequest, tournament: Tournament, entrant: Entrant) -> HttpResponse:
    """A team player's card: the team, the roster board, and per published round the match board
    played ("2.1"), the opponent and the result; the team's place rather than an individual rank."""
    assert entrant.team is not None
    rounds = team_standings.player_rounds(tournament, entrant, tournament.published_rounds())
    standing = team_standings.team_standing(tournament, entrant.team, _after(tournament))
    context = _context(tournament, entrant=entrant, rounds=rounds, standing=standing)
    return render(request, "tournaments/public/team_player.html", context)


def _after(tournament: Tournament) -> int:
    """The last round with every result in, 0 before the first."""
    done = tournament.rounds_with_standings()
    return done[-1] if done else 0


@require_safe
@cached_page
def boards(request: HttpRequest, slug: str) -> HttpResponse:
    """Per board: every player's games, points and performance on it, for the board prizes."""
    tournament = _team_tournament(slug)
    after = _after(tournament)
    statistics = team_standings.board_statistics(tournament, after) if after else {}
    context = _context(tournament, after_round=after, statistics=sorted(statistics.items()))
    return render(request, "tournaments/public/boards.html", context)
