"""Team events: the lineup of each team per round, and the matches of a round.

A match's games are ordinary `Board`s of the round (with their seats and results), tied
to the match by `Board.match` and numbered within it by `Board.match_board`; so a game
of a team event is stored, scored and counted as pending exactly like a game of an
individual event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .history import PROTECT_PAIRED, PROTECT_PUBLISHED
from .public import ShownPublicly

if TYPE_CHECKING:
    from .round import Board
    from .tournament import Tournament


class LineupBoard(ShownPublicly):
    """One place of a team's lineup in one round: roster player `entrant` plays board `board`.

    A round's lineup of a team is its rows in board order; it must keep the roster's
    order (the engine's `lineup_problem` says why one does not). Without rows, the
    default applies (`tournaments.bridge.teams.lineup_of`).
    """

    round = models.ForeignKey("tournaments.Round", on_delete=PROTECT_PUBLISHED, related_name="lineup_boards")
    team = models.ForeignKey("tournaments.Team", on_delete=PROTECT_PUBLISHED, related_name="lineup_boards")
    board = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(
        "tournaments.Entrant", on_delete=PROTECT_PUBLISHED, related_name="lineup_boards"
    )

    class Meta:
        ordering = ["round", "team", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team", "board"], name="lineup_one_player_per_board"),
            models.UniqueConstraint(fields=["round", "entrant"], name="lineup_player_once_per_round"),
            models.CheckConstraint(condition=Q(board__gte=1), name="lineup_board_positive"),
        ]

    def __str__(self) -> str:
        return gettext("%(team)s in round %(number)s: board %(board)s %(entrant)s") % {
            "team": self.team,
            "number": self.round.number,
            "board": self.board,
            "entrant": self.entrant,
        }

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament

    def clean(self) -> None:
        if self.team_id and self.entrant_id and self.entrant.team_id != self.team_id:
            raise ValidationError(_("The player is not on this team's roster."))


class TeamAbsence(ShownPublicly):
    """A team not to be paired in `round`: absent for that round, or withdrawn from it on.

    Either way the team is left out of the pairing and scores nothing for the round: no
    match points, no game points and no bye (GHR 3.2 applied to teams; TRF `240 Z`).
    """

    class Kind(models.TextChoices):
        ABSENT = "absent", _("absent")
        WITHDRAWN = "withdrawn", _("withdrawn")

    round = models.ForeignKey("tournaments.Round", on_delete=PROTECT_PUBLISHED, related_name="team_absences")
    team = models.ForeignKey("tournaments.Team", on_delete=PROTECT_PUBLISHED, related_name="absences")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.ABSENT)

    class Meta:
        ordering = ["round", "team"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="team_absence_once_per_round"),
            models.CheckConstraint(
                condition=Q(kind__in=["absent", "withdrawn"]), name="team_absence_kind_known"
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.WITHDRAWN:
            return gettext("%(team)s withdrawn in round %(number)s") % {
                "team": self.team,
                "number": self.round.number,
            }
        return gettext("%(team)s absent in round %(number)s") % {
            "team": self.team,
            "number": self.round.number,
        }

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament


class MatchForfeit(models.TextChoices):
    """A whole match lost by default (TRF 330): the board results are forfeits as well."""

    NONE = "", _("played")
    BLACK_FORFEITS = "+-", _("+ – (the team with Black on board 1 forfeits)")
    WHITE_FORFEITS = "-+", _("– + (the team with White on board 1 forfeits)")
    DOUBLE_FORFEIT = "--", _("– – (both teams forfeit)")


class Match(ShownPublicly):
    """Two teams meeting in a round; `white` has White on board 1, `black` is None on the team bye.

    `number` is the match's place in the round's official order (`order_matches`).
    Match and game points are not stored: the bridge computes them from the board results
    (`tournaments.bridge.teams`), so a corrected board result corrects them.
    """

    Forfeit = MatchForfeit

    round = models.ForeignKey("tournaments.Round", on_delete=PROTECT_PUBLISHED, related_name="matches")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey("tournaments.Team", on_delete=PROTECT_PAIRED, related_name="+")
    black = models.ForeignKey(
        "tournaments.Team", on_delete=PROTECT_PAIRED, related_name="+", null=True, blank=True
    )
    forfeit = models.CharField(
        max_length=2, choices=MatchForfeit.choices, blank=True, default=MatchForfeit.NONE
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="match_number_unique_in_round"),
            models.UniqueConstraint(fields=["round", "white"], name="match_white_team_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="match_black_team_once_per_round"),
            models.CheckConstraint(condition=Q(number__gte=1), name="match_number_positive"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="match_two_different_teams"),
            models.CheckConstraint(condition=Q(forfeit__in=MatchForfeit.values), name="match_forfeit_known"),
            models.CheckConstraint(
                condition=Q(black__isnull=False) | Q(forfeit=""), name="match_bye_is_not_forfeited"
            ),
        ]

    def __str__(self) -> str:
        values = {"round": self.round, "number": self.number, "white": self.white}
        if self.black is None:
            return gettext("%(round)s – match %(number)s: %(white)s – bye") % values
        return gettext("%(round)s – match %(number)s: %(white)s – %(black)s") % {
            **values,
            "black": self.black.name,
        }

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    def games(self) -> models.QuerySet[Board]:
        """The match's boards in order, with their seats and players loaded."""
        from .round import Seat

        return self.boards.order_by("match_board").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("entrant"))
        )
