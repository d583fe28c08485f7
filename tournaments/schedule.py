"""The rounds' schedule as players read it: start times in the tournament's time zone, the next
round, and the iCalendar feed (RFC 5545, written by the `icalendar` library)."""

from __future__ import annotations

import zoneinfo

import icalendar
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Round, Tournament


def scheduled_rounds(tournament: Tournament) -> list[Round]:
    """Every round with a start time, in order."""
    return list(tournament.rounds.filter(starts_at__isnull=False).order_by("number"))


def next_round(tournament: Tournament, standing_rounds: list[int]) -> Round | None:
    """The round players play next (or are playing): the first without all its results.

    Not read from the clock, so a cached page stays right until a result or a publication
    retires it; a round whose time has passed while its games go on is still the next one."""
    number = len(standing_rounds) + 1
    if number > tournament.total_rounds:
        return None
    return tournament.rounds.filter(number=number).first()


def calendar(tournament: Tournament) -> bytes:
    """The rounds with a start time as one iCalendar of events (start only: a game has no set end)."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Swiss tournaments//Schedule//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", tournament.name)
    zone = zoneinfo.ZoneInfo(tournament.time_zone)
    stamp = timezone.now()
    for rnd in scheduled_rounds(tournament):
        assert rnd.starts_at is not None
        event = icalendar.Event()
        # Stable across downloads, so a calendar app updates the event when the time moves.
        event.add("uid", f"round-{rnd.number}.tournament-{tournament.pk}@{tournament.slug}")
        event.add("dtstamp", stamp)
        event.add("dtstart", rnd.starts_at.astimezone(zone))
        event.add(
            "summary", _("Round %(number)s – %(name)s") % {"number": rnd.number, "name": tournament.name}
        )
        if tournament.place:
            event.add("location", tournament.place)
        cal.add_component(event)
    cal.add_missing_timezones()
    return bytes(cal.to_ical())
