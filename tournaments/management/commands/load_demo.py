"""Loads a realistic demo tournament: 40 rated players, four rounds played, round 5 drafted."""

from __future__ import annotations

import datetime
import random
import secrets
from collections import Counter, defaultdict
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.models import Board, Entrant, Round, Seat, Tournament

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
        parser.add_argument("--password", help="Arbiter password (default: a new random one).")
        parser.add_argument("--seed", type=int, default=2026, help="Seed for names, ratings and results.")

    @transaction.atomic
    def handle(self, *args: Any, password: str | None, seed: int, **options: Any) -> None:
        rng = random.Random(seed)
        password = password or secrets.token_urlsafe(9)
        arbiter = _arbiter(password)
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
            initial_colour=Tournament.Colour.WHITE,
            tiebreaks=["BH-C1", "BH", "SB", "DE", "WIN"],
            state=Tournament.State.RUNNING,
        )
        entrants = _entrants(tournament, rng)
        # A requested half-point bye in round 3, a withdrawal from round 5, a zero bye in round 5.
        entrants[16].request_absence(3, Seat.Absence.HALF_BYE)
        entrants[32].withdraw(from_round=5)
        entrants[25].request_absence(5, Seat.Absence.ZERO_BYE)
        for rnd in tournament.rounds.filter(number__lte=PLAYED_ROUNDS + 1):
            rnd.store_draft(demo_pairs(tournament, rnd))
            if rnd.number <= PLAYED_ROUNDS:
                _play(rnd, rng)
                rnd.publish(arbiter)
                rnd.complete()
        self.stdout.write(
            f"Loaded '{tournament.name}': {len(entrants)} players, rounds 1-{PLAYED_ROUNDS} played, "
            f"round {PLAYED_ROUNDS + 1} drafted and not yet published."
        )
        self.stdout.write(f"Arbiter login: arbiter / {password}")


def _arbiter(password: str) -> Any:
    user, _ = get_user_model().objects.get_or_create(username="arbiter")
    user.is_staff = user.is_superuser = True
    user.set_password(password)
    user.save()
    return user


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


def demo_pairs(tournament: Tournament, rnd: Round) -> list[tuple[Entrant, Entrant | None]]:
    """A simple Swiss-like pairing for demo data only: score groups top-down, no rematches.

    Not the FIDE Dutch system; the engine replaces it through pairing/actions.py.
    """
    scores = tournament.scores_after(rnd.number - 1)
    absent = set(rnd.seats.filter(board_number__isnull=True).values_list("entrant_id", flat=True))
    players = [e for e in tournament.entrants.order_by("pairing_number") if e.pk not in absent]
    players.sort(key=lambda e: -scores.get(e.pk, 0))
    on_board: dict[tuple[int, int], list[int]] = defaultdict(list)
    whites: Counter[int] = Counter()
    for seat in Seat.objects.filter(
        round__tournament=tournament, round__number__lt=rnd.number, board_number__isnull=False
    ):
        on_board[seat.round_id, seat.board_number].append(seat.entrant_id)
        whites[seat.entrant_id] += seat.colour == Seat.Colour.WHITE
    met = {(a, b) for ids in on_board.values() for a in ids for b in ids if a != b}
    had_bye = {ids[0] for ids in on_board.values() if len(ids) == 1}
    bye = None
    if len(players) % 2:
        bye = next(e for e in reversed(players) if e.pk not in had_bye)
        players.remove(bye)
    pairs = _match(players, met)
    assert pairs is not None, "the demo field is large enough to avoid rematches"
    boards = [(a, b) if whites[a.pk] <= whites[b.pk] else (b, a) for a, b in pairs]
    return [*boards, (bye, None)] if bye else boards


def _match(players: list[Entrant], met: set[tuple[int, int]]) -> list[tuple[Entrant, Entrant]] | None:
    """Pairs the first player with the nearest one not yet met, backtracking when stuck."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for i, opponent in enumerate(rest):
        if (first.pk, opponent.pk) not in met:
            tail = _match(rest[:i] + rest[i + 1 :], met)
            if tail is not None:
                return [(first, opponent), *tail]
    return None


def _play(rnd: Round, rng: random.Random) -> None:
    """Results weighted by the rating difference; one forfeit in round 2 for realism."""
    for board in rnd.boards_with_seats():
        if board.is_bye:
            continue
        if rnd.number == 2 and board.number == 11:
            board.result = Board.Result.BLACK_FORFEITS
        else:
            edge = (board.white.rating - board.black.rating) / 400
            roll = rng.random()
            board.result = (
                Board.Result.WHITE_WINS
                if roll < 0.4 + edge
                else Board.Result.DRAW
                if roll < 0.65 + edge / 2
                else Board.Result.BLACK_WINS
            )
        board.save(update_fields=["result"])
