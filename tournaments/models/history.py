"""Published pairings and results are history: no delete, from any caller, removes a played game.

The rows of a published (or complete) round, its seats, boards, matches, lineups and team
absences, are what players were shown and what the standings, the TRF and the rating reports
are built from. Each foreign key that could cascade into them uses one of the `on_delete`
handlers below instead of CASCADE: the delete of an entrant, team, round or tournament that
reaches such a row raises `ProtectedError` with a message that says what to do instead, from the
admin, the shell or a queryset alike; rows of draft rounds cascade as before. Only a superuser's
confirmed deletion of a whole tournament (the admin lists everything that goes with it) runs
inside `deleting_history()`, where the handlers cascade.

Beneath these, PostgreSQL itself refuses to delete any row of a published round, whoever writes
the SQL (triggers of migration 0019): a leaf row such as one seat has no foreign key pointing at
it to protect it, and a raw query passes no handler. The handlers are what give the reason.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from django.db import connection, models
from django.db.models.deletion import CASCADE, Collector, ProtectedError
from django.utils.translation import gettext_lazy as _

# The round states whose rows are history (Round.State without DRAFT; spelled out because the
# round module imports this one).
HISTORY_STATES = ("published", "complete")

_history_deletion = ContextVar("history_deletion", default=False)
# Django's collector replaces a handler's message by its own; `deletion_refused` keeps ours here.
_reasons: ContextVar[list[str] | None] = ContextVar("deletion_reasons", default=None)


@contextlib.contextmanager
def deleting_history() -> Iterator[None]:
    """Within this block, which must be inside a transaction, the handlers cascade into history and
    PostgreSQL's triggers (migration 0019) let it go: a superuser's confirmed deletion."""
    token = _history_deletion.set(True)
    _database_allows(True)
    try:
        yield
    finally:
        _database_allows(False)
        _history_deletion.reset(token)


def history_deletion_allowed() -> bool:
    return _history_deletion.get()


def _database_allows(on: bool) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # Local to the transaction: a connection reused by the next request is guarded again.
            cursor.execute(
                "SELECT set_config('tournaments.deleting_history', %s, true)", ["on" if on else "off"]
            )


def _rounds(sub_objs: models.QuerySet[Any], path: str) -> str:
    numbers = sorted(set(sub_objs.values_list(path, flat=True)))
    return ", ".join(str(n) for n in numbers)


# Whole sentences per kind of row, for translation; %(rounds)s lists the round numbers.
_PUBLISHED = {
    "entrant": _(
        "This entrant has games in published round(s) %(rounds)s, and a played game is never deleted. "
        "Withdraw the player instead (on the entrants page); a late correction of a pairing is "
        "the arbiter's change on the round's page, kept in the audit trail."
    ),
    "team": _(
        "This team has games in published round(s) %(rounds)s, and a played game is never deleted. "
        "Withdraw the team instead (on the teams page)."
    ),
    "tournament": _(
        "This tournament has games in published round(s) %(rounds)s, and a played game is never deleted. "
        "Archive the tournament instead; only a superuser can delete it, after confirming the "
        "list of everything deleted with it."
    ),
    "round": _(
        "This round belongs to published round(s) %(rounds)s, and a played game is never deleted. "
        "Correct its results instead; a round is unpublished only while it has none."
    ),
    "match": _(
        "This match belongs to published round(s) %(rounds)s, and a played game is never deleted. "
        "Correct its results instead; a round is unpublished only while it has none."
    ),
    "board": _(
        "This board belongs to published round(s) %(rounds)s, and a played game is never deleted. "
        "Correct its results instead; a round is unpublished only while it has none."
    ),
}


_PAIRED = {
    "entrant": _(
        "This entrant is paired in the draft of round(s) %(rounds)s: withdraw it and pair that round "
        "again, then delete it."
    ),
    "team": _(
        "This team is paired in the draft of round(s) %(rounds)s: withdraw it and pair that round "
        "again, then delete it."
    ),
}


def _refuse(message: str, rows: models.QuerySet[Any]) -> None:
    reasons = _reasons.get()
    if reasons is not None and message not in reasons:
        reasons.append(message)
    raise ProtectedError(message, set(rows[:20]))


def _refuse_history(field: Any, sub_objs: models.QuerySet[Any], round_path: str, state_path: str) -> None:
    if _history_deletion.get():
        return
    played = sub_objs.filter(**{f"{state_path}__in": HISTORY_STATES})
    if played.exists():
        target = field.remote_field.model
        rounds = _rounds(played, round_path)
        _refuse(str(_PUBLISHED[target._meta.model_name]) % {"rounds": rounds}, played)


def PROTECT_PUBLISHED(collector: Collector, field: Any, sub_objs: Any, using: str) -> None:
    """For rows that belong to a round (`row.round`): refused in a published round, else CASCADE."""
    _refuse_history(field, sub_objs, "round__number", "round__state")
    CASCADE(collector, field, sub_objs, using)


def PROTECT_PUBLISHED_ROUNDS(collector: Collector, field: Any, sub_objs: Any, using: str) -> None:
    """For a tournament's rounds: a published round is never deleted with its tournament."""
    _refuse_history(field, sub_objs, "number", "state")
    CASCADE(collector, field, sub_objs, using)


def PROTECT_PAIRED(collector: Collector, field: Any, sub_objs: Any, using: str) -> None:
    """For an entrant's seats and a team's matches: published ones are history, and a draft's are
    refused too, since removing one player or team would leave a draft board or match half empty."""
    _refuse_history(field, sub_objs, "round__number", "round__state")
    if not _history_deletion.get():
        paired = sub_objs.filter(round__state="draft")
        if field.model._meta.model_name == "seat":
            paired = paired.filter(board_number__isnull=False)
        if paired.exists():
            target = field.remote_field.model
            rounds = _rounds(paired, "round__number")
            _refuse(str(_PAIRED[target._meta.model_name]) % {"rounds": rounds}, paired)
    CASCADE(collector, field, sub_objs, using)


def deletion_refused(objs: list[models.Model]) -> str:
    """Why deleting `objs` is refused ('' when they may be deleted); collects only, changes nothing."""
    reasons: list[str] = []
    token = _reasons.set(reasons)
    try:
        Collector(using="default").collect(objs)
    except ProtectedError as error:
        return " ".join(reasons) or str(error.args[0])
    finally:
        _reasons.reset(token)
    return ""
