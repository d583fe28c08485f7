"""A 150-player tournament for the load test: five rounds played, the sixth published (manage.py shell)."""

from __future__ import annotations

import datetime
import os
import random

from django.contrib.auth import get_user_model

from pairing import actions, publishing, results
from tournaments.models import Entrant, Tournament

# LOAD_PLAYERS and LOAD_PLAYED change the size (scripts/bench_polling.sh: 1000 players).
SLUG = "load-open"
PLAYERS, PLAYED = int(os.environ.get("LOAD_PLAYERS", 150)), int(os.environ.get("LOAD_PLAYED", 5))
rng = random.Random(150)
Tournament.objects.filter(slug=SLUG).delete()
arbiter, _ = get_user_model().objects.get_or_create(username="load-arbiter")
tournament = Tournament.objects.create(
    name="Load Open",
    slug=SLUG,
    start_date=datetime.date(2026, 6, 1),
    end_date=datetime.date(2026, 6, 9),
    total_rounds=9,
    initial_colour="w",
    tiebreaks=["BH-C1", "BH", "SB", "DE", "WIN"],
    chief_arbiter=arbiter,
    public=True,
)
for number, rating in enumerate(sorted((rng.randint(1200, 2600) for _ in range(PLAYERS)), reverse=True), 1):
    Entrant.objects.create(
        tournament=tournament, name=f"Player{number:03d}, Load", pairing_number=number, fide_rating=rating
    )
for number in range(1, PLAYED + 2):
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    if number <= PLAYED:
        games = [b for b in rnd.boards_with_seats() if not b.is_bye]
        results.record_results(rnd, arbiter, {b.number: rng.choice(["1-0", "1/2", "0-1"]) for b in games})
print(f"{SLUG}: {PLAYERS} players, rounds 1-{PLAYED} played, round {PLAYED + 1} published")
