"""Who plays: entrants (players) and, in team events, teams with their lineups."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.validators import plain_text

from .public import ShownPublicly
from .round import Seat


def validate_us_chess_id(value: str) -> None:
    if value and not (len(value) == 8 and value.isdigit()):
        raise ValidationError(_("A US Chess ID is 8 digits."), code="invalid")


class Team(ShownPublicly):
    """A team of a team event: its number (TPN) and its roster (entrants with `team` set) in `board_order`.

    The roster's order is the board order every lineup keeps (C.04.6 1.1); the captain's
    contact is for the arbiters only.
    """

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=200, validators=[plain_text])
    federation = models.CharField(max_length=3, blank=True, validators=[plain_text])
    pairing_number = models.PositiveSmallIntegerField(null=True, blank=True)
    captain = models.CharField(max_length=200, blank=True, validators=[plain_text])
    captain_contact = models.CharField(
        max_length=200, blank=True, validators=[plain_text], help_text=_("Phone or e-mail; arbiters only.")
    )

    class Meta:
        ordering = ["tournament", "pairing_number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique_in_tournament"),
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="team_pairing_number_unique_in_tournament"
            ),
            models.CheckConstraint(condition=Q(pairing_number__gte=1), name="team_pairing_number_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    def roster(self) -> models.QuerySet[Entrant]:
        """The team's players in board order."""
        return self.players.order_by("board_order")


class Entrant(ShownPublicly):
    """A player in one tournament.

    `pairing_number` is the current number (TPN). Each round keeps the number it was
    paired with on the player's seat, so late entries and renumbering leave history intact.
    """

    class Title(models.TextChoices):
        # Ordered as in C.04.2 Art. 2.2, which ranks titles after strength.
        # Labels spelled out: TextChoices would otherwise title-case the names ("Gm", "Wgm").
        GM = "GM", "GM"
        IM = "IM", "IM"
        WGM = "WGM", "WGM"
        FM = "FM", "FM"
        WIM = "WIM", "WIM"
        CM = "CM", "CM"
        WFM = "WFM", "WFM"
        WCM = "WCM", "WCM"

    class Side(models.TextChoices):
        A = "A", _("Team A")
        B = "B", _("Team B")

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "w", _("Female")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="entrants"
    )
    name = models.CharField(max_length=200, help_text=_("Surname, Given names"), validators=[plain_text])
    fide_id = models.CharField(_("FIDE id"), max_length=12, blank=True, validators=[plain_text])
    national_id = models.CharField(_("national id"), max_length=20, blank=True, validators=[plain_text])
    fide_rating = models.PositiveSmallIntegerField(_("FIDE rating"), null=True, blank=True)
    national_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    us_chess_id = models.CharField(
        _("US Chess ID"),
        max_length=8,
        blank=True,
        validators=[plain_text, validate_us_chess_id],
        help_text=_("8 digits."),
    )
    us_chess_rating = models.PositiveSmallIntegerField(
        _("US Chess rating"), null=True, blank=True, help_text=_("The published rating; blank for unrated.")
    )
    # The K factor of the FIDE list (B.02 8.3.3); blank: worked out from the rating and age.
    fide_k = models.PositiveSmallIntegerField(
        _("FIDE K factor"),
        null=True,
        blank=True,
        choices=[(40, "40"), (20, "20"), (10, "10")],
        help_text=_("As on the FIDE list, for the rating estimate; blank: from the rating and age."),
    )
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    federation = models.CharField(max_length=3, blank=True, validators=[plain_text])
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(null=True, blank=True)
    club = models.CharField(max_length=200, blank=True, validators=[plain_text])
    pairing_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # A deleted team takes its roster with it (its players' own history protects them): SET_NULL
    # would leave board_order without a team, which entrant_team_member_has_board_order refuses.
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players", null=True, blank=True)
    board_order = models.PositiveSmallIntegerField(null=True, blank=True)
    # A Scheveningen event's two teams (docs/round-robin.md 6): the draw numbers side A 1..n and
    # side B n+1..2n, as the engine's table expects. Blank in every other event.
    side = models.CharField(_("Scheveningen team"), max_length=1, choices=Side.choices, blank=True)

    class Meta:
        ordering = ["tournament", "pairing_number", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="entrant_pairing_number_unique_in_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "fide_id"],
                condition=~Q(fide_id=""),
                name="entrant_fide_id_unique_in_tournament",
            ),
            models.CheckConstraint(
                condition=Q(pairing_number__gte=1), name="entrant_pairing_number_positive"
            ),
            models.UniqueConstraint(
                fields=["team", "board_order"], name="entrant_board_order_unique_in_team"
            ),
            models.CheckConstraint(
                condition=Q(team__isnull=True, board_order__isnull=True)
                | Q(team__isnull=False, board_order__isnull=False, board_order__gte=1),
                name="entrant_team_member_has_board_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.team is not None and self.team.tournament_id != self.tournament_id:
            raise ValidationError({"team": gettext("The team belongs to another tournament.")})

    @property
    def rating(self) -> int:
        """The rating used for pairing: FIDE first, then national, else 0 (unrated).

        A US Chess event pairs on the published US Chess rating alone (28C-28D), a player
        without one being unrated."""
        if self.tournament_id is not None and self.tournament.is_us_chess:
            return self.us_chess_rating or 0
        return self.fide_rating or self.national_rating or 0

    @property
    def withdrawn_from(self) -> int | None:
        """The first round from which the entrant is withdrawn, or None."""
        first: int | None = self.seats.filter(absence=Seat.Absence.WITHDRAWN).aggregate(
            first=models.Min("round__number")
        )["first"]
        return first

    def request_absence(self, round_number: int, kind: str) -> Seat:
        """Record a requested bye for a round that is still a draft and not yet paired for this entrant."""
        if kind not in Seat.Absence.values:
            raise ValidationError(gettext("“%(kind)s” is not a kind of absence.") % {"kind": kind})
        if kind == Seat.Absence.FULL_BYE and not self.tournament.full_point_byes_allowed():
            raise ValidationError(
                gettext(
                    "FIDE mode: full-point byes on request are off (FIDE does not allow them); "
                    "an arbiter may enable them in the settings."
                )
            )
        rnd = self.tournament.rounds.get(number=round_number)
        if rnd.state != rnd.State.DRAFT:
            raise ValidationError(
                gettext("Round %(number)s is already published.") % {"number": round_number}
            )
        if rnd.seats.filter(entrant=self, board_number__isnull=False).exists():
            raise ValidationError(
                gettext("%(name)s is already paired in round %(number)s.")
                % {"name": self, "number": round_number}
            )
        seat, _ = Seat.objects.update_or_create(round=rnd, entrant=self, defaults={"absence": kind})
        return seat

    def withdraw(self, from_round: int) -> None:
        """Withdraw from `from_round` on: every later round gets a 'withdrawn' seat."""
        for rnd in self.tournament.rounds.filter(number__gte=from_round):
            self.request_absence(rnd.number, Seat.Absence.WITHDRAWN)
