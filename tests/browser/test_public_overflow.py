"""Every public page on a phone, 360 and 390 px wide: nothing runs off the screen, no result is hidden.

A 40-player individual event (the demo, with long names), a 10-team event (four boards,
long team names, a forfeited game and a forfeited match, the last round being played), a
10-player round robin (a long name, a withdrawal, round 4 being played) and a Scheveningen
match (two teams of four, round 3 being played) are
opened at every public address in `PAGES`, which a test holds to the URL configuration (print
views, files and feeds are named in `NOT_PAGES` with the reason they are left out). The
page fails on any horizontal overflow (`document.scrollingElement.scrollWidth >
clientWidth`), on any element of the content reaching past the screen's edge (a table
scrolled inside its box hides its cells just as well), and on a result that is hidden or cut.

Set SCREENSHOTS=/some/folder to keep a full-page PNG of every page and width.
"""

from __future__ import annotations

import datetime
import os
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import URLPattern, get_resolver, reverse
from playwright.sync_api import Page

from pairing import actions, draw, publishing, registration, results
from tests.round_robin_event import round_robin_event, scheveningen_event
from tournaments.models import Board, Entrant, Team, Tournament

WIDTHS = (360, 390)

# The events of each kind opened below; the two all-play-all ones hold the same pages.
ROUND_ROBINS = ("round-robin", "scheveningen")
EVERY = ("individual", "team", *ROUND_ROBINS)

# Every public page, one list: (label, URL name in public_urls, its arguments, a query, the events
# it exists for). {round} is the round being played, {done} a finished one, {player} and {team}
# the cards of an entrant and a team with long names.
PAGES: list[tuple[str, str, dict[str, str], str, tuple[str, ...]]] = [
    ("home", "tournament", {}, "", EVERY),
    ("round", "round", {"number": "{round}"}, "", EVERY),
    ("round-finished", "round", {"number": "{done}"}, "", EVERY),
    ("round-by-name", "round-by-name", {"number": "{round}"}, "", EVERY),
    ("standings", "standings", {}, "", EVERY),
    ("standings-after", "standings-after", {"number": "{first}"}, "", EVERY),
    ("crosstable", "crosstable", {}, "", EVERY),
    ("players", "players", {}, "", EVERY),
    ("players-search", "players", {}, "?q=a", EVERY),
    ("player", "player", {"entrant_id": "{player}"}, "", EVERY),
    ("starting-list", "starting-list", {}, "", EVERY),
    ("prizes", "prizes", {}, "", ("individual", *ROUND_ROBINS)),
    ("table", "round-robin-table", {}, "", ROUND_ROBINS),
    ("teams", "teams", {}, "", ("team",)),
    ("team", "team", {"team_id": "{team}"}, "", ("team",)),
    ("boards", "boards", {}, "", ("team",)),
]
# The public addresses that are not pages for a screen, and why.
NOT_PAGES = {
    "round-print": "a print view, for paper",
    "prizes-print": "a print view, for paper",
    "standings-csv": "a CSV file",
    "trf": "a TRF file",
    "qr": "an SVG image",
    "schedule-ics": "an iCalendar feed",
}
# What shows a result or a score: each must be on screen and not cut.
RESULTS = "td.result, td.cell, .match-score, td.pts, .standing strong"

LONG_PLAYER = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Maximilian"
LONG_TEAM = "Schachgesellschaft Zürich-Wollishofen-Altstetten 1"

CHECK = """(results) => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > scroller.clientWidth) {
    problems.push(`page scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
  }
  const describe = (el) =>
    `${el.tagName.toLowerCase()}.${el.className} “${el.textContent.trim().slice(0, 40)}”`;
  for (const el of document.querySelectorAll("main *, header *")) {
    const box = el.getBoundingClientRect();
    // Not drawn (a closed menu, a column a phone hides) or hidden for screen readers only.
    if (!box.width || !box.height || !el.checkVisibility() || el.closest(".visually-hidden")) continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push(`past the edge (${Math.round(box.left)}..${Math.round(box.right)}): ${describe(el)}`);
    }
  }
  for (const el of document.querySelectorAll(results)) {
    if (!el.checkVisibility()) problems.push(`hidden: ${describe(el)}`);
    else if (el.scrollWidth > el.clientWidth + 1) problems.push(`cut: ${describe(el)}`);
  }
  return problems.slice(0, 12);
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "is_mobile": True, "has_touch": True}


def individual_event() -> dict[str, object]:
    call_command("load_demo", stdout=StringIO())
    demo = Tournament.objects.get(slug="demo-open")
    long = demo.entrants.get(pairing_number=3)
    long.name, long.club = LONG_PLAYER, "Schachklub Wolfeschlegelsteinhausenbergerdorff"
    long.save()
    demo.entrants.filter(pairing_number=4).update(name="Nguyễn Thị Minh Khai-Ødegård, Łucja Çağla")
    return {"slug": demo.slug, "round": 4, "done": 3, "first": 1, "player": long.pk, "team": 0}


def team_event(arbiter: Any) -> dict[str, object]:
    event = Tournament.objects.create(
        name="Team Championship of the Northern and Central Provinces",
        slug="team-provinces",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 5),
        total_rounds=5,
        chief_arbiter=arbiter,
        public=True,
        kind=Tournament.Kind.TEAM,
        pairing_system=Tournament.PairingSystem.TEAM_C046,
        boards=4,
        reserves=1,
        initial_colour="w",
    )
    for number in range(1, 11):
        name = LONG_TEAM if number == 2 else f"Chess Club {number:02d}"
        team = Team.objects.create(tournament=event, name=name, pairing_number=number)
        for board in range(1, 6):
            Entrant.objects.create(
                tournament=event,
                name=LONG_PLAYER if (number, board) == (2, 1) else f"Player {number:02d}-{board}, Anna",
                pairing_number=event.entrants.count() + 1,
                fide_rating=2500 - 40 * number - 15 * board,
                team=team,
                board_order=board,
            )
    for number in range(1, 5):
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter, confirmed=True)
        if number == 4:
            break  # being played: no results yet
        chosen = {}
        for match in rnd.matches.exclude(black=None):
            for board in match.games():
                chosen[board.number] = ["1-0", "1/2", "0-1", "1/2"][(board.match_board or 1) - 1]
        if number == 1:
            chosen[rnd.boards.order_by("number").first().number] = Board.Result.BLACK_FORFEITS
        results.record_results(rnd, arbiter, chosen)
        if number == 2:
            results.forfeit_match(rnd, arbiter, 1, "+-")
    long = event.teams.get(pairing_number=2)
    player = long.players.get(board_order=1)
    return {"slug": event.slug, "round": 4, "done": 3, "first": 1, "player": player.pk, "team": long.pk}


def round_robin(arbiter: Any) -> dict[str, object]:
    """A 10-player round robin (docs/round-robin.md) after three rounds, round 4 being played,
    with a long name and a player withdrawn from round 3 (his games annulled)."""
    event = round_robin_event(arbiter, "closed-provinces", "Closed Round Robin of the Northern Provinces")
    event.entrants.filter(pairing_number=3).update(name=LONG_PLAYER)
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    registration.record_absence(event.entrants.get(pairing_number=7), arbiter, 3, None)
    for number in range(1, 5):
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter, confirmed=True)
        if number < 4:
            results.record_results(rnd, arbiter, {b.number: "1/2" for b in rnd.boards.all() if not b.is_bye})
    long = event.entrants.get(pairing_number=3)
    return {"slug": event.slug, "round": 4, "done": 3, "first": 1, "player": long.pk, "team": 0}


def scheveningen(arbiter: Any) -> dict[str, object]:
    """A Scheveningen match of two teams of four (docs/round-robin.md 6) after two rounds, round 3
    being played, with a long name: the match score on the home and standings pages."""
    event = scheveningen_event(arbiter)
    event.entrants.filter(pairing_number=1).update(name=LONG_PLAYER)
    draw.put_on_sides(
        event, arbiter, {e.pk: "A" if e.pairing_number % 2 else "B" for e in event.entrants.all()}
    )
    draw.draw_numbers(event, arbiter, Tournament.NumbersDrawn.ENTERED)
    for number in range(1, 4):
        rnd = actions.pair_next_round(event, arbiter)
        publishing.publish_round(rnd, arbiter, confirmed=True)
        if number < 3:
            results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all()})
    long = event.entrants.get(name=LONG_PLAYER)
    return {"slug": event.slug, "round": 3, "done": 2, "first": 1, "player": long.pk, "team": 0}


def addresses(kind: str, values: dict[str, object]) -> list[tuple[str, str]]:
    urls = []
    for label, name, arguments, query, kinds in PAGES:
        if kind in kinds:
            kwargs = {"slug": values["slug"], **{k: v.format(**values) for k, v in arguments.items()}}
            urls.append((f"{kind}-{label}", reverse(f"public:{name}", kwargs=kwargs) + query))
    return urls


def test_the_list_covers_every_public_address_of_the_url_configuration() -> None:
    """A page added to tournaments/public_urls.py fails here until it is opened above or named
    in NOT_PAGES with its reason."""
    configured = {
        p.name for p in get_resolver("tournaments.public_urls").url_patterns if isinstance(p, URLPattern)
    }
    # The list of tournaments ("index") is opened once, not per event.
    listed = {"index"} | {name for _, name, _, _, _ in PAGES}
    assert configured == listed | set(NOT_PAGES)
    assert not listed & set(NOT_PAGES)


@pytest.mark.django_db(transaction=True)
def test_every_public_page_fits_a_phone_and_shows_every_result(
    live_server: Any, page: Page, arbiter: Any
) -> None:
    cache.clear()
    urls = [("index", reverse("public:index"))]
    urls += addresses("individual", individual_event())
    urls += addresses("team", team_event(arbiter))
    urls += addresses("round-robin", round_robin(arbiter))
    urls += addresses("scheveningen", scheveningen(arbiter))
    shots = os.environ.get("SCREENSHOTS")
    failures = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 780})
        for name, url in urls:
            response = page.goto(f"{live_server.url}{url}")
            assert response is not None and response.status == 200, url
            problems = page.evaluate(CHECK, RESULTS)
            if shots:
                page.screenshot(path=str(Path(shots) / f"{width}-{name}.png"))
                page.screenshot(path=str(Path(shots) / f"{width}-{name}-full.png"), full_page=True)
            failures += [f"{width}px {url}: {problem}" for problem in problems]
    assert not failures, "\n".join(failures)


@pytest.mark.django_db(transaction=True)
def test_the_pages_show_results_and_colours_on_a_phone(live_server: Any, page: Page, arbiter: Any) -> None:
    """What the check above could miss by finding nothing: the result cells and colour chips are there."""
    cache.clear()
    values = individual_event()
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{live_server.url}/t/demo-open/round/3/")
    # The header is one line, a menu: the page's own heading starts high on the first screen.
    heading = page.locator("main h1").bounding_box()
    assert heading is not None and heading["y"] < 90
    assert page.locator(".menu nav a").first.is_hidden()
    page.click(".menu summary")
    if shots := os.environ.get("SCREENSHOTS"):
        page.screenshot(path=str(Path(shots) / "360-menu-open.png"))
    links = page.locator(".menu nav a")
    assert links.count() >= 5
    for link in links.all():
        box = link.bounding_box()
        assert link.is_visible() and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.click(".menu nav a:has-text('Standings')")
    assert page.locator("main h1").inner_text().startswith("Standings")
    # On a wide screen the links are in the header's row, without a Menu to open.
    page.set_viewport_size({"width": 1024, "height": 780})
    if shots:
        page.screenshot(path=str(Path(shots) / "1024-standings.png"))
    assert page.locator(".menu summary").is_hidden()
    assert page.locator(".menu nav a:has-text('Crosstable')").is_visible()
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{live_server.url}/t/demo-open/round/3/")
    assert page.locator("table.pairings td.result").count() == 20
    assert page.locator("table.pairings .chip-white").first.is_visible()
    assert page.locator("table.pairings .chip-black").first.is_visible()
    page.goto(f"{live_server.url}/t/demo-open/crosstable/")
    assert page.locator("td.cell").count() == 40 * 4
    assert page.locator("td.cell").last.is_visible()
    page.goto(f"{live_server.url}/t/demo-open/players/{values['player']}/")
    assert page.locator("td.result").count() == 4 and page.locator("h1").is_visible()
    team = team_event(arbiter)
    page.goto(f"{live_server.url}/t/{team['slug']}/round/2/")
    assert page.locator(".match-score").first.inner_text() == "+:−"
