"""Issue 12's acceptance: a 5-round C.04.6 event of 12 teams of 4 boards, read on a phone.

The arbiter creates the event, imports the teams and rosters from a CSV file (with its
preview) and re-seeds them by rating, all through the pages; then pairs, reviews and
publishes each round, runs its lineup round (issue 25: lineups entered after the team
pairing is published, in one form, then released; in round 3 Team 01 fields its reserve),
forfeits a match (round 5) and enters every board result, one of them a forfeit (round 2),
through the pages. The phone pages number boards match.board. The public team standings, read at 390 px,
must equal what this file computes itself from the raw results it entered: match and game
points, then the default C.04.6 order
(EMGSB with Cut-1, GP, Buchholz on match points with Cut-1; C.07 2026 edition).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any, NamedTuple

import pytest
from django.core.cache import cache
from playwright.sync_api import Page, expect

from tournaments.models import Entrant, Match, Seat, Tournament

from .conftest import sign_in

TEAMS, BOARDS, ROUNDS = 12, 4, 5
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
POINTS = {"1-0": (ONE, ZERO), "1/2": (HALF, HALF), "0-1": (ZERO, ONE), "+-": (ONE, ZERO), "-+": (ZERO, ONE)}

expect.set_options(timeout=20_000)


class Played(NamedTuple):
    """One match as entered: the team with White on board 1, the other, their points per board."""

    round: int
    first: int  # team pairing numbers
    second: int
    boards: list[tuple[Fraction, Fraction]]
    forfeited: bool  # the whole match, lost by `first`


def rating(team: int, board: int) -> int:
    """Each roster is weaker than the one before it, and weaker down its boards."""
    return 2500 - 30 * team - 15 * board


def create_event(page: Page, base: str) -> Tournament:
    """Through the arbiter's pages: the event on the new-tournament form, then its 12 rosters of
    five (four boards and a reserve) by the CSV import with its preview, weakest team first in
    the file, then the teams re-seeded by rating, so Team 01 is team 1 again."""
    page.goto(f"{base}/arbiter/new/?kind=team")
    for field, value in (
        *(("name", "Team Swiss"), ("slug", "team-swiss"), ("start_date", "2026-06-01")),
        *(("end_date", "2026-06-05"), ("total_rounds", str(ROUNDS)), ("boards", str(BOARDS))),
        ("reserves", "1"),
    ):
        page.fill(f"#id_{field}", value)
    page.select_option("#id_initial_colour", "w")
    page.check("#id_public")
    page.click("button:has-text('Save')")
    expect(page.locator("h1")).to_contain_text("Team Swiss")
    rows = [
        f"Team {t:02d},Player {t:02d}-{board},{rating(t, board)}"
        for t in range(TEAMS, 0, -1)
        for board in range(1, BOARDS + 2)
    ]
    page.goto(f"{base}/arbiter/team-swiss/teams/import/")
    csv = "\n".join(["team,name,fide_rating", *rows]).encode()
    page.set_input_files("input[name=file]", {"name": "teams.csv", "mimeType": "text/csv", "buffer": csv})
    page.click("button[name=preview]")
    expect(page.locator("table.preview tbody tr.good")).to_have_count(TEAMS * (BOARDS + 1))
    page.click("button[name=do-import]")
    expect(page.locator(".messages")).to_contain_text(
        f"{TEAMS} teams with {TEAMS * (BOARDS + 1)} players imported"
    )
    expect(page.locator("#team-1 h2")).to_contain_text("Team 12")
    page.click("#reseed button")
    expect(page.locator(".messages")).to_contain_text("Teams numbered by the average rating")
    expect(page.locator("#team-1 h2")).to_contain_text("Team 01")
    event = Tournament.objects.get(slug="team-swiss")
    assert list(event.teams.order_by("pairing_number").values_list("name", flat=True)) == [
        f"Team {t:02d}" for t in range(1, TEAMS + 1)
    ]
    return event


def result(rnd: int, match: int, board: int, white: Entrant, black: Entrant) -> str:
    """The board's result: mostly the higher rating wins, with draws and upsets sprinkled in."""
    if (rnd + board + match) % 4 == 0:
        return "1/2"
    upset = (7 * rnd + 3 * board + match) % 5 == 0
    stronger = (white.rating or 0) > (black.rating or 0)
    return "1-0" if stronger != upset else "0-1"


def pair_and_publish(page: Page, base: str, number: int) -> None:
    """Through the arbiter's pages: pair, review the matches, publish (confirming any finding)."""
    page.goto(f"{base}/arbiter/team-swiss/")
    page.click(f"button:has-text('Pair round {number}')")
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    expect(page.locator("[id^=match-][id$=-board-1]")).to_have_count(TEAMS // 2)
    if page.locator("input[name=confirm]").count():
        page.check("input[name=confirm]")
    page.click("button[name=publish]")
    expect(page.locator(".messages")).to_contain_text(f"Round {number} is published")


def lineup_round(page: Page, base: str, number: int, *, hand_in: bool) -> None:
    """The lineup round after the team pairing is published, on the lineups page: every team
    "missing"; with `hand_in`, Team 01 puts its reserve on board 4 and Team 02 hands in its
    default, both in the one form and one save; then the arbiter closes and releases them."""
    page.goto(f"{base}/arbiter/team-swiss/rounds/{number}/lineups/")
    expect(page.locator("#lineups-form fieldset.lineup")).to_have_count(TEAMS)
    expect(page.locator("#lineup-3 .lineup-status")).to_have_text("missing")
    if hand_in:
        page.select_option("#lineup-1 select[name$=board_4]", label="Player 01-5")
        page.check("#lineup-2 input[name$=handed_in]")
        page.click("#lineups-form button[name=save]")
        expect(page.locator(".messages")).to_contain_text(f"Lineups of round {number} saved")
        expect(page.locator("#lineup-1 .lineup-status")).to_have_text("entered")
        expect(page.locator("#lineup-2 .lineup-status")).to_have_text("entered")
        expect(page.locator("#lineup-3 .lineup-status")).to_have_text("missing")
    page.click("button[name=release]")
    expect(page.locator(".messages")).to_contain_text(f"Lineups of round {number} released")
    expect(page.locator("#lineup-3 .lineup-status")).to_have_text("default from the roster")


def forfeit_match(page: Page, base: str, number: int, match: int) -> None:
    """The results page's whole-match forfeit: the team with White on board 1 did not come."""
    page.goto(f"{base}/arbiter/team-swiss/rounds/{number}/results/")
    page.select_option("#forfeit-form select[name=match]", str(match))
    page.select_option("#forfeit-form select[name=forfeit]", Match.Forfeit.WHITE_FORFEITS.value)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#forfeit-form button[name=record]")
    expect(page.locator(".messages")).to_contain_text(f"Match {match}")


def enter_results(page: Page, base: str, event: Tournament, number: int) -> list[Played]:
    """Every board's result through the results page; the raw results, as this test decided them."""
    rnd = event.rounds.get(number=number)
    page.goto(f"{base}/arbiter/team-swiss/rounds/{number}/results/")
    played = []
    for match in rnd.matches.order_by("number").select_related("white", "black"):
        forfeited = match.forfeit == Match.Forfeit.WHITE_FORFEITS
        boards = []
        for board in match.games():
            seats = {s.colour: s.entrant for s in board.seats.all()}
            white, black = seats[Seat.Colour.WHITE], seats[Seat.Colour.BLACK]
            first_is_white = white.team_id == match.white_id
            if forfeited:
                code = "-+" if first_is_white else "+-"
            elif number == 2 and match.number == 1 and board.match_board == BOARDS:
                code = "-+"  # the forfeited board: White did not come
            else:
                code = result(number, match.number, board.match_board or 0, white, black)
            page.select_option(f"#result-{board.number} select", code)
            white_points, black_points = POINTS[code]
            boards.append((white_points, black_points) if first_is_white else (black_points, white_points))
        assert match.white.pairing_number and match.black and match.black.pairing_number
        played.append(
            Played(number, match.white.pairing_number, match.black.pairing_number, boards, forfeited)
        )
    page.click("button[name=save]")
    expect(page.locator("h1")).to_contain_text("Complete")
    return played


def expected_standings(played: list[Played]) -> list[tuple[str, str, Fraction, Fraction, Fraction, Fraction]]:
    """(place, team, MP, GP, EMGSB-C1, BH:MP-C1) computed here from the raw results alone.

    C.04.6 1.3: more game points win the match (2-1-0); a forfeited match is won by the team
    present. C.07 13.2.2 EMGSB, Buchholz on MP; Art. 16 (2026): a forfeited match is unplayed,
    against a dummy worth min(own MP, the opponent's MP); a forfeit loss is cut first (16.5).
    """
    rounds: dict[int, list[tuple[int, Fraction, Fraction, str]]] = defaultdict(list)
    for m in played:
        a = sum((p for p, _ in m.boards), Fraction(0))
        b = sum((q for _, q in m.boards), Fraction(0))
        if m.forfeited:
            rounds[m.first].append((m.second, Fraction(0), a, "forfeit loss"))
            rounds[m.second].append((m.first, Fraction(2), b, "forfeit win"))
            continue
        mp_a = Fraction(2 if a > b else 1 if a == b else 0)
        rounds[m.first].append((m.second, mp_a, a, "played"))
        rounds[m.second].append((m.first, 2 - mp_a, b, "played"))
    mp = {t: sum((r[1] for r in rounds[t]), Fraction(0)) for t in rounds}
    gp = {t: sum((r[2] for r in rounds[t]), Fraction(0)) for t in rounds}

    def cut_one(team: int, sonneborn: bool) -> Fraction:
        values = []
        for opponent, _, points, kind in rounds[team]:
            basis = mp[opponent] if kind == "played" else min(mp[team], mp[opponent])
            values.append((basis, basis * points if sonneborn else basis, kind == "forfeit loss"))
        lowest = min(values, key=lambda v: (v[0], v[1]))
        voluntary = [v for v in values if v[2]]
        if voluntary:
            first = min(voluntary, key=lambda v: (v[1], v[0]))
            if not sonneborn or first[1] >= lowest[1]:
                lowest = first
        values.remove(lowest)
        return sum((v[1] for v in values), Fraction(0))

    key = {t: (mp[t], cut_one(t, True), gp[t], cut_one(t, False)) for t in rounds}
    order = sorted(rounds, key=lambda t: (tuple(-v for v in key[t]), t))
    rows = []
    for index, team in enumerate(order):
        tied = [i for i, other in enumerate(order) if key[other] == key[team]]
        place = f"{tied[0] + 1}-{tied[-1] + 1}" if len(tied) > 1 else str(index + 1)
        points, sonneborn, games, buchholz = key[team]
        rows.append((place, f"Team {team:02d}", points, games, sonneborn, buchholz))
    return rows


def number(text: str) -> Fraction:
    return Fraction(text.strip())


@pytest.mark.django_db(transaction=True)
def test_a_team_event_run_by_the_arbiter_gives_the_standings_computed_from_its_results_on_a_phone(
    live_server: Any, page: Page, browser: Any, arbiter: Any
) -> None:
    cache.clear()
    base = live_server.url
    page.set_default_timeout(20000)
    sign_in(page, base)
    event = create_event(page, base)
    played: list[Played] = []
    phone = browser.new_context(**PHONE, java_script_enabled=False)
    player = phone.new_page()
    for n in range(1, ROUNDS + 1):
        pair_and_publish(page, base, n)
        if n == 3:
            # The team pairing is public at once; the lineups only once released.
            player.goto(f"{base}/t/team-swiss/round/{n}/")
            expect(player.locator("#match-1")).to_contain_text("not released yet")
            expect(player.locator("#match-1 table.games")).to_have_count(0)
        lineup_round(page, base, n, hand_in=n == 3)
        if n == ROUNDS:
            forfeit_match(page, base, n, 3)
        played += enter_results(page, base, event, n)
    reserve = Entrant.objects.get(tournament=event, name="Player 01-5")
    seat = reserve.seats.select_related("board__match").get(round__number=3, board_number__isnull=False)
    assert seat.board is not None and seat.board.match is not None
    reserve_board = f"{seat.board.match.number}.{seat.board.match_board}"
    assert seat.board.match_board == BOARDS

    player.goto(f"{base}/t/team-swiss/standings/")
    expect(player.locator("h1")).to_have_text(f"Team standings after round {ROUNDS}")
    heads = [h.strip() for h in player.locator("table.standings thead th").all_inner_texts()]
    assert heads == ["Rk", "Team", "MP", "GP", "EMGSB-C1", "BH:MP-C1"]
    shown = []
    for row in player.locator("table.standings tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        shown.append((cells[0].strip(), cells[1].strip(), *(number(c) for c in cells[2:6])))
    assert shown == expected_standings(played)
    # The table fits the phone: nothing to scroll sideways.
    assert player.locator("table.standings").evaluate("t => t.scrollWidth <= t.clientWidth + 1")
    assert player.evaluate("document.documentElement.scrollWidth") <= 390
    # The round's matches, a team's page and the board statistics read on the phone as well.
    player.goto(f"{base}/t/team-swiss/round/{ROUNDS}/")
    expect(player.locator("section.match")).to_have_count(TEAMS // 2)
    expect(player.locator("#match-3")).to_contain_text("forfeited")
    for name in player.locator("#match-1 table.games a").all():
        box = name.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    team = event.teams.get(pairing_number=1)
    for address in (f"round/{ROUNDS}/", f"teams/{team.pk}/", "boards/", "crosstable/"):
        player.goto(f"{base}/t/team-swiss/{address}")
        assert player.evaluate("document.documentElement.scrollWidth") <= 390, address
    player.goto(f"{base}/t/team-swiss/teams/{team.pk}/")
    expect(player.locator("#round-3")).to_contain_text("Player 01-5")  # the reserve's round
    # Boards as team events number them, match.board, on the phone pages.
    expect(player.locator("#round-3 td.bd").last).to_have_text(reserve_board)
    player.goto(f"{base}/t/team-swiss/round/{ROUNDS}/")
    expect(player.locator("#match-2 td.bd").first).to_have_text("2.1")
    player.goto(f"{base}/t/team-swiss/round/3/")
    expect(player.locator(f"#match-{seat.board.match.number}")).to_contain_text("Player 01-5")
    expect(player.locator("p.lineup-default").first).to_contain_text("the default (roster order) plays")
    player.goto(f"{base}/t/team-swiss/players/{reserve.pk}/")
    expect(player.locator("#round-3 td").nth(1)).to_have_text(reserve_board)
    for address in ("round/3/", f"teams/{team.pk}/", f"players/{reserve.pk}/"):
        player.goto(f"{base}/t/team-swiss/{address}")
        assert player.evaluate("document.documentElement.scrollWidth") <= 390, address
        player.screenshot(path=f"/tmp/h25/phone-{address.strip('/').replace('/', '-')}.png", full_page=True)
    phone.close()
