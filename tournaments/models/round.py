"""Rounds, their boards and seats: one seat per entrant per round, on a board or absent.

The seat table is what lets the database itself refuse the impossible: an entrant
on two boards of a round, paired while absent, or two entrants with one pairing number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .history import PROTECT_PAIRED, PROTECT_PUBLISHED, PROTECT_PUBLISHED_ROUNDS, deleting_history
from .public import ShownPublicly

if TYPE_CHECKING:
    from .entrant import Entrant, Team
    from .match import Match
    from .tournament import Tournament

    # A match to store: White's team on board 1, Black's team or None (bye), its games (white, black).
    TeamMatch = tuple[Team, Team | None, list[tuple[Entrant, Entrant]]]


class Colour(models.TextChoices):
    WHITE = "w", _("White")
    BLACK = "b", _("Black")


class Round(ShownPublicly):
    class State(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        COMPLETE = "complete", _("Complete")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=PROTECT_PUBLISHED_ROUNDS, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.DRAFT)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    published_at = models.DateTimeField(null=True, blank=True)
    # Raised by every change to the draft's boards, so a page can say which draft it showed.
    draft_version = models.PositiveIntegerField(default=0)
    # Per part of the engine's input (results, entrants...), a digest of what the draft was paired from.
    draft_input = models.JSONField(default=dict, blank=True)
    # What the rules say of one draft version (`tournaments.bridge.drafts.check_draft`): stored once,
    # so that the review of a 4000-player draft reads its findings instead of checking it per page.
    draft_check = models.JSONField(default=dict, blank=True)
    # When the round starts (the schedule); entered and shown in the tournament's time zone.
    starts_at = models.DateTimeField(null=True, blank=True)

    class Lineups(models.TextChoices):
        """A team round's lineups after its pairing is published (`tournaments.bridge.lineups`)."""

        OPEN = "open", _("open")  # the captains hand them in, the arbiter enters them
        CLOSED = "closed", _("closed")  # no more changes; not yet shown to players
        RELEASED = "released", _("released")  # closed and on the public pages

    lineups = models.CharField(max_length=8, choices=Lineups.choices, default=Lineups.OPEN)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_number_unique_in_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(state="draft") | Q(published_at__isnull=False), name="round_published_has_time"
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(tournament)s – round %(number)s") % {
            "tournament": self.tournament,
            "number": self.number,
        }

    @property
    def lineups_released(self) -> bool:
        return self.lineups == self.Lineups.RELEASED

    @property
    def is_paired(self) -> bool:
        return self.boards.exists() or self.matches.exists()

    def seated(self) -> dict[int, tuple[int | None, int | None]]:
        """Per board number, the entrant ids of White and Black (Black None on the bye), in one query."""
        boards: dict[int, tuple[int | None, int | None]] = {}
        seats = Seat.objects.filter(round=self, board_number__isnull=False)
        for number, colour, entrant in seats.values_list("board_number", "colour", "entrant_id"):
            assert number is not None
            white, black = boards.get(number, (None, None))
            boards[number] = (entrant, black) if colour == Seat.Colour.WHITE else (white, entrant)
        return boards

    @transaction.atomic
    def store_draft(self, pairs: Iterable[tuple[Entrant, Entrant | None]]) -> None:
        """Replace this draft round's boards with `pairs` (white, black; black None for the PAB).

        Boards are numbered in the given order; seats keep each entrant's current pairing number.
        The draft version goes up by one.
        """
        pairs = list(pairs)
        seated = self.seated()
        if set(seated) == set(range(1, len(pairs) + 1)) and not self.matches.exists():
            # A manual change keeps the number of boards: only the seats of the boards it changed are
            # written again, and those of boards it only renumbered are moved, so that a change to a
            # 4000-player draft costs what it touches.
            self._raise_version()
            wanted = {number: (w.pk, b.pk if b else None) for number, (w, b) in enumerate(pairs, start=1)}
            kept = set(wanted.values())
            Seat.objects.filter(
                round=self, board_number__in=[n for n, pair in seated.items() if pair not in kept]
            ).delete()
            where = {pair: number for number, pair in seated.items()}
            self._move_seats({where[pair]: n for n, pair in wanted.items() if where.get(pair, n) != n})
            changed = {number for number, pair in wanted.items() if pair not in where}
        else:
            self._clear_draft()
            Board.objects.bulk_create(Board(round=self, number=n) for n in range(1, len(pairs) + 1))
            changed = set(seated) | set(range(1, len(pairs) + 1))
        Seat.objects.bulk_create(
            Seat(
                round=self,
                entrant=entrant,
                pairing_number=entrant.pairing_number,
                board_number=number,
                colour=colour,
            )
            for number, (white, black) in enumerate(pairs, start=1)
            if number in changed
            for entrant, colour in ((white, Seat.Colour.WHITE), (black, Seat.Colour.BLACK))
            if entrant is not None
        )

    def _move_seats(self, moves: dict[int, int]) -> None:
        """Seat the players of board `old` on board `new`, for each old: new of `moves`.

        The database checks a seat's board and colour row by row, so a shift (board 2 to 1, 3 to
        2 ...) would collide with itself: the seats first move past the last board, then to their
        new boards, one statement per distance moved.
        """
        if not moves:
            return
        aside = self.boards.count()
        Seat.objects.filter(round=self, board_number__in=moves).update(board_number=F("board_number") + aside)
        by_distance: dict[int, list[int]] = {}
        for old, new in moves.items():
            by_distance.setdefault(new - old, []).append(old + aside)
        for distance, numbers in by_distance.items():
            Seat.objects.filter(round=self, board_number__in=numbers).update(
                board_number=F("board_number") - aside + distance
            )

    @transaction.atomic
    def store_team_draft(self, matches: Iterable[TeamMatch]) -> None:
        """Replace this draft round's matches and their boards with `matches`, in the given order.

        Each match is (team with White on board 1, the other team or None for the bye, its
        games board 1 first as (White entrant, Black entrant)). Boards are numbered through
        the round (match 1's boards first) and within their match. The draft version goes up by one.
        """
        from .match import Match

        self._clear_draft()
        number = 0
        for match_number, (white, black, games) in enumerate(matches, start=1):
            match = Match.objects.create(round=self, number=match_number, white=white, black=black)
            for match_board, (first, second) in enumerate(games, start=1):
                number += 1
                board = Board.objects.create(round=self, number=number, match=match, match_board=match_board)
                self._seat_board(board, first, second)

    @transaction.atomic
    def reseat_match(self, match: Match, games: list[tuple[Entrant, Entrant]]) -> None:
        """Seat a published match's games again, board 1 first (a lineup handed in after the team
        pairing was published): the same boards, the new players; refused once a game has a result."""
        boards = list(match.boards.order_by("match_board"))
        if any(board.result for board in boards):
            raise ValidationError(
                gettext("Match %(number)s has results; its games stand as played.") % {"number": match.number}
            )
        # The one change to the seats of a published round: games without a result get the players
        # of the lineup handed in (the lineup round), so the history guard lets these seats go.
        with deleting_history():
            Seat.objects.filter(round=self, board_number__in=[b.number for b in boards]).delete()
        for board, (white, black) in zip(boards, games, strict=True):
            self._seat_board(board, white, black)

    def _raise_version(self) -> None:
        """The draft is about to change: its version goes up; refused once published."""
        if self.state != self.State.DRAFT:
            raise ValidationError(
                gettext("Round %(number)s is %(state)s; only drafts change.")
                % {"number": self.number, "state": str(self.get_state_display()).lower()}
            )
        Round.objects.filter(pk=self.pk).update(draft_version=models.F("draft_version") + 1)
        self.refresh_from_db(fields=["draft_version"])

    def _clear_draft(self) -> None:
        """Empty a draft before new boards go in, raising its version; refused once published."""
        self._raise_version()
        self.boards.all().delete()
        self.matches.all().delete()

    def _seat_board(self, board: Board, white: Entrant, black: Entrant | None) -> None:
        """Seat White and Black (None on the bye) on `board`, with their current pairing numbers."""
        for entrant, colour in ((white, Seat.Colour.WHITE), (black, Seat.Colour.BLACK)):
            if entrant is not None:
                Seat.objects.create(
                    round=self,
                    entrant=entrant,
                    pairing_number=entrant.pairing_number,
                    board_number=board.number,
                    colour=colour,
                )

    def record_input(self, digests: dict[str, str]) -> None:
        """Note the digests of the engine's input this draft now rests on (paired from, or kept with)."""
        self.draft_input = digests
        Round.objects.filter(pk=self.pk).update(draft_input=digests)

    def record_check(self, check: dict[str, object]) -> None:
        """Keep `check` as what the rules say of the current draft version (unless it changed meanwhile)."""
        stored = {**check, "version": self.draft_version}
        if Round.objects.filter(pk=self.pk, draft_version=self.draft_version).update(draft_check=stored):
            self.draft_check = stored

    def publish(self, user: object) -> None:
        """Make a drafted round visible to players; it can no longer be re-paired."""
        if self.state != self.State.DRAFT:
            raise ValidationError(gettext("Round %(number)s is already published.") % {"number": self.number})
        if not self.is_paired:
            raise ValidationError(
                gettext("Round %(number)s has no boards to publish.") % {"number": self.number}
            )
        self.state = self.State.PUBLISHED
        self.published_by = user  # type: ignore[assignment]
        self.published_at = timezone.now()
        self.save(update_fields=["state", "published_by", "published_at"])

    def pending_games(self) -> models.QuerySet[Board]:
        """The boards still without a result; the pairing-allocated bye's board never needs one."""
        return Board.pending().filter(round=self)

    def complete(self) -> None:
        """Close a published round once every game has a result."""
        if self.state != self.State.PUBLISHED:
            raise ValidationError(gettext("Round %(number)s is not published.") % {"number": self.number})
        if self.pending_games().exists():
            raise ValidationError(
                gettext("Round %(number)s still has games without a result.") % {"number": self.number}
            )
        self.state = self.State.COMPLETE
        self.save(update_fields=["state"])

    def follow_results(self, user: AbstractBaseUser | None) -> None:
        """The one rule of a round's state once its results change, wherever they change (the
        arbiter's pages, the admin): a published round with every game's result in is complete,
        and the last round's completion finishes the event; a complete round with a result taken
        back is being played again. Each change of state is audited."""
        # Imported here: both modules import this one.
        from .audit import AuditRecord
        from .tournament import Tournament

        change = AuditRecord.Action.CHANGE
        event = Tournament.objects.filter(pk=self.tournament_id)
        pending = self.pending_games().exists()
        if self.state == self.State.PUBLISHED and not pending:
            self.complete()
            AuditRecord.record(user, change, self, {"state": "published"}, {"state": "complete"})
            if self.number == self.tournament.total_rounds:
                event.update(state=Tournament.State.FINISHED)
        elif self.state == self.State.COMPLETE and pending:
            self.reopen()
            AuditRecord.record(user, change, self, {"state": "complete"}, {"state": "published"})
            event.filter(state=Tournament.State.FINISHED).update(state=Tournament.State.RUNNING)

    def reopen(self) -> None:
        """Take a complete round back to published, once a result is cleared."""
        if self.state != self.State.COMPLETE:
            raise ValidationError(gettext("Round %(number)s is not complete.") % {"number": self.number})
        self.state = self.State.PUBLISHED
        self.save(update_fields=["state"])

    def boards_with_seats(self) -> models.QuerySet[Board]:
        """The boards in order, with white and black loaded in one extra query (with their
        tournament, which says which of their ratings is the one shown: `Entrant.rating`)."""
        return self.boards.order_by("number").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("entrant__tournament"))
        )


class Result(models.TextChoices):
    NOT_PLAYED = "", _("not yet played")
    WHITE_WINS = "1-0", "1–0"
    DRAW = "1/2", "½–½"
    BLACK_WINS = "0-1", "0–1"
    BLACK_FORFEITS = "+-", _("+ – (Black forfeits)")
    WHITE_FORFEITS = "-+", _("– + (White forfeits)")
    DOUBLE_FORFEIT = "--", _("– – (double forfeit)")


class Absence(models.TextChoices):
    HALF_BYE = "half-bye", _("Half-point bye (requested)")
    ZERO_BYE = "zero-bye", _("Zero-point bye (requested)")
    FULL_BYE = "full-bye", _("Full-point bye")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class Board(ShownPublicly):
    Result = Result

    @classmethod
    def pending(cls) -> models.QuerySet[Board]:
        """Every board still without a result (the one definition of a game still being played)."""
        return cls.objects.filter(result=Result.NOT_PLAYED, seats__colour=Seat.Colour.BLACK)

    # No index of its own: board_number_unique_in_round (round, number) serves a round's boards,
    # and with a second one on round alone PostgreSQL, before it has statistics of a new round's
    # thousands of boards, joins seats to boards through it and filters every board of the round
    # for each seat (0.4 s to find a 4000-player round's unfinished games instead of 10 ms).
    round = models.ForeignKey(Round, on_delete=PROTECT_PUBLISHED, related_name="boards", db_index=False)
    number = models.PositiveSmallIntegerField()
    result = models.CharField(max_length=3, choices=Result.choices, blank=True, default=Result.NOT_PLAYED)
    # Team events: the match this game belongs to and its board within the match (1 = board 1).
    match = models.ForeignKey(
        "tournaments.Match", on_delete=PROTECT_PUBLISHED, related_name="boards", null=True, blank=True
    )
    match_board = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "match_board"], name="board_once_in_match"),
            models.CheckConstraint(
                condition=Q(match__isnull=True, match_board__isnull=True)
                | Q(match__isnull=False, match_board__gte=1),
                name="board_in_match_has_match_board",
            ),
            models.UniqueConstraint(fields=["round", "number"], name="board_number_unique_in_round"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            # Whatever writes the row (a form, the admin, a script), only known results are stored.
            models.CheckConstraint(condition=Q(result__in=Result.values), name="board_result_known"),
        ]

    def __str__(self) -> str:
        return gettext("%(round)s – board %(number)s") % {"round": self.round, "number": self.number}

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament

    def shown_in_round(self) -> int:
        """A board is read only by what shows its round and the rounds after it."""
        return self.round.number

    def _seat(self, colour: str) -> Seat | None:
        return next((seat for seat in self.seats.all() if seat.colour == colour), None)

    @property
    def white(self) -> Entrant | None:
        seat = self._seat(Seat.Colour.WHITE)
        return seat.entrant if seat else None

    @property
    def black(self) -> Entrant | None:
        """None on the pairing-allocated bye."""
        seat = self._seat(Seat.Colour.BLACK)
        return seat.entrant if seat else None

    @property
    def is_bye(self) -> bool:
        return self._seat(Seat.Colour.BLACK) is None


class Seat(models.Model):
    """One entrant in one round: either on a board (with a colour) or absent (with a kind).

    A player's seat for a future round can exist before the round is paired, to record
    a requested bye or a withdrawal; the pairing then cannot place them on a board.
    """

    Colour = Colour
    Absence = Absence

    round = models.ForeignKey(Round, on_delete=PROTECT_PUBLISHED, related_name="seats")
    entrant = models.ForeignKey("tournaments.Entrant", on_delete=PROTECT_PAIRED, related_name="seats")
    pairing_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The entrant's pairing number in this round.")
    )
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(max_length=1, choices=Colour.choices, blank=True)
    absence = models.CharField(max_length=10, choices=Absence.choices, blank=True)
    # The board shares this seat's round column, so a seat can never sit on another round's board.
    board = models.ForeignObject(
        Board,
        on_delete=PROTECT_PUBLISHED,
        from_fields=["round", "board_number"],
        to_fields=["round", "number"],
        related_name="seats",
        null=True,
    )

    class Meta:
        ordering = ["round", "board_number", "colour"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="seat_one_per_entrant_per_round"),
            models.UniqueConstraint(
                fields=["round", "pairing_number"], name="seat_pairing_number_unique_in_round"
            ),
            models.UniqueConstraint(
                fields=["round", "board_number", "colour"], name="seat_one_colour_per_board"
            ),
            models.CheckConstraint(
                condition=Q(board_number__isnull=False, colour__in=["w", "b"], absence="")
                | (Q(board_number__isnull=True, colour="") & ~Q(absence="")),
                name="seat_on_board_or_absent",
            ),
            models.CheckConstraint(condition=Q(absence__in=["", *Absence.values]), name="seat_absence_known"),
            models.CheckConstraint(
                condition=Q(board_number__isnull=True) | Q(pairing_number__isnull=False),
                name="seat_on_board_has_pairing_number",
            ),
        ]

    def __str__(self) -> str:
        where = (
            gettext("board %(number)s %(colour)s")
            % {"number": self.board_number, "colour": self.get_colour_display()}
            if self.board_number
            else self.absence
        )
        return gettext("%(entrant)s in round %(number)s: %(where)s") % {
            "entrant": self.entrant,
            "number": self.round.number,
            "where": where,
        }

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament

    def clean(self) -> None:
        if self.round_id is None or self.entrant_id is None:
            return  # the form says which one is missing
        if self.round.tournament_id != self.entrant.tournament_id:
            raise ValidationError(gettext("The entrant plays in another tournament."))
