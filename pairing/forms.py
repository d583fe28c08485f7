"""Forms for the arbiter's pages: they do all the parsing, views read `cleaned_data`."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from pairing import edits, imports
from tournaments import us_chess
from tournaments.admin import UnchangedSinceShownForm
from tournaments.bridge import round_robin as round_robin_bridge
from tournaments.bridge import tiebreak_names, tiebreaks
from tournaments.models import (
    Board,
    DraftChange,
    Entrant,
    ForbiddenPair,
    Match,
    Round,
    Seat,
    Team,
    Tournament,
)

_COMPUTED_TIEBREAKS = [*tiebreaks.CRITERIA, *tiebreaks.TERMINAL]


LOCKED = _("Fixed once round 1 is published; a change needs the admin, which records it.")


TIEBREAK_ROWS = 6


# Worded when the page is drawn, in its language: the widgets are made when the module is imported.
def _place_text(n: int) -> str:
    return gettext("Tie-break %(n)d") % {"n": n}


_place_name = lazy(_place_text, str)


class TiebreakOrderWidget(forms.MultiWidget):
    """One select per place in the order, all named like the field: the browser sends them in order."""

    def __init__(self, rows: int = TIEBREAK_ROWS) -> None:
        super().__init__([forms.Select(attrs={"aria-label": _place_name(n)}) for n in range(1, rows + 1)])
        self.widgets_names = [""] * rows

    def decompress(self, value: Any) -> list[str]:
        codes = list(value or [])
        return codes + [""] * (len(self.widgets) - len(codes))

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return list(data.getlist(name)) if hasattr(data, "getlist") else list(data.get(name) or [])

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data


class TiebreakOrderField(forms.Field):
    """An ordered list of tie-breaks picked by name; blank places are skipped, none may come twice."""

    widget = TiebreakOrderWidget

    def __init__(self, *, choices: list[tuple[Any, Any]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_choices(choices)

    def set_choices(self, choices: list[tuple[Any, Any]]) -> None:
        """`choices`: (code, name) pairs, or (group name, pairs) for groups."""
        self.codes = {
            code
            for key, value in choices
            for code in ([c for c, _ in value] if isinstance(value, list) else [key])
        }
        assert isinstance(self.widget, TiebreakOrderWidget)
        for select in self.widget.widgets:
            assert isinstance(select, forms.Select)
            select.choices = [("", "—"), *choices]

    def to_python(self, value: Any) -> list[str]:
        codes = [code for code in (value or []) if code]
        unknown = [code for code in codes if code not in self.codes]
        if unknown:
            raise forms.ValidationError(gettext("Choose the tie-breaks from the lists."))
        if len(set(codes)) != len(codes):
            raise forms.ValidationError(gettext("A tie-break may appear only once in the order."))
        return codes


def _tiebreaks_help(defaults: str) -> str:
    return gettext(
        "Ties are broken in this order: the first decides, the next only between players still tied. "
        "A blank place is skipped. Default: %(defaults)s."
    ) % {"defaults": defaults}


# FIDE mode (C.04.A): its switch and the operations FIDE disallows, each off by default.
FIDE_MODE_FIELDS = ("fide_mode", "allow_full_point_byes")


# The labels of the model fields that have no verbose name of their own (Django would derive an
# English one from the field's name); the admin keeps the derived ones.
TOURNAMENT_LABELS = {
    "name": _("Name"),
    "slug": _("Slug"),
    "place": _("Place"),
    "start_date": _("Start date"),
    "end_date": _("End date"),
    "pairing_system": _("Pairing system"),
    "acceleration": _("Acceleration"),
    "points_win": _("Points win"),
    "points_draw": _("Points draw"),
    "points_loss": _("Points loss"),
    "points_forfeit_win": _("Points forfeit win"),
    "points_forfeit_loss": _("Points forfeit loss"),
    "points_half_bye": _("Points half bye"),
    "points_full_bye": _("Points full bye"),
    "points_zero_bye": _("Points zero bye"),
    "public": _("Public"),
    "match_points_win": _("Match points win"),
    "match_points_draw": _("Match points draw"),
    "match_points_loss": _("Match points loss"),
    "primary_score": _("Primary score"),
    "colour_preferences": _("Colour preferences"),
}


class TournamentForm(forms.ModelForm[Tournament]):
    # The choices are set per form (`__init__`), so that the names are in the page's language.
    tiebreaks = TiebreakOrderField(choices=[], required=False, label=gettext_lazy("Tie-breaks"))
    us_variations = forms.MultipleChoiceField(
        label=_("US Chess variations"),
        choices=list(us_chess.US_VARIATIONS.items()),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "US Chess events only. None ticked: the rulebook's text. "
            "Tell the players in the announcement which ones apply (28L2a need not be announced)."
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            *("name", "slug", "place", "start_date", "end_date", "total_rounds", "pairing_system"),
            "rate_of_play",
            *("acceleration", "us_variations", "initial_colour", *Tournament.SCORING_FIELDS),
            *("tiebreaks", "prize_categories", "public_birth_dates", "public", "language"),
            "us_rating_estimate",
            *("host_federation", "norm_exemption"),
            *FIDE_MODE_FIELDS,
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = TOURNAMENT_LABELS

    prize_categories = forms.CharField(
        required=False,
        label=_("Prize categories"),
        help_text=_("Comma-separated prize lists: W (women), U18 or S65 (age on 1 January), U1800 (rating)."),
    )

    # The systems and accelerations this form offers; the team form offers the team ones.
    systems: tuple[str, ...] = (
        *(*Tournament.EDITIONS_OF_DUTCH, Tournament.PairingSystem.US_CHESS),
        *(Tournament.PairingSystem.ROUND_ROBIN, Tournament.PairingSystem.SCHEVENINGEN),
    )
    accelerations: tuple[str, ...] = (
        *(Tournament.Acceleration.NONE, Tournament.Acceleration.BAKU),
        *(Tournament.Acceleration.ABCD, Tournament.Acceleration.ABCD_ADVANCED),
    )

    # Fixed once round 1 is published.
    locked_rules: tuple[str, ...] = ("total_rounds", "pairing_system", "acceleration")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offers = (
            ("pairing_system", Tournament.PairingSystem.choices, self.systems),
            ("acceleration", Tournament.Acceleration.choices, self.accelerations),
        )
        for name, choices, offered in offers:
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = [(value, label) for value, label in choices if value in offered]
        tiebreaks = self.fields["tiebreaks"]
        assert isinstance(tiebreaks, TiebreakOrderField)
        tiebreaks.set_choices(self.tiebreak_choices())
        # The stored order, or the system's default where none was chosen (stored as []).
        self.initial["tiebreaks"] = list(self.instance.tiebreaks) or self.default_tiebreaks(self.instance)
        self.fields["tiebreaks"].help_text = self.tiebreaks_help()
        if "rate_of_play" in self.fields:  # not on the team form
            self.fields["rate_of_play"].required = False
        if self.instance.pk:
            self.initial["prize_categories"] = ", ".join(self.instance.prize_categories)
            # The number of rounds is declared before the start (C.04.1 Art. 1), and the
            # rules that pair the event stay those it started with.
            if self.instance.rules_locked():
                for name in self.locked_rules:
                    self.fields[name].disabled = True
                    self.fields[name].help_text = LOCKED

    def clean_rate_of_play(self) -> str:
        """Not sent (a form of before the field, a script): the tournament's own, else standard."""
        rate: str = self.cleaned_data.get("rate_of_play") or self.instance.rate_of_play
        return rate or Tournament.RateOfPlay.STANDARD

    def clean_prize_categories(self) -> list[str]:
        return [
            code.strip().upper() for code in self.cleaned_data["prize_categories"].split(",") if code.strip()
        ]

    def clean(self) -> dict[str, Any]:
        """Tie-break codes are the system's: C.07's, or for US Chess events rule 34E's. The US
        variations belong to US Chess events, whose acceleration is a variation (28R1), not Baku."""
        cleaned = super().clean() or {}
        codes = cleaned.get("tiebreaks") or []
        us = cleaned.get("pairing_system") == Tournament.PairingSystem.US_CHESS
        if cleaned.get("us_variations") and not us:
            self.add_error("us_variations", gettext("US Chess variations apply to US Chess events only."))
        if us and cleaned.get("acceleration", Tournament.Acceleration.NONE) != Tournament.Acceleration.NONE:
            self.add_error(
                "acceleration", gettext("A US Chess event accelerates by the 28R1 variation, not Baku.")
            )
        round_robin = cleaned.get("pairing_system") in Tournament.ROUND_ROBINS
        if round_robin and "points_pab" not in self.changed_data:
            cleaned["points_pab"] = Decimal(0)  # a round robin's rest scores nothing (docs/round-robin.md 3)
        default = us_chess.US_DEFAULT_TIEBREAKS if us else tiebreaks.DEFAULT_TIEBREAKS
        default = round_robin_bridge.ROUND_ROBIN_TIEBREAKS if round_robin else default
        codes = self.stored_tiebreaks(codes, default)
        known = us_chess.US_TIEBREAK_CODES if us else _COMPUTED_TIEBREAKS
        if any(code not in known for code in codes):
            system = gettext("US Chess (rule 34E)") if us else gettext("FIDE (C.07)")
            self.add_error(
                "tiebreaks",
                gettext("This event is paired by %(system)s rules: choose its tie-breaks, from that list.")
                % {"system": system},
            )
        elif "tiebreaks" in cleaned:
            cleaned["tiebreaks"] = codes
        return cleaned

    def stored_tiebreaks(self, codes: list[str], default: Any) -> list[str]:
        """[] for the system's default (so that it follows a change of system), else `codes`.

        A default shown and left alone is the default of whatever system is chosen."""
        untouched = "tiebreaks" not in self.changed_data and not self.instance.tiebreaks
        return [] if untouched or codes == list(default) else codes

    @staticmethod
    def tiebreak_choices() -> list[tuple[Any, Any]]:
        return [
            (gettext("FIDE (C.07)"), tiebreak_names.fide_choices()),
            (gettext("US Chess (rule 34E)"), tiebreak_names.us_choices()),
        ]

    @staticmethod
    def default_tiebreaks(tournament: Tournament) -> list[str]:
        if tournament.is_us_chess:
            return tiebreak_names.US_DEFAULT
        if tournament.is_round_robin:
            return list(round_robin_bridge.ROUND_ROBIN_TIEBREAKS)
        return tiebreak_names.FIDE_DEFAULT

    def tiebreaks_help(self) -> str:
        fide = tiebreak_names.words(tiebreak_names.FIDE_DEFAULT, tiebreak_names.fide_choices())
        us = tiebreak_names.words(tiebreak_names.US_DEFAULT, tiebreak_names.us_choices())
        return _tiebreaks_help(
            gettext("FIDE events %(fide)s; US Chess events %(us)s") % {"fide": fide, "us": us}
        )


class TeamTournamentForm(TournamentForm):
    """A team event: a team system, boards per match, reserves, match points and team tie-breaks."""

    systems = Tournament.TEAM_SYSTEMS
    accelerations = (Tournament.Acceleration.NONE, Tournament.Acceleration.ECU)
    tiebreaks = TiebreakOrderField(choices=[], required=False, label=gettext_lazy("Tie-breaks"))
    # What applies to individual events only.
    us_variations = None  # type: ignore[assignment]
    prize_categories = None  # type: ignore[assignment]

    class Meta(TournamentForm.Meta):
        fields = [
            *("name", "slug", "place", "start_date", "end_date", "total_rounds", "pairing_system"),
            *("acceleration", "boards", "reserves", "initial_colour"),
            *("primary_score", "colour_preferences", "board_colours"),
            *("match_points_win", "match_points_draw", "match_points_loss"),
            *("match_points_pab", "game_points_pab"),
            *("points_win", "points_draw", "points_loss", "points_forfeit_win", "points_forfeit_loss"),
            *("tiebreaks", "public", "language"),
        ]
        labels = {
            **TOURNAMENT_LABELS,
            "points_win": _("game points for a win"),
            "points_draw": _("game points for a draw"),
        }

    # What C.04.6 pairs by stays as round 1 was paired with (Article 1 is set by the competition rules).
    locked_rules = (
        *TournamentForm.locked_rules,
        *("boards", "primary_score", "colour_preferences", "board_colours"),
        *("match_points_pab", "game_points_pab"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.kind = Tournament.Kind.TEAM
        self.fields["boards"].required = True
        if not self.instance.pk:
            self.initial.setdefault("pairing_system", Tournament.PairingSystem.TEAM_C046)

    @staticmethod
    def tiebreak_choices() -> list[tuple[Any, Any]]:
        return list(tiebreak_names.team_choices())

    @staticmethod
    def default_tiebreaks(tournament: Tournament) -> list[str]:
        return tiebreak_names.TEAM_DEFAULT

    def tiebreaks_help(self) -> str:
        return _tiebreaks_help(
            tiebreak_names.words(tiebreak_names.TEAM_DEFAULT, tiebreak_names.team_choices())
        )

    def clean_board_colours(self) -> str:
        return str(self.cleaned_data["board_colours"]).strip().upper()

    def clean(self) -> dict[str, Any]:
        """The team tie-breaks are the team list's (`team_choices`); the individual systems'
        checks (US variations, C.07 player codes) do not apply to a team event."""
        cleaned = forms.ModelForm.clean(self) or {}
        if "tiebreaks" in cleaned:
            cleaned["tiebreaks"] = self.stored_tiebreaks(cleaned["tiebreaks"], tiebreak_names.TEAM_DEFAULT)
        return cleaned


class EntrantForm(forms.ModelForm[Entrant]):
    class Meta:
        model = Entrant
        fields = [
            *("name", "fide_rating", "national_rating", "us_chess_rating", "title", "federation"),
            *("fide_id", "national_id", "us_chess_id", "club", "sex", "birth_date", "fide_k"),
        ]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"})}
        labels = {
            "name": _("Name"),
            "national_rating": _("National rating"),
            "title": _("Title"),
            "federation": _("Federation"),
            "club": _("Club"),
            "sex": _("Sex"),
            "birth_date": _("Birth date"),
        }

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        self.fields["name"].widget.attrs.update(autofocus=True, placeholder=gettext("Surname, Given names"))

    def clean_federation(self) -> str:
        federation: str = self.cleaned_data["federation"]
        return federation.upper()

    def clean_fide_id(self) -> str:
        fide_id: str = self.cleaned_data["fide_id"].strip()
        if fide_id and not fide_id.isdigit():
            raise forms.ValidationError(gettext("A FIDE id is digits only."))
        if fide_id and self.fide_id_taken(fide_id):
            raise forms.ValidationError(gettext("An entrant with this FIDE id is already registered."))
        return fide_id

    def fide_id_taken(self, fide_id: str) -> bool:
        query = Entrant.objects.filter(tournament=self.instance.tournament, fide_id=fide_id)
        return query.exclude(pk=self.instance.pk).exists()

    def validate_unique(self) -> None:
        """Skipped: the unique constraints involve the pairing number, which is given later."""


class EntrantEditForm(UnchangedSinceShownForm[Entrant], EntrantForm):
    """A correction of an entrant on the entrants page: every field an import takes, refused when a
    colleague changed the entrant after the page was loaded (`seen`, as in the admin).

    Validate it inside a transaction: the stored row is locked while it is compared."""

    class Meta(EntrantForm.Meta):
        pass

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.pop("autofocus", None)
        # Ids of their own, beside the quick-entry form on the same page.
        self.auto_id = f"edit-{self.instance.pk}-%s"

    def seen_again(self) -> EntrantEditForm:
        """What the arbiter typed, shown again over the row as stored now: sent again, it wins."""
        data = dict(self.data.items())
        stored = Entrant.objects.get(pk=self.instance.pk)
        data[self.add_prefix("seen")] = self._values(stored)
        again = EntrantEditForm(data, instance=stored, tournament=stored.tournament)
        again.full_clean()
        for error in self.non_field_errors():
            again.add_error(None, error)
        return again

    def changes(self) -> dict[str, Any]:
        """The corrected fields and their new values."""
        return {name: self.cleaned_data[name] for name in self.changed_data if name != "seen"}


# --- Import ---------------------------------------------------------------------------------------


def read_upload(data: dict[str, Any]) -> tuple[str, str]:
    """The text of the uploaded `file` (or the posted-back `text`) and its encoding ("" for posted text);
    refused when too large, not text, or empty. The cheap checks, made before any line is read."""
    upload = data.get("file")
    if upload:
        imports.within_limit(upload.size, "bytes", "IMPORT_MAX_BYTES")
        text, encoding = imports.decode(upload.read())
    else:
        text, encoding = data.get("text", ""), ""
        imports.within_limit(len(text.encode()), "bytes", "IMPORT_MAX_BYTES")
        imports.check_text(text)
    if not text.strip():
        raise forms.ValidationError(gettext("Choose a file to import."))
    return text, encoding


class ImportUploadForm(forms.Form):
    """The file to import (or its text posted back to confirm): read here, its lines checked by a job."""

    file = forms.FileField(
        required=False, label=_("File"), help_text=_("CSV with a header line, or a TRF file.")
    )
    text = forms.CharField(required=False, widget=forms.HiddenInput, strip=False)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        super().clean()
        self.cleaned_data["text"], self.cleaned_data["encoding"] = read_upload(self.cleaned_data)
        return self.cleaned_data


class TeamImportUploadForm(ImportUploadForm):
    """The file of teams to import: read here, its lines checked by a job (`TeamImportForm`)."""

    file = forms.FileField(
        required=False,
        label=_("File"),
        help_text=_("CSV with a header line and a team column, or a TRF-2026 team file."),
    )


class TeamForm(forms.ModelForm[Team]):
    class Meta:
        model = Team
        fields = ["name", "federation", "captain", "captain_contact"]
        labels = {
            "name": _("Name"),
            "federation": _("Federation"),
            "captain": _("Captain"),
            "captain_contact": _("Captain contact"),
        }


class RosterPlayerForm(EntrantForm):
    """A player added at the bottom of a team's roster."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Team"))

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, tournament=tournament, **kwargs)
        field = self.fields["team"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tournament.teams.order_by("pairing_number")


class TeamNumberForm(forms.Form):
    """The pairing number a team moves to, before round 1 is published."""

    number = forms.IntegerField(min_value=1, label=_("team number"))


TEAM_ABSENCES = {
    "absent": _("absent in that round"),
    "withdrawn": _("withdrawn from that round on"),
    "present": _("present after all"),
}


class TeamAbsenceForm(forms.Form):
    """A team absent from one round, withdrawn from a round on, or present after all."""

    round = forms.IntegerField(min_value=1, label=_("Round"))
    kind = forms.ChoiceField(choices=list(TEAM_ABSENCES.items()), label=_("Kind"))


# --- Absences, forbidden pairs, deputies ------------------------------------------------------------------


class AbsenceForm(forms.Form):
    round = forms.IntegerField(min_value=1, label=_("Round"))
    kind = forms.ChoiceField(
        choices=[c for c in Seat.Absence.choices if c[0] != Seat.Absence.WITHDRAWN], label=_("Kind")
    )


class WithdrawForm(forms.Form):
    round = forms.IntegerField(min_value=1, label=_("from round"))


class ForbiddenPairForm(forms.ModelForm[ForbiddenPair]):
    class Meta:
        model = ForbiddenPair
        fields = ["first", "second", "reason"]
        labels = {"first": _("First"), "second": _("Second"), "reason": _("Reason")}

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = tournament.entrants.order_by("pairing_number")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        first, second = data.get("first"), data.get("second")
        if first and second:
            if first == second:
                raise forms.ValidationError(gettext("Choose two different entrants."))
            data["first"], data["second"] = sorted((first, second), key=lambda e: e.pk)
            self.instance.first, self.instance.second = data["first"], data["second"]
            if ForbiddenPair.objects.filter(first=data["first"], second=data["second"]).exists():
                raise forms.ValidationError(gettext("These two are already kept apart."))
        return data


class DeputyForm(forms.Form):
    username = forms.CharField(label=_("Username"))

    def clean_username(self) -> User:
        try:
            return User.objects.get(username=self.cleaned_data["username"])
        except User.DoesNotExist:
            raise forms.ValidationError(gettext("No user has this name.")) from None


class RemoveDeputyForm(forms.Form):
    """A deputy of this tournament to remove, by user id."""

    remove = forms.ModelChoiceField(queryset=get_user_model().objects.none(), label=_("Remove"))

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["remove"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tournament.deputy_arbiters.all()


# --- The draft and results ---------------------------------------------------------------------------------


class ChangeForm(forms.Form):
    """One manual change: which kind, and the boards (matches) or players (teams) it concerns."""

    kind = forms.ChoiceField(
        choices=[c for c in DraftChange.Kind.choices if c[0] in edits.EDITS], label=_("Kind")
    )
    board = forms.IntegerField(required=False, min_value=1, label=_("Board"))
    other_board = forms.IntegerField(required=False, min_value=1, label=_("Other board"))
    player = forms.IntegerField(required=False, min_value=1, label=_("Player"), help_text=_("pairing number"))
    other_player = forms.IntegerField(
        required=False, min_value=1, label=_("Other player"), help_text=_("pairing number")
    )
    team = forms.IntegerField(
        required=False, min_value=1, label=_("Team"), help_text=_("team pairing number")
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.edits = edits.offered(tournament)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        kind = data.get("kind")
        if not kind:
            return data
        if kind not in self.edits:
            raise forms.ValidationError(gettext("This kind of change does not apply to this event."))
        needed = [name for name, _label in self.edits[kind].fields]
        missing = [str(self.fields[name].label) for name in needed if data.get(name) is None]
        if missing:
            raise forms.ValidationError(gettext("Fill in: %(missing)s.") % {"missing": ", ".join(missing)})

        if len(needed) == 2 and data[needed[0]] == data[needed[1]]:
            same = {"number": data[needed[0]]}
            if edits.names_someone(needed[0]):
                message = gettext("Choose two different players, not %(number)s twice.")
            elif self.tournament.is_team:
                message = gettext("Choose two different matches, not %(number)s twice.")
            else:
                message = gettext("Choose two different boards, not %(number)s twice.")
            raise forms.ValidationError(message % same)
        data["args"] = tuple(self._argument(name, data[name]) for name in needed)
        return data

    def _argument(self, name: str, value: int) -> int:
        """A board number as given; a pairing number as the entrant's (or team's) id."""
        if not edits.names_someone(name):
            return value
        rows = self.tournament.teams if name == "team" else self.tournament.entrants
        pk = rows.filter(pairing_number=value).values_list("pk", flat=True).first()
        if pk is None:
            if name == "team":
                message = gettext("No team has pairing number %(number)s.")
            else:
                message = gettext("No entrant has pairing number %(number)s.")
            raise forms.ValidationError(message % {"number": value})
        return pk

    def offered(self) -> list[tuple[edits.Edit, list[tuple[str, str, str, bool]]]]:
        """Each kind of change with its inputs as (name, label, value, is a board number).

        The form that was sent keeps what the arbiter typed; the others are empty.
        """
        sent = self.data.get("kind")
        return [
            (
                edit,
                [
                    (
                        name,
                        str(label),
                        self.data.get(name, "") if sent == edit.kind else "",
                        not edits.names_someone(name),
                    )
                    for name, label in edit.fields
                ],
            )
            for edit in self.edits.values()
        ]


class PairForm(forms.Form):
    """The round the arbiter saw when pressing "pair": a stale page must not pair a later round."""

    round = forms.IntegerField(required=False, min_value=1)
    again = forms.BooleanField(required=False)


class PageForm(forms.Form):
    """Which page of a long list the arbiter is on (`?page=`); none given is the first."""

    page = forms.IntegerField(min_value=1, required=False)


class PublishForm(forms.Form):
    """The draft version the review page showed, so that only what was reviewed is published."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False, label=_("Publish despite the findings"))


class ResultsForm(forms.Form):
    """One optional choice per game (`board_<number>`), with the result the page showed (`seen_<number>`).

    Only the boards whose choice differs from what the page showed are this arbiter's
    changes; the others are left to whoever else is entering results.
    """

    def __init__(self, *args: Any, boards: list[Board], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = [board.number for board in boards if not board.is_bye]
        for board in boards:
            if not board.is_bye:
                self.fields[f"board_{board.number}"] = forms.ChoiceField(
                    choices=Board.Result.choices, required=False, initial=board.result
                )
                self.fields[f"seen_{board.number}"] = forms.ChoiceField(
                    choices=Board.Result.choices,
                    required=False,
                    initial=board.result,
                    widget=forms.HiddenInput,
                )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if any(f"board_{n}" in self.data and f"seen_{n}" not in self.data for n in self.games):
            raise forms.ValidationError(
                gettext("This page is out of date; reload it and enter the results again.")
            )
        return data

    def changes(self) -> dict[int, str]:
        """The results chosen on this page that differ from what it showed, by board.

        A blank choice leaves the board as it is: results are never cleared by accident.
        """
        seen = self.seen()
        chosen = {n: self.cleaned_data.get(f"board_{n}") for n in self.games}
        return {n: wanted for n, wanted in chosen.items() if wanted and wanted != seen[n]}

    def seen(self) -> dict[int, str]:
        """The result this page showed for each board."""
        return {n: self.cleaned_data.get(f"seen_{n}", "") for n in self.games}


class LineupForm(forms.Form):
    """One team's lineup for a round: a roster player per board (`board_1` ...), board 1 first."""

    handed_in = forms.BooleanField(required=False, label=_("Handed in"))

    def __init__(
        self,
        *args: Any,
        team: Team,
        boards: int,
        initial_players: list[Entrant],
        handed_in: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.boards = boards
        self.fields["handed_in"].initial = handed_in
        for board in range(1, boards + 1):
            chosen = initial_players[board - 1].pk if board <= len(initial_players) else None
            self.fields[f"board_{board}"] = forms.ModelChoiceField(
                queryset=team.roster(),
                required=False,
                label=gettext("Board %(number)s") % {"number": board},
                initial=chosen,
            )

    def players(self) -> list[Entrant]:
        """The players chosen, board 1 first; an empty board ends the lineup."""
        chosen = [self.cleaned_data.get(f"board_{n}") for n in range(1, self.boards + 1)]
        return [e for e in chosen if e is not None]

    def clean(self) -> dict[str, Any]:
        super().clean()
        chosen = self.players()
        if len({e.pk for e in chosen}) != len(chosen):
            raise forms.ValidationError(gettext("A player can sit at one board only."))
        return self.cleaned_data


class MatchForfeitForm(forms.Form):
    """A whole match lost by default: which match, and who forfeits it ("" takes a forfeit back)."""

    match = forms.TypedChoiceField(coerce=int, label=_("Match"))
    forfeit = forms.ChoiceField(choices=Match.Forfeit.choices, required=False, label=_("Forfeit"))

    def __init__(self, *args: Any, round: Round, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["match"].choices = [  # type: ignore[attr-defined]
            (m.number, f"{m.number}: {m.white} – {m.black}")
            for m in round.matches.exclude(black=None).select_related("white", "black")
        ]


class ClearResultForm(forms.Form):
    """A result entered by mistake, taken back to "not yet played"; only boards with a result are offered.

    Each choice names the board and the result the page showed (`3:1-0`), so that a
    result a colleague changed meanwhile is not cleared unseen. A choice from an older
    page (the result has changed since) is still read, for the action to refuse it.
    """

    board = forms.CharField(label=_("Board"), widget=forms.Select)

    def __init__(self, *args: Any, boards: list[Board], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["board"].widget.choices = [
            (f"{b.number}:{b.result}", f"{b.number}: {b.white} – {b.black} ({b.get_result_display()})")
            for b in boards
            if b.result and not b.is_bye
        ]
        self.games = {b.number for b in boards if not b.is_bye}

    def clean_board(self) -> tuple[int, str]:
        number, _, seen = self.cleaned_data["board"].partition(":")
        if not (number.isdigit() and int(number) in self.games and seen in Board.Result.values and seen):
            raise forms.ValidationError(gettext("Choose a board that has a result."))
        return int(number), seen


class RatingReportForm(forms.Form):
    """The facts a US Chess rating report carries beyond the tournament (US Chess upload, format 2C)."""

    affiliate_id = forms.RegexField(
        regex=r"^A\d{7}$",
        label=_("Affiliate ID"),
        error_messages={"invalid": _("An affiliate ID is A and 7 digits.")},
    )
    chief_td_id = forms.RegexField(
        regex=r"^\d{8}$",
        label=_("Chief TD's US Chess ID"),
        error_messages={"invalid": _("A US Chess ID is 8 digits.")},
    )
    assistant_td_id = forms.RegexField(
        regex=r"^\d{8}$",
        required=False,
        label=_("Assistant chief TD's US Chess ID"),
        error_messages={"invalid": _("A US Chess ID is 8 digits.")},
    )
    city = forms.CharField(max_length=21, label=_("City"))
    state = forms.RegexField(
        regex=r"^[A-Za-z]{2}$", label=_("State"), error_messages={"invalid": _("Two letters, e.g. MA.")}
    )
    zip_code = forms.CharField(max_length=10, label=_("ZIP code"))
    country = forms.CharField(max_length=21, label=_("Country"), initial="USA")
    rating_system = forms.ChoiceField(
        label=_("Rating system"),
        choices=[("R", _("Regular")), ("Q", _("Quick")), ("D", _("Dual (regular and quick)"))],
        initial="R",
    )
    time_control = forms.CharField(
        max_length=40, label=_("Time control"), help_text=_("As announced, e.g. G/90;d5.")
    )
    # The section's name goes into the US Chess report as typed: its default stays English.
    section_name = forms.CharField(max_length=30, label=_("Section name"), initial="Open")

    def clean_state(self) -> str:
        state: str = self.cleaned_data["state"]
        return state.upper()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name in ("city", "country", "time_control", "section_name"):
            value = cleaned.get(name, "")
            if value and not value.isascii():
                self.add_error(name, gettext("US Chess takes plain ASCII text here."))

        return cleaned
