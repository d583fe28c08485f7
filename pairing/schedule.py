"""The only places that change the schedule, the arbiter's notices and the prize money: each
one transaction, under the tournament's lock, audited."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import public_cache
from tournaments.models import Announcement, AuditRecord, Round, Tournament

from .actions import ActionError, locked_tournament


def save_schedule(
    tournament: Tournament, user: User, time_zone: str, starts: dict[int, datetime.datetime | None]
) -> int:
    """Store the time zone and every round's start; returns how many rounds changed."""
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        if tournament.time_zone != time_zone:
            AuditRecord.record(
                user,
                AuditRecord.Action.CHANGE,
                tournament,
                {"time_zone": tournament.time_zone},
                {"time_zone": time_zone},
            )
            Tournament.objects.filter(pk=tournament.pk).update(time_zone=time_zone)
        changed = 0
        for rnd in tournament.rounds.filter(number__in=starts).order_by("number"):
            start = starts[rnd.number]
            if rnd.starts_at == start:
                continue
            before = {"starts_at": rnd.starts_at}
            Round.objects.filter(pk=rnd.pk).update(starts_at=start)
            AuditRecord.record(user, AuditRecord.Action.CHANGE, rnd, before, {"starts_at": start})
            changed += 1
        # Updates bypass the models' save, so the pages that show the schedule are retired here;
        # keyed past the last round, as no standings rest on the schedule (Announcement too).
        public_cache.invalidate(tournament, tournament.total_rounds + 1)
    return changed


def post_announcement(tournament: Tournament, user: User, text: str) -> Announcement:
    with transaction.atomic():
        locked_tournament(tournament)
        notice = Announcement.objects.create(tournament=tournament, text=text, posted_by=user)
        AuditRecord.record(user, AuditRecord.Action.CREATE, notice, None, {"text": text})
    return notice


def remove_announcement(tournament: Tournament, user: User, announcement_id: int) -> None:
    with transaction.atomic():
        locked_tournament(tournament)
        notice = Announcement.objects.filter(tournament=tournament, pk=announcement_id).first()
        if notice is None:
            raise ActionError(_("That notice is not there any more; nothing was removed."))
        AuditRecord.record(user, AuditRecord.Action.DELETE, notice, {"text": notice.text}, None)
        notice.delete()


PRIZE_FIELDS = ("prize_money", "prize_currency", "prize_sharing", "one_prize_per_player")


def save_prize_money(tournament: Tournament, user: User, values: dict[str, Any]) -> None:
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        before = {name: getattr(tournament, name) for name in PRIZE_FIELDS}
        after = {name: values[name] for name in PRIZE_FIELDS}
        if before == after:
            return
        for name, value in after.items():
            setattr(tournament, name, value)
        tournament.full_clean(validate_unique=False, validate_constraints=False)
        tournament.save(update_fields=list(PRIZE_FIELDS))
        AuditRecord.record(user, AuditRecord.Action.CHANGE, tournament, before, after)
