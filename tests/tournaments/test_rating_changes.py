"""FIDE rating changes on the player card and in the standings, checked against a computation of
this test's own: table 8.1.2 typed out again below as the rules print it, K and the 400-point rule
from the rules' words, over a 9-round all-play-all of ten players stored in the database."""

from __future__ import annotations

import datetime
import random
import re
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core.cache import cache

from tournaments.models import Board, Entrant, Tournament

# Table 8.1.2 as printed: "|D| range: H" (the higher-rated player's expected score).
TABLE = """0-3 .50 4-10 .51 11-17 .52 18-25 .53 26-32 .54 33-39 .55 40-46 .56 47-53 .57 54-61 .58
62-68 .59 69-76 .60 77-83 .61 84-91 .62 92-98 .63 99-106 .64 107-113 .65 114-121 .66 122-129 .67
130-137 .68 138-145 .69 146-153 .70 154-162 .71 163-170 .72 171-179 .73 180-188 .74 189-197 .75
198-206 .76 207-215 .77 216-225 .78 226-235 .79 236-245 .80 246-256 .81 257-267 .82 268-278 .83
279-290 .84 291-302 .85 303-315 .86 316-328 .87 329-344 .88 345-357 .89 358-374 .90 375-391 .91
392-411 .92 412-432 .93 433-456 .94 457-484 .95 485-517 .96 518-559 .97 560-619 .98 620-735 .99"""
ROWS = [(int(low), int(high), Decimal(h)) for low, high, h in re.findall(r"(\d+)-(\d+) (\.\d\d)", TABLE)]


def pd(own: int, opponent: int) -> Decimal:
    """The expected score of `own` against `opponent`, from the table; the 400-point rule of
    Oct 2025: players below 2650 count a difference over 400 as 400."""
    d = own - opponent
    if own < 2650:
        d = max(-400, min(400, d))
    high = next((h for low, top, h in ROWS if low <= abs(d) <= top), Decimal("1.00"))
    return high if d >= 0 else 1 - high


# (name, FIDE rating, birth date, the list's K): a 2650+ player, two juniors (one 18 on the first
# day, still K 40 to the end of that year), a former 2400 with K 10,
# one unrated player, a 1500 who meets players 400 and more above.
FIELD = [
    ("Alpha, Anna", 2700, None, None),
    ("Bravo, Ben", 2480, None, None),
    ("Charlie, Cem", 2390, None, 10),
    ("Delta, Dora", 2250, None, None),
    ("Echo, Emil", 2105, datetime.date(2008, 1, 10), None),
    ("Foxtrot, Fay", 1990, datetime.date(2011, 5, 1), None),
    ("Golf, Gus", 1850, None, None),
    ("Hotel, Hana", 1700, None, None),
    ("India, Ivo", 1500, None, None),
    ("Juliet, Jan", None, None, None),
]


def k_of(rating: int, born: datetime.date | None, listed: int | None, start: datetime.date) -> int:
    if listed:
        return listed
    # "Until the end of the year of their 18th birthday" (8.3.3, 2024).
    if born is not None and start.year <= born.year + 18 and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


def berger(n: int) -> list[list[tuple[int, int]]]:
    """All-play-all rounds by the circle method: index pairs (white, black)."""
    order = list(range(n))
    rounds = []
    for r in range(n - 1):
        pairs = [(order[i], order[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(b, a) if r % 2 else (a, b) for a, b in pairs])
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


@pytest.fixture
def event(db, arbiter):
    tournament = Tournament.objects.create(
        name="Rated Open",
        slug="rated-open",
        start_date=datetime.date(2026, 3, 14),
        end_date=datetime.date(2026, 3, 22),
        total_rounds=9,
        chief_arbiter=arbiter,
        public=True,
    )
    entrants = [
        Entrant.objects.create(
            tournament=tournament, name=name, fide_rating=rating, birth_date=born, fide_k=k, pairing_number=n
        )
        for n, (name, rating, born, k) in enumerate(FIELD, start=1)
    ]
    lot = random.Random(24)
    played: dict[int, list[tuple[int, int, Decimal]]] = {e.pk: [] for e in entrants}
    for number, pairs in enumerate(berger(len(entrants)), start=1):
        rnd = tournament.rounds.get(number=number)
        rnd.store_draft([(entrants[w], entrants[b]) for w, b in pairs])
        rnd.publish(arbiter)
        for board in rnd.boards_with_seats():
            # One forfeit (round 5, board 1): not a game, so no rating change for either player.
            result = "+-" if (number, board.number) == (5, 1) else lot.choice(["1-0", "1/2", "0-1"])
            Board.objects.filter(pk=board.pk).update(result=result)
            if result == "+-":
                continue
            white, black = board.white, board.black
            score = {"1-0": Decimal(1), "1/2": Decimal("0.5"), "0-1": Decimal(0)}[result]
            played[white.pk].append((number, black.pk, score))
            played[black.pk].append((number, white.pk, 1 - score))
        rnd.follow_results(arbiter)  # complete, as entering the results on the results page makes it
    cache.clear()
    return tournament, entrants, played


def tenth(value: Decimal) -> str:
    q = value.quantize(Decimal("0.1"), ROUND_HALF_UP)
    return f"+{q}" if q > 0 else str(q).replace("-0.0", "0.0")


def test_card_and_standings_show_each_game_and_the_event_as_the_rules_compute_them(client, event):
    tournament, entrants, played = event
    by_pk = {e.pk: e for e in entrants}
    standings = client.get("/t/rated-open/standings/").content.decode()
    checked = 0
    for entrant in entrants:
        card = client.get(f"/t/rated-open/players/{entrant.pk}/").content.decode()
        if entrant.fide_rating is None:
            assert "rtg-change" not in card  # an unrated player has no change; 5+ rated games: a first rating
            assert "First FIDE rating estimate" in card
            continue
        k = k_of(entrant.fide_rating, entrant.birth_date, entrant.fide_k, tournament.start_date)
        total = Decimal(0)
        for number, opponent_pk, score in played[entrant.pk]:
            opponent = by_pk[opponent_pk]
            row = card.split(f'<tr id="round-{number}">')[1].split("</tr>")[0]
            cell = row.split('<td class="num rtg-change">')[1].split("</td>")[0]
            if opponent.fide_rating is None:
                assert cell == ""  # not rated (8.3.1)
                continue
            change = k * (score - pd(entrant.fide_rating, opponent.fide_rating))
            total += change
            assert cell == tenth(change), (entrant.name, number)
            checked += 1
        assert f"FIDE rating change {tenth(total)} (K = {k}" in card
        row = standings.split(f'<tr id="player-{entrant.pairing_number}">')[1].split("</tr>")[0]
        assert f'<td class="num rtg-change">{tenth(total)}</td>' in row
        if any(by_pk[o].fide_rating is None for _, o, _ in played[entrant.pk]):
            assert "Games against unrated opponents are not rated (FIDE rating regulations 8.3.1)." in card
    assert checked == 9 * 8 - 2  # nine rated players, eight rated opponents each, one forfeit


def test_the_forfeit_and_the_2650_rule_are_visible_in_the_numbers(client, event):
    tournament, entrants, played = event
    alpha = entrants[0]
    card = client.get(f"/t/rated-open/players/{alpha.pk}/").content.decode()
    # Alpha (2700) against India (1500): D = 1200 is used in full (.100): a win gains nothing.
    game = next((n, s) for n, o, s in played[alpha.pk] if o == entrants[8].pk)
    row = card.split(f'<tr id="round-{game[0]}">')[1].split("</tr>")[0]
    assert tenth(10 * (game[1] - 1)) in row
    # Round 5, board 1 was a forfeit: no change for either player.
    rnd = tournament.rounds.get(number=5)
    board = rnd.boards_with_seats()[0]
    for player in (board.white, board.black):
        card = client.get(f"/t/rated-open/players/{player.pk}/").content.decode()
        row = card.split('<tr id="round-5">')[1].split("</tr>")[0]
        assert '<td class="num rtg-change"></td>' in row


def test_us_chess_events_show_no_fide_change_and_the_us_estimate_only_when_asked(client, event):
    tournament, entrants, _ = event
    Tournament.objects.filter(pk=tournament.pk).update(pairing_system="us-chess")
    Entrant.objects.filter(tournament=tournament).update(us_chess_rating=1600)
    Entrant.objects.filter(pk=entrants[9].pk).update(us_chess_rating=None)
    cache.clear()
    card = client.get(f"/t/rated-open/players/{entrants[9].pk}/").content.decode()
    assert "rtg-change" not in card and "estimate" not in card
    Tournament.objects.filter(pk=tournament.pk).update(us_rating_estimate=True)
    cache.clear()
    card = client.get(f"/t/rated-open/players/{entrants[9].pk}/").content.decode()
    assert "US Chess rating estimate" in card and "Glickman" in card
    rated = client.get(f"/t/rated-open/players/{entrants[0].pk}/").content.decode()
    assert "rtg-change" not in rated and "estimate" not in rated  # the standard formula is unconfirmed
