"""The ranking that hands direct encounter only the groups it can decide equals tiebreak-core's own."""

from __future__ import annotations

import random

import pytest
from tiebreak_core import rank_standings_strict

from swiss.generate import generate, pair_in_number_order
from swiss.model import Code, Colour, Player, RoundResult, Scoring
from tournaments.bridge.tiebreaks import CRITERIA, TERMINAL, _player_data, standings

MIRROR = {Code.WIN: Code.LOSS, Code.LOSS: Code.WIN, Code.DRAW: Code.DRAW}
LISTS = [
    ["BH-C1", "BH", "SB", "DE", "WIN"],
    ["DE", "BH"],
    ["SB", "DE"],
    ["WIN", "DE", "TPN"],
    ["RTNG", "DE", "BH"],
    ["DE"],
]


def library_places(players: list[Player], rounds: int, codes: list[str], ruleset: str) -> list[tuple]:
    """Pairing numbers in order with their places, from two whole-field rankings by the library."""
    ratings = {p.number: p.rating for p in players}
    data = {p.number: _player_data(p, Scoring(), rounds, ratings) for p in players}
    options: dict[str, object] = {"total_rounds": rounds, "ruleset": ruleset}
    if ruleset == "fide-2026":
        options |= {"pairing_numbers": {n: n for n in data}, "draw_points": 0.5}
    criteria = [TERMINAL.get(c) or CRITERIA[c] for c in codes]
    order, reverse = (
        [r.player_id for r in rank_standings_strict(data, criteria, deterministic_keys=k, **options).players]
        for k in ({n: n for n in data}, {n: -n for n in data})
    )
    result, first = [], 0
    for index in range(len(order)):
        if set(order[first : index + 1]) == set(reverse[first : index + 1]):
            place = str(first + 1) if index == first else f"{first + 1}-{index + 1}"
            result.extend((number, place) for number in order[first : index + 1])
            first = index + 1
    return result


def round_robin(seed: int, size: int, played: int) -> list[Player]:
    """The first `played` rounds of an all-play-all (circle method; the odd one out has the bye)."""
    rng = random.Random(seed)
    seats = list(range(1, size + 1)) + ([0] if size % 2 else [])
    history: dict[int, list[RoundResult]] = {n: [] for n in range(1, size + 1)}
    for _ in range(played):
        for white, black in zip(seats[: len(seats) // 2], reversed(seats[len(seats) // 2 :]), strict=True):
            if 0 in (white, black):
                history[white or black].append(RoundResult(None, None, Code.PAB))
                continue
            code = rng.choice([Code.WIN, Code.DRAW, Code.LOSS, Code.WIN])
            history[white].append(RoundResult(black, Colour.WHITE, code))
            history[black].append(RoundResult(white, Colour.BLACK, MIRROR[code]))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return [Player(n, "", 2000 - n, tuple(h)) for n, h in history.items()]


def fields() -> list[tuple[list[Player], int]]:
    """Swiss events, all-play-alls (where DE decides most) and round 2 of a larger field."""
    cases = []
    for seed in range(12):
        played = 1 + seed % 7
        rates = {"draw_rate": 0.4, "forfeit_rate": 0.05, "bye_rate": 0.05, "absence_rate": 0.03}
        state = generate(seed, 8 + 3 * seed, 9, played=played, **rates)
        cases.append((list(state.players), played))
    for seed in range(24):
        size = 4 + seed % 6
        played = 2 + seed % size
        cases.append((round_robin(seed, size, played), played))
    wide = generate(99, 300, 9, played=2, pair=pair_in_number_order, draw_rate=0.2)
    cases.append((list(wide.players), 2))
    return cases


@pytest.mark.parametrize("ruleset", ["fide-2024", "fide-2026"])
def test_the_standings_order_and_shared_places_equal_the_librarys_whole_field_ranking(ruleset):
    compared = 0
    for players, played in fields():
        for codes in LISTS:
            if ("TPN" in codes or "RTNG" in codes) and ruleset != "fide-2026":
                continue
            rows = standings(players, Scoring(), played, codes, ruleset)
            assert [(r.number, r.place) for r in rows] == library_places(players, played, codes, ruleset)
            compared += 1
    assert compared > 50


def test_the_compared_fields_have_ties_that_direct_encounter_breaks():
    """The comparison above would prove little if DE decided nothing in these fields."""
    broken = 0
    for players, played in fields():
        with_de = standings(players, Scoring(), played, ["DE"], "fide-2026")
        without = standings(players, Scoring(), played, [], "fide-2026")
        broken += sum(a.place != b.place for a, b in zip(with_de, without, strict=True))
    assert broken > 20
