"""The arbiter's draw of a round robin's pairing numbers, with the whole table it gives
(docs/round-robin.md 5)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.bridge import round_robin
from tournaments.bridge.state import StateError
from tournaments.models import Board, Entrant, Tournament

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


class SidesForm(forms.Form):
    """A Scheveningen event's teams: team A or B for each entrant (docs/round-robin.md 6)."""

    def __init__(self, entrants: list[Entrant], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for entrant in entrants:
            self.fields[f"side-{entrant.pk}"] = forms.ChoiceField(
                label=entrant.name,
                choices=[("", "–"), *Entrant.Side.choices],
                required=False,
                initial=entrant.side,
            )

    def sides(self) -> dict[int, str]:
        return {int(name.removeprefix("side-")): side for name, side in self.cleaned_data.items()}


@require_http_methods(["GET", "POST"])
@arbiter_only
def draw_page(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    if not tournament.is_round_robin:
        raise Http404(gettext("Pairing numbers are drawn for round robins only."))
    scheveningen = tournament.pairing_system == Tournament.PairingSystem.SCHEVENINGEN
    entrants = list(tournament.entrants.order_by("side", "pairing_number")) if scheveningen else []
    posted = request.POST if request.method == "POST" else None
    sides_posted = posted is not None and "sides" in posted
    form = DrawForm(None if sides_posted else posted)
    sides = SidesForm(entrants, posted if sides_posted else None) if scheveningen else None
    if posted is not None:
        try:
            if sides_posted:
                if sides is None or not sides.is_valid():
                    raise ActionError(gettext("Choose team A or team B for entrants of this tournament."))
                draw.put_on_sides(tournament, request.user, sides.sides())
            elif form.is_valid():
                draw.draw_numbers(tournament, request.user, form.cleaned_data["method"])
        except ActionError as error:
            messages.error(request, error.messages[0])
        return redirect("arbiter:round-robin-draw", tournament.slug)
    tournament.refresh_from_db()
    context = {
        "tournament": tournament,
        "form": form,
        "sides": sides,
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
