"""The rounds' schedule (entered in the tournament's time zone, shown on the public pages, as an
iCalendar feed read back with the `icalendar` library) and the arbiter's notices (audited,
escaped, removable)."""

from __future__ import annotations

import datetime
import zoneinfo

import icalendar
import pytest
from django.core.cache import cache

from pairing import actions, publishing
from tournaments.models import Announcement, AuditRecord

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
UTC = datetime.UTC


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


def schedule_data(**rounds: tuple[str, str]) -> dict[str, str]:
    data = {"time_zone": "Europe/Berlin"}
    for name, (day, start) in rounds.items():
        number = name.removeprefix("r")
        data[f"date_{number}"], data[f"time_{number}"] = day, start
    return data


def test_the_schedule_is_entered_in_the_tournaments_time_zone_and_audited(arbiter_client, tournament):
    url = f"/arbiter/{tournament.slug}/schedule/"
    form = arbiter_client.get(url).content.decode()
    assert form.count('type="date"') == tournament.total_rounds  # one form for every round
    arbiter_client.post(url, schedule_data(r1=("2026-04-01", "15:00"), r2=("2026-04-02", "09:30")))
    starts = dict(tournament.rounds.values_list("number", "starts_at"))
    # Berlin is on summer time (UTC+2) in April.
    assert starts[1] == datetime.datetime(2026, 4, 1, 13, 0, tzinfo=UTC)
    assert starts[2] == datetime.datetime(2026, 4, 2, 7, 30, tzinfo=UTC)
    assert starts[3] is None
    tournament.refresh_from_db()
    assert tournament.time_zone == "Europe/Berlin"
    records = AuditRecord.objects.filter(tournament=tournament, object_type="tournaments.round")
    assert records.count() == 2
    assert {r.before["starts_at"] for r in records} == {None}
    zone = AuditRecord.objects.get(tournament=tournament, object_type="tournaments.tournament")
    assert zone.before == {"time_zone": "UTC"} and zone.after == {"time_zone": "Europe/Berlin"}
    # The form shows the times back in Berlin time.
    form = arbiter_client.get(url).content.decode()
    assert 'value="15:00"' in form and 'value="2026-04-01"' in form


def test_a_date_without_a_time_or_an_unknown_zone_saves_nothing(arbiter_client, tournament):
    url = f"/arbiter/{tournament.slug}/schedule/"
    page = arbiter_client.post(url, schedule_data(r1=("2026-04-01", "")), follow=True).content.decode()
    assert "Nothing was saved." in page and "Give both the date and the start time, or neither." in page
    page = arbiter_client.post(url, {"time_zone": "Mars/Olympus"}, follow=True).content.decode()
    assert "Nothing was saved." in page
    assert not tournament.rounds.filter(starts_at__isnull=False).exists()
    assert not AuditRecord.objects.filter(tournament=tournament).exists()


def test_only_the_tournaments_arbiters_change_the_schedule_or_post(client, tournament, django_user_model):
    other = django_user_model.objects.create_user("someone", password="x")
    client.force_login(other)
    for path in ("schedule", "announcements", "prize-money"):
        assert client.post(f"/arbiter/{tournament.slug}/{path}/", {"text": "hi"}).status_code == 403
    assert not Announcement.objects.exists()


@pytest.fixture
def published(tournament, players, arbiter):
    """Round 1 paired and published."""
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    return rnd


def test_public_pages_show_the_round_start_and_the_next_round(arbiter_client, client, tournament, published):
    arbiter_client.post(
        f"/arbiter/{tournament.slug}/schedule/",
        schedule_data(r1=("2026-04-01", "15:00"), r2=("2026-04-02", "09:30")),
    )
    round_page = client.get(f"/t/{tournament.slug}/round/1/").content.decode()
    assert '<p class="round-start">Round 1: Wed 1 Apr, 15:00</p>' in round_page
    home = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "<strong>Next round</strong> · Round 1: Wed 1 Apr, 15:00" in home
    assert "Round 2: Thu 2 Apr, 09:30" in home  # the whole schedule
    assert f"/t/{tournament.slug}/rounds.ics" in home
    # Once round 1 has all its results, round 2 is the next one (no clock: the cache stays right).
    from pairing import results

    results.record_results(published, None, {b.number: "1/2" for b in published.boards.all()})
    home = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "<strong>Next round</strong> · Round 2: Thu 2 Apr, 09:30" in home


def test_the_ics_feed_parses_back_with_each_round_at_its_time(arbiter_client, client, tournament):
    arbiter_client.post(
        f"/arbiter/{tournament.slug}/schedule/",
        schedule_data(r1=("2026-04-01", "15:00"), r2=("2026-04-02", "09:30"), r5=("2026-10-25", "10:00")),
    )
    response = client.get(f"/t/{tournament.slug}/rounds.ics")
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = icalendar.Calendar.from_ical(response.content)
    again = client.get(f"/t/{tournament.slug}/rounds.ics")  # from the pages' cache
    assert again["Content-Type"] == "text/calendar; charset=utf-8" and again.content == response.content
    assert calendar["VERSION"] == "2.0" and calendar["PRODID"]
    events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
    assert sorted(events) == [f"Round {n} – Spring Open" for n in (1, 2, 5)]
    first = events["Round 1 – Spring Open"].decoded("DTSTART")
    assert first == datetime.datetime(2026, 4, 1, 15, 0, tzinfo=BERLIN)
    assert first.astimezone(UTC) == datetime.datetime(2026, 4, 1, 13, 0, tzinfo=UTC)
    # 25 Oct 2026 is the day Berlin leaves summer time: 10:00 there is 09:00 UTC.
    last = events["Round 5 – Spring Open"].decoded("DTSTART")
    assert last.astimezone(UTC) == datetime.datetime(2026, 10, 25, 9, 0, tzinfo=UTC)
    assert events["Round 1 – Spring Open"]["DTSTART"].params["TZID"] == "Europe/Berlin"
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Berlin"]
    assert len({str(e["UID"]) for e in events.values()}) == 3
    assert all(str(e["LOCATION"]) == "Basel" and e.get("DTSTAMP") for e in events.values())


def test_a_moved_round_keeps_its_uid_so_calendars_update_it(arbiter_client, client, tournament):
    url = f"/arbiter/{tournament.slug}/schedule/"
    arbiter_client.post(url, schedule_data(r1=("2026-04-01", "15:00")))
    before = icalendar.Calendar.from_ical(client.get(f"/t/{tournament.slug}/rounds.ics").content)
    arbiter_client.post(url, schedule_data(r1=("2026-04-01", "16:00")))
    after = icalendar.Calendar.from_ical(client.get(f"/t/{tournament.slug}/rounds.ics").content)
    (old,), (new,) = before.walk("VEVENT"), after.walk("VEVENT")
    assert old["UID"] == new["UID"]
    assert new.decoded("DTSTART") == datetime.datetime(2026, 4, 1, 16, 0, tzinfo=BERLIN)


HOSTILE = '<script>alert("x")</script> & <b>bold</b> "Round 2 moved"'


def test_a_notice_is_shown_escaped_with_its_time_and_audited(arbiter_client, client, tournament, published):
    tournament.time_zone = "Europe/Berlin"
    tournament.save()
    home = client.get(f"/t/{tournament.slug}/").content.decode()  # cached before the notice
    assert "announcement" not in home
    arbiter_client.post(f"/arbiter/{tournament.slug}/announcements/", {"text": HOSTILE})
    notice = Announcement.objects.get()
    assert notice.text == HOSTILE
    posted = notice.posted_at.astimezone(BERLIN).strftime("%a %-d %b, %H:%M")
    escaped = (
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; "
        "&lt;b&gt;bold&lt;/b&gt; &quot;Round 2 moved&quot;"
    )
    for path in (f"/t/{tournament.slug}/", f"/t/{tournament.slug}/round/1/"):
        page = client.get(path).content.decode()
        assert escaped in page and "<script>alert" not in page
        assert f">{posted}</time> {escaped}" in page
    record = AuditRecord.objects.get(object_type="tournaments.announcement")
    assert record.action == "create" and record.after == {"text": HOSTILE}


def test_a_notice_with_a_line_break_or_too_long_is_refused(arbiter_client, tournament):
    url = f"/arbiter/{tournament.slug}/announcements/"
    page = arbiter_client.post(url, {"text": "one\nline\u202e"}, follow=True).content.decode()
    assert "Nothing was posted." in page and "Control characters" in page
    page = arbiter_client.post(url, {"text": "x" * 501}, follow=True).content.decode()
    assert "Nothing was posted." in page
    assert not Announcement.objects.exists() and not AuditRecord.objects.exists()


def test_the_arbiter_removes_a_notice(arbiter_client, client, tournament, published):
    url = f"/arbiter/{tournament.slug}/announcements/"
    arbiter_client.post(url, {"text": "Round 2 starts at 16:00"})
    assert "Round 2 starts at 16:00" in client.get(f"/t/{tournament.slug}/round/1/").content.decode()
    notice = Announcement.objects.get()
    arbiter_client.post(url, {"announcement": notice.pk, "remove": ""})
    assert not Announcement.objects.exists()
    assert "Round 2 starts at 16:00" not in client.get(f"/t/{tournament.slug}/round/1/").content.decode()
    record = AuditRecord.objects.get(object_type="tournaments.announcement", action="delete")
    assert record.before == {"text": "Round 2 starts at 16:00"}
    page = arbiter_client.post(url, {"announcement": notice.pk, "remove": ""}, follow=True).content.decode()
    assert "That notice is not there any more; nothing was removed." in page


def test_a_notice_of_another_tournament_cannot_be_removed(arbiter_client, tournament, demo):
    other = Announcement.objects.create(tournament=demo, text="Demo notice")
    arbiter_client.post(
        f"/arbiter/{tournament.slug}/announcements/", {"announcement": other.pk, "remove": ""}
    )
    assert Announcement.objects.filter(pk=other.pk).exists()
    cache.clear()


def test_a_notice_or_a_schedule_retires_the_pages_but_not_the_ranking_they_keep(
    arbiter_client, client, demo, monkeypatch
):
    from tournaments import standings

    computed = []
    real = standings._computed
    monkeypatch.setattr(standings, "_computed", lambda *args: computed.append(args) or real(*args))
    client.get("/t/demo-open/standings/")
    assert len(computed) == 1
    arbiter_client.post("/arbiter/demo-open/announcements/", {"text": "Prize-giving at 18:00"})
    arbiter_client.post("/arbiter/demo-open/schedule/", schedule_data(r5=("2026-12-01", "15:00")))
    page = client.get("/t/demo-open/").content.decode()
    assert "Prize-giving at 18:00" in page and "Round 5: Tue 1 Dec, 15:00" in page
    client.get("/t/demo-open/standings/")  # a new page, from the kept ranking
    assert len(computed) == 1
