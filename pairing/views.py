"""The arbiter's pages: tournament settings, entrants, the round workflow and results.

Every page is for the tournament's arbiters only: a signed-out visitor is sent to sign
in, anyone else gets 403.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from tournaments import standings as standings_module
from tournaments.models import AuditRecord, Entrant, ForbiddenPair, Round, Seat, Tournament

from . import actions, forms

View = Callable[..., HttpResponse]


def arbiter_only(view: View) -> View:
    """Signed-in arbiters of the tournament named by `slug` only; the view gets the tournament."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not tournament.is_arbiter(request.user):
            raise PermissionDenied("Only the tournament's arbiters may do this.")
        return view(request, tournament, *args, **kwargs)

    return wrapper


def _get_round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


# --- Tournaments ---------------------------------------------------------------------------------


def _arbitrated(user: Any) -> Any:
    return Tournament.objects.filter(Q(chief_arbiter=user) | Q(deputy_arbiters=user)).distinct()


@require_GET
@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = _arbitrated(request.user)
    if not (request.user.is_staff or tournaments.exists()):  # type: ignore[union-attr]
        raise PermissionDenied("This page is for arbiters.")
    return render(request, "pairing/tournaments.html", {"tournaments": tournaments})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:  # type: ignore[union-attr]
        raise PermissionDenied("Only staff create tournaments.")
    form = forms.TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.instance.chief_arbiter = request.user
            tournament = form.save()
            AuditRecord.record(
                request.user, AuditRecord.Action.CREATE, tournament, None, {"name": tournament.name}
            )
        return redirect("arbiter:tournament", tournament.slug)
    return render(request, "pairing/tournament_form.html", {"form": form})


@arbiter_only
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = forms.TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            before = {name: str(form.initial.get(name)) for name in form.changed_data}
            form.save()
            after = {name: str(form.cleaned_data.get(name)) for name in form.changed_data}
            AuditRecord.record(request.user, AuditRecord.Action.CHANGE, tournament, before, after)
        messages.success(request, "Settings saved.")
        return redirect("arbiter:tournament", tournament.slug)
    return render(request, "pairing/tournament_form.html", {"form": form, "tournament": tournament})


@require_GET
@arbiter_only
def tournament_detail(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = tournament.rounds.order_by("number")
    return render(
        request,
        "pairing/tournament.html",
        {"tournament": tournament, "rounds": rounds, "next_round": actions.next_round_to_pair(tournament)},
    )


@arbiter_only
def arbiters(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The chief arbiter adds and removes deputies."""
    form = forms.DeputyForm(request.POST or None)
    if request.method == "POST":
        if tournament.chief_arbiter_id != request.user.pk and not request.user.is_superuser:  # type: ignore[union-attr]
            raise PermissionDenied("Only the chief arbiter appoints deputies.")
        remove = request.POST.get("remove")
        if remove:
            tournament.deputy_arbiters.remove(int(remove))
            AuditRecord.record(request.user, AuditRecord.Action.CHANGE, tournament, {"deputy": remove}, None)
            return redirect("arbiter:arbiters", tournament.slug)
        if form.is_valid():
            tournament.deputy_arbiters.add(form.cleaned_data["username"])
            AuditRecord.record(
                request.user,
                AuditRecord.Action.CHANGE,
                tournament,
                None,
                {"deputy": form.cleaned_data["username"].pk},
            )
            return redirect("arbiter:arbiters", tournament.slug)
    return render(request, "pairing/arbiters.html", {"tournament": tournament, "form": form})


# --- Entrants ------------------------------------------------------------------------------------


def _renumbered(moved: int) -> str:
    if not moved:
        return ""
    return f" {moved} pairing number(s) changed to keep the ranking order (C.04.2 2.3); see the audit trail."


_ABSENCE_SHORT = {"half-bye": "½-point bye", "zero-bye": "0-point bye", "full-bye": "1-point bye"}


def _entrant_states(tournament: Tournament) -> dict[int, list[str]]:
    """Per entrant id, what the rounds hold for them: requested byes, a withdrawal, a late entry."""
    states: dict[int, list[str]] = {}
    withdrawn: dict[int, int] = {}
    seats = Seat.objects.filter(round__tournament=tournament).exclude(absence="").order_by("round__number")
    for entrant_id, number, absence in seats.values_list("entrant_id", "round__number", "absence"):
        if absence == Seat.Absence.WITHDRAWN:
            withdrawn.setdefault(entrant_id, number)
        else:
            states.setdefault(entrant_id, []).append(f"{_ABSENCE_SHORT[absence]} in round {number}")
    for entrant_id, number in withdrawn.items():
        states.setdefault(entrant_id, []).append(f"withdrawn from round {number}")
    # A late entrant has no seat at all in the rounds paired before they entered.
    paired = tournament.rounds.exclude(state=Round.State.DRAFT).order_by("number")
    seated = set(Seat.objects.filter(round__in=paired).values_list("entrant_id", "round__number"))
    for entrant_id in tournament.entrants.values_list("pk", flat=True):
        missed = [rnd.number for rnd in paired if (entrant_id, rnd.number) not in seated]
        if missed:
            states.setdefault(entrant_id, []).insert(
                0, f"late entry: not paired in round {', '.join(map(str, missed))}"
            )
    return states


@arbiter_only
def entrants(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list, with a quick entry form that keeps the focus for the next player."""
    form = forms.EntrantForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        moved = actions.add_entrants(tournament, request.user, [form.save(commit=False)])
        messages.success(request, f"{form.instance.name} entered.{_renumbered(moved)}")
        form = forms.EntrantForm(tournament=tournament)
        if not request.htmx:
            return redirect("arbiter:entrants", tournament.slug)
    entrants = list(tournament.entrants.order_by("pairing_number"))
    states = _entrant_states(tournament)
    context = {
        "tournament": tournament,
        "form": form,
        "entrants": [(e, states.get(e.pk, [])) for e in entrants],
    }
    if request.htmx:
        return render(request, "pairing/entrants.html#entrants", context)
    return render(request, "pairing/entrants.html", context)


@arbiter_only
def entrants_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload, preview every line, then confirm: all lines are saved, or none."""
    form = forms.ImportForm(request.POST or None, request.FILES or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["confirm"]:
            moved = actions.add_entrants(tournament, request.user, form.entrants())
            messages.success(request, f"{len(form.lines)} entrants imported.{_renumbered(moved)}")
            return redirect("arbiter:entrants", tournament.slug)
        return render(
            request, "pairing/import.html", {"tournament": tournament, "form": form, "preview": True}
        )
    return render(request, "pairing/import.html", {"tournament": tournament, "form": form})


@require_POST
@arbiter_only
def entrant_absence(request: HttpRequest, tournament: Tournament, entrant_id: int, kind: str) -> HttpResponse:
    """A requested bye for a future round (`kind` "bye") or a withdrawal from a round on."""
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=entrant_id)
    form = forms.AbsenceForm(request.POST) if kind == "bye" else forms.WithdrawForm(request.POST)
    if form.is_valid():
        number, absence = form.cleaned_data["round"], form.cleaned_data.get("kind")
        try:
            actions.record_absence(entrant, request.user, number, absence)
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
        else:
            what = (
                f"a {_ABSENCE_SHORT[absence]} in round {number}"
                if absence
                else f"withdrawn from round {number} on"
            )
            messages.success(request, f"{entrant.name}: {what}. It shows in the State column.")
    else:
        messages.error(request, "Give a round number.")
    return redirect("arbiter:entrants", tournament.slug)


@arbiter_only
def forbidden_pairs(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = forms.ForbiddenPairForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        pair = form.save()
        AuditRecord.record(request.user, AuditRecord.Action.CREATE, pair, None, {"pair": str(pair)})
        return redirect("arbiter:forbidden-pairs", tournament.slug)
    pairs = ForbiddenPair.objects.filter(tournament=tournament).select_related("first", "second")
    return render(request, "pairing/forbidden.html", {"tournament": tournament, "form": form, "pairs": pairs})


# --- The round ----------------------------------------------------------------------------------------


@require_POST
@arbiter_only
def pair_round(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = forms.PairForm(request.POST)
    form.is_valid()
    again = form.cleaned_data.get("again", False)
    try:
        rnd, made = actions.draft_round(
            tournament, request.user, again=again, expected=form.cleaned_data.get("round")
        )
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
        return redirect("arbiter:tournament", tournament.slug)
    if made:
        messages.success(request, f"Round {rnd.number} paired {'again ' if again else ''}by the engine.")
    else:
        # A second press of "pair" (or a colleague's) keeps the draft and its manual changes.
        messages.info(request, f"Round {rnd.number} already has a draft; it was kept as it is.")
    return redirect("arbiter:round", tournament.slug, rnd.number)


def _render_review(request: HttpRequest, rnd: Round, **extra: Any) -> HttpResponse:
    context = {
        "tournament": rnd.tournament,
        "review": actions.review(rnd),
        "change_form": forms.ChangeForm(tournament=rnd.tournament),
        "publish_form": forms.PublishForm(),
        **extra,
    }
    template = "pairing/review.html#draft" if request.htmx else "pairing/review.html"
    return render(request, template, context)


@require_GET
@arbiter_only
def round_review(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _render_review(request, _get_round(tournament, number))


@require_POST
@arbiter_only
def round_change(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    form = forms.ChangeForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            actions.change_draft(rnd, request.user, form.cleaned_data["kind"], *form.cleaned_data["args"])
        except actions.ActionError as error:
            form.add_error(None, error.messages[0])
    if request.htmx or form.errors:
        # Errors render beside the form that was sent, with what the arbiter typed.
        return _render_review(
            request, rnd, change_form=form if form.errors else forms.ChangeForm(tournament=tournament)
        )
    return redirect("arbiter:round", tournament.slug, number)


@require_POST
@arbiter_only
def round_undo(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    try:
        actions.undo_change(rnd, request.user)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    if request.htmx:
        return _render_review(request, rnd)
    return redirect("arbiter:round", tournament.slug, number)


@require_POST
@arbiter_only
def round_publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    form = forms.PublishForm(request.POST)
    form.is_valid()
    try:
        if actions.publish_round(rnd, request.user, confirmed=form.cleaned_data.get("confirm", False)):
            messages.success(request, f"Round {number} is published.")
        else:
            messages.info(request, f"Round {number} was already published.")
    except actions.NeedsConfirmation as error:
        messages.error(request, error.messages[0])
    return redirect("arbiter:round", tournament.slug, number)


@require_POST
@arbiter_only
def round_unpublish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    try:
        actions.unpublish_round(_get_round(tournament, number), request.user)
        messages.success(request, f"Round {number} is a draft again.")
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    return redirect("arbiter:round", tournament.slug, number)


@require_GET
@arbiter_only
def board_explain(request: HttpRequest, tournament: Tournament, number: int, board: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    get_object_or_404(rnd.boards, number=board)
    context = {
        "tournament": tournament,
        "round": rnd,
        "board": board,
        "sentences": actions.explain(rnd, board),
    }
    return render(
        request, "pairing/explain.html#explanation" if request.htmx else "pairing/explain.html", context
    )


# --- Results, standings, export -------------------------------------------------------------------------


@arbiter_only
def round_results(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    boards = list(rnd.boards_with_seats())
    form = forms.ResultsForm(request.POST or None, boards=boards)
    if request.method == "POST" and form.is_valid():
        try:
            changed = actions.record_results(rnd, request.user, form.results())
            messages.success(request, f"{changed} result(s) saved.")
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
        return redirect("arbiter:results", tournament.slug, number)
    rows = [(board, form[f"board_{board.number}"] if not board.is_bye else None) for board in boards]
    context = {"tournament": tournament, "round": rnd, "rows": rows, "form": form}
    return render(
        request, "pairing/results.html", {**context, "clear_form": forms.ClearResultForm(boards=boards)}
    )


@require_POST
@arbiter_only
def result_clear(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A result entered by mistake goes back to "not yet played"."""
    rnd = _get_round(tournament, number)
    form = forms.ClearResultForm(request.POST, boards=list(rnd.boards_with_seats()))
    if form.is_valid():
        try:
            actions.clear_result(rnd, request.user, form.cleaned_data["board"])
            messages.success(request, f"Board {form.cleaned_data['board']} is back to not yet played.")
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
    else:
        messages.error(request, "Choose a board that has a result.")
    return redirect("arbiter:results", tournament.slug, number)


@require_GET
@arbiter_only
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The ranking with the tournament's tie-breaks after the last round with every result in."""
    done = standings_module.rounds_with_standings(tournament)
    table = standings_module.standings(tournament, done[-1]) if done else None
    published = standings_module.published_rounds(tournament)
    pending = [n for n in published if n not in done]
    context = {"tournament": tournament, "table": table, "pending": pending}
    return render(request, "pairing/standings.html", context)


@require_GET
@arbiter_only
def export_trf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    response = HttpResponse(actions.export_trf(tournament), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response
