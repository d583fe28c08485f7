"""A round robin's pairing numbers (of players, or of teams in a team round robin), fixed before
round 1 by lot or as entered (docs/round-robin.md 5). Like every action, it locks the tournament
and is audited: the record holds the method, the lot's seed and every number given, so the draw
can be shown and repeated."""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments.models import AuditRecord, Board, Entrant, Team, Tournament

from .actions import ActionError, locked_tournament

Method = Tournament.NumbersDrawn
Drawn = TypeVar("Drawn", Entrant, Team)


@transaction.atomic
def draw_numbers(
    tournament: Tournament, user: User | None, method: str, seed: int | None = None
) -> AuditRecord:
    """Fix the numbers: `method` LOT shuffles the entrants (the teams) with `seed` (a fresh random
    one when None), ENTERED keeps the numbers they have. Refused once round 1 has boards."""
    tournament = locked_tournament(tournament)
    if not tournament.is_round_robin:
        raise ActionError(_("Pairing numbers are drawn for round robins only."))
    if Board.objects.filter(round__tournament=tournament).exists():
        raise ActionError(_("Round 1 is paired: the pairing numbers stay as they were drawn."))
    if tournament.is_team:
        drawn, seed = _numbered(tournament.teams.all(), method, seed)
    elif tournament.pairing_system == Tournament.PairingSystem.SCHEVENINGEN:
        drawn, seed = _numbered(tournament.entrants.all(), method, seed, arrange=_by_side)
    else:
        drawn, seed = _numbered(tournament.entrants.all(), method, seed)
    before = {"numbers_drawn": tournament.numbers_drawn}
    tournament.numbers_drawn = method
    tournament.save(update_fields=["numbers_drawn"])
    numbers = [[pk, name, number] for pk, name, number in drawn]
    after = {"numbers_drawn": method, "seed": seed, "numbers": numbers}
    return AuditRecord.record(user, AuditRecord.Action.CHANGE, tournament, before, after)


def _numbered(
    field: QuerySet[Drawn],
    method: str,
    seed: int | None,
    arrange: Callable[[list[Drawn]], list[Drawn]] | None = None,
) -> tuple[list[tuple[int, str, int]], int | None]:
    """Number `field` 1, 2, ... by `method`, in the order `arrange` puts the drawn order in; each
    one's (id, name, number), and the seed used."""
    drawn = list(field.order_by("pairing_number", "pk"))
    if len(drawn) < 2:
        raise ActionError(_("A round robin needs at least two entrants before the draw."))
    if method == Method.LOT:
        # Shuffled from the order of entry, so that the seed in the record repeats the draw.
        seed = secrets.randbits(48) if seed is None else seed
        drawn.sort(key=lambda one: one.pk)
        random.Random(seed).shuffle(drawn)
    elif method == Method.ENTERED:
        seed = None
    else:
        raise ActionError(_("Draw by lot or keep the numbers as entered."))
    if arrange is not None:
        drawn = arrange(drawn)
    # Two passes: pairing numbers are unique at every moment.
    field.filter(pk__in=[one.pk for one in drawn]).update(pairing_number=None)
    for number, one in enumerate(drawn, start=1):
        one.pairing_number = number
    field.bulk_update(drawn, ["pairing_number"])
    return [(one.pk, one.name, number) for number, one in enumerate(drawn, start=1)], seed


def _by_side(drawn: list[Entrant]) -> list[Entrant]:
    """A Scheveningen event's order: team A, then team B, each in the drawn order, so that team A
    holds 1..n and team B n+1..2n as the engine's table expects (docs/round-robin.md 6)."""
    count = Counter(one.side for one in drawn)
    if count[""]:
        raise ActionError(_("Put every entrant in team A or team B first: this is a Scheveningen match."))
    if count[Entrant.Side.A] != count[Entrant.Side.B]:
        raise ActionError(
            _("A Scheveningen match needs two teams of equal size: team A has %(a)d players, team B %(b)d.")
            % {"a": count[Entrant.Side.A], "b": count[Entrant.Side.B]}
        )
    return sorted(drawn, key=lambda one: one.side)  # stable: each team keeps the drawn order


@transaction.atomic
def put_on_sides(tournament: Tournament, user: User | None, sides: dict[int, str]) -> AuditRecord:
    """Put the entrants (by id) of a Scheveningen event in team A or B, before round 1; a change
    voids the draw, since the numbers follow the teams. Audited."""
    tournament = locked_tournament(tournament)
    if tournament.pairing_system != Tournament.PairingSystem.SCHEVENINGEN:
        raise ActionError(_("Only a Scheveningen match has two teams to put players in."))
    if Board.objects.filter(round__tournament=tournament).exists():
        raise ActionError(_("Round 1 is paired: the teams stay as they were."))
    entrants = {one.pk: one for one in tournament.entrants.all()}
    if set(sides) - set(entrants) or set(sides.values()) - {"", *Entrant.Side.values}:
        raise ActionError(_("Choose team A or team B for entrants of this tournament."))
    changed = [entrants[pk] for pk, side in sides.items() if entrants[pk].side != side]
    before = {str(one.pk): one.side for one in changed}
    for one in changed:
        one.side = sides[one.pk]
    Entrant.objects.bulk_update(changed, ["side"])
    if changed and tournament.numbers_drawn:
        before["numbers_drawn"] = tournament.numbers_drawn
        tournament.numbers_drawn = Method.NOT_YET
        tournament.save(update_fields=["numbers_drawn"])
    after = {str(one.pk): one.side for one in changed}
    if "numbers_drawn" in before:
        after["numbers_drawn"] = Method.NOT_YET
    return AuditRecord.record(user, AuditRecord.Action.CHANGE, tournament, before, after)


def last_draw(tournament: Tournament) -> AuditRecord | None:
    """The audit record of the draw in force, None before one."""
    if not tournament.numbers_drawn:
        return None
    records = AuditRecord.objects.filter(
        tournament=tournament, object_type="tournaments.tournament", after__has_key="numbers_drawn"
    )
    return records.order_by("-pk").first()
