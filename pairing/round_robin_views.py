"""The arbiter's draw of a round robin's pairing numbers, with the whole table it gives
(docs/round-robin.md 5)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.bridge import round_robin
from tournaments.bridge.state import StateError
from tournaments.models import Board, Tournament

from . import draw
from .actions import ActionError
from .views import HtmxHttpRequest, arbiter_only


class DrawForm(forms.Form):
    method = forms.ChoiceField(
        label=gettext_lazy("Pairing numbers"),
        choices=[
            (Tournament.NumbersDrawn.LOT, gettext_lazy("Draw by lot")),
            (Tournament.NumbersDrawn.ENTERED, gettext_lazy("Keep them as entered")),
        ],
        widget=forms.RadioSelect,
        initial=Tournament.NumbersDrawn.LOT,
    )


@require_http_methods(["GET", "POST"])
@arbiter_only
def draw_page(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    if not tournament.is_round_robin:
        raise Http404("Pairing numbers are drawn for round robins only.")
    form = DrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            draw.draw_numbers(tournament, request.user, form.cleaned_data["method"])
        except ActionError as error:
            messages.error(request, error.messages[0])
        return redirect("arbiter:round-robin-draw", tournament.slug)
    tournament.refresh_from_db()
    context = {
        "tournament": tournament,
        "form": form,
        "record": draw.last_draw(tournament),
        "entrants": (tournament.teams if tournament.is_team else tournament.entrants).order_by(
            "pairing_number"
        ),
        "paired": Board.objects.filter(round__tournament=tournament).exists(),
        **table_context(tournament),
    }
    return render(request, "pairing/round_robin_draw.html", context)


def table_context(tournament: Tournament) -> dict[str, object]:
    """The table by entrant, or why there is none yet."""
    try:
        return {"rounds": round_robin.rounds_by_entrant(tournament), "table_error": ""}
    except StateError as error:
        return {"rounds": [], "table_error": str(error)}
