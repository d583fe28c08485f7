"""Loads a realistic demo tournament: 40 rated players, four rounds played, round 5 drafted."""

from __future__ import annotations

import datetime
import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from pairing import actions, publishing, registration, results
from tournaments.models import Board, Entrant, Round, Seat, Tournament
from tournaments.models.history import deleting_history

SLUG = "demo-open"
# fmt: off
SURNAMES = [
    "Keller", "Meier", "Schmid", "Huber", "Brunner", "Gerber", "Frei", "Baumann", "Moser",
    "Zimmermann", "Fischer", "Weber", "Rossi", "Bianchi", "Favre", "Rochat", "Müller", "Graf",
    "Wyss", "Bühler", "Steiner", "Lehmann", "Suter", "Marti", "Sutter", "Kaufmann", "Roth",
    "Ammann", "Hofmann", "Vogel", "Nussbaum", "Jost", "Berger", "Koch", "Lüthi", "Egli", "Widmer",
    "Aebischer", "Ferrari", "Morel",
]
GIVEN = [
    "Anna", "Lukas", "Sofia", "Noah", "Lea", "Luca", "Mia", "Elias", "Laura", "Leon", "Nina",
    "David", "Sara", "Jonas", "Julia", "Matteo", "Elena", "Nico", "Lara", "Tim", "Alina", "Simon",
    "Chiara", "Jan", "Eva", "Marco", "Lena", "Fabian", "Nora", "Samuel", "Ines", "Pascal", "Zoe",
    "Reto", "Olivia", "Urs", "Carla", "Beat", "Selina", "Dario",
]
# fmt: on
FEMALE = set(GIVEN[0::2])
FEDERATIONS = ["SUI"] * 7 + ["GER", "FRA", "ITA", "AUT"]
CLUBS = ["SK Basel", "Schachclub Bern", "Echiquier Lausanne", "SG Zürich", "Club d'échecs de Genève", ""]
PLAYED_ROUNDS = 4


class Command(BaseCommand):
    help = "Replace the demo tournament and print an arbiter login (user 'arbiter')."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--password",
            help="Set the arbiter's password (default: random for a new user, else unchanged).",
        )
        parser.add_argument("--seed", type=int, default=2026, help="Seed for names, ratings and results.")

    @transaction.atomic
    def handle(self, *args: Any, password: str | None, seed: int, **options: Any) -> None:
        rng = random.Random(seed)
        arbiter, password = _arbiter(password)
        # The demo is replaced whole, played rounds included: a deletion of history by design.
        with deleting_history():
            Tournament.objects.filter(slug=SLUG).delete()
        today = datetime.date.today()
        tournament = Tournament.objects.create(
            name="Demo Open",
            slug=SLUG,
            place="Basel",
            start_date=today - datetime.timedelta(days=PLAYED_ROUNDS),
            end_date=today + datetime.timedelta(days=2),
            total_rounds=7,
            chief_arbiter=arbiter,
            public=True,
            initial_colour=Tournament.Colour.WHITE,
            tiebreaks=["BH-C1", "BH", "SB", "DE", "WIN"],
            state=Tournament.State.RUNNING,
        )
        entrants = _entrants(tournament, rng)
        # A requested half-point bye in round 3 (so round 3 has a pairing-allocated bye), a withdrawal
        # from round 5 and a zero bye in round 5. Every round is paired by the engine, as an arbiter would.
        registration.record_absence(entrants[16], arbiter, 3, Seat.Absence.HALF_BYE)
        registration.record_absence(entrants[32], arbiter, 5, None)
        registration.record_absence(entrants[25], arbiter, 5, Seat.Absence.ZERO_BYE)
        for _ in range(PLAYED_ROUNDS):
            rnd = actions.pair_next_round(tournament, arbiter)
            publishing.publish_round(rnd, arbiter)
            results.record_results(rnd, arbiter, _results(rnd, rng))
        actions.pair_next_round(tournament, arbiter)
        self.stdout.write(
            f"Loaded '{tournament.name}': {len(entrants)} players, rounds 1-{PLAYED_ROUNDS} played, "
            f"round {PLAYED_ROUNDS + 1} drafted and not yet published."
        )
        if password:
            self.stdout.write(f"Arbiter login: arbiter / {password}")
        else:
            self.stdout.write(
                "Arbiter login: arbiter, password unchanged (load_demo --password NEW sets one)."
            )


def _arbiter(password: str | None) -> tuple[Any, str | None]:
    """The demo's arbiter, and the password to print: only one just set, so a restart signs nobody out."""
    user, created = get_user_model().objects.get_or_create(username="arbiter")
    user.is_staff = user.is_superuser = True
    if created and not password:
        password = secrets.token_urlsafe(9)
    if password:
        user.set_password(password)
    user.save()
    return user, password


def _entrants(tournament: Tournament, rng: random.Random) -> list[Entrant]:
    people = []
    for surname, given in zip(SURNAMES, rng.sample(GIVEN, len(GIVEN)), strict=True):
        rating = int(rng.triangular(1350, 2550, 1800))
        title = "GM" if rating >= 2500 else "IM" if rating >= 2400 else "FM" if rating >= 2300 else ""
        people.append((rating, title, f"{surname}, {given}", given))
    # Initial order by C.04.2 Art. 2.2: rating, then title (all titled here differ in rating), then name.
    people.sort(key=lambda person: (-person[0], person[2]))
    return [
        Entrant.objects.create(
            tournament=tournament,
            name=name,
            pairing_number=number,
            fide_rating=rating,
            national_rating=rating + rng.randint(-40, 40),
            title=title,
            fide_id=str(1300000 + 7919 * number),
            federation=rng.choice(FEDERATIONS),
            sex=Entrant.Sex.FEMALE if given in FEMALE else Entrant.Sex.MALE,
            birth_date=datetime.date(rng.randint(1955, 2012), rng.randint(1, 12), rng.randint(1, 28)),
            club=rng.choice(CLUBS),
        )
        for number, (rating, title, name, given) in enumerate(people, start=1)
    ]


def _results(rnd: Round, rng: random.Random) -> dict[int, str]:
    """Results weighted by the rating difference, some drawn; one forfeit in round 2 for realism."""
    chosen: dict[int, str] = {}
    for board in rnd.boards_with_seats():
        white, black = board.white, board.black
        if white is None or black is None:
            continue
        if rnd.number == 2 and board.number == 11:
            chosen[board.number] = Board.Result.BLACK_FORFEITS
            continue
        edge = (white.rating - black.rating) / 400
        roll = rng.random()
        chosen[board.number] = (
            Board.Result.WHITE_WINS
            if roll < 0.4 + edge
            else Board.Result.DRAW
            if roll < 0.65 + edge / 2
            else Board.Result.BLACK_WINS
        )
    return chosen
