"""A round robin's pairing numbers, fixed before round 1 by lot or as entered
(docs/round-robin.md 5). Like every action, it locks the tournament and is audited: the record
holds the method, the lot's seed and every number given, so the draw can be shown and re-done."""

from __future__ import annotations

import random
import secrets

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditRecord, Board, Entrant, Tournament

from .actions import ActionError, locked_tournament

Method = Tournament.NumbersDrawn


@transaction.atomic
def draw_numbers(
    tournament: Tournament, user: User | None, method: str, seed: int | None = None
) -> AuditRecord:
    """Fix the numbers: `method` LOT shuffles the entrants with `seed` (a fresh random one when
    None), ENTERED keeps the numbers they have. Refused once round 1 has boards."""
    tournament = locked_tournament(tournament)
    if not tournament.is_round_robin or tournament.is_team:
        raise ActionError(_("Pairing numbers are drawn for individual round robins only."))
    if Board.objects.filter(round__tournament=tournament).exists():
        raise ActionError(_("Round 1 is paired: the pairing numbers stay as they were drawn."))
    entrants = list(tournament.entrants.order_by("pairing_number", "pk"))
    if len(entrants) < 2:
        raise ActionError(_("A round robin needs at least two entrants before the draw."))
    if method == Method.LOT:
        # Shuffled from the order of entry, so that the seed in the record repeats the draw.
        seed = secrets.randbits(48) if seed is None else seed
        entrants.sort(key=lambda entrant: entrant.pk)
        random.Random(seed).shuffle(entrants)
    elif method == Method.ENTERED:
        seed = None
    else:
        raise ActionError(_("Draw by lot or keep the numbers as entered."))
    # Two passes: pairing numbers are unique at every moment.
    Entrant.objects.filter(pk__in=[e.pk for e in entrants]).update(pairing_number=None)
    for number, entrant in enumerate(entrants, start=1):
        entrant.pairing_number = number
    Entrant.objects.bulk_update(entrants, ["pairing_number"])
    before = {"numbers_drawn": tournament.numbers_drawn}
    tournament.numbers_drawn = method
    tournament.save(update_fields=["numbers_drawn"])
    numbers = [[e.pk, e.name, e.pairing_number] for e in entrants]
    after = {"numbers_drawn": method, "seed": seed, "numbers": numbers}
    return AuditRecord.record(user, AuditRecord.Action.CHANGE, tournament, before, after)


def last_draw(tournament: Tournament) -> AuditRecord | None:
    """The audit record of the draw in force, None before one."""
    if not tournament.numbers_drawn:
        return None
    records = AuditRecord.objects.filter(
        tournament=tournament, object_type="tournaments.tournament", after__has_key="numbers_drawn"
    )
    return records.order_by("-pk").first()
