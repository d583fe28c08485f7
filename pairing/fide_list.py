"""The FIDE rating list on the arbiter's pages: a player found by FIDE ID or name fills the entry
form, and the entrants' ratings are refreshed from the list before round 1, difference by difference.

The list itself is the `ratinglists` app's (imported by staff, ratinglists/views.py); this module
turns one of its players into an entrant's fields, with the rating of the tournament's rate of play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from ratinglists.models import ListedPlayer, RatingList
from ratinglists.search import search
from tournaments.models import AuditRecord, Entrant, Round, Tournament

from .actions import ActionError, locked_tournament
from .registration import TITLE_ORDER, number_entrants
from .views import HtmxHttpRequest, arbiter_only

# The fields a refresh compares and writes: the entrant's field and what the list gives for it.
REFRESHED = ("fide_rating", "title", "federation")


def rating(player: ListedPlayer, rate_of_play: str) -> int | None:
    """The player's rating of the tournament's rate of play (standard, rapid or blitz)."""
    value: int | None = getattr(player, rate_of_play)
    return value


def title(player: ListedPlayer) -> str:
    """The higher of the player's title and women's title (C.04.2 2.2's order); "" when neither is
    one an entrant can hold (an honorary or other code of the list)."""
    held = [code for code in (player.title, player.w_title) if code in TITLE_ORDER]
    return min(held, key=TITLE_ORDER.__getitem__, default="")


def entrant_fields(player: ListedPlayer, rate_of_play: str) -> dict[str, str]:
    """What the entry form is filled with. The list gives the year of birth only: the date is
    1 January of it, which is what the age categories count from (tournaments/prizes.py)."""
    value = rating(player, rate_of_play)
    return {
        "name": player.name,
        "fide_id": str(player.fide_id),
        "title": title(player),
        "federation": player.federation,
        "sex": {"M": Entrant.Sex.MALE, "F": Entrant.Sex.FEMALE}.get(player.sex, ""),
        "birth_date": f"{player.birth_year:04d}-01-01" if player.birth_year else "",
        "fide_rating": "" if value is None else str(value),
    }


@arbiter_only
@require_GET
def fide_lookup(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The type-ahead's answers for `q`: buttons that fill the entry form (static/js/fide-lookup.js)."""
    query = request.GET.get("q", "")[:80]
    found = search(query) if len(query.strip()) >= 1 else []
    rate = tournament.rate_of_play
    context = {
        "query": query.strip(),
        "loaded": found or ListedPlayer.objects.exists(),
        "rate": tournament.get_rate_of_play_display(),
        "found": [
            (player, rating(player, rate), title(player), json.dumps(entrant_fields(player, rate)))
            for player in found
        ],
    }
    return render(request, "pairing/_fide_found.html", context)


@dataclass
class Difference:
    entrant: Entrant
    changes: list[tuple[str, str, str]]  # (field, entrant's value, list's value)


def differences(tournament: Tournament) -> tuple[list[Difference], list[Entrant]]:
    """Entrants whose rating, title or federation differ from the list, and those not in it."""
    entrants = [e for e in tournament.entrants.order_by("pairing_number", "name") if e.fide_id.isdigit()]
    listed = ListedPlayer.objects.in_bulk([int(e.fide_id) for e in entrants])
    found, missing = [], []
    for entrant in entrants:
        player = listed.get(int(entrant.fide_id))
        if player is None:
            missing.append(entrant)
            continue
        value = rating(player, tournament.rate_of_play)
        wanted = {"fide_rating": "" if value is None else str(value), "title": title(player)}
        wanted["federation"] = player.federation
        changes = [
            (name, _text(getattr(entrant, name)), wanted[name])
            for name in REFRESHED
            if _text(getattr(entrant, name)) != wanted[name]
        ]
        if changes:
            found.append(Difference(entrant, changes))
    return found, missing


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _refresh_refused(tournament: Tournament) -> str:
    """Why ratings cannot be refreshed now, or "": C.04.2 2.3 renumbers only until round 1 is published."""
    if tournament.rounds.exclude(state=Round.State.DRAFT).exists():
        return _(
            "Round 1 is published: the ratings of the starting list stay as they were (C.04.2 2.3). "
            "Correct a single entrant instead."
        )
    if not ListedPlayer.objects.exists():
        return _("No FIDE list is loaded yet: staff load one on the rating lists page.")
    return ""


@arbiter_only
@require_http_methods(["GET", "POST"])
def fide_refresh(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """The differences between the entrants and the list; the arbiter accepts those ticked.

    What was shown is posted back (`old-<id>-<field>`, `new-<id>-<field>`): a value changed
    since, on the entrant or in the list, is not applied, and the page says so.
    """
    refused = _refresh_refused(tournament)
    if request.method == "POST" and not refused:
        try:
            applied, skipped, moved = _apply(tournament, request.user, request.POST)
        except ActionError as error:
            messages.error(request, error.messages[0])
        else:
            text = ngettext(
                "%(n)s entrant updated from the FIDE list.",
                "%(n)s entrants updated from the FIDE list.",
                applied,
            ) % {"n": applied}
            if skipped:
                text += " " + ngettext(
                    "%(n)s change was not applied: the entrant or the list changed after the page was shown.",
                    "%(n)s changes were not applied: the entrant or the list changed after the page was "
                    "shown.",
                    skipped,
                ) % {"n": skipped}
            if moved:
                text += " " + ngettext(
                    "%(n)s pairing number changed to keep the ranking order (C.04.2 2.3).",
                    "%(n)s pairing numbers changed to keep the ranking order (C.04.2 2.3).",
                    moved,
                ) % {"n": moved}
            messages.success(request, text)
            return redirect("arbiter:fide-refresh", tournament.slug)
    found, missing = differences(tournament) if not refused else ([], [])
    latest = RatingList.objects.filter(status=RatingList.Status.DONE).first()
    context = {
        "tournament": tournament,
        "refused": refused,
        "found": found,
        "missing": missing,
        "latest": latest,
    }
    return render(request, "pairing/fide_refresh.html", context)


def _apply(tournament: Tournament, user: User, posted: QueryDict) -> tuple[int, int, int]:
    """Apply the ticked differences still as shown, with an audit record per entrant; all or none."""
    ticked = set(posted.getlist("entrant"))
    applied = skipped = 0
    month = getattr(RatingList.objects.filter(status=RatingList.Status.DONE).first(), "month", "")
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        if _refresh_refused(tournament):
            raise ActionError(_refresh_refused(tournament))
        for difference in differences(tournament)[0]:
            entrant = difference.entrant
            if str(entrant.pk) not in ticked:
                continue
            before, after = {}, {}
            for name, old, new in difference.changes:
                shown = (posted.get(f"old-{entrant.pk}-{name}"), posted.get(f"new-{entrant.pk}-{name}"))
                if shown != (old, new):
                    skipped += 1
                    continue
                before[name], after[name] = old, new
                setattr(entrant, name, (int(new) if new else None) if name == "fide_rating" else new)
            if after:
                entrant.save(update_fields=list(after))
                reason = _("refreshed from the FIDE list %(month)s") % {"month": month}
                reason = reason.strip()

                AuditRecord.record(user, AuditRecord.Action.CHANGE, entrant, before, after, reason=reason)
                applied += 1
        moved = number_entrants(tournament)
        if moved:
            AuditRecord.record(
                user,
                AuditRecord.Action.CHANGE,
                tournament,
                {"pairing numbers": {e.name: old for e, old in moved.items()}},
                {
                    "pairing numbers": {e.name: e.pairing_number for e in moved},
                    "why": "renumbered in ranking order (C.04.2 2.3) after refreshing ratings from the "
                    "FIDE list",
                },
            )
    return applied, skipped, len(moved)
