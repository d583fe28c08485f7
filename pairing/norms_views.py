"""The arbiter's title-norm pages: who made or can still make a norm, and the norm report
(the data of FIDE's certificate of a title result) as a print view and as CSV."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.bridge import norms
from tournaments.csv_export import csv_text
from tournaments.models import Tournament

from .views import HtmxHttpRequest, arbiter_only


def _individual(tournament: Tournament) -> None:
    if tournament.is_team:
        raise Http404(_("Title norms are worked out for individual events only."))


@require_GET
@arbiter_only
def norms_page(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    _individual(tournament)
    context = {"tournament": tournament, "page": norms.norms_page(tournament)}
    return render(request, "pairing/norms.html", context)


def _report(tournament: Tournament, entrant_id: int, title: str) -> norms.Report:
    _individual(tournament)
    entrant = get_object_or_404(tournament.entrants, pk=entrant_id)
    try:
        norm = norms.NormTitle(title.upper())
    except ValueError:
        raise Http404(_("No such title norm.")) from None
    found = norms.report(tournament, entrant, norm)
    if found is None:
        raise Http404(_("That norm is not checked for this player."))
    return found


@require_GET
@arbiter_only
def norm_report(
    request: HtmxHttpRequest, tournament: Tournament, entrant_id: int, title: str
) -> HttpResponse:
    found = _report(tournament, entrant_id, title)
    context = {"tournament": tournament, "report": found, "status": norms.status_text(found.check)}
    return render(request, "pairing/norm_report.html", context)


@require_GET
@arbiter_only
def norm_report_csv(
    request: HtmxHttpRequest, tournament: Tournament, entrant_id: int, title: str
) -> HttpResponse:
    found = _report(tournament, entrant_id, title)
    response = HttpResponse(csv_text(norms.report_rows(found)), content_type="text/csv; charset=utf-8")
    name = f"{tournament.slug}-{found.entrant.pairing_number}-{found.check.title.value.lower()}-norm.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
