"""The forms of the tournament day: the rounds' schedule, the arbiter's notices, the prize money."""

from __future__ import annotations

import datetime
import zoneinfo
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Announcement, Tournament
from tournaments.models.announcement import ANNOUNCEMENT_MAX
from tournaments.prizes import label

ZONES = sorted(zoneinfo.available_timezones())


class ScheduleForm(forms.Form):
    """One form for every round: a date and a start time each, in the tournament's time zone."""

    time_zone = forms.ChoiceField(label=gettext_lazy("Time zone"), choices=[(z, z) for z in ZONES])

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        zone = zoneinfo.ZoneInfo(tournament.time_zone)
        self.fields["time_zone"].initial = tournament.time_zone
        for rnd in tournament.rounds.order_by("number"):
            local = rnd.starts_at.astimezone(zone) if rnd.starts_at else None
            day = _("Round %(number)s: date") % {"number": rnd.number}
            start = _("Round %(number)s: start time") % {"number": rnd.number}
            self.fields[f"date_{rnd.number}"] = forms.DateField(
                label=day,
                required=False,
                initial=local.date() if local else None,
                widget=forms.DateInput(attrs={"type": "date", "aria-label": day}),
            )
            self.fields[f"time_{rnd.number}"] = forms.TimeField(
                label=start,
                required=False,
                initial=local.time().replace(second=0) if local else None,
                widget=forms.TimeInput(attrs={"type": "time", "aria-label": start}, format="%H:%M"),
            )

    def round_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"date_{n}"], self[f"time_{n}"])
            for n in range(1, self.tournament.total_rounds + 1)
            if f"date_{n}" in self.fields
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for number in range(1, self.tournament.total_rounds + 1):
            day, start = data.get(f"date_{number}"), data.get(f"time_{number}")
            if (day is None) != (start is None) and f"date_{number}" not in self.errors:
                self.add_error(f"date_{number}", _("Give both the date and the start time, or neither."))
        return data

    def starts(self) -> dict[int, datetime.datetime | None]:
        """Per round number, the start as an aware time in the chosen zone (None: not scheduled)."""
        zone = zoneinfo.ZoneInfo(self.cleaned_data["time_zone"])
        starts: dict[int, datetime.datetime | None] = {}
        for number in range(1, self.tournament.total_rounds + 1):
            day, start = self.cleaned_data.get(f"date_{number}"), self.cleaned_data.get(f"time_{number}")
            starts[number] = datetime.datetime.combine(day, start, tzinfo=zone) if day and start else None
        return starts


class AnnouncementForm(forms.ModelForm[Announcement]):
    class Meta:
        model = Announcement
        fields = ["text"]
        widgets = {"text": forms.TextInput(attrs={"maxlength": ANNOUNCEMENT_MAX})}
        help_texts = {
            "text": gettext_lazy("Plain text, one paragraph; players see it with the time it was posted.")
        }


class RemoveAnnouncementForm(forms.Form):
    announcement = forms.IntegerField()


class PrizeMoneyForm(forms.Form):
    """The prize list as lines "place amount", or "category place amount" for a category's prizes."""

    prizes = forms.CharField(
        label=gettext_lazy("Prizes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=gettext_lazy(
            "One prize a line: place and amount (1 1000) for the overall list, or a category first "
            "(U1800 1 150) for one of the tournament's prize categories."
        ),
    )
    prize_currency = forms.CharField(label=gettext_lazy("Currency"), max_length=8, required=False)
    prize_sharing = forms.ChoiceField(
        label=gettext_lazy("Tied players"), choices=Tournament.PrizeSharing.choices
    )
    one_prize_per_player = forms.BooleanField(
        label=gettext_lazy("One prize per player (the overall list first, then the categories in order)"),
        required=False,
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["prizes"].initial = "\n".join(
            " ".join(str(part) for part in (p["category"], p["place"], p["amount"]) if part != "")
            for p in tournament.prize_money
        )
        self.fields["prize_currency"].initial = tournament.prize_currency
        self.fields["prize_sharing"].initial = tournament.prize_sharing
        self.fields["one_prize_per_player"].initial = tournament.one_prize_per_player

    def clean_prizes(self) -> list[dict[str, Any]]:
        """Each line read, or every bad line named with its number and what is wrong with it."""
        prizes: list[dict[str, Any]] = []
        errors = []
        categories = self.tournament.prize_categories
        for number, line in enumerate(self.cleaned_data["prizes"].splitlines(), start=1):
            parts = line.split()
            if not parts:
                continue
            category = parts[0].upper() if len(parts) == 3 else ""
            try:
                place, amount = int(parts[-2]), Decimal(parts[-1].replace(",", "."))
            except (IndexError, ValueError, InvalidOperation):
                errors.append(_("Line %(n)s: write the place and the amount, e.g. 1 1000.") % {"n": number})
                continue
            if len(parts) > 3 or (category and category not in categories):
                known = ", ".join(categories) or _("none yet (Settings)")
                errors.append(
                    _("Line %(n)s: %(code)s is not one of the prize categories: %(known)s.")
                    % {"n": number, "code": parts[0], "known": known}
                )
                continue
            if (
                place < 1
                or not amount.is_finite()
                or amount < 0
                or amount != amount.quantize(Decimal("0.01"))
            ):
                errors.append(
                    _("Line %(n)s: a place from 1 and an amount such as 100 or 62.50.") % {"n": number}
                )
                continue
            if any(p["category"] == category and p["place"] == place for p in prizes):
                where = label(category) if category else _("the overall list")
                errors.append(
                    _("Line %(n)s: place %(place)s of %(where)s is given twice.")
                    % {"n": number, "place": place, "where": where}
                )
                continue
            prizes.append({"category": category, "place": place, "amount": str(amount)})
        if errors:
            raise forms.ValidationError(errors)
        return prizes
