"""Names sorted as people read them, and withdrawn players marked on every list."""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache

from pairing import publishing
from tournaments.models import Round, Seat
from tournaments.names import ROOT, sort_key

# Each special letter among its base letter, accents after the plain letter, as the Unicode
# root collation orders them (code points put Ç, Ł, Ö, Ø and É after Z).
READ_ORDER = [
    "Celik, Ali",
    "Çelik, Ayşe",
    "Dahl, Erik",
    "Eder, Hans",
    "Émile, Zoé",
    "Ertl, Max",
    "Łukasz, Piotr",
    "Lund, Ola",
    "Moss, Kim",
    "Ødegård, Martin",
    "Olsen, Jan",
    "Ozols, Juris",
    "Öztürk, Can",
    "Zeller, Urs",
]


# Ukrainian names: Є after Е and І after И, as the alphabet has them. Code points put both
# before А; the hand-written key this collation replaced put them after Я.
CYRILLIC_ORDER = ["Антоненко, Олег", "Єфименко, Захар", "Іванчук, Василь", "Яковенко, Дмитро"]


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()


def test_the_sort_key_puts_accented_and_special_letters_where_readers_look_for_them():
    shuffled = random.Random(24).sample(READ_ORDER, len(READ_ORDER))
    assert sorted(shuffled, key=sort_key) == READ_ORDER
    # What the order of code points (a plain ORDER BY on many databases) does instead.
    assert sorted(READ_ORDER)[-5:] == [
        "Çelik, Ayşe",
        "Émile, Zoé",
        "Öztürk, Can",
        "Ødegård, Martin",
        "Łukasz, Piotr",
    ]


def test_letters_outside_the_basic_latin_block_sort_in_their_alphabet():
    shuffled = random.Random(7).sample(CYRILLIC_ORDER, len(CYRILLIC_ORDER))
    assert sorted(shuffled, key=sort_key) == CYRILLIC_ORDER
    assert sorted(CYRILLIC_ORDER)[:2] == ["Єфименко, Захар", "Іванчук, Василь"]
    # Latin before Cyrillic; an acute before a grave (José, Josè), which code points reverse.
    assert sorted(["Josè", "Яковенко", "José", "Jose"], key=sort_key) == ["Jose", "José", "Josè", "Яковенко"]


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        # German reads Ö as O and Swedish as a letter after Z; Danish puts Ø there too.
        ("de", ["Ødegård", "Olsen", "Öztürk", "Zeller"]),
        ("sv", ["Olsen", "Zeller", "Ødegård", "Öztürk"]),
        ("da", ["Olsen", "Zeller", "Ødegård", "Öztürk"]),
        (ROOT, ["Ødegård", "Olsen", "Öztürk", "Zeller"]),
    ],
)
def test_each_language_puts_its_own_letters_where_its_readers_look(locale, expected):
    assert sorted(["Zeller", "Öztürk", "Olsen", "Ødegård"], key=lambda n: sort_key(n, locale)) == expected


def test_spanish_reads_n_with_tilde_as_a_letter_of_its_own():
    names = ["Peña", "Penas", "Perez"]
    assert sorted(names, key=sort_key) == ["Peña", "Penas", "Perez"]
    assert sorted(names, key=lambda n: sort_key(n, "es")) == ["Penas", "Peña", "Perez"]


def test_the_players_page_lists_names_in_reading_order(client, tournament, make_entrant):
    for name in reversed(READ_ORDER + CYRILLIC_ORDER):
        make_entrant(name=name)
    html = client.get(f"/t/{tournament.slug}/players/").content.decode()
    positions = [html.index(f"<bdi>{name}</bdi>") for name in READ_ORDER + CYRILLIC_ORDER]
    assert positions == sorted(positions)


def test_the_round_by_name_lists_names_in_reading_order(client, demo):
    names = ["Öztürk, Can", "Łukasz, Piotr", "Çelik, Ayşe", "Ødegård, Martin", "Émile, Zoé"]
    for entrant, name in zip(demo.entrants.order_by("pairing_number")[:5], names, strict=True):
        entrant.name = name
        entrant.save()
    html = client.get("/t/demo-open/round/1/by-name/").content.decode()
    listed = sorted(demo.entrants.values_list("name", flat=True), key=sort_key)
    positions = [html.index(f"<tr><td><bdi>{name}</bdi>") for name in listed]
    assert positions == sorted(positions)


def test_a_withdrawn_player_is_marked_on_every_list_once_the_round_is_published(client, demo):
    # The demo's withdrawal is from round 5, still a draft: nothing shows yet.
    seat = Seat.objects.get(round__tournament=demo, round__number=5, absence=Seat.Absence.WITHDRAWN)
    gone = seat.entrant
    assert seat.round.state == Round.State.DRAFT
    lists = ["players/", "standings/", "crosstable/", "prizes/", f"players/{gone.pk}/", "round/5/by-name/"]
    assert 'class="withdrawn"' not in client.get(f"/t/demo-open/{lists[0]}").content.decode()
    assert publishing.publish_round(seat.round, demo.chief_arbiter, confirmed=True)
    for url in lists:
        html = client.get(f"/t/demo-open/{url}").content.decode()
        assert re.search(rf'<bdi>{re.escape(gone.name)}</bdi>(</a>)? <span class="withdrawn">', html), url
    for url in ("players/", "standings/", "crosstable/"):
        assert client.get(f"/t/demo-open/{url}").content.decode().count('class="withdrawn"') == 1, url
