"""Entrants of a tournament: entering them, numbering them in ranking order, their byes and withdrawals.

Like every action, each locks the tournament first (see pairing/actions.py) and goes to the audit trail.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import public_cache
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
    if (
        tournament.numbers_drawn
        and not tournament.is_team
        and any(e.pairing_number is None for e in entrants)
    ):
        # A round robin's draw holds for the field it was drawn for (docs/round-robin.md 5).
        tournament.numbers_drawn = ""
        tournament.save(update_fields=["numbers_drawn"])
    frozen = numbers_frozen(tournament)
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
    # One INSERT for the entrants and one for their audit records, not two per entrant: an import of
    # 300 players spent most of its time on them (issue 28). The database still checks every
    # constraint, and an error rolls all of them back.
    Entrant.objects.bulk_create(entrants)
    public_cache.invalidate(tournament)  # what `Entrant.save` does, which bulk_create skips
    AuditRecord.objects.bulk_create(
        AuditRecord.of(user, Action.CREATE, entrant, None, {"name": entrant.name}) for entrant in entrants
    )
    moved = number_entrants(tournament)
    why = _("renumbered in ranking order (C.04.2 2.3-2.4) after entering %(names)s") % {
        "names": ", ".join(e.name for e in entrants)
    }
    record_renumbering(user, tournament, moved, why)
    return len(moved)


def record_renumbering(
    user: User | None, tournament: Tournament, moved: dict[Entrant, int], why: str
) -> AuditRecord | None:
    """The audit record of pairing numbers moved (None when none moved): by name for people, and
    `moved` as [entrant id, old, new] for the page that lists them (`renumbering`)."""
    if not moved:
        return None
    return AuditRecord.record(
        user,
        Action.CHANGE,
        tournament,
        {"pairing numbers": {e.name: old for e, old in moved.items()}},
        {
            "pairing numbers": {e.name: e.pairing_number for e in moved},
            "why": why,
            "moved": [[e.pk, old, e.pairing_number] for e, old in moved.items()],
        },
    )


def last_renumbering(tournament: Tournament) -> AuditRecord | None:
    """The tournament's latest audit record of pairing numbers moved (`record_renumbering`)."""
    records = AuditRecord.objects.filter(
        tournament=tournament, object_type="tournaments.tournament", after__has_key="moved"
    )
    return records.order_by("-pk").first()


@dataclass
class Move:
    entrant: Entrant
    old: int
    new: int


def renumbering(tournament: Tournament, record_id: int) -> list[Move]:
    """The numbers the audit record `record_id` moved, by new number: [] when it moved none."""
    record = AuditRecord.objects.filter(
        tournament=tournament, pk=record_id, object_type="tournaments.tournament"
    ).first()
    moved = (record.after or {}).get("moved", []) if record else []
    entrants = tournament.entrants.in_bulk([entrant for entrant, _, _ in moved])
    moves = [Move(entrants[e], old, new) for e, old, new in moved if e in entrants]
    return sorted(moves, key=lambda move: move.new)


def void_draw_on_withdrawal(entrant: Entrant) -> None:
    """A withdrawal before round 1 voids a round robin's draw, unless the field is even and the
    player had the last number (docs/round-robin.md 5: the dummy then takes his place)."""
    tournament = entrant.tournament
    field = tournament.entrants.count()
    if tournament.numbers_drawn and not (field % 2 == 0 and entrant.pairing_number == field):
        Tournament.objects.filter(pk=tournament.pk).update(numbers_drawn="")
        tournament.numbers_drawn = ""


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
            message = (
                error.messages[0] if isinstance(error, ValidationError) else _("There is no such round.")
            )
            raise ActionError(message) from error
        if kind is None and round_number == 1:
            void_draw_on_withdrawal(entrant)
        AuditRecord.record(
            user, Action.CHANGE, entrant, None, {"absence": kind or "withdrawn", "round": round_number}
        )


# The fields that rank entrants (C.04.2 2.2): correcting one may move pairing numbers.
RANKING_FIELDS = ("fide_rating", "national_rating", "us_chess_rating", "title", "name")


def correct_entrant(entrant: Entrant, user: User, changes: dict[str, Any]) -> AuditRecord | None:
    """Store a correction of an entrant's data (the caller has locked the tournament and checked that
    nobody changed the row since the arbiter's page showed it); returns the audit record of the
    pairing numbers it moved, None when it moved none.

    Ranking data (rating, title, name) corrected until round 4 is paired re-sorts the pairing
    numbers (C.04.2 2.3); from then on `number_entrants` keeps every number. Both the correction
    and any renumbering are audited.
    """
    if not changes:
        return None
    stored = Entrant.objects.get(pk=entrant.pk)  # a ModelForm has already set the new values on `entrant`
    before = {name: _shown(getattr(stored, name)) for name in changes}
    for name, value in changes.items():
        setattr(entrant, name, value)
    entrant.save(update_fields=list(changes))
    AuditRecord.record(user, Action.CHANGE, entrant, before, {n: _shown(v) for n, v in changes.items()})
    if not set(changes) & set(RANKING_FIELDS):
        return None
    moved = number_entrants(entrant.tournament)
    why = _("renumbered in ranking order (C.04.2 2.3) after correcting %(name)s") % {"name": entrant.name}
    return record_renumbering(user, entrant.tournament, moved, why)


def _shown(value: Any) -> Any:
    """A value as the audit trail keeps it (dates as ISO text)."""
    return value.isoformat() if hasattr(value, "isoformat") else value


def numbers_frozen(tournament: Tournament) -> bool:
    """C.04.2 2.3: once round 4 is paired, a correction changes no pairing number; nor does one
    once a round robin's numbers are drawn (docs/round-robin.md 5)."""
    if tournament.numbers_drawn:
        return True
    return Board.objects.filter(round__tournament=tournament, round__number__gte=4).exists()


def correction_notice(tournament: Tournament) -> list[str]:
    """What correcting an entrant does now, said before the arbiter makes the correction."""
    if numbers_frozen(tournament):
        said = [_("Round 4 is paired: a correction no longer changes any pairing number (C.04.2 2.3).")]
    else:
        said = [
            _(
                "A corrected rating, title or name re-sorts the pairing numbers in ranking order "
                "(C.04.2 2.3, until round 4 is paired); the numbers that move are listed."
            )
        ]
    published = tournament.rounds.exclude(state=Round.State.DRAFT).exists()
    if published:
        said.append(_("Rounds already published stand as they were paired."))
    drafted = tournament.rounds.filter(state=Round.State.DRAFT, boards__isnull=False).first()
    if drafted is not None:
        said.append(
            _(
                "The draft of round %(number)d was paired from the ratings and numbers as they are: "
                "a change to them makes it stale (re-pair it or keep it before publishing)."
            )
            % {"number": drafted.number}
        )
    return said
