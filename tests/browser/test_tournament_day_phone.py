"""Tournament day on a 390 px phone: the schedule, a notice, the rating changes and the prize money
on the public pages, and the arbiter's pages that set them, without sideways scrolling.

SWISS_SCREENSHOTS=DIR keeps a screenshot of every page visited, to look at."""

from __future__ import annotations

import datetime
import os
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tournaments.models import Announcement, Tournament

from .conftest import sign_in

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


def look(page: Page, name: str) -> None:
    """No sideways scrolling; a screenshot when asked for."""
    width = page.evaluate("[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]")
    assert width[0] <= width[1], f"{name}: {width[0]} px wide on a {width[1]} px screen"
    folder = os.environ.get("SWISS_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


@pytest.fixture
def demo_day(transactional_db):
    cache.clear()
    call_command("load_demo", "--password", "correct horse battery", stdout=StringIO())
    demo = Tournament.objects.get(slug="demo-open")
    demo.time_zone = "Europe/Berlin"
    demo.prize_money = [
        {"category": "", "place": 1, "amount": "1000"},
        {"category": "", "place": 2, "amount": "500"},
        {"category": "", "place": 3, "amount": "250"},
        {"category": "W", "place": 1, "amount": "150"},
    ]
    demo.prize_categories = ["W"]
    demo.prize_currency = "EUR"
    demo.prize_sharing = Tournament.PrizeSharing.HORT
    demo.save()
    return demo


def test_players_read_the_schedule_a_notice_ratings_and_prizes_on_a_phone(live_server, page, demo_day):
    base = live_server.url
    sign_in(page, base)
    page.goto(f"{base}/arbiter/demo-open/schedule/")
    look(page, "arbiter-schedule")
    page.select_option("#id_time_zone", "Europe/Berlin")
    for number in range(1, demo_day.total_rounds + 1):
        page.fill(f"#id_date_{number}", f"2026-03-{13 + number:02d}")
        page.fill(f"#id_time_{number}", "15:00")
    page.click("button:has-text('Save the schedule')")
    expect(page.locator(".messages")).to_contain_text("Schedule saved: 7 rounds changed.")
    page.goto(f"{base}/arbiter/demo-open/announcements/")
    page.fill("#id_text", "Round 5 starts 30 minutes late: 15:30. Phones off in the hall, please.")
    page.click("button:has-text('Post')")
    look(page, "arbiter-notices")
    page.goto(f"{base}/arbiter/demo-open/prize-money/")
    look(page, "arbiter-prize-money")

    player = page.context.new_page()
    player.goto(f"{base}/t/demo-open/")
    expect(player.locator(".next-round")).to_have_text("Next round · Round 5: Wed 18 Mar, 15:00")
    expect(player.locator(".announcement").first).to_contain_text("Round 5 starts 30 minutes late")
    look(player, "home")
    player.goto(f"{base}/t/demo-open/round/4/")
    expect(player.locator(".round-start")).to_have_text("Round 4: Tue 17 Mar, 15:00")
    expect(player.locator(".announcement").first).to_be_visible()
    look(player, "round")
    player.goto(f"{base}/t/demo-open/standings/")
    # On a phone the change stands under the points (the column is for wider screens).
    expect(player.locator("table.standings .phone-rtg-change").first).to_be_visible()
    look(player, "standings")
    leader = demo_day.entrants.get(pairing_number=1)
    player.goto(f"{base}/t/demo-open/players/{leader.pk}/")
    expect(player.locator("#rating-estimate")).to_contain_text("FIDE rating change")
    expect(player.locator("#round-1 .phone-rtg-change")).to_be_visible()
    look(player, "card")
    player.goto(f"{base}/t/demo-open/prizes/")
    expect(player.locator("#money-overall td.amount").first).to_contain_text("EUR")
    look(player, "prizes")
    player.goto(f"{base}/t/demo-open/prizes/print/")
    look(player, "prizes-print")
    assert Announcement.objects.count() == 1
    assert demo_day.rounds.get(number=1).starts_at == datetime.datetime(
        2026, 3, 14, 14, 0, tzinfo=datetime.UTC
    )
