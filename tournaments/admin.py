"""The admin: configuration for corrections, with every change written to the audit trail."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import public_cache
from .models import (
    AuditRecord,
    Board,
    Entrant,
    LineupBoard,
    Match,
    Round,
    Seat,
    Team,
    TeamAbsence,
    Tournament,
)
from .models.audit import snapshot
from .models.history import deleting_history, deletion_refused, history_deletion_allowed

_M = TypeVar("_M", bound=models.Model)

Action = AuditRecord.Action


# How each model reaches its tournament, for limiting staff to the tournaments they arbitrate.
TOURNAMENT_PATH: dict[type[models.Model], str] = {
    Tournament: "pk",
    Team: "tournament",
    Entrant: "tournament",
    Round: "tournament",
    Board: "round__tournament",
    Seat: "round__tournament",
    Match: "round__tournament",
    LineupBoard: "round__tournament",
    TeamAbsence: "round__tournament",
    AuditRecord: "tournament",
}


def arbitrated(request: HttpRequest, model: type[models.Model]) -> Q:
    """The rows of `model` the signed-in user may see: all for a superuser, else their tournaments' rows."""
    user = request.user
    if user.is_superuser:
        return Q()
    mine = Tournament.objects.filter(Q(chief_arbiter=user.pk) | Q(deputy_arbiters=user.pk)).values("pk")
    return Q(**{f"{TOURNAMENT_PATH[model]}__in": mine})


class ArbitratedOnly(admin.ModelAdmin[_M]):
    """Model permissions are global; this limits staff to the tournaments they arbitrate.

    The lists, change and delete views, raw-id lookups (which open the related list) and
    every choice of a tournament, round, entrant, team or board in a form are limited.
    """

    def get_queryset(self, request: HttpRequest) -> models.QuerySet[_M]:
        return super().get_queryset(request).filter(arbitrated(request, self.model))

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        related = db_field.related_model
        if related in TOURNAMENT_PATH:
            kwargs["queryset"] = related._default_manager.filter(arbitrated(request, related))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def _retire_public_pages(obj: Any) -> None:
    """Any admin change may show on the public pages; rows without a tournament show nowhere."""
    tournament = obj if isinstance(obj, Tournament) else getattr(obj, "tournament", None)
    if tournament is not None:
        public_cache.invalidate(tournament)


class AuditedAdmin(ArbitratedOnly[_M]):
    """Records who changed what, with the row before and after, for every save and delete.

    Each change also retires the tournament's cached public pages, whatever the model.
    """

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        # The change view builds its form from the stored row, so this is the state before the edit.
        if obj is not None:
            obj._audit_before = snapshot(obj)
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change and not hasattr(obj, "_audit_before"):  # list_editable saves skip get_form
            obj._audit_before = snapshot(type(obj).objects.get(pk=obj.pk))
        super().save_model(request, obj, form, change)

    @transaction.atomic
    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # Many-to-many values are saved here, so the record waits until they are final.
        super().save_related(request, form, formsets, change)
        obj = form.instance
        before = getattr(obj, "_audit_before", None) if change else None
        action = Action.CHANGE if change else Action.CREATE
        reason = form.cleaned_data.get("reason", "")
        AuditRecord.record(request.user, action, obj, before, snapshot(obj), reason=reason)
        _retire_public_pages(obj)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        befores = {obj.pk: snapshot(obj) for obj in formset.get_queryset()}
        super().save_formset(request, form, formset, change)
        for obj in formset.new_objects:
            AuditRecord.record(request.user, Action.CREATE, obj, None, snapshot(obj))
        for obj, _fields in formset.changed_objects:
            AuditRecord.record(request.user, Action.CHANGE, obj, befores.get(obj.pk), snapshot(obj))
        for obj in formset.deleted_objects:
            AuditRecord.record(request.user, Action.DELETE, obj, befores.get(obj.pk), None)
        _retire_public_pages(form.instance)

    def history_deletable(self, request: HttpRequest) -> bool:
        """Whether this user may delete history through this admin (a tournament's, by a superuser)."""
        return False

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        # A played game is never deleted (models/history.py): say why and what to do instead, rather
        # than Django's list of "protected related objects".
        obj = self.get_object(request, object_id)
        if obj is not None and not self.history_deletable(request):
            refused = deletion_refused([obj])
            if refused:
                self.message_user(
                    request,
                    _("%(row)s was not deleted. %(why)s") % {"row": obj, "why": refused},
                    messages.ERROR,
                )
                info = (self.opts.app_label, self.opts.model_name)
                return HttpResponseRedirect(reverse(f"admin:{info[0]}_{info[1]}_change", args=[obj.pk]))
        return super().delete_view(request, object_id, extra_context)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        if self.history_deletable(request):
            with deleting_history():
                return super().get_deleted_objects(objs, request)
        refused = deletion_refused(list(objs))
        if refused:
            self.message_user(request, _("Nothing was deleted. %(why)s") % {"why": refused}, messages.ERROR)
        return super().get_deleted_objects(objs, request)

    @transaction.atomic
    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        AuditRecord.record(request.user, Action.DELETE, obj, snapshot(obj), None)
        if self.history_deletable(request):
            with deleting_history():
                super().delete_model(request, obj)
        else:
            super().delete_model(request, obj)
        _retire_public_pages(obj)

    @transaction.atomic
    def delete_queryset(self, request: HttpRequest, queryset: models.QuerySet[Any]) -> None:
        objects = list(queryset)
        for obj in objects:
            AuditRecord.record(request.user, Action.DELETE, obj, snapshot(obj), None)
        if self.history_deletable(request):
            with deleting_history():
                super().delete_queryset(request, queryset)
        else:
            super().delete_queryset(request, queryset)
        for obj in objects:
            _retire_public_pages(obj)


class UnchangedSinceShownForm(forms.ModelForm[_M]):
    """Refuses to save a row that someone else changed after this page was loaded.

    `seen` carries the row's values as the page showed them; on save they are compared
    with the row as stored now, locked until the save commits.
    """

    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The fields the page shows, named now: an inline's formset adds its own (the row's id and
        # parent) after this, and a comparison with them would refuse every save.
        self._compared = set(self.fields)
        if self.instance.pk is not None:
            self.fields["seen"].initial = self._values(self.instance)

    def _values(self, obj: models.Model) -> str:
        shown = [f for f in obj._meta.concrete_fields if f.name in self._compared]
        return json.dumps(
            {f.attname: f.value_from_object(obj) for f in shown}, cls=DjangoJSONEncoder, sort_keys=True
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.instance.pk is None or not self.has_changed():
            return data
        stored = type(self.instance)._default_manager.select_for_update().filter(pk=self.instance.pk).first()
        if stored is None:
            raise forms.ValidationError(_("This row was deleted by someone else; nothing was saved."))
        if self.data.get(self.add_prefix("seen")) != self._values(stored):
            raise forms.ValidationError(
                _(
                    "%(row)s was changed by someone else since this page was loaded; nothing was saved. "
                    "Stored now: %(stored)s. Reload the page and make your change again."
                )
                % {"row": stored, "stored": self._described(stored)}
            )
        return data

    def _described(self, obj: models.Model) -> str:
        shown = [f for f in obj._meta.concrete_fields if f.name in self.fields and f.name != "id"]
        return ", ".join(f"{f.verbose_name} {self._display(obj, f) or 'blank'}" for f in shown)

    @staticmethod
    def _display(obj: models.Model, field: Any) -> str:
        if field.choices:
            return str(getattr(obj, f"get_{field.name}_display")())
        return str((getattr(obj, field.name) if field.is_relation else field.value_from_object(obj)) or "")


def tournament_label(tournament: Tournament | None) -> str:
    """A tournament as the admin lists name it: same-named events told apart by slug and dates."""
    if tournament is None:
        return "-"
    dates = f"{tournament.start_date:%d %b %Y} – {tournament.end_date:%d %b %Y}"
    return f"{tournament.name} ({tournament.slug}, {dates})"


class TournamentFilter(admin.RelatedOnlyFieldListFilter):
    """The tournaments of the list, each named by `tournament_label`."""

    def field_choices(self, field: Any, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        ids = model_admin.get_queryset(request).distinct().values_list(f"{self.field_path}__pk", flat=True)
        chosen = Tournament.objects.filter(pk__in=ids).order_by("-start_date", "name")
        return [(str(tournament.pk), tournament_label(tournament)) for tournament in chosen]


class ShowsTournament:
    """A list column naming the row's tournament by `tournament_label`."""

    @admin.display(description=gettext_lazy("tournament"), ordering="tournament__start_date")
    def event(self, obj: Any) -> str:
        return tournament_label(obj.tournament)


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin[Tournament]):
    list_display = [
        "name",
        "slug",
        "start_date",
        "end_date",
        "kind",
        "pairing_system",
        "total_rounds",
        "state",
        "archived",
    ]
    list_filter = ["archived", "state", "kind", "pairing_system", "acceleration"]
    actions = ["archive", "unarchive"]

    def history_deletable(self, request: HttpRequest) -> bool:
        # Only a superuser deletes a tournament with published rounds, after the confirmation page
        # has listed everything that goes with it; everyone else archives it.
        return bool(request.user.is_superuser)

    def _set_archived(
        self, request: HttpRequest, queryset: models.QuerySet[Tournament], archived: bool
    ) -> None:
        with transaction.atomic():
            for tournament in queryset.select_for_update().exclude(archived=archived):
                before = snapshot(tournament)
                tournament.archived = archived
                tournament.save(update_fields=["archived"])
                AuditRecord.record(request.user, Action.CHANGE, tournament, before, snapshot(tournament))
                _retire_public_pages(tournament)

    @admin.action(description=gettext_lazy("Archive the selected tournaments (kept, no longer listed)"))
    def archive(self, request: HttpRequest, queryset: models.QuerySet[Tournament]) -> None:
        self._set_archived(request, queryset, True)

    @admin.action(description=gettext_lazy("List the selected tournaments again"))
    def unarchive(self, request: HttpRequest, queryset: models.QuerySet[Tournament]) -> None:
        self._set_archived(request, queryset, False)

    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["chief_arbiter"]
    filter_horizontal = ["deputy_arbiters"]
    date_hierarchy = "start_date"
    fieldsets = [
        (
            None,
            {"fields": ["name", "slug", "place", "start_date", "end_date", "state", "archived", "language"]},
        ),
        ("Arbiters", {"fields": ["chief_arbiter", "deputy_arbiters"]}),
        (
            "Rules",
            {
                "fields": [
                    "kind",
                    "pairing_system",
                    "acceleration",
                    "total_rounds",
                    "initial_colour",
                    "tiebreaks",
                    "public_birth_dates",
                ]
            },
        ),
        (
            "Scoring",
            {
                "fields": [
                    Tournament.SCORING_FIELDS[:3],  # win, draw, loss
                    Tournament.SCORING_FIELDS[3:5],  # the forfeits
                    Tournament.SCORING_FIELDS[5:],  # the byes
                    ("match_points_win", "match_points_draw", "match_points_loss"),
                ]
            },
        ),
        (
            "Team events",
            {
                "fields": [
                    ("boards", "reserves"),
                    ("primary_score", "colour_preferences", "board_colours"),
                    ("match_points_pab", "game_points_pab"),
                ]
            },
        ),
    ]


@admin.register(Team)
class TeamAdmin(ShowsTournament, AuditedAdmin[Team]):
    list_display = ["name", "event", "pairing_number", "federation"]
    list_filter = [("tournament", TournamentFilter)]
    list_select_related = ["tournament"]
    search_fields = ["name", "federation"]


@admin.register(Match)
class MatchAdmin(AuditedAdmin[Match]):
    """Corrections only: matches are drafted, changed and published on the round's own pages."""

    list_display = ["__str__", "forfeit"]
    list_filter = ["forfeit", ("round__tournament", TournamentFilter)]
    list_select_related = ["round__tournament", "white", "black"]
    search_fields = ["white__name", "black__name"]
    raw_id_fields = ["round", "white", "black"]


@admin.register(LineupBoard)
class LineupBoardAdmin(AuditedAdmin[LineupBoard]):
    list_display = ["__str__", "team", "board"]
    list_filter = [("round__tournament", TournamentFilter)]
    list_select_related = ["round__tournament", "team", "entrant"]
    search_fields = ["team__name", "entrant__name"]
    raw_id_fields = ["round", "team", "entrant"]


@admin.register(TeamAbsence)
class TeamAbsenceAdmin(AuditedAdmin[TeamAbsence]):
    list_display = ["__str__", "team", "kind"]
    list_filter = ["kind", ("round__tournament", TournamentFilter)]
    list_select_related = ["round__tournament", "team"]
    search_fields = ["team__name"]
    raw_id_fields = ["round", "team"]


@admin.register(Entrant)
class EntrantAdmin(ShowsTournament, AuditedAdmin[Entrant]):
    list_display = [
        "name",
        "event",
        "pairing_number",
        "title",
        "fide_rating",
        "federation",
        "club",
        "team",
    ]
    list_filter = [("tournament", TournamentFilter), "title", "federation", "sex"]
    list_select_related = ["tournament", "team"]
    search_fields = ["name", "fide_id", "national_id", "us_chess_id", "club"]
    raw_id_fields = ["team"]


class CorrectionForm(UnchangedSinceShownForm[_M]):
    """A correction in the admin says why: the reason goes to the audit trail with the change."""

    reason = forms.CharField(
        max_length=200, required=False, help_text="Why this correction; kept in the audit trail."
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.instance.pk is not None and self.has_changed() and not data.get("reason", "").strip():
            self.add_error("reason", "Say why the row is corrected; the audit trail keeps it.")
        return data


def _players(board: Board) -> str:
    white, black = board.white, board.black
    return f"{white} – {black}" if black else f"{white} (bye)"


def _is_history(board_round: Round | None) -> bool:
    """A board of a published or complete round is history: corrected, never deleted (but with the
    whole tournament, by a superuser: `deleting_history`)."""
    return (
        board_round is not None and board_round.state != Round.State.DRAFT and not history_deletion_allowed()
    )


class BoardInline(admin.TabularInline[Board, Round]):
    model = Board
    form = UnchangedSinceShownForm[Board]
    fields = ["number", "players", "result", "seen"]
    readonly_fields = ["players"]
    extra = 0

    @admin.display(description=gettext_lazy("players"))
    def players(self, board: Board) -> str:
        return _players(board)

    # An inline is asked about its parent row; django-stubs types that in InlineModelAdmin with an
    # ignored override of BaseModelAdmin, against which mypy still checks this one.
    def has_delete_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:  # type: ignore[override]
        return not _is_history(obj) and super().has_delete_permission(request, obj)


def _signed_in(request: HttpRequest) -> AbstractBaseUser | None:
    return request.user if isinstance(request.user, AbstractBaseUser) else None


@admin.register(Round)
class RoundAdmin(AuditedAdmin[Round]):
    list_display = ["__str__", "number", "state", "published_by", "published_at"]
    list_filter = ["state", ("tournament", TournamentFilter)]
    list_select_related = ["tournament", "published_by"]
    search_fields = ["tournament__name"]
    raw_id_fields = ["published_by"]
    inlines = [BoardInline]

    @transaction.atomic
    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)
        if formset.model is Board:
            form.instance.follow_results(_signed_in(request))


@admin.register(Board)
class BoardAdmin(AuditedAdmin[Board]):
    form = CorrectionForm[Board]
    list_display = ["__str__", "players", "result"]
    readonly_fields = ["players", "match", "match_board"]
    list_filter = ["result", "round__state", ("round__tournament", TournamentFilter)]
    list_select_related = ["round__tournament"]
    search_fields = ["round__tournament__name", "seats__entrant__name"]
    raw_id_fields = ["round"]

    @admin.display(description=gettext_lazy("players"))
    def players(self, board: Board) -> str:
        return _players(board)

    def get_queryset(self, request: HttpRequest) -> models.QuerySet[Board]:
        return super().get_queryset(request).prefetch_related("seats__entrant")

    @transaction.atomic
    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # A corrected result completes or reopens its round as one entered on the arbiter's pages does.
        form.instance.round.follow_results(_signed_in(request))

    def has_delete_permission(self, request: HttpRequest, obj: Board | None = None) -> bool:
        return not _is_history(obj.round if obj else None) and super().has_delete_permission(request, obj)


@admin.register(Seat)
class SeatAdmin(AuditedAdmin[Seat]):
    form = CorrectionForm[Seat]
    list_display = ["entrant", "round", "pairing_number", "board_number", "colour", "absence"]
    list_filter = ["absence", "colour", ("round__tournament", TournamentFilter)]
    list_select_related = ["entrant", "round__tournament"]
    search_fields = ["entrant__name", "round__tournament__name"]
    raw_id_fields = ["round", "entrant"]


@admin.register(AuditRecord)
class AuditRecordAdmin(ShowsTournament, ArbitratedOnly[AuditRecord]):
    """Read-only: the trail is evidence, not something to correct."""

    list_display = ["at", "user", "action", "object_type", "object_repr", "reason", "event"]
    list_filter = ["action", "object_type", ("tournament", TournamentFilter)]
    list_select_related = ["user", "tournament"]
    search_fields = ["object_repr", "object_id", "user__username"]
    date_hierarchy = "at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
