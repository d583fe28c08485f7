"""Publishing a round, taking it back, and keeping a stale draft: the last steps of the workflow.

Each locks the round's tournament first (pairing/actions.py), so a publish pressed twice, or by
two arbiters, publishes one version once. Every step goes to the audit trail.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.bridge.drafting import drafting
from tournaments.bridge.state import StateError
from tournaments.models import AuditRecord, Round, Tournament

from .actions import ActionError, NeedsConfirmation, locked_round
from .review import round_review

Action = AuditRecord.Action


def keep_draft(rnd: Round, user: User) -> None:
    """A stale draft is kept as it is: it now rests on the current input, and the choice is audited."""
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state != Round.State.DRAFT or not rnd.is_paired:
            raise ActionError(_("Round %(number)s has no draft to keep.") % {"number": rnd.number})
        flow = drafting(rnd.tournament)
        try:
            state = flow.state(rnd.tournament, rnd.number)
        except StateError as error:
            raise ActionError(
                _("%(error)s The draft cannot be kept until it has one.") % {"error": error}
            ) from error
        reason = flow.staleness(rnd, state)
        if not reason:
            raise ActionError(
                _("The draft of round %(number)s is up to date; there is nothing to keep.")
                % {"number": rnd.number}
            )
        before = {"draft_input": rnd.draft_input}
        now = flow.fingerprint(rnd.tournament, state)
        rnd.record_input(now)
        AuditRecord.record(user, Action.CHANGE, rnd, before, {"draft_input": now, "kept": reason})


def draft_changes_since(rnd: Round, version: int) -> list[str]:
    """Who changed the draft of `rnd` after `version`, and how, oldest first (from the audit trail)."""
    records = AuditRecord.objects.filter(
        object_type="tournaments.round", object_id=str(rnd.pk), after__version__gt=version
    ).select_related("user")
    said = []
    for record in reversed(records):
        after = record.after or {}
        who = record.user or _("an arbiter")
        if after.get("change"):
            said.append(_("%(who)s %(change)s") % {"who": who, "change": after["change"]})
        elif "undone" in after:
            said.append(_("%(who)s undid “%(change)s”") % {"who": who, "change": after["undone"]})
        else:
            said.append(_("%(who)s paired it again with the engine") % {"who": who})
    return said


def publish_round(rnd: Round, user: User, *, confirmed: bool = False, version: int | None = None) -> bool:
    """Publish a draft atomically; False when it was already published (by someone else).

    `version` is the draft version the arbiter reviewed: a draft changed since is refused,
    saying what changed. A stale draft (`draft_staleness`) is refused. A draft with
    findings is published only when `confirmed`, and the findings the arbiter accepted go
    to the audit trail.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state != Round.State.DRAFT:
            return False
        if version is not None and version != rnd.draft_version:
            changes = "; ".join(draft_changes_since(rnd, version)) or _("it was changed")
            raise ActionError(
                _(
                    "Round %(number)s was not published: the draft changed after you loaded it "
                    "(%(changes)s). This is the current draft; review it and publish again."
                )
                % {"number": rnd.number, "changes": changes}
            )
        if not rnd.is_paired:
            raise ActionError(
                _("Round %(number)s is not paired yet; there is nothing to publish.") % {"number": rnd.number}
            )
        shown = round_review(rnd)
        if shown.stale:
            raise ActionError(
                _("Round %(number)s was not published. %(reason)s")
                % {"number": rnd.number, "reason": shown.stale}
            )
        findings = [str(f) for f in shown.findings]
        if findings and not confirmed:
            raise NeedsConfirmation(_("The draft has findings; confirm to publish it anyway."))
        before = {"state": rnd.state}
        rnd.publish(user)
        if rnd.tournament.state == Tournament.State.SETUP:
            Tournament.objects.filter(pk=rnd.tournament.pk).update(state=Tournament.State.RUNNING)
        AuditRecord.record(
            user, Action.CHANGE, rnd, before, {"state": rnd.state, "confirmed_findings": findings}
        )
        return True


def unpublish_round(rnd: Round, user: User) -> None:
    """Take a published round back to draft, while no result is in and no later round is paired."""
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state != Round.State.PUBLISHED:
            raise ActionError(_("Round %(number)s is not published.") % {"number": rnd.number})
        if rnd.boards.exclude(result="").exists():
            raise ActionError(_("Results are already in; correct them instead."))

        rnd.state, rnd.published_at, rnd.published_by = Round.State.DRAFT, None, None
        rnd.save(update_fields=["state", "published_at", "published_by"])
        AuditRecord.record(
            user, Action.CHANGE, rnd, {"state": "published"}, {"state": "draft", "unpublished": True}
        )
