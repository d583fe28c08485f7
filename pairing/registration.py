"""Entrants of a tournament: entering them, numbering them in ranking order, their byes and withdrawals.

Like every action, each locks the tournament first (see pairing/actions.py) and goes to the audit trail.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import AuditRecord, Board, Entrant, Round, Tournament

from .actions import ActionError, locked_tournament

Action = AuditRecord.Action
# GHR 2.2: titles rank after strength, in this order.
TITLE_ORDER = {title: rank for rank, title in enumerate(Entrant.Title.values)}


def ranking_key(entrant: Entrant) -> tuple[int, int, str]:
    """GHR 2.2: strength descending, then title, then name."""
    return (-entrant.rating, TITLE_ORDER.get(entrant.title, len(TITLE_ORDER)), entrant.name.casefold())


@transaction.atomic
def number_entrants(tournament: Tournament) -> dict[Entrant, int]:
    """GHR 2.3-2.4: give pairing numbers in ranking order; returns the old number of each entrant moved.

    Until round 4 is paired the whole list is re-sorted (ranking data may be corrected);
    after that the numbered entrants keep their order and new ones are slotted in at
    their place, shifting those below them.
    """
    tournament = locked_tournament(tournament)
    entrants = list(tournament.entrants.all())
    frozen = Board.objects.filter(round__tournament=tournament, round__number__gte=4).exists()
    if frozen:
        order = sorted((e for e in entrants if e.pairing_number), key=lambda e: e.pairing_number or 0)
        for newcomer in sorted((e for e in entrants if not e.pairing_number), key=ranking_key):
            place = next(
                (i for i, e in enumerate(order) if ranking_key(e) > ranking_key(newcomer)), len(order)
            )
            order.insert(place, newcomer)
    else:
        order = sorted(entrants, key=ranking_key)
    changed = [e for number, e in enumerate(order, start=1) if e.pairing_number != number]
    moved = {e: e.pairing_number for e in changed if e.pairing_number}
    if not changed:
        return moved
    # Two passes, because pairing numbers are unique at every moment.
    Entrant.objects.filter(pk__in=[e.pk for e in changed]).update(pairing_number=None)
    for number, entrant in enumerate(order, start=1):
        entrant.pairing_number = number
    Entrant.objects.bulk_update(changed, ["pairing_number"])
    return moved


@transaction.atomic
def add_entrants(tournament: Tournament, user: User | None, entrants: list[Entrant]) -> int:
    """Save new entrants (all or none) and number everyone again; returns how many numbers moved.

    Moved numbers are recorded on the tournament's audit trail, with the entrants who caused it.
    """
    for entrant in entrants:
        entrant.tournament = tournament
        entrant.pairing_number = None
        entrant.save()
        AuditRecord.record(user, Action.CREATE, entrant, None, {"name": entrant.name})
    moved = number_entrants(tournament)
    if moved:
        AuditRecord.record(
            user,
            Action.CHANGE,
            tournament,
            {"pairing numbers": {e.name: old for e, old in moved.items()}},
            {
                "pairing numbers": {e.name: e.pairing_number for e in moved},
                "why": "renumbered in ranking order (C.04.2 2.3-2.4) after entering "
                + ", ".join(e.name for e in entrants),
            },
        )
    return len(moved)


def record_absence(entrant: Entrant, user: User, round_number: int, kind: str | None) -> None:
    """A requested bye (`kind`, a `Seat.Absence`) for one round; `kind` None withdraws from it on."""
    with transaction.atomic():
        locked_tournament(entrant.tournament)
        try:
            if kind is None:
                entrant.withdraw(round_number)
            else:
                entrant.request_absence(round_number, kind)
        except (ValidationError, Round.DoesNotExist) as error:
            message = error.messages[0] if isinstance(error, ValidationError) else "There is no such round."
            raise ActionError(message) from error
        AuditRecord.record(
            user, Action.CHANGE, entrant, None, {"absence": kind or "withdrawn", "round": round_number}
        )
