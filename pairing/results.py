"""Results of a published round: recording, correcting and clearing them, and what a correction means.

Like every action, each locks the round first (see pairing/actions.py) and goes to the audit trail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import AuditRecord, Board, Match, Round

from .actions import ActionError, locked_round

Action = AuditRecord.Action


@dataclass
class Conflict:
    """A board changed by someone else after the arbiter's page was loaded; nothing was written to it.

    `wanted` is what this arbiter chose for it, "" when they left it alone.
    """

    board: int
    seen: str
    stored: str
    wanted: str


@dataclass
class Recorded:
    """What `record_results` did: boards saved, stale boards left alone, what it means for later rounds."""

    saved: list[int] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    notice: str = ""


def correction_notice(rnd: Round) -> str:
    """GHR 4.3: what a corrected (or cleared) result of `rnd` means for the rounds after it; "" when none.

    A correction is always stored. Published pairings are never re-paired: they stand, and
    the correction counts from the next pairing. A draft paired from the old result
    becomes stale (see `draft_staleness`) and must be re-paired or kept before publishing.
    """
    later = list(rnd.tournament.rounds.filter(number__gt=rnd.number, boards__isnull=False).distinct())
    published = [r.number for r in later if r.state != Round.State.DRAFT]
    drafted = [r.number for r in later if r.state == Round.State.DRAFT]
    sentences = []
    if published:
        sentences.append(
            ngettext(
                "Round %(rounds)s is already published: the pairings already made stand (GHR 4.3); "
                "the correction counts from the next pairing.",
                "Rounds %(rounds)s are already published: the pairings already made stand (GHR 4.3); "
                "the correction counts from the next pairing.",
                len(published),
            )
            % {"rounds": ", ".join(map(str, published))}
        )
    if drafted:
        sentences.append(
            _(
                "The draft of round %(number)s was paired from the old result: "
                "re-pair it or keep it before publishing."
            )
            % {"number": drafted[0]}
        )
    return " ".join(sentences)


def _set_result(board: Board, result: str, user: User, notice: str, **note: Any) -> None:
    """The one way a stored result changes: saved, audited with what it means for later rounds."""
    before = {"result": board.result}
    board.result = result
    board.save(update_fields=["result"])
    after = {"result": result, **note}
    if before["result"] and notice:
        after["correction"] = notice
    AuditRecord.record(user, Action.CHANGE, board, before, after)


def record_results(
    rnd: Round, user: User, results: dict[int, str], *, seen: dict[int, str] | None = None
) -> Recorded:
    """Store results by board number; the round completes once every game has one.

    `seen` is what the arbiter's page showed per board: a board whose stored result is no
    longer that one was changed by someone else meanwhile, is left alone and comes back
    as a `Conflict`. Submitting the same results twice changes nothing the second time. A
    result that replaces another is a correction, recorded with the old value and
    `correction_notice` in the audit trail.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state == Round.State.DRAFT:
            raise ActionError(_("Round %(number)s is not published yet.") % {"number": rnd.number})
        recorded = Recorded()
        notice = correction_notice(rnd)
        label = {value: str(text) for value, text in Board.Result.choices}.__getitem__

        numbers = set(results) | set(seen or ())
        for board in rnd.boards.filter(number__in=numbers).order_by("number").select_for_update():
            new = results.get(board.number, board.result)
            if board.number in results and new == board.result:
                continue  # already so, for instance a second press of "save"
            if seen is not None and seen.get(board.number, board.result) != board.result:
                wanted = label(new) if board.number in results else ""
                recorded.conflicts.append(
                    Conflict(board.number, label(seen[board.number]), label(board.result), wanted)
                )
                continue
            if board.result == new:
                continue
            if board.result:
                recorded.notice = notice
            _set_result(board, new, user, notice)
            recorded.saved.append(board.number)
        rnd.follow_results(user)
        return recorded


# A whole match forfeited (Match.forfeit) as the result of each of its boards, by the board's White:
# whether White's player belongs to the team with White on board 1.
_BOARD_FORFEITS: dict[str, dict[bool, str]] = {
    Match.Forfeit.BLACK_FORFEITS: {True: Board.Result.BLACK_FORFEITS, False: Board.Result.WHITE_FORFEITS},
    Match.Forfeit.WHITE_FORFEITS: {True: Board.Result.WHITE_FORFEITS, False: Board.Result.BLACK_FORFEITS},
    Match.Forfeit.DOUBLE_FORFEIT: {True: Board.Result.DOUBLE_FORFEIT, False: Board.Result.DOUBLE_FORFEIT},
}


def forfeit_match(rnd: Round, user: User, match_number: int, forfeit: str) -> str:
    """Record a whole match as lost by default (TRF 330), or take that back (`forfeit` "").

    Every board of the match gets the matching forfeit result; taking the forfeit back
    returns them to "not yet played". Returns `correction_notice` when results were
    replaced. Like every result, audited; the round completes or reopens as its games do.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        if rnd.state == Round.State.DRAFT:
            raise ActionError(_("Round %(number)s is not published yet.") % {"number": rnd.number})
        match = rnd.matches.select_for_update().filter(number=match_number).first()
        if match is None or match.is_bye:
            raise ActionError(
                _("Round %(number)s has no match %(match)s to forfeit.")
                % {"number": rnd.number, "match": match_number}
            )
        if forfeit not in Match.Forfeit.values:
            raise ActionError(_("Choose who forfeits the match."))
        if match.forfeit == forfeit:
            return ""
        before = {"forfeit": match.forfeit}
        match.forfeit = forfeit
        match.save(update_fields=["forfeit"])
        AuditRecord.record(user, Action.CHANGE, match, before, {"forfeit": forfeit})
        notice = correction_notice(rnd)
        replaced = False
        for board in match.games():
            white = board.white
            assert white is not None
            new = (
                _BOARD_FORFEITS[forfeit][white.team_id == match.white_id]
                if forfeit
                else Board.Result.NOT_PLAYED
            )
            if board.result != new:
                replaced = replaced or bool(board.result)
                _set_result(board, new, user, notice, match_forfeit=forfeit)
        rnd.follow_results(user)
        return notice if replaced else ""


def clear_result(rnd: Round, user: User, board_number: int, *, seen: str | None = None) -> str:
    """Take one game's result back to "not yet played"; a complete round is open again.

    The same rule as any correction (`correction_notice`), which is returned. `seen` is
    the result the arbiter's page showed: one changed meanwhile is not cleared.
    """
    with transaction.atomic():
        rnd = locked_round(rnd)
        board = rnd.boards_with_seats().filter(number=board_number).first()
        if board is None or board.is_bye:
            raise ActionError(
                _("Round %(number)s has no game on board %(board)s.")
                % {"number": rnd.number, "board": board_number}
            )
        if not board.result:
            raise ActionError(_("Board %(board)s has no result to clear.") % {"board": board_number})
        if seen is not None and seen != board.result:
            raise ActionError(
                _(
                    "Board %(board)s was changed by someone else since this page was loaded: "
                    "stored now %(stored)s. Nothing was cleared."
                )
                % {"board": board_number, "stored": board.get_result_display()}
            )
        notice = correction_notice(rnd)
        _set_result(board, Board.Result.NOT_PLAYED, user, notice, cleared=True)
        rnd.follow_results(user)
        return notice
