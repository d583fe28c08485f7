"""The arbiter's round workflow: pair a round and change its draft, through the bridge.

Entrants are entered and numbered in pairing/registration.py, drafts published in
pairing/publishing.py, results recorded in pairing/results.py.

Every action that changes a round locks the tournament row first (`select_for_update`
inside `transaction.atomic`), so two arbiters pressing "pair" or "publish" at the same
moment are served one after the other: the second finds the draft made and does nothing
more. Every change goes to the audit trail.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.drafting import drafting
from tournaments.bridge.drafts import NoPairing, Pair
from tournaments.bridge.state import StateError, next_round_to_pair, pairing_numbers
from tournaments.models import AuditRecord, DraftChange, Round, Tournament

from . import edits
from .edits import EditError

Action = AuditRecord.Action


class ActionError(ValidationError):
    """The action cannot be done now; the message says why, for the arbiter."""


class NeedsConfirmation(ActionError):
    """Publishing a draft with findings needs the arbiter's explicit confirmation."""


def locked_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def locked_round(rnd: Round) -> Round:
    """`rnd` read again with its tournament locked: call inside `transaction.atomic`."""
    locked_tournament(rnd.tournament)
    return Round.objects.select_related("tournament").get(pk=rnd.pk)


def draft_pairs(rnd: Round) -> list[Pair]:
    """The round's boards (or a team event's matches) as (white id, black id or None), in order."""
    return drafting(rnd.tournament).current(rnd)


# --- Pairing and changing a draft ------------------------------------------------------------


def pair_next_round(tournament: Tournament, user: User, *, again: bool = False) -> Round:
    """Draft the next round with the engine; an existing draft is kept unless `again` is set."""
    return draft_round(tournament, user, again=again)[0]


class InputChanged(ActionError):
    """What the engine paired from changed before the draft could be stored; nothing was stored."""


def round_to_pair(tournament: Tournament, user: User | None, *, expected: int | None = None) -> Round:
    """The round to pair next, with the tournament locked; draws the initial-colour lot the first time.

    `expected` is the round the arbiter meant: a page left open while a colleague
    published that round must not pair the one after it. Call inside `transaction.atomic`.
    """
    tournament = locked_tournament(tournament)
    number = next_round_to_pair(tournament)
    if expected is not None and expected < number:
        raise ActionError(
            _("Round %(number)s is already published; nothing was paired.") % {"number": expected}
        )
    if expected is not None and expected > number:
        raise ActionError(_("Round %(number)s comes first; nothing was paired.") % {"number": number})
    if number > tournament.total_rounds:
        raise ActionError(_("Every round has been published."))
    too_few = too_few_to_pair(tournament)
    if too_few:
        raise ActionError(_("%(reason)s Nothing was paired.") % {"reason": too_few})

    if not tournament.initial_colour:
        # C.04.3 5.2.5 needs the initial-colour lot; it is drawn once and stored.
        tournament.initial_colour = secrets.choice(Tournament.Colour.values)
        tournament.save(update_fields=["initial_colour"])
        AuditRecord.record(
            user, Action.CHANGE, tournament, None, {"initial_colour": tournament.initial_colour}
        )
    return tournament.rounds.select_related("tournament").get(number=number)


def too_few_to_pair(tournament: Tournament) -> str:
    """Why nothing can be paired yet, said before any job is queued: fewer than two entrants; "" when
    there are enough."""
    entered = tournament.teams.count() if tournament.is_team else tournament.entrants.count()
    if entered >= 2:
        return ""
    if tournament.is_team:
        said = ngettext(
            "A pairing needs at least two teams, and %(n)d is entered.",
            "A pairing needs at least two teams, and %(n)d are entered.",
            entered,
        )
    else:
        said = ngettext(
            "A pairing needs at least two entrants, and %(n)d is entered.",
            "A pairing needs at least two entrants, and %(n)d are entered.",
            entered,
        )
    return said % {"n": entered}


def engine_input(tournament: Tournament, number: int) -> dict[str, str]:
    """The digest of what the engine would pair round `number` from now (the `Drafting`'s fingerprint)."""
    flow = drafting(tournament)
    try:
        return flow.fingerprint(tournament, flow.state(tournament, number))
    except StateError as error:
        raise ActionError(str(error)) from error


def draft_round(
    tournament: Tournament,
    user: User | None,
    *,
    again: bool = False,
    expected: int | None = None,
    paired_from: dict[str, str] | None = None,
    before_store: Callable[[], None] | None = None,
) -> tuple[Round, bool]:
    """`pair_next_round`, also saying whether a new draft was made (False: the existing one was kept).

    The engine runs outside any lock, so that colleagues can enter results while a large
    round is paired. The draft is then stored in one transaction, under the tournament's
    lock, only if the engine's input is still what it paired from and, when given,
    `paired_from` (the digest when the arbiter asked); otherwise `InputChanged` is raised
    and nothing is stored. `before_store` runs inside that transaction just before the
    draft is written (a pairing job checks there that it was not cancelled).
    """
    with transaction.atomic():
        rnd = round_to_pair(tournament, user, expected=expected)
    if rnd.is_paired and not again:
        return rnd, False
    tournament = rnd.tournament  # read again under the lock, with the initial-colour lot
    flow = drafting(tournament)
    try:
        state = flow.state(tournament, rnd.number)
        numbers = pairing_numbers(tournament)
        pairs, notes = flow.paired(tournament, state)
    except (StateError, NoPairing) as error:
        raise ActionError(str(error)) from error
    if not pairs:
        raise ActionError(_("Nobody is left to pair."))
    digest = flow.fingerprint(tournament, state)
    # Checked before the lock is taken, like the pairing: the check rests on the same input.
    check = flow.check(tournament, state, pairs, notes)
    with transaction.atomic():
        rnd = round_to_pair(tournament, user, expected=rnd.number)
        if rnd.is_paired and not again:
            return rnd, False
        now = engine_input(rnd.tournament, rnd.number)
        asked = paired_from if paired_from is not None else digest
        if not now == digest == asked or pairing_numbers(rnd.tournament) != numbers:
            raise InputChanged(
                _(
                    "Round %(number)s was not paired: the results, entrants or rules changed while it was "
                    "being paired. Nothing was stored; pair it again."
                )
                % {"number": rnd.number}
            )
        if before_store is not None:
            before_store()
        before = draft_pairs(rnd)
        flow.store(rnd, pairs)
        rnd.record_input(digest)
        rnd.record_check(check)
        rnd.draft_changes.all().delete()
        DraftChange.objects.create(
            round=rnd,
            kind=DraftChange.Kind.ENGINE,
            description=_("paired by the engine"),
            after=pairs,
            user=user,
        )
        AuditRecord.record(
            user,
            Action.CHANGE,
            rnd,
            {"boards": before},
            {"boards": pairs, "paired": "engine", "version": rnd.draft_version},
        )
        return rnd, True


def _why(error: Exception, kind: str) -> str:
    if isinstance(error, KeyError):
        return _("“%(kind)s” is not a change this kind of event offers.") % {"kind": kind}
    return str(error)


# How many renumbered boards a change's description names, each as "old→new".
MOVES_NAMED = 12


@dataclass(frozen=True)
class Changed:
    change: DraftChange
    # The engine state the boards were ordered by, under the lock: a change by hand alters the
    # round's boards, not what pairing reads, so the review that follows needs no second one.
    state: Any


def change_draft(rnd: Round, user: User, kind: str, *args: int) -> Changed:
    """Apply one manual change (`DraftChange.Kind`) to a draft: boards (or matches) for swaps,
    entrant (or team) ids otherwise."""
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state != Round.State.DRAFT or not rnd.is_paired:
            raise ActionError(_("Round %(number)s has no draft to change.") % {"number": rnd.number})
        flow = drafting(rnd.tournament)
        before = draft_pairs(rnd)
        try:
            edit = edits.offered(rnd.tournament)[DraftChange.Kind(kind)]
            after = edit.apply(before, *args)
            state = flow.state(rnd.tournament, rnd.number)
        except (EditError, KeyError, StateError) as error:
            raise ActionError(_why(error, kind)) from error
        edited = list(after)
        after = flow.ordered(rnd.tournament, state, edited)
        names = flow.names(rnd.tournament)
        flow.store(rnd, after)
        # Boards keep the rules' order (score of the higher player ...), so a change can move others.
        was = {pair: number for number, pair in enumerate(edited, start=1)}
        moved = [f"{was[pair]}→{number}" for number, pair in enumerate(after, start=1) if was[pair] != number]
        description = edit.describe(args, names)
        if moved:
            # A swap far apart in a large round moves hundreds of boards; the description has 300 characters.
            shown = ", ".join(moved[:MOVES_NAMED])
            if moved[MOVES_NAMED:]:
                shown = _("%(boards)s and %(n)s more") % {"boards": shown, "n": len(moved) - MOVES_NAMED}
            description += _("; boards renumbered to keep the score order: %(boards)s") % {"boards": shown}
        change = DraftChange.objects.create(
            round=rnd,
            kind=kind,
            description=description,
            before=before,
            after=after,
            user=user,
        )
        AuditRecord.record(
            user,
            Action.CHANGE,
            rnd,
            {"boards": before},
            {"boards": after, "change": change.description, "version": rnd.draft_version},
        )
        return Changed(change, state)


def undo_change(rnd: Round, user: User) -> DraftChange:
    """Take back the latest manual change of a draft."""
    with transaction.atomic():
        rnd = locked_round(rnd)
        last = rnd.draft_changes.exclude(kind=DraftChange.Kind.ENGINE).last()
        if rnd.state != Round.State.DRAFT or last is None:
            raise ActionError(_("There is no manual change to undo."))

        current = draft_pairs(rnd)
        try:
            drafting(rnd.tournament).store(rnd, last.before)
        except StateError as error:
            raise ActionError(str(error)) from error
        last.delete()
        AuditRecord.record(
            user,
            Action.CHANGE,
            rnd,
            {"boards": current},
            {"boards": last.before, "undone": last.description, "version": rnd.draft_version},
        )
        return last
