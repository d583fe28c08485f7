"""Prize money: who wins how much when players tie, under each of the tournament's sharing rules.

Every case has two prizes, 1000 for 1st and 500 for 2nd (so 1500 between the tied players who
cover both places):

Two players tied on points for 1st-2nd (A ahead of B on tie-breaks):
- shared equally: (1000 + 500) / 2 = 750 each;
- Hort: half of 1500 shared, 750 / 2 = 375 each, plus the other half place by place in tie-break
  order, 1000 / 2 = 500 to A and 500 / 2 = 250 to B: A 875, B 625;
- tie-breaks decide: A 1000, B 500.

Three players tied on points for 1st-3rd (A, B, C in tie-break order), covering 1000 + 500 + 0:
- shared equally: 1500 / 3 = 500 each;
- Hort: 750 / 3 = 250 each, plus 500, 250, 0: A 750, B 500, C 250;
- tie-breaks decide: A 1000, B 500, C nothing.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.models import AuditRecord, Entrant, Tournament
from tournaments.prizes import money_lists
from tournaments.standings import Row, Table

TWO_PRIZES = [{"category": "", "place": 1, "amount": "1000"}, {"category": "", "place": 2, "amount": "500"}]


def table(*players: tuple[str, int, int, dict]) -> Table:
    """Rows from (name, points, rank, entrant fields), in the order given (the standings order)."""
    rows = [
        Row(rank, Entrant(pk=n, name=name, pairing_number=n, **fields), Fraction(points), [], position=n)
        for n, (name, points, rank, fields) in enumerate(players, start=1)
    ]
    return Table(1, [], "fide-2026", rows, [], {})


def event(sharing: str, money=TWO_PRIZES, **fields) -> Tournament:
    return Tournament(
        name="Open",
        start_date=datetime.date(2026, 4, 1),
        end_date=datetime.date(2026, 4, 5),
        total_rounds=5,
        prize_money=money,
        prize_sharing=sharing,
        **fields,
    )


def paid(lists, code: str = "") -> dict[str, tuple[str, Decimal]]:
    found = next(m for m in lists if m.category == code)
    return {a.row.entrant.name: (a.places, a.amount) for a in found.awards}


TWO_TIED = table(("A", 7, 1, {}), ("B", 7, 2, {}), ("C", 6, 3, {}))
THREE_TIED = table(("A", 7, 1, {}), ("B", 7, 2, {}), ("C", 7, 3, {}), ("D", 6, 4, {}))


@pytest.mark.parametrize(
    ("sharing", "two", "three"),
    [
        ("shared", {"A": 750, "B": 750}, {"A": 500, "B": 500, "C": 500}),
        ("hort", {"A": 875, "B": 625}, {"A": 750, "B": 500, "C": 250}),
        ("tiebreaks", {"A": 1000, "B": 500}, {"A": 1000, "B": 500}),
    ],
)
def test_two_and_three_players_tied_over_two_prizes(sharing, two, three):
    got_two = paid(money_lists(TWO_TIED, event(sharing)))
    assert {name: amount for name, (_, amount) in got_two.items()} == two
    got_three = paid(money_lists(THREE_TIED, event(sharing)))
    assert {name: amount for name, (_, amount) in got_three.items()} == three
    if sharing != "tiebreaks":
        assert {places for places, _ in got_three.values()} == {"1-3"}
    assert sum(got_three[n][1] for n in got_three) == 1500


def test_with_tie_breaks_deciding_players_tied_after_every_tie_break_share():
    tied = table(("A", 7, 1, {}), ("B", 7, 1, {}), ("C", 6, 3, {}))
    assert paid(money_lists(tied, event("tiebreaks"))) == {"A": ("1-2", 750), "B": ("1-2", 750)}


def test_hort_pools_the_tie_break_halves_of_players_still_tied():
    """A and B tied after every tie-break, C behind them on tie-breaks, all on 7 points: 250 each
    of the shared half; A and B pool the halves of 1st and 2nd, (500 + 250) / 2 = 375; C gets none."""
    tied = table(("A", 7, 1, {}), ("B", 7, 1, {}), ("C", 7, 3, {}))
    got = paid(money_lists(tied, event("hort")))
    assert got == {"A": ("1-3", 625), "B": ("1-3", 625), "C": ("1-3", 250)}


def test_a_tie_reaching_past_the_last_prize_shares_what_it_covers():
    money = [*TWO_PRIZES, {"category": "", "place": 3, "amount": "250"}]
    tied = table(("A", 8, 1, {}), ("B", 7, 2, {}), ("C", 7, 3, {}), ("D", 7, 4, {}))
    got = paid(money_lists(tied, event("shared", money)))
    assert got == {"A": ("1", 1000), "B": ("2-4", 250), "C": ("2-4", 250), "D": ("2-4", 250)}


def test_shares_are_rounded_down_to_the_cent():
    money = [{"category": "", "place": 1, "amount": "100"}]
    tied = table(("A", 7, 1, {}), ("B", 7, 2, {}), ("C", 7, 3, {}))
    assert {a for _, a in paid(money_lists(tied, event("shared", money))).values()} == {Decimal("33.33")}


def test_one_prize_per_player_unless_the_rules_say_otherwise():
    money = [*TWO_PRIZES, {"category": "U1800", "place": 1, "amount": "200"}]
    field = table(
        ("A", 8, 1, {"fide_rating": 1700}),
        ("B", 7, 2, {"fide_rating": 2100}),
        ("C", 6, 3, {"fide_rating": 1750}),
    )
    one = money_lists(field, event("shared", money, prize_categories=["U1800"], one_prize_per_player=True))
    assert paid(one, "U1800") == {"C": ("1", 200)}  # A already has the 1st prize
    both = money_lists(field, event("shared", money, prize_categories=["U1800"], one_prize_per_player=False))
    assert paid(both, "U1800") == {"A": ("1", 200)}


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


def test_the_arbiter_enters_the_prize_money_and_bad_lines_are_named(arbiter_client, tournament):
    tournament.prize_categories = ["U1800"]
    tournament.save()
    url = f"/arbiter/{tournament.slug}/prize-money/"
    bad = {"prizes": "1 1000\nX9 1 50\n2 lots\n1 20", "prize_sharing": "hort", "prize_currency": "EUR"}
    page = arbiter_client.post(url, bad, follow=True).content.decode()
    assert "Line 2: X9 is not one of the prize categories: U1800." in page
    assert "Line 3: write the place and the amount" in page
    assert "Line 4: place 1 of the overall list is given twice." in page
    tournament.refresh_from_db()
    assert tournament.prize_money == [] and tournament.prize_sharing == "shared"
    good = {"prizes": "1 1000\n2 500\nu1800 1 62.50", "prize_sharing": "hort", "prize_currency": "EUR"}
    arbiter_client.post(url, {**good, "one_prize_per_player": "on"})
    tournament.refresh_from_db()
    assert tournament.prize_money == [
        {"category": "", "place": 1, "amount": "1000"},
        {"category": "", "place": 2, "amount": "500"},
        {"category": "U1800", "place": 1, "amount": "62.50"},
    ]
    assert tournament.prize_sharing == "hort" and tournament.one_prize_per_player
    record = AuditRecord.objects.filter(tournament=tournament, object_type="tournaments.tournament").first()
    assert record.after["prize_sharing"] == "hort" and record.before["prize_money"] == []
    form = arbiter_client.get(url).content.decode()
    assert "U1800 1 62.50" in form


def test_the_public_and_printable_prize_lists_show_the_money(client, demo):
    demo.prize_money = TWO_PRIZES
    demo.prize_currency = "EUR"
    demo.save()
    for path in ("/t/demo-open/prizes/", "/t/demo-open/prizes/print/"):
        page = client.get(path).content.decode()
        section = page.split('id="money-overall"')[1].split("</section>")[0]
        amounts = [Decimal(a) for a in re.findall(r'class="num amount">([\d.]+) EUR<', section)]
        # Whoever ties for the places, the two prizes are paid out in full (to the cent, down).
        assert Decimal(1499) < sum(amounts) <= 1500 and amounts
    assert "Printable prize list" in client.get("/t/demo-open/prizes/").content.decode()
    assert "Printable prize list" not in client.get("/t/demo-open/prizes/print/").content.decode()
