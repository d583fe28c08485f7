"""The arbiter's pages: tournament settings, entrants, the round workflow and results.

Every page is for the tournament's arbiters only: a signed-out visitor is sent to sign
in, anyone else gets 403.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView, PasswordResetView
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.models import AuditRecord, Entrant, ForbiddenPair, Round, Tournament

from . import actions, forms

View = Callable[..., HttpResponse]


def arbiter_only(view: View) -> View:
    """Signed-in arbiters of the tournament named by `slug` only; the view gets the tournament.

    No response is kept by a browser or proxy cache: drafts and arbiters' pages are private.
    """

    @never_cache
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


# --- Signing in ---------------------------------------------------------------------------------


def sign_in(request: HttpRequest) -> HttpResponse:
    """Django's sign-in page, offering a password reset only where e-mail can deliver one."""
    context = {"password_reset": settings.PASSWORD_RESET_BY_EMAIL}
    return LoginView.as_view(extra_context=context)(request)


def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's password reset where e-mail is configured; elsewhere a page that says whom to ask."""
    if settings.PASSWORD_RESET_BY_EMAIL:
        return PasswordResetView.as_view()(request)
    return render(request, "registration/password_reset_unavailable.html", status=404)


# --- Tournaments ---------------------------------------------------------------------------------


def _arbitrated(user: Any) -> Any:
    return Tournament.objects.filter(Q(chief_arbiter=user) | Q(deputy_arbiters=user)).distinct()


@require_GET
@never_cache
@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = _arbitrated(request.user)
    if not (request.user.is_staff or tournaments.exists()):  # type: ignore[union-attr]
        raise PermissionDenied("This page is for arbiters.")
    return render(request, "pairing/tournaments.html", {"tournaments": tournaments})


@never_cache
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


@arbiter_only
def entrants(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list, with a quick entry form that keeps the focus for the next player."""
    form = forms.EntrantForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        actions.add_entrants(tournament, request.user, [form.save(commit=False)])
        messages.success(request, f"{form.instance.name} entered.")
        form = forms.EntrantForm(tournament=tournament)
        if not request.htmx:
            return redirect("arbiter:entrants", tournament.slug)
    context = {
        "tournament": tournament,
        "form": form,
        "entrants": tournament.entrants.order_by("pairing_number"),
    }
    if request.htmx:
        return render(request, "pairing/entrants.html#entrants", context)
    return render(request, "pairing/entrants.html", context)


@arbiter_only
def entrants_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload, preview every line, then confirm: all new lines are saved, or none; duplicates are skipped."""
    form = forms.ImportForm(request.POST or None, request.FILES or None, tournament=tournament)
    context = {"tournament": tournament, "form": form, "max_rows": settings.IMPORT_MAX_ROWS}
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["confirm"]:
            actions.add_entrants(tournament, request.user, form.entrants())
            skipped = len(form.lines) - len(form.new_lines)
            note = f"; {skipped} likely duplicate(s) skipped" if skipped else ""
            messages.success(request, f"{len(form.new_lines)} entrants imported{note}.")
            return redirect("arbiter:entrants", tournament.slug)
        return render(request, "pairing/import.html", {**context, "preview": True})
    return render(request, "pairing/import.html", context)


@require_POST
@arbiter_only
def entrant_absence(request: HttpRequest, tournament: Tournament, entrant_id: int, kind: str) -> HttpResponse:
    """A requested bye for a future round (`kind` "bye") or a withdrawal from a round on."""
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=entrant_id)
    form = forms.AbsenceForm(request.POST) if kind == "bye" else forms.WithdrawForm(request.POST)
    if form.is_valid():
        try:
            actions.record_absence(
                entrant, request.user, form.cleaned_data["round"], form.cleaned_data.get("kind")
            )
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
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
    """Points, then pairing number: the arbiter's quick look (tie-breaks are on the public pages)."""
    last = (
        tournament.rounds.exclude(state=Round.State.DRAFT)
        .order_by("-number")
        .values_list("number", flat=True)
    )
    scores = tournament.scores_after(last[0] if last else 0)
    table = sorted(tournament.entrants.all(), key=lambda e: (-scores.get(e.pk, 0), e.pairing_number or 0))
    rows = [(e, scores.get(e.pk, 0)) for e in table]
    return render(request, "pairing/standings.html", {"tournament": tournament, "rows": rows})


@require_GET
@arbiter_only
def export_trf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    response = HttpResponse(actions.export_trf(tournament), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response
