"""Title norms of a generated 9-round, 300-player open with titled players, timed.

    .venv/bin/python scripts/bench_norms.py [--players 300] [--runs 5]

The open has ratings 1700-2700 (titles by rating: GM from 2500, IM from 2400, FM from 2300,
women's titles for the women), 20 federations and a host, rounds paired score group by score
group (top half against bottom half, no rematch) and results drawn by the Elo expectation. It
prints the engine's computation for every player (after round 9, and after round 8 with what
the last round needs), then, on a database of its own (BENCH_DATABASE_URL, default
swiss_bench_norms on 127.0.0.1:5432, dropped and created again), the arbiter's norms page and the
round-9 draft review with its norm marks, through Django's test client. Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from bench_database import fresh_database, in_process_settings

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = in_process_settings("norms")
ENV = dict(os.environ)
sys.path.insert(0, str(ROOT))

FEDERATIONS = ("ESP", "GER", "FRA", "IND", "NED", "ENG", "USA", "ITA", "POL", "HUN")
FEDERATIONS += ("CZE", "SRB", "UKR", "ARM", "GEO", "SWE", "NOR", "SUI", "AUT", "ISR")


def title_of(rating: int, woman: bool, rng: random.Random) -> str:
    """A TRF-16 title code fitting the rating (not everyone above a threshold holds it)."""
    if rng.random() < 0.25:
        return ""
    for floor, open_title, women_title in ((2500, "g", "wg"), (2400, "m", "wm"), (2300, "f", "wf")):
        if rating >= floor:
            return women_title if woman and rng.random() < 0.5 else open_title
    return ""


def generated(players: int, rounds: int, seed: int = 9):  # type: ignore[no-untyped-def]
    from swiss.model import Code, Colour, Player, RoundResult, TournamentState

    rng = random.Random(seed)
    ratings = sorted((rng.randint(1700, 2700) for _ in range(players)), reverse=True)
    field = []
    for number, rating in enumerate(ratings, start=1):
        woman = rng.random() < 0.2
        fed = "ESP" if rng.random() < 0.3 else rng.choice(FEDERATIONS)
        field.append(
            Player(
                number,
                f"Player {number:03d}",
                rating,
                (),
                "w" if woman else "m",
                title_of(rating, woman, rng),
                fed,
            )
        )
    state = TournamentState(players=tuple(field), total_rounds=rounds)
    for _ in range(rounds):
        by_number = {p.number: p for p in state.players}
        score = {
            p.number: sum((state.scoring.points(r.code) for r in p.history), Fraction(0))
            for p in state.players
        }
        met = {p.number: {r.opponent for r in p.history} for p in state.players}
        order = sorted(by_number, key=lambda n: (-score[n], n))
        results: dict[int, RoundResult] = {}
        half = len(order) // 2
        waiting = list(order)
        while len(waiting) > 1:
            top = waiting.pop(0)
            pool = waiting[: max(1, half // 4)]
            other = next(
                (n for n in pool if n not in met[top]),
                next((n for n in waiting if n not in met[top]), waiting[0]),
            )
            waiting.remove(other)
            expected = 1 / (1 + 10 ** ((by_number[other].rating - by_number[top].rating) / 400))
            draw = rng.random() < 0.35
            roll = rng.random()
            mine, theirs = (
                (Code.DRAW, Code.DRAW)
                if draw
                else ((Code.WIN, Code.LOSS) if roll < expected else (Code.LOSS, Code.WIN))
            )
            results[top] = RoundResult(other, Colour.WHITE, mine)
            results[other] = RoundResult(top, Colour.BLACK, theirs)
        for left in waiting:
            results[left] = RoundResult(None, None, Code.PAB)
        state = replace(
            state, players=tuple(replace(p, history=(*p.history, results[p.number])) for p in state.players)
        )
    return state


def timed(label: str, runs: int, work) -> None:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        began = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - began)
    print(f"  {best:6.3f} s  {label}{result}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    from swiss.norms import NormEvent, tournament_norms
    from swiss.trf import write_trf

    state = generated(options.players, 9)
    before_last = replace(state, players=tuple(replace(p, history=p.history[:8]) for p in state.players))
    event = NormEvent(host_federation="ESP")
    titled = sum(1 for p in state.players if p.title)
    load = os.getloadavg()
    print(f"{options.players} players, 9 rounds, {titled} titled; load {load[0]:.1f} {load[1]:.1f}")
    print(f"engine, every player (best of {options.runs}):")

    def made() -> str:
        norms = tournament_norms(state, event)
        return f"  after round 9: {sum(len(p.achieved) for p in norms.players)} norms made"

    def reach() -> str:
        norms = tournament_norms(before_last, event)
        return f"  after round 8: {sum(1 for p in norms.players if p.in_reach)} players with a norm in reach"

    timed("", options.runs, made)
    timed("", options.runs, reach)

    fresh_database(DATABASE_URL, ENV, static_files=True)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from pairing import actions
    from tournaments.bridge.trf import import_trf

    arbiter = get_user_model().objects.create_user("bench-arbiter", is_staff=True)
    client = Client()
    client.force_login(arbiter)
    start = datetime.date(2026, 6, 6)
    header = (("032", "ESP"),)
    for slug, source in (("norms-done", state), ("norms-last-round", before_last)):
        tournament = import_trf(
            write_trf(replace(source, name=slug), header=header), slug=slug, start_date=start
        )
        tournament.chief_arbiter = arbiter
        tournament.save()
    print(f"pages (best of {options.runs}):")
    for slug in ("norms-done", "norms-last-round"):
        address = f"/arbiter/{slug}/norms/"
        timed(address, options.runs, lambda a=address: f"  {client.get(a).status_code}")
    from tournaments.bridge.norms import draft_marks
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(slug="norms-last-round")
    rnd = actions.pair_next_round(tournament, arbiter)
    timed("the review's norm marks alone", options.runs, lambda: f": {len(draft_marks(rnd))} marks")
    address = "/arbiter/norms-last-round/rounds/9/"
    timed(
        address,
        options.runs,
        lambda: f"  {client.get(address).status_code} (the draft review, with its norm marks)",
    )


if __name__ == "__main__":
    main()
