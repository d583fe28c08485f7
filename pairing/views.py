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
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordResetView
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.db import transaction
from django.db.models import Q, QuerySet
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh, reswap, retarget
from django_htmx.middleware import HtmxDetails

from tournaments import standings as standings_module
from tournaments import us_report
from tournaments.bridge import drafts, norms, team_drafts, team_trf, tiebreak_names
from tournaments.bridge import trf as trf_export
from tournaments.bridge.drafting import drafting
from tournaments.bridge.lineups import closed_reason, lineup_problems, status
from tournaments.bridge.lineups import round_lineups as team_lineups
from tournaments.bridge.state import StateError, next_round_to_pair, scores_after
from tournaments.bridge.teams import (
    BOARD_RESULT_COLUMNS,
    average_ratings,
    board_result_rows,
    match_scores,
    points_text,
)
from tournaments.csv_export import csv_text
from tournaments.models import (
    AuditRecord,
    Board,
    Entrant,
    ForbiddenPair,
    Job,
    Match,
    Round,
    Seat,
    Team,
    Tournament,
)

from . import (
    actions,
    forms,
    job_kinds,
    lineups,
    printing,
    publishing,
    registration,
    results,
    schedule_forms,
    tasks,
)
from . import review as draft_review
from . import schedule as tournament_day
from . import teams as team_registration

View = Callable[..., HttpResponse]


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware (run for every request) leaves it.

    Its user is a signed-in `User`: every view here that reads it is login_required (directly or
    by `arbiter_only`); the sign-in pages, the only ones open to visitors, never read it."""

    htmx: HtmxDetails
    user: User


def arbiter_only(view: View) -> View:
    """Signed-in arbiters of the tournament named by `slug` only; the view gets the tournament.

    No response is kept by a browser or proxy cache: drafts and arbiters' pages are private.
    """

    @never_cache
    @login_required
    @wraps(view)
    def wrapper(request: HtmxHttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not tournament.is_arbiter(request.user):
            raise PermissionDenied(_("Only the tournament's arbiters may do this."))
        return view(request, tournament, *args, **kwargs)

    return wrapper


def team_event_only(view: View) -> View:
    """Below `arbiter_only`: the teams and lineups pages exist for team events only."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, tournament: Tournament, *args: Any, **kwargs: Any) -> HttpResponse:
        if not tournament.is_team:
            raise Http404(_("Only team events have teams and lineups."))
        return view(request, tournament, *args, **kwargs)

    return wrapper


def _get_round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


# --- Signing in ---------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def sign_in(request: HtmxHttpRequest) -> HttpResponseBase:
    """Django's sign-in page, offering a password reset only where e-mail can deliver one."""
    context = {"password_reset": settings.PASSWORD_RESET_BY_EMAIL}
    return LoginView.as_view(extra_context=context)(request)


@require_http_methods(["GET", "POST"])
def password_reset(request: HtmxHttpRequest) -> HttpResponseBase:
    """Django's password reset where e-mail is configured; elsewhere a page that says whom to ask."""
    if settings.PASSWORD_RESET_BY_EMAIL:
        return PasswordResetView.as_view()(request)
    return render(request, "registration/password_reset_unavailable.html", status=404)


# --- Tournaments ---------------------------------------------------------------------------------


def _arbitrated(user: User) -> QuerySet[Tournament]:
    return Tournament.objects.filter(Q(chief_arbiter=user) | Q(deputy_arbiters=user)).distinct()


@require_GET
@never_cache
@login_required
def tournament_list(request: HtmxHttpRequest) -> HttpResponse:
    tournaments = _arbitrated(request.user)
    if not (request.user.is_staff or tournaments.exists()):
        raise PermissionDenied(_("This page is for arbiters."))
    return render(request, "pairing/tournaments.html", {"tournaments": tournaments.filter(archived=False)})


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        raise PermissionDenied(_("Only staff create tournaments."))
    team = request.GET.get("kind") == Tournament.Kind.TEAM
    form = (forms.TeamTournamentForm if team else forms.TournamentForm)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.instance.chief_arbiter = request.user
            tournament = form.save()
            AuditRecord.record(
                request.user, AuditRecord.Action.CREATE, tournament, None, {"name": tournament.name}
            )
        _warn_fide_mode(request, tournament)
        return redirect("arbiter:tournament", tournament.slug)
    return render(request, "pairing/tournament_form.html", {"form": form, **_form_help()})


@require_http_methods(["GET", "POST"])
@arbiter_only
def tournament_edit(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    kind = forms.TeamTournamentForm if tournament.is_team else forms.TournamentForm
    form = kind(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            before = {name: str(form.initial.get(name)) for name in form.changed_data}
            form.save()
            after = {name: str(form.cleaned_data.get(name)) for name in form.changed_data}
            AuditRecord.record(request.user, AuditRecord.Action.CHANGE, tournament, before, after)
        messages.success(request, _("Settings saved."))
        _warn_fide_mode(request, tournament, form.changed_data)
        return redirect("arbiter:tournament", tournament.slug)
    return render(
        request, "pairing/tournament_form.html", {"form": form, "tournament": tournament, **_form_help()}
    )


def _form_help() -> dict[str, Any]:
    """What the settings page explains beside the tie-break order."""
    return {"tiebreak_meanings": tiebreak_names.meanings()}


@require_POST
@arbiter_only
def tournament_make_public(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The unlisted tournament becomes public (players see its published rounds), from the page the
    arbiter was on (`next`)."""
    with transaction.atomic():
        tournament = actions.locked_tournament(tournament)
        if not tournament.public:
            tournament.public = True
            tournament.save(update_fields=["public"])
            AuditRecord.record(
                request.user, AuditRecord.Action.CHANGE, tournament, {"public": False}, {"public": True}
            )
    address = reverse("public:tournament", args=[tournament.slug])
    messages.success(
        request, gettext("The tournament is public: players find it at %(address)s.") % {"address": address}
    )
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("arbiter:tournament", args=[tournament.slug])
    return redirect(back)


def _warn_fide_mode(
    request: HtmxHttpRequest, tournament: Tournament, changed: list[str] | None = None
) -> None:
    """C.04.A: an arbiter who enables in FIDE mode what FIDE does not allow is warned, not stopped;
    on an edit, only when a setting behind a warning changed."""
    watched = {"fide_mode", "allow_full_point_byes", "pairing_system", "acceleration"}
    if changed is not None and not watched & set(changed):
        return
    for warning in tournament.fide_warnings():
        messages.warning(request, _("FIDE mode: %(warning)s") % {"warning": warning})


@require_GET
@arbiter_only
def tournament_detail(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = tournament.rounds.order_by("number")
    number = next_round_to_pair(tournament)
    # Team events: a lineup the engine would refuse is flagged before anyone presses "pair".
    problems = []
    if tournament.is_team and number <= tournament.total_rounds:
        problems = lineup_problems(tournament, number)
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "next_round": number,
        "lineup_problems": problems,
        **_not_pairable_yet(tournament, number),
    }
    return render(request, "pairing/tournament.html", context)


def _not_pairable_yet(tournament: Tournament, number: int) -> dict[str, Any]:
    """Why round `number` cannot be paired yet ("" when it can) and the boards of the round before
    it still without a result, each with its place on the results pages."""
    if number > tournament.total_rounds:
        return {}
    too_few = actions.too_few_to_pair(tournament)
    if too_few:
        return {"not_pairable": too_few}
    previous = tournament.rounds.filter(number=number - 1).first()
    if previous is None:
        return {}
    pending = list(previous.pending_games().order_by("number").values_list("number", flat=True))
    if not pending:
        return {}
    url = reverse("arbiter:results", args=[tournament.slug, previous.number])
    pages = {board: (board - 1) // RESULTS_PER_PAGE + 1 for board in pending}
    boards = [
        (board, f"{url}?page={page}#result-{board}" if page > 1 else f"{url}#result-{board}")
        for board, page in pages.items()
    ]
    said = ngettext(
        "Round %(number)d can be paired once round %(previous)d has every result: %(n)d board has none yet.",
        "Round %(number)d can be paired once round %(previous)d has every result: "
        "%(n)d boards have none yet.",
        len(pending),
    ) % {"number": number, "previous": previous.number, "n": len(pending)}
    return {"not_pairable": said, "pending_boards": boards, "pending_round": previous.number}


@require_http_methods(["GET", "POST"])
@arbiter_only
def arbiters(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The chief arbiter adds and removes deputies."""
    form = forms.DeputyForm(request.POST or None)
    if request.method == "POST":
        if tournament.chief_arbiter_id != request.user.pk and not request.user.is_superuser:
            raise PermissionDenied(_("Only the chief arbiter appoints deputies."))
        if "remove" in request.POST:
            removal = forms.RemoveDeputyForm(request.POST, tournament=tournament)
            if not removal.is_valid():
                messages.error(
                    request, _("That user is not a deputy of this tournament; nobody was removed.")
                )
                return redirect("arbiter:arbiters", tournament.slug)
            deputy = removal.cleaned_data["remove"]
            tournament.deputy_arbiters.remove(deputy)
            AuditRecord.record(
                request.user, AuditRecord.Action.CHANGE, tournament, {"deputy": deputy.pk}, None
            )
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
    return " " + ngettext(
        "%(n)d pairing number changed to keep the ranking order (C.04.2 2.3); it is listed below.",
        "%(n)d pairing numbers changed to keep the ranking order (C.04.2 2.3); they are listed below.",
        moved,
    ) % {"n": moved}


def _absence_short(absence: str) -> str:
    """A requested bye as the entrants page names it (the choices of its bye form)."""
    return {"half-bye": _("½-point bye"), "zero-bye": _("0-point bye"), "full-bye": _("1-point bye")}[absence]


def _entrant_states(tournament: Tournament, entrants: list[Entrant]) -> dict[int, list[str]]:
    """Per id of `entrants`, what the rounds hold for them: requested byes, a withdrawal, a late entry."""
    ids = [e.pk for e in entrants]
    states: dict[int, list[str]] = {}
    withdrawn: dict[int, int] = {}
    seats = Seat.objects.filter(round__tournament=tournament, entrant__in=ids).exclude(absence="")
    for entrant_id, number, absence in seats.order_by("round__number").values_list(
        "entrant_id", "round__number", "absence"
    ):
        if absence == Seat.Absence.WITHDRAWN:
            withdrawn.setdefault(entrant_id, number)
        else:
            states.setdefault(entrant_id, []).append(
                _("%(bye)s in round %(number)d") % {"bye": _absence_short(absence), "number": number}
            )
    for entrant_id, number in withdrawn.items():
        states.setdefault(entrant_id, []).append(_("withdrawn from round %(number)d") % {"number": number})
    # A late entrant has no seat at all in the rounds paired before they entered.
    paired = tournament.rounds.exclude(state=Round.State.DRAFT).order_by("number")
    seats = Seat.objects.filter(round__in=paired, entrant__in=ids)
    seated = set(seats.values_list("entrant_id", "round__number"))
    for entrant_id in ids:
        missed = [rnd.number for rnd in paired if (entrant_id, rnd.number) not in seated]
        if missed:
            rounds = ", ".join(map(str, missed))
            states.setdefault(entrant_id, []).insert(
                0,
                ngettext(
                    "late entry: not paired in round %(rounds)s",
                    "late entry: not paired in rounds %(rounds)s",
                    len(missed),
                )
                % {"rounds": rounds},
            )
    return states


# Entrants per page of the arbiter's list, each with its bye and withdrawal forms.
ENTRANTS_PER_PAGE = 100


@require_http_methods(["GET", "POST"])
@arbiter_only
def entrants(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The list, `ENTRANTS_PER_PAGE` a page (`?page=`), with a quick entry form that keeps the focus
    for the next player; after an entry, the page that holds the new entrant."""
    form = forms.EntrantForm(request.POST or None, tournament=tournament)
    listed = tournament.entrants.order_by("pairing_number")
    number = _page(request)
    renumbered = _renumbered_shown(request)
    if request.method == "POST" and form.is_valid():
        moved = registration.add_entrants(tournament, request.user, [form.save(commit=False)])
        messages.success(request, _("%(name)s entered.") % {"name": form.instance.name} + _renumbered(moved))
        latest = registration.last_renumbering(tournament) if moved else None
        renumbered = latest.pk if latest else None
        form.instance.refresh_from_db(fields=["pairing_number"])  # numbered with everyone again
        before = listed.filter(pairing_number__lt=form.instance.pairing_number).count()
        number = before // ENTRANTS_PER_PAGE + 1
        form = forms.EntrantForm(tournament=tournament)
        if not request.htmx:
            url = reverse("arbiter:entrants", args=[tournament.slug])
            query = "&".join(
                part
                for part in (
                    f"page={number}" if number > 1 else "",
                    f"renumbered={renumbered}" if renumbered else "",
                )
                if part
            )
            return redirect(f"{url}?{query}" if query else url)
    return _render_entrants(request, tournament, form, number, renumbered)


def _renumbered_shown(request: HtmxHttpRequest) -> int | None:
    """The renumbering the page lists (`?renumbered=`, an audit record's id), if any."""
    value = request.GET.get("renumbered", "")
    return int(value) if value.isdigit() else None


def _render_entrants(
    request: HtmxHttpRequest,
    tournament: Tournament,
    form: Any,
    number: int = 1,
    renumbered: int | None = None,
) -> HttpResponse:
    """The entrants page (its list partial for htmx), with the renumbering `renumbered` listed."""
    listed = tournament.entrants.order_by("pairing_number")
    page = Paginator(listed, ENTRANTS_PER_PAGE).get_page(number)
    states = _entrant_states(tournament, list(page))
    context = {
        "tournament": tournament,
        "form": form,
        "page": page,
        "entrants": [(e, states.get(e.pk, [])) for e in page],
        "moves": registration.renumbering(tournament, renumbered) if renumbered else [],
        "renumbered": renumbered,
    }
    if request.htmx:
        return render(request, "pairing/entrants.html#entrants", context)
    return render(request, "pairing/entrants.html", context)


def _stale_after_correction(tournament: Tournament) -> str:
    """The draft a correction made stale, said as results say it; "" when none is."""
    rnd = tournament.rounds.filter(state=Round.State.DRAFT, boards__isnull=False).first()
    if rnd is None:
        return ""
    reason = drafting(tournament).staleness(rnd, None)
    if not reason:
        return ""
    return gettext("Round %(number)d's draft is stale now. %(reason)s") % {
        "number": rnd.number,
        "reason": reason,
    }


@require_http_methods(["GET", "POST"])
@arbiter_only
def entrant_edit(request: HtmxHttpRequest, tournament: Tournament, entrant_id: int) -> HttpResponse:
    """Correct an entrant's data: a row of the entrants page opens this form (htmx) or its own page.

    A colleague's correction made after the form was loaded is never overwritten (`seen`).
    """
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=entrant_id)
    form = forms.EntrantEditForm(request.POST or None, instance=entrant, tournament=tournament)
    if request.method == "POST":
        with transaction.atomic():
            actions.locked_tournament(tournament)
            saved = form.is_valid()
            if saved:
                changes = form.changes()
                renumbering = registration.correct_entrant(entrant, request.user, changes)
            elif form.non_field_errors():
                form = form.seen_again()
        if saved:
            _said_after_correction(request, tournament, entrant, changes, renumbering is not None)
            shown = renumbering.pk if renumbering is not None else None
            if request.htmx:
                return _render_entrants(
                    request, tournament, forms.EntrantForm(tournament=tournament), _page(request), shown
                )
            url = reverse("arbiter:entrants", args=[tournament.slug])
            return redirect(f"{url}?renumbered={shown}" if shown else url)
    context = {
        "tournament": tournament,
        "entrant": entrant,
        "edit_form": form,
        "notice": registration.correction_notice(tournament),
    }
    if request.htmx:
        response = render(request, "pairing/entrant_edit.html#edit-row", context)
        if request.method == "POST":
            return retarget(reswap(response, "outerHTML"), f"#edit-{entrant.pk}")
        return response
    return render(request, "pairing/entrant_edit.html", context)


def _said_after_correction(
    request: HtmxHttpRequest, tournament: Tournament, entrant: Entrant, changes: dict[str, Any], moved: bool
) -> None:
    if not changes:
        messages.info(request, gettext("%(name)s: nothing was changed.") % {"name": entrant.name})
        return
    fields = ", ".join(str(getattr(Entrant._meta.get_field(name), "verbose_name", name)) for name in changes)
    messages.success(
        request, gettext("%(name)s corrected: %(fields)s.") % {"name": entrant.name, "fields": fields}
    )
    if (
        not moved
        and set(changes) & set(registration.RANKING_FIELDS)
        and registration.numbers_frozen(tournament)
    ):
        messages.info(request, gettext("No pairing number changed: round 4 is paired (C.04.2 2.3)."))
    stale = _stale_after_correction(tournament)
    if stale:
        messages.warning(request, stale)


@require_GET
@arbiter_only
def print_lists(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The starting list to print, followed by pairing cards: every card (`?cards=all`), or those of
    the entrants a renumbering moved (`?renumbered=`, an audit record's id), so that one click reprints
    everything the new numbers made wrong."""
    renumbered = _renumbered_shown(request)
    moves = registration.renumbering(tournament, renumbered) if renumbered else []
    listed = printing.starting_list(tournament)
    carded = listed if request.GET.get("cards") == "all" else [move.entrant for move in moves]
    context = {
        "tournament": tournament,
        "entrants": listed,
        "moves": moves,
        "cards": printing.pairing_cards(tournament, carded) if carded else [],
        "rounds": range(1, tournament.total_rounds + 1),
    }
    return render(request, "pairing/print.html", context)


@require_http_methods(["GET", "POST"])
@arbiter_only
def entrants_import(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload, preview every line, then confirm: all new lines are saved, or none; duplicates are skipped."""
    return _import(request, tournament, teams=False)


@require_http_methods(["GET", "POST"])
@arbiter_only
@team_event_only
def teams_import(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Upload, preview every line, then confirm: every team and player is saved, or none."""
    return _import(request, tournament, teams=True)


def _import(request: HtmxHttpRequest, tournament: Tournament, *, teams: bool) -> HttpResponse:
    """The import page of entrants or of teams: a job checks the lines (and saves them on
    confirmation), and the page follows it (`?job=`)."""
    here = "arbiter:teams-import" if teams else "arbiter:entrants-import"
    upload = forms.TeamImportUploadForm if teams else forms.ImportUploadForm
    form = upload(request.POST or None, request.FILES or None)
    job = _import_job(request, tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        job = tasks.request_import(
            tournament, request.user, data["text"], encoding=data["encoding"], confirm=data["confirm"]
        )
        if job.is_active:
            return redirect(f"{reverse(here, args=[tournament.slug])}?job={job.pk}")
    if job is not None and job.status == Job.Status.DONE and job.request.get("confirm"):
        result = job.result
        if teams:
            said = ngettext(
                "%(teams)d team with %(players)d players imported.",
                "%(teams)d teams with %(players)d players imported.",
                result["teams"],
            )
            messages.success(request, said % {"teams": result["teams"], "players": result["new"]})
            return redirect("arbiter:teams", tournament.slug)
        skipped = result["skipped"]
        counts = {"new": result["new"], "skipped": skipped}
        if skipped:
            # Two counts in one sentence: its form follows the duplicates, the number most often 1.
            said = ngettext(
                "%(new)d entrants imported; %(skipped)d likely duplicate skipped.",
                "%(new)d entrants imported; %(skipped)d likely duplicates skipped.",
                skipped,
            )
        else:
            said = ngettext("%(new)d entrant imported.", "%(new)d entrants imported.", result["new"])
        messages.success(request, said % counts + _renumbered(result["moved"]))
        latest = registration.last_renumbering(tournament) if result["moved"] else None
        url = reverse("arbiter:entrants", args=[tournament.slug])
        return redirect(f"{url}?renumbered={latest.pk}" if latest else url)
    context = {
        "tournament": tournament,
        "form": form,
        "max_rows": settings.IMPORT_MAX_ROWS,
        "job": job,
        "job_poll": _poll_delay(job) if job is not None else "1s",
        "teams": teams,
        "here": here,
    }
    if job is not None and not job.is_active:
        context |= {
            "preview": job.result,
            "confirmable": job.status == Job.Status.DONE,
            "text": job.request["text"],
        }
    if request.htmx and job is not None:
        return (
            render(request, "pairing/import.html#job", context)
            if job.is_active
            else HttpResponseClientRefresh()
        )
    return render(request, "pairing/import.html", context)


def _import_job(request: HtmxHttpRequest, tournament: Tournament) -> Job | None:
    """The tournament's import job the page follows (`?job=`), if any."""
    number = request.GET.get("job", "")
    if not number.isdigit():
        return None
    return Job.objects.filter(tournament=tournament, kind=Job.Kind.IMPORT, pk=int(number)).first()


@require_http_methods(["GET", "POST"])
@arbiter_only
def recheck(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Pair every published round again and show where the engine differs from what was published:
    a job, which the page follows; the last re-check's findings stay until the next."""
    if request.method == "POST":
        tasks.request_recheck(tournament, request.user)
        return redirect("arbiter:recheck", tournament.slug)
    job = Job.objects.filter(tournament=tournament, kind=Job.Kind.RECHECK).first()
    context: dict[str, Any] = {"tournament": tournament, "job": job}
    if request.htmx and job is not None:
        if not job.is_active:
            return HttpResponseClientRefresh()
        return render(request, "pairing/recheck.html#job", context)
    if job is not None and job.status == Job.Status.DONE:
        rounds = job.result["rounds"]
        context |= {"rounds": rounds, "differing": sum(1 for r in rounds if not r["agrees"])}
    return render(request, "pairing/recheck.html", context)


@require_http_methods(["GET", "POST"])
@arbiter_only
@team_event_only
def teams(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Team events: the teams with their rosters in board order; a team or a player is added here."""
    team_form = forms.TeamForm(request.POST if "add-team" in request.POST else None)
    player_form = forms.RosterPlayerForm(
        request.POST if "add-player" in request.POST else None, tournament=tournament
    )
    if team_form.is_bound and team_form.is_valid():
        try:
            team_registration.add_teams(tournament, request.user, [(team_form.save(commit=False), [])])
        except actions.ActionError as error:
            team_form.add_error("name", error.messages[0])
        else:
            messages.success(request, _("%(name)s entered.") % {"name": team_form.instance.name})
            return redirect("arbiter:teams", tournament.slug)
    if player_form.is_bound and player_form.is_valid():
        team = player_form.cleaned_data["team"]
        try:
            team_registration.add_to_roster(team, request.user, player_form.save(commit=False))
            messages.success(
                request,
                _("%(name)s added to %(team)s.") % {"name": player_form.instance.name, "team": team.name},
            )
        except actions.ActionError as error:
            messages.error(request, _("Nothing was added. %(reason)s") % {"reason": error.messages[0]})
        return redirect("arbiter:teams", tournament.slug)
    rows = tournament.teams.order_by("pairing_number").prefetch_related("players", "absences__round")
    averages = average_ratings(tournament)
    context = {
        "tournament": tournament,
        "teams": [(team, averages[team.pk]) for team in rows],
        "team_form": team_form,
        "player_form": player_form,
        "numbers_fixed": tournament.rules_locked(),
        "absence_kinds": forms.TEAM_ABSENCES.items(),
    }
    return render(request, "pairing/teams.html", context)


def _on_teams_page(
    request: HtmxHttpRequest, tournament: Tournament, act: Callable[[], str], refused: str
) -> HttpResponse:
    """Run `act`, which returns what it did; a refusal (ActionError) is shown after `refused`."""
    try:
        done = act()
    except actions.ActionError as error:
        messages.error(request, f"{refused} {error.messages[0]}")
    else:
        messages.success(request, done)
    return redirect("arbiter:teams", tournament.slug)


def _cleaned(form: Form) -> dict[str, Any]:
    """The form's data, or ActionError naming every field's error."""
    if not form.is_valid():
        raise actions.ActionError(_form_errors(form))
    data: dict[str, Any] = form.cleaned_data
    return data


@require_POST
@arbiter_only
@team_event_only
def teams_reseed(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Number the teams by rating (D.02 3.1) before round 1 is published."""

    def act() -> str:
        team_registration.reseed_by_rating(tournament, request.user)
        return _("Teams numbered by the average rating of their best players.")

    return _on_teams_page(request, tournament, act, _("The numbers stay as they were."))


@require_POST
@arbiter_only
@team_event_only
def team_number(request: HtmxHttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """Move a team to another pairing number; the teams from there on move down one."""
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)

    def act() -> str:
        number = _cleaned(forms.TeamNumberForm(request.POST))["number"]
        team_registration.move_team(team, request.user, number)
        return _("%(name)s is team %(number)d.") % {"name": team.name, "number": number}

    return _on_teams_page(request, tournament, act, _("The numbers stay as they were."))


@require_POST
@arbiter_only
@team_event_only
def team_absence(request: HtmxHttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """A team absent from a round or withdrawn from it on (not paired, no points), or present again."""
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)

    def act() -> str:
        data = _cleaned(forms.TeamAbsenceForm(request.POST))
        number, kind = data["round"], data["kind"]
        if kind == "present":
            team_registration.cancel_team_absence(team, request.user, number)
        else:
            team_registration.record_team_absence(team, request.user, number, withdraw=kind == "withdrawn")
        said = {"name": team.name, "change": forms.TEAM_ABSENCES[kind], "number": number}
        return _("%(name)s: %(change)s (round %(number)d).") % said

    return _on_teams_page(request, tournament, act, _("Nothing was recorded."))


ABSENCE_FORMS = {"bye": forms.AbsenceForm, "withdraw": forms.WithdrawForm}


def _form_errors(form: Any) -> str:
    """Every error of a bound form, each led by its field's label."""
    return " ".join(
        _("%(field)s: %(error)s") % {"field": form[name].label, "error": message}
        if name in form.fields
        else message
        for name, errs in form.errors.items()
        for message in errs
    )


@require_POST
@arbiter_only
def entrant_absence(
    request: HtmxHttpRequest, tournament: Tournament, entrant_id: int, kind: str
) -> HttpResponse:
    """A requested bye for a future round (`kind` "bye"), or a withdrawal from a round on ("withdraw")."""
    entrant = get_object_or_404(Entrant, tournament=tournament, pk=entrant_id)
    if kind not in ABSENCE_FORMS:
        messages.error(request, _("Choose a bye or a withdrawal; nothing was recorded."))
        return redirect("arbiter:entrants", tournament.slug)
    form = ABSENCE_FORMS[kind](request.POST)
    if form.is_valid():
        number, absence = form.cleaned_data["round"], form.cleaned_data.get("kind")
        try:
            registration.record_absence(entrant, request.user, number, absence)
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
        else:
            said = {"name": entrant.name, "number": number}
            if absence:
                said["bye"] = _absence_short(absence)
                done = _("%(name)s: a %(bye)s in round %(number)d. It shows in the State column.")
            else:
                done = _("%(name)s: withdrawn from round %(number)d on. It shows in the State column.")
            messages.success(request, done % said)
    else:
        messages.error(request, _("Nothing was recorded. %(errors)s") % {"errors": _form_errors(form)})
    return redirect("arbiter:entrants", tournament.slug)


@require_http_methods(["GET", "POST"])
@arbiter_only
def forbidden_pairs(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
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
def pair_round(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Queue the pairing (a worker runs the engine) and show the round, which follows the job."""
    form = forms.PairForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Nothing was paired. %(errors)s") % {"errors": _form_errors(form)})
        return redirect("arbiter:tournament", tournament.slug)
    again = form.cleaned_data.get("again", False)
    expected = form.cleaned_data.get("round")
    try:
        rnd, job = tasks.request_pairing(tournament, request.user, again=again, expected=expected)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
        return redirect("arbiter:tournament", tournament.slug)
    if job is None:
        # A second press of "pair" (or a colleague's) keeps the draft and its manual changes.
        messages.info(
            request, _("Round %(number)d already has a draft; it was kept as it is.") % {"number": rnd.number}
        )
    elif job.status == Job.Status.DONE:
        done = (
            _("Round %(number)d paired again by the engine.")
            if again
            else _("Round %(number)d paired by the engine.")
        )
        messages.success(request, done % {"number": rnd.number})
    elif not job.is_active:
        messages.error(request, job.message)
    return redirect("arbiter:round", tournament.slug, rnd.number)


def _page(request: HtmxHttpRequest) -> int:
    """The page of a long list asked for (`?page=`): 1 when none, or a malformed one, is."""
    form = forms.PageForm(request.GET)
    return (form.cleaned_data["page"] or 1) if form.is_valid() else 1


def _render_review(request: HtmxHttpRequest, rnd: Round, state: Any = None, **extra: Any) -> HttpResponse:
    """The review page, or its draft partial for htmx; `state`: the engine state, when the action
    just done has it."""
    # The action just done may have changed the round (its draft version, its state).
    rnd.refresh_from_db()
    # On a worker, a draft changed by hand is checked there: a large round's check takes seconds.
    shown = draft_review.round_review(rnd, _page(request), check_now=settings.JOBS_IN_PROCESS, state=state)
    if isinstance(shown, draft_review.Review) and shown.checking:
        tasks.request_check(rnd)
    context = {
        "tournament": rnd.tournament,
        **_job_context(rnd),
        "review": shown,
        "change_form": forms.ChangeForm(tournament=rnd.tournament),
        "publish_form": forms.PublishForm(initial={"version": rnd.draft_version}),
        "norm_marks": norms.draft_marks(rnd),
        **extra,
    }
    template = "pairing/review.html#draft" if request.htmx else "pairing/review.html"
    return render(request, template, context)


def _job_context(rnd: Round) -> dict[str, Any]:
    """The round's pairing job to show: one queued or running, or the last if it stored no draft."""
    job = job_kinds.last_job(rnd.tournament, rnd.number)
    if job is None or job.status == Job.Status.DONE:
        return {}
    elapsed = (timezone.now() - job.created_at).total_seconds()
    return {"job": job, "job_elapsed": int(elapsed), "job_poll": _poll_delay(job)}


def _poll_delay(job: Job) -> str:
    """How long a page following a job waits before asking again: often while a small job's end may
    come any moment, then once a second."""
    return "150ms" if (timezone.now() - job.created_at).total_seconds() < 3 else "1s"


@require_GET
@arbiter_only
def round_job(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """What the review page polls while a job runs; once it has ended, the whole page again."""
    rnd = _get_round(tournament, number)
    context = {"tournament": tournament, "rnd": rnd, **_job_context(rnd)}
    if not request.htmx:
        return redirect("arbiter:round", tournament.slug, number)
    if "job" in context and context["job"].is_active:
        return render(request, "pairing/review.html#job", context)
    return HttpResponseClientRefresh()


@require_GET
@arbiter_only
def round_check(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """What the review page polls while a worker checks the draft: nothing yet, or reload the page.
    A team event's draft has no stored check (its review checks it), so there is nothing to wait for."""
    if tournament.is_team or drafts.is_checked(_get_round(tournament, number)):
        return HttpResponseClientRefresh()
    return HttpResponse(status=204)


@require_POST
@arbiter_only
def round_job_cancel(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    job = job_kinds.active_job(tournament, number)
    try:
        if job is None:
            raise actions.ActionError(_("No pairing of this round is running; nothing was cancelled."))
        tasks.cancel(job, request.user)
        messages.info(
            request,
            _("The pairing of round %(number)d was cancelled; nothing was stored.") % {"number": number},
        )
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    return redirect("arbiter:round", tournament.slug, number)


@require_GET
@arbiter_only
def round_review(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _render_review(request, _get_round(tournament, number))


def _back_to_page(request: HtmxHttpRequest, name: str, tournament: Tournament, number: int) -> HttpResponse:
    """To the round's page `name` (review or results), on the page of boards the arbiter was on."""
    url, page = reverse(name, args=[tournament.slug, number]), _page(request)
    return HttpResponseRedirect(f"{url}?page={page}" if page > 1 else url)


@require_POST
@arbiter_only
def round_change(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    form = forms.ChangeForm(request.POST, tournament=tournament)
    state = None
    if form.is_valid():
        try:
            kind, args = form.cleaned_data["kind"], form.cleaned_data["args"]
            state = actions.change_draft(rnd, request.user, kind, *args).state
        except actions.ActionError as error:
            form.add_error(None, error.messages[0])
    if request.htmx or form.errors:
        # Errors render beside the form that was sent, with what the arbiter typed.
        change_form = form if form.errors else forms.ChangeForm(tournament=tournament)
        return _render_review(request, rnd, state=state, change_form=change_form)
    return _back_to_page(request, "arbiter:round", tournament, number)


@require_POST
@arbiter_only
def round_undo(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    try:
        actions.undo_change(rnd, request.user)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    if request.htmx:
        return _render_review(request, rnd)
    return _back_to_page(request, "arbiter:round", tournament, number)


@require_POST
@arbiter_only
def round_publish(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _get_round(tournament, number)
    form = forms.PublishForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This page is out of date; nothing was published. Review the draft again."))
        return redirect("arbiter:round", tournament.slug, number)
    try:
        published = publishing.publish_round(
            rnd, request.user, confirmed=form.cleaned_data["confirm"], version=form.cleaned_data["version"]
        )
        if published:
            messages.success(request, _("Round %(number)d is published.") % {"number": number})
            if not tournament.public:
                messages.warning(
                    request,
                    gettext(
                        "The tournament is unlisted: players cannot see this round until it is made public."
                    ),
                )
        else:
            messages.info(request, _("Round %(number)d was already published.") % {"number": number})
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    return redirect("arbiter:round", tournament.slug, number)


def _act_on_round(
    request: HtmxHttpRequest, tournament: Tournament, number: int, act: Callable[[Round, Any], Any], done: str
) -> HttpResponse:
    try:
        act(_get_round(tournament, number), request.user)
        messages.success(request, done)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    return redirect("arbiter:round", tournament.slug, number)


@require_POST
@arbiter_only
def round_keep(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The arbiter keeps a draft whose input changed, instead of pairing it again."""
    return _act_on_round(
        request,
        tournament,
        number,
        publishing.keep_draft,
        _("The draft of round %(number)d is kept as it is.") % {"number": number},
    )


@require_POST
@arbiter_only
def round_unpublish(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _act_on_round(
        request,
        tournament,
        number,
        publishing.unpublish_round,
        _("Round %(number)d is a draft again.") % {"number": number},
    )


@require_GET
@arbiter_only
def board_explain(request: HtmxHttpRequest, tournament: Tournament, number: int, board: int) -> HttpResponse:
    """Why the engine made one board (in a team event: one match, `board` being its number)."""
    rnd = _get_round(tournament, number)
    if tournament.is_team:
        get_object_or_404(rnd.matches, number=board)
        sentences = team_drafts.explain(rnd, board)
    else:
        get_object_or_404(rnd.boards, number=board)
        sentences = drafts.explain(rnd, board)
    context = {"tournament": tournament, "round": rnd, "board": board, "sentences": sentences}
    return render(
        request, "pairing/explain.html#explanation" if request.htmx else "pairing/explain.html", context
    )


# --- Results, standings, export -------------------------------------------------------------------------


def _match_heads(rnd: Round, boards: list[Any]) -> dict[int, str]:
    """Team events: per board that opens a match, the match's heading with its score so far."""
    if not rnd.tournament.is_team:
        return {}
    scores = match_scores(rnd)
    heads = {}
    for board in boards:
        if board.match is not None and board.match_board == 1:
            white, black = scores[board.match.pk]
            heads[board.number] = _(
                "Match %(number)d: %(white)s %(white_points)s–%(black_points)s %(black)s"
            ) % {
                "number": board.match.number,
                "white": board.match.white,
                "white_points": points_text(white),
                "black_points": points_text(black),
                "black": board.match.black,
            }
    return heads


RESULTS_PER_PAGE = 100


def _results_page(request: HtmxHttpRequest, rnd: Round) -> Page[Board]:
    """The page of the round's boards whose results the arbiter sees and sends (`?page=`)."""
    boards = rnd.boards_with_seats().select_related("match__white", "match__black")
    return Paginator(boards, RESULTS_PER_PAGE).get_page(_page(request))


def _render_results(request: HtmxHttpRequest, rnd: Round, form: Any = None, **extra: Any) -> HttpResponse:
    page = _results_page(request, rnd)
    boards = list(page)
    form = form or forms.ResultsForm(boards=boards)
    # Points before the round beside each name, as on the players' pairing sheet.
    points = scores_after(rnd.tournament, rnd.number - 1)
    heads = _match_heads(rnd, boards)
    context = {
        "tournament": rnd.tournament,
        "round": rnd,
        "page": page,
        "rows": [
            (
                board,
                None if board.is_bye else form[f"board_{board.number}"],
                None if board.is_bye else form[f"seen_{board.number}"],
                points.get(board.white.pk, 0) if board.white else 0,
                points.get(board.black.pk, 0) if board.black else 0,
                heads.get(board.number, ""),
            )
            for board in boards
        ],
        "team_byes": rnd.matches.filter(black=None).select_related("white") if rnd.tournament.is_team else [],
        "forfeit_form": forms.MatchForfeitForm(round=rnd) if rnd.tournament.is_team else None,
        "form": form,
        "clear_form": forms.ClearResultForm(boards=boards),
        # Said before a correction is made, not only after.
        "correction_notice": results.correction_notice(rnd),
        **extra,
    }
    template = "pairing/results.html#results-area" if request.htmx else "pairing/results.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@arbiter_only
def round_results(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Results entry; only what this arbiter changed is written, and a colleague's newer result wins."""
    rnd = _get_round(tournament, number)
    if request.method != "POST":
        return _render_results(request, rnd)
    form = forms.ResultsForm(request.POST, boards=list(_results_page(request, rnd)))
    if not form.is_valid():
        return _render_results(request, rnd, form)
    try:
        recorded = results.record_results(rnd, request.user, form.changes(), seen=form.seen())
    except actions.ActionError as error:
        return _render_results(request, rnd, error=error.messages[0])
    if recorded.conflicts or request.htmx:
        # The page is shown again with what is stored now, so the conflicts can be decided.
        rnd.refresh_from_db()
        return _render_results(request, rnd, recorded=recorded)
    saved = len(recorded.saved)
    # The English "(s)" is the results page's own wording (it says the same after a conflict); the
    # plural forms let every other language agree with the count.
    said = ngettext("%(n)d result(s) saved.", "%(n)d result(s) saved.", saved) % {"n": saved}
    messages.success(request, said)
    if recorded.notice:
        messages.warning(request, recorded.notice)
    return _back_to_page(request, "arbiter:results", tournament, number)


@require_POST
@arbiter_only
def result_clear(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A result entered by mistake goes back to "not yet played"."""
    rnd = _get_round(tournament, number)
    form = forms.ClearResultForm(request.POST, boards=list(_results_page(request, rnd)))
    if form.is_valid():
        board, seen = form.cleaned_data["board"]
        try:
            notice = results.clear_result(rnd, request.user, board, seen=seen)
            messages.success(request, _("Board %(board)d is back to not yet played.") % {"board": board})
            if notice:
                messages.warning(request, notice)
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
    else:
        messages.error(request, _("Choose a board that has a result."))
    return _back_to_page(request, "arbiter:results", tournament, number)


@require_http_methods(["GET", "POST"])
@arbiter_only
@team_event_only
def round_lineups(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Team events: every team's lineup for a round in one form, match by match, one save;
    each with its status (entered, missing, default from the roster), flagged when incomplete."""
    rnd = _get_round(tournament, number)
    shown = team_lineups(tournament, number)
    boards = tournament.boards or 0
    matches = list(rnd.matches.select_related("white", "black").order_by("number"))
    playing = [t for m in matches for t in (m.white, m.black) if t is not None and m.black is not None]
    teams = playing if matches else list(tournament.teams.order_by("pairing_number"))
    closed = closed_reason(rnd)
    data = request.POST if request.method == "POST" else None
    forms_by_team = {
        team.pk: forms.LineupForm(
            data,
            prefix=f"team-{team.pk}",
            team=team,
            boards=boards,
            initial_players=shown[team.pk].players,
            handed_in=shown[team.pk].entered,
        )
        for team in teams
    }
    if data is not None:
        if closed:
            messages.error(request, _("%(reason)s Nothing was saved.") % {"reason": closed})
            return redirect("arbiter:lineups", tournament.slug, number)
        invalid = [t.name for t in teams if not forms_by_team[t.pk].is_valid()]
        if not invalid:
            wanted: dict[Team, list[Entrant] | None] = {}
            for team in teams:
                form = forms_by_team[team.pk]
                lineup = shown[team.pk]
                players = form.players()
                # No board chosen: no lineup handed in, the default applies.
                handed_in = bool(players) and (form.cleaned_data["handed_in"] or players != lineup.players)
                if handed_in and (not lineup.entered or players != lineup.players):
                    wanted[team] = players
                elif not handed_in and lineup.entered:
                    wanted[team] = None
            try:
                if wanted:
                    lineups.set_lineups(rnd, request.user, wanted)
                messages.success(request, _("Lineups of round %(number)s saved.") % {"number": number})
                return redirect("arbiter:lineups", tournament.slug, number)
            except actions.ActionError as error:
                messages.error(request, _("%(reason)s Nothing was saved.") % {"reason": error.messages[0]})
        else:
            errors = "; ".join(
                _("%(team)s: %(errors)s") % {"team": t.name, "errors": _form_errors(forms_by_team[t.pk])}
                for t in teams
                if t.name in invalid
            )
            messages.error(request, _("Nothing was saved. %(errors)s") % {"errors": errors})
    open_ = not closed and rnd.lineups == Round.Lineups.OPEN
    rows = [
        (team, shown[team.pk], forms_by_team[team.pk], status(shown[team.pk], open_=open_)) for team in teams
    ]
    by_team = {row[0].pk: row for row in rows}
    grouped = [(m, [by_team[t.pk] for t in (m.white, m.black) if t is not None]) for m in matches if m.black]
    context = {
        "tournament": tournament,
        "round": rnd,
        "rows": rows,
        "matches": grouped,
        "closed": closed,
    }
    return render(request, "pairing/lineups.html", context)


@require_POST
@arbiter_only
def round_lineups_close(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Close the lineups of a published team round; "release" shows them to players as well."""
    rnd = _get_round(tournament, number)
    release = "release" in request.POST
    try:
        lineups.close_lineups(rnd, request.user, release=release)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    else:
        done = (
            _("Lineups of round %(number)s released.")
            if release
            else _("Lineups of round %(number)s closed.")
        )
        messages.success(request, done % {"number": number})
    return redirect("arbiter:lineups", tournament.slug, number)


@require_POST
@arbiter_only
def match_forfeit(request: HtmxHttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A whole match lost by default (or that taken back): every board of it gets the forfeit."""
    rnd = _get_round(tournament, number)
    form = forms.MatchForfeitForm(request.POST, round=rnd)
    if not form.is_valid():
        messages.error(request, _("Nothing was recorded. %(errors)s") % {"errors": _form_errors(form)})
        return redirect("arbiter:results", tournament.slug, number)
    match, forfeit = form.cleaned_data["match"], form.cleaned_data["forfeit"]
    try:
        notice = results.forfeit_match(rnd, request.user, match, forfeit)
    except actions.ActionError as error:
        messages.error(request, error.messages[0])
    else:
        if forfeit:
            said = _("Match %(match)s: %(forfeit)s.") % {
                "match": match,
                "forfeit": Match.Forfeit(forfeit).label,
            }
        else:
            said = _("Match %(match)s: the forfeit is taken back.") % {"match": match}
        messages.success(request, said)
        if notice:
            messages.warning(request, notice)
    return redirect("arbiter:results", tournament.slug, number)


@require_GET
@arbiter_only
def standings(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The ranking with the tournament's tie-breaks after the last round with every result in."""
    done = tournament.rounds_with_standings()
    table = standings_module.standings(tournament, done[-1]) if done else None
    published = tournament.published_rounds()
    pending = [n for n in published if n not in done]
    context = {"tournament": tournament, "table": table, "pending": pending}
    return render(request, "pairing/standings.html", context)


@require_GET
@arbiter_only
def export_trf(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The arbiter's TRF-2026: ready for any engine to pair the next round (a team file for teams)."""
    if tournament.is_team:
        try:
            text = team_trf.team_trf(tournament)
        except StateError as error:
            messages.error(request, _("No TRF yet: %(reason)s") % {"reason": error})
            return redirect("arbiter:tournament", tournament.slug)
    else:
        text = trf_export.arbiter_trf(tournament)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response


@require_http_methods(["GET", "POST"])
@arbiter_only
def rating_report(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """US Chess events: the rating report's three DBF files, zipped, for the director to upload."""
    if not tournament.is_us_chess:
        raise Http404(_("Only US Chess events have a US Chess rating report."))
    form = forms.RatingReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            content = us_report.report(tournament, us_report.Event(**form.cleaned_data), timezone.localdate())
        except us_report.ReportError as error:
            form.add_error(None, str(error))
        else:
            response = HttpResponse(content, content_type="application/zip")
            response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-us-chess-report.zip"'
            return response
    # New players go in without an ID; the director should know who they are before uploading.
    without_id = tournament.entrants.filter(us_chess_id="").order_by("pairing_number")
    context = {"tournament": tournament, "form": form, "without_id": without_id}
    return render(request, "pairing/rating_report.html", context)


@require_GET
@arbiter_only
def export_board_results(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Team events: every game of the published rounds as CSV, for board prizes and rating reports."""
    rows = [BOARD_RESULT_COLUMNS, *board_result_rows(tournament)]
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-boards.csv"'
    return response


# --- The tournament day: schedule, notices, prize money ---------------------------------------------


@require_http_methods(["GET", "POST"])
@arbiter_only
def schedule(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Every round's date and start time, in one form, in the tournament's time zone."""
    form = schedule_forms.ScheduleForm(request.POST or None, tournament=tournament)
    if request.method == "POST":
        if form.is_valid():
            changed = tournament_day.save_schedule(
                tournament, request.user, form.cleaned_data["time_zone"], form.starts()
            )
            said = ngettext(
                "Schedule saved: %(n)s round changed.", "Schedule saved: %(n)s rounds changed.", changed
            )
            messages.success(request, said % {"n": changed})
            return redirect("arbiter:schedule", tournament.slug)
        messages.error(request, _("Nothing was saved. %(errors)s") % {"errors": _form_errors(form)})
    return render(request, "pairing/schedule.html", {"tournament": tournament, "form": form})


@require_http_methods(["GET", "POST"])
@arbiter_only
def announcements(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """Post a notice to the players, or remove one."""
    form = schedule_forms.AnnouncementForm(request.POST if "text" in request.POST else None)
    if request.method == "POST" and "remove" in request.POST:
        removal = schedule_forms.RemoveAnnouncementForm(request.POST)
        try:
            if not removal.is_valid():
                raise actions.ActionError(_("Choose a notice to remove; nothing was removed."))
            tournament_day.remove_announcement(tournament, request.user, removal.cleaned_data["announcement"])
        except actions.ActionError as error:
            messages.error(request, error.messages[0])
        else:
            messages.success(request, _("Notice removed."))
        return redirect("arbiter:announcements", tournament.slug)
    if request.method == "POST":
        if form.is_valid():
            tournament_day.post_announcement(tournament, request.user, form.cleaned_data["text"])
            messages.success(request, _("Notice posted: players see it on the tournament's pages."))
            return redirect("arbiter:announcements", tournament.slug)
        messages.error(request, _("Nothing was posted. %(errors)s") % {"errors": _form_errors(form)})
    notices = tournament.announcements.select_related("posted_by")
    return render(
        request, "pairing/announcements.html", {"tournament": tournament, "form": form, "notices": notices}
    )


@require_http_methods(["GET", "POST"])
@arbiter_only
def prize_money(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The prize list's amounts, how tied players share them, one prize per player or not."""
    form = schedule_forms.PrizeMoneyForm(request.POST or None, tournament=tournament)
    if request.method == "POST":
        if form.is_valid():
            values = {**form.cleaned_data, "prize_money": form.cleaned_data["prizes"]}
            tournament_day.save_prize_money(tournament, request.user, values)
            messages.success(request, _("Prize money saved."))
            return redirect("arbiter:prize-money", tournament.slug)
        messages.error(request, _("Nothing was saved. %(errors)s") % {"errors": _form_errors(form)})
    return render(request, "pairing/prize_money.html", {"tournament": tournament, "form": form})
