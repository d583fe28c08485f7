"""The tournament: its facts, its rules (pairing system, scoring, tie-breaks) and its state."""

from __future__ import annotations

import re
import zoneinfo
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import public_cache
from tournaments.languages import LanguageField
from tournaments.us_chess import US_TIEBREAK_CODES, US_VARIATIONS
from tournaments.validators import plain_text

from .round import Colour, Round

# Tie-break codes of FIDE C.07 (docs/tiebreaks.md section 2), optionally with a cut or modifier:
# "BH-C1", "KS/L+1".
# Team events add match-point and game-point variants (docs/tiebreaks.md section 4).
TIEBREAK_CODES = (
    *("DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "AOB", "FB", "SB", "KS"),
    *("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"),
    *("MP", "GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "MPvGP", "EDE", "TBR", "BBE", "SSSC"),
    *US_TIEBREAK_CODES,
)
_TIEBREAK = re.compile(rf"^(?:{'|'.join(TIEBREAK_CODES)})(?::MP|:GP)?(?:-[CM][12])?(?:/[A-Z][+-]?\d*)*$")


def validate_tiebreaks(value: object) -> None:
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError(_("Tie-breaks must be a list of codes such as BH-C1, BH, SB."))
    unknown = [code for code in value if not _TIEBREAK.match(code)]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break code(s): %(codes)s."), params={"codes": ", ".join(unknown)}
        )
    if len(set(value)) != len(value):
        raise ValidationError(_("A tie-break may appear only once."))


def validate_us_variations(value: object) -> None:
    if not isinstance(value, list) or not all(word in US_VARIATIONS for word in value):
        raise ValidationError(
            _("US Chess variations are a list of: %(words)s."), params={"words": ", ".join(US_VARIATIONS)}
        )


_PRIZE_CATEGORY = re.compile(r"^(W|[US]\d{1,4})$")


def validate_prize_categories(value: object) -> None:
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError(_("Prize categories must be a list of codes such as W, U18, S65, U1800."))
    unknown = [code for code in value if not _PRIZE_CATEGORY.match(code)]
    if unknown:
        raise ValidationError(
            _("Unknown prize categories: %(codes)s. Use W, U<age>, S<age> or U<rating>."),
            params={"codes": ", ".join(unknown)},
        )


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        message = _("Unknown time zone %(zone)s: use a name such as Europe/Berlin.")
        raise ValidationError(message, code="invalid", params={"zone": value})


def validate_prize_money(value: object) -> None:
    """A list of {"category": "" (overall) or a prize category code, "place": 1.., "amount": "100.00"}."""
    if not isinstance(value, list) or not all(
        isinstance(p, dict) and set(p) == {"category", "place", "amount"} for p in value
    ):
        raise ValidationError(_("Prize money is a list of category, place and amount."))
    for prize in value:
        category, place, amount = prize["category"], prize["place"], prize["amount"]
        if category and not (isinstance(category, str) and _PRIZE_CATEGORY.match(category)):
            raise ValidationError(_("Unknown prize category %(code)s."), params={"code": category})
        if not isinstance(place, int) or place < 1:
            raise ValidationError(_("A place is a whole number from 1."))
        try:
            money = Decimal(str(amount))
        except ArithmeticError:
            money = Decimal(-1)
        if not money.is_finite() or money < 0 or money != money.quantize(Decimal("0.01")):
            raise ValidationError(_("An amount is a sum of money such as 100 or 62.50."))
    if len({(p["category"], p["place"]) for p in value}) != len(value):
        raise ValidationError(_("Each place of a prize list has one amount."))


class Tournament(models.Model):
    class PrizeSharing(models.TextChoices):
        SHARED = "shared", _("Shared equally by the tied players")
        HORT = "hort", _("Hort system: half shared, half by tie-breaks")
        TIEBREAKS = "tiebreaks", _("Tie-breaks decide")

    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual")
        TEAM = "team", _("Team")

    class PairingSystem(models.TextChoices):
        # The values of the team systems are the engine's names for them (swiss.TEAM_SYSTEMS).
        DUTCH_2026 = "dutch-2026", _("FIDE Dutch (2026)")
        DUTCH_2017 = "dutch-2017", _("FIDE Dutch (2017)")
        DUTCH_1998 = "dutch-1998", _("FIDE Dutch 1998 (historical)")
        US_CHESS = "us-chess", _("US Chess")
        TEAM_C046 = "team-c046", _("FIDE team Swiss (C.04.6)")
        TEAM_ECU = "team-ecu", _("ECU team Swiss (N.6)")
        TEAM_OLYMPIAD = "team-olympiad", _("Olympiad (D.02)")
        ROUND_ROBIN = "round-robin", _("Round robin (Berger tables, C.05 Annex 1)")
        TEAM_ROUND_ROBIN = "team-round-robin", _("Team round robin (Berger tables)")
        SCHEVENINGEN = "scheveningen", _("Scheveningen (two teams, every player against the other team)")

    TEAM_SYSTEMS = (
        *(PairingSystem.TEAM_C046, PairingSystem.TEAM_ECU, PairingSystem.TEAM_OLYMPIAD),
        PairingSystem.TEAM_ROUND_ROBIN,
    )
    ROUND_ROBINS = (PairingSystem.ROUND_ROBIN, PairingSystem.TEAM_ROUND_ROBIN, PairingSystem.SCHEVENINGEN)

    class NumbersDrawn(models.TextChoices):
        """How a round robin's pairing numbers were fixed before round 1 (docs/round-robin.md 5)."""

        NOT_YET = "", _("Not drawn yet")
        LOT = "lot", _("Drawn by lot")
        ENTERED = "entered", _("As entered")

    EDITIONS_OF_DUTCH = (PairingSystem.DUTCH_2026, PairingSystem.DUTCH_2017, PairingSystem.DUTCH_1998)

    class Acceleration(models.TextChoices):
        NONE = "none", _("None")
        BAKU = "baku", _("Baku (C.04.5.1)")
        ABCD = "abcd", _("A/B/C/D (national / non-FIDE)")
        ABCD_ADVANCED = "abcd-advanced", _("A/B/C/D advanced (national / non-FIDE)")
        ECU = "ecu", _("ECU accelerated rounds 1-2 (N.6.1)")

    Colour = Colour

    class BirthDates(models.TextChoices):
        YEAR = "year", _("Year only")
        FULL = "full", _("Full date")
        NONE = "none", _("Not published")

    class State(models.TextChoices):
        SETUP = "setup", _("Setting up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=200, validators=[plain_text])
    # Django renders help texts as HTML, so the address is spelled without angle brackets.
    slug = models.SlugField(max_length=80, unique=True, help_text=_("The public address: /t/this-slug/."))
    public = models.BooleanField(
        default=False,
        help_text=_("Players see its published rounds and standings; until then only its arbiters do."),
    )
    # A tournament with published rounds is archived, not deleted (tournaments/models/history.py).
    archived = models.BooleanField(
        default=False,
        help_text=_(
            "Kept with every round and result, its public pages still at their address, "
            "but no longer listed for arbiters or players."
        ),
    )
    place = models.CharField(max_length=200, blank=True, validators=[plain_text])
    start_date = models.DateField()
    end_date = models.DateField()
    chief_arbiter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chief_of", null=True, blank=True
    )
    deputy_arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="deputy_of", blank=True)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.INDIVIDUAL)
    pairing_system = models.CharField(
        max_length=20, choices=PairingSystem.choices, default=PairingSystem.DUTCH_2026
    )
    acceleration = models.CharField(max_length=16, choices=Acceleration.choices, default=Acceleration.NONE)
    # A round robin's draw (docs/round-robin.md 5): round 1 is paired only once the numbers are
    # fixed; the audit record of the draw holds its seed and the numbers it gave.
    numbers_drawn = models.CharField(
        _("pairing numbers"), max_length=8, choices=NumbersDrawn.choices, default="", blank=True
    )
    # FIDE mode (C.04.A, VCL.01 and VCL.05): the default; operations FIDE does not allow are
    # off unless an arbiter enables them, and enabling one warns (`fide_warnings`).
    fide_mode = models.BooleanField(
        _("FIDE mode"),
        default=True,
        help_text=_("Operations FIDE does not allow are off unless enabled here, with a warning."),
    )
    allow_full_point_byes = models.BooleanField(
        _("Full-point byes on request"),
        default=False,
        help_text=_("FIDE does not allow them; in FIDE mode requested byes are half- or zero-point byes."),
    )
    # A/B/C/D: the top half's last player as a TRF file gave it (`XAC abcd N`). The app works
    # the cut out from round 1's seats, but an imported file's round 1 cannot tell a late
    # entry from an absentee (both read as zero-point byes), so the file's word is kept.
    abcd_top_half_last = models.ForeignKey(
        "tournaments.Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_(
            "A/B/C/D: the last player of the top half fixed at round 1, as an imported file gave it."
        ),
    )
    us_variations = models.JSONField(
        _("US Chess variations"),
        default=list,
        blank=True,
        validators=[validate_us_variations],
        help_text=_(
            "The director's variations of rules 28-29 (US Chess events only); none: the rules' text."
        ),
    )
    total_rounds = models.PositiveSmallIntegerField(
        _("number of rounds"),
        validators=[MinValueValidator(1, _("A tournament has at least one round."))],
        help_text=_("Declared before the start (C.04.1 Art. 1)."),
    )

    # Points are exact decimals (never floats); the engine receives them as Fractions. Each field
    # is "points_" and the name of the engine's `Scoring` attribute it feeds.
    SCORING_FIELDS = (
        *("points_win", "points_draw", "points_loss", "points_forfeit_win", "points_forfeit_loss"),
        *("points_pab", "points_half_bye", "points_full_bye", "points_zero_bye"),
    )
    points_win = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("1"))
    points_draw = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("0.5"))
    points_loss = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("0"))
    points_forfeit_win = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("1"))
    points_forfeit_loss = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("0"))
    points_pab = models.DecimalField(
        _("points for the pairing-allocated bye"), max_digits=3, decimal_places=1, default=Decimal("1")
    )
    points_half_bye = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("0.5"))
    points_full_bye = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("1"))
    points_zero_bye = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal("0"))
    match_points_win = models.PositiveSmallIntegerField(default=2, help_text=_("Team events only."))
    match_points_draw = models.PositiveSmallIntegerField(default=1, help_text=_("Team events only."))
    match_points_loss = models.PositiveSmallIntegerField(default=0, help_text=_("Team events only."))
    boards = models.PositiveSmallIntegerField(
        _("boards per match"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1, _("A match has at least one board."))],
        help_text=_("Team events only: the players each team lines up in a match."),
    )

    # C.04.6 options (team events); the engine's names for them are `swiss.team.model`'s.
    class PrimaryScore(models.TextChoices):
        MATCH_POINTS = "MP", _("Match points (game points for colours)")
        GAME_POINTS = "GP", _("Game points (match points for colours)")

    class ColourPreferences(models.TextChoices):
        TYPE_A = "A", _("Type A (C.04.6 default)")
        TYPE_B = "B", _("Type B (with strong and mild preferences)")

    primary_score = models.CharField(
        max_length=2,
        choices=PrimaryScore.choices,
        default=PrimaryScore.MATCH_POINTS,
        help_text=_("Team events (C.04.6 1.2): the score that forms the scoregroups."),
    )
    colour_preferences = models.CharField(
        max_length=1,
        choices=ColourPreferences.choices,
        default=ColourPreferences.TYPE_A,
        help_text=_("Team events (C.04.6 1.7)."),
    )
    board_colours = models.CharField(
        _("board colour pattern"),
        max_length=20,
        blank=True,
        validators=[plain_text],
        help_text=_(
            "Team events: the colours of the team with White on board 1, board by board, "
            "e.g. WBBW; blank alternates from White on board 1 (TRF 352)."
        ),
    )
    match_points_pab = models.PositiveSmallIntegerField(
        _("match points for the bye"),
        null=True,
        blank=True,
        help_text=_("Team events: blank gives the bye a drawn match's match points (C.04.6 1.4)."),
    )
    game_points_pab = models.DecimalField(
        _("game points for the bye"),
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        help_text=_(
            "Team events: blank gives the bye a drawn match's game points, half the boards (C.04.6 1.4)."
        ),
    )
    reserves = models.PositiveSmallIntegerField(
        _("reserves allowed"),
        default=0,
        help_text=_("Team events only: players a roster may hold beyond the boards."),
    )

    initial_colour = models.CharField(
        _("initial-colour lot"),
        max_length=1,
        choices=Colour.choices,
        blank=True,
        help_text=_("Drawn by lot before round 1; blank until drawn."),
    )
    tiebreaks = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_tiebreaks],
        help_text=_("Ordered codes, e.g. BH-C1, BH, SB."),
    )
    # Players are often minors: rating officers need the year, the public rarely more.
    public_birth_dates = models.CharField(
        _("birth dates in the public TRF"),
        max_length=4,
        choices=BirthDates.choices,
        default=BirthDates.YEAR,
        help_text=_(
            "What the public TRF export shows of a birth date; the arbiter's export has the full date."
        ),
    )
    prize_categories = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_prize_categories],
        help_text=_("Prize lists beside the standings: W (women), U18 or S65 (age), U1800 (rating)."),
    )
    # The schedule (Round.starts_at) is entered and shown in this zone (an IANA name for zoneinfo).
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[plain_text, validate_time_zone],
        help_text=_("e.g. Europe/Berlin."),
    )
    # The language of the public pages for a reader whose browser asks for none of the site's
    # (docs/i18n.md); blank: English.
    language = LanguageField(
        blank=True,
        verbose_name=_("language of the public pages"),
        help_text=_("For readers whose browser asks for none of the site's languages."),
    )
    # Prize money (tournaments/prizes.py): the amounts of each list, how tied players share them.
    prize_money = models.JSONField(default=list, blank=True, validators=[validate_prize_money])
    prize_currency = models.CharField(max_length=8, blank=True, validators=[plain_text])
    prize_sharing = models.CharField(max_length=10, choices=PrizeSharing.choices, default=PrizeSharing.SHARED)
    one_prize_per_player = models.BooleanField(default=True)
    # US Chess rating estimates are approximations of a system we could only partly confirm: shown
    # only where the arbiter asks for them.
    us_rating_estimate = models.BooleanField(
        _("US Chess rating estimates"),
        default=False,
        help_text=_("US Chess events: show unrated players an approximate first rating on their card."),
    )

    # Title norms (B.01 1.4): the federation the big-Swiss exemption 1.4.3(d) counts foreigners
    # against, and the exemptions (a)-(c) only the arbiter can declare.
    class NormExemption(models.TextChoices):
        NONE = "", _("None")
        NATIONAL_CHAMPIONSHIP = "national-championship", _("National championship final")
        NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship", _("National team championship")
        ZONAL = "zonal", _("Zonal or sub-zonal tournament")

    host_federation = models.CharField(
        _("host federation"),
        max_length=3,
        blank=True,
        validators=[plain_text],
        help_text=_(
            "The organising federation's FIDE code, e.g. ESP: title norms count foreigners against it."
        ),
    )
    norm_exemption = models.CharField(
        _("exempt from the norm federation rules"),
        max_length=32,
        choices=NormExemption.choices,
        blank=True,
        default="",
        help_text=_("B.01 1.4.3 (a)-(c); the big-Swiss exemption (d) is worked out from the field."),
    )

    class RateOfPlay(models.TextChoices):
        # Which of a player's FIDE ratings the event uses (FIDE rating regulations: standard, rapid, blitz).
        STANDARD = "standard", _("Standard")
        RAPID = "rapid", _("Rapid")
        BLITZ = "blitz", _("Blitz")

    rate_of_play = models.CharField(
        _("rate of play"),
        max_length=8,
        choices=RateOfPlay.choices,
        default=RateOfPlay.STANDARD,
        help_text=_("The FIDE rating a player is entered with from the rating list."),
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.SETUP)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(total_rounds__gte=1), name="tournament_has_rounds"),
            models.CheckConstraint(
                condition=Q(end_date__gte=models.F("start_date")), name="tournament_dates_ordered"
            ),
            models.CheckConstraint(
                condition=Q(kind="individual") | Q(boards__gte=1), name="team_event_has_boards"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        self.ensure_rounds()
        public_cache.invalidate(self)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        # Pages are kept by slug: without this a deleted tournament would still be served.
        deleted = super().delete(*args, **kwargs)
        public_cache.invalidate(self)
        return deleted

    # The systems and accelerations FIDE approves, which FIDE mode uses without a warning.
    FIDE_SYSTEMS = (
        *(PairingSystem.DUTCH_2026, PairingSystem.DUTCH_2017, PairingSystem.TEAM_C046),
        *(PairingSystem.ROUND_ROBIN, PairingSystem.TEAM_ROUND_ROBIN),  # C.05 Annex 1
    )
    FIDE_ACCELERATIONS = (Acceleration.NONE, Acceleration.BAKU)

    def fide_warnings(self) -> list[str]:
        """What this tournament enables that FIDE does not allow, in FIDE mode (C.04.A: such
        operations are off by default, and the arbiter is warned, not prevented)."""
        if not self.fide_mode:
            return []
        warnings = []
        if self.allow_full_point_byes:
            warnings.append(gettext("Full-point byes on request are not allowed by FIDE."))
        if self.pairing_system not in self.FIDE_SYSTEMS:
            system = self.get_pairing_system_display()
            warnings.append(gettext("%(system)s is not a FIDE-approved pairing system.") % {"system": system})
        if self.acceleration not in self.FIDE_ACCELERATIONS:
            method = self.get_acceleration_display()
            warnings.append(gettext("%(method)s is not a FIDE-approved acceleration.") % {"method": method})
        return warnings

    def full_point_byes_allowed(self) -> bool:
        """A requested bye may be worth a win: outside FIDE mode, or where an arbiter enabled it."""
        return not self.fide_mode or self.allow_full_point_byes

    @property
    def national_acceleration(self) -> bool:
        """A/B/C/D, standard or advanced: national practice that FIDE has not approved."""
        return self.acceleration in (self.Acceleration.ABCD, self.Acceleration.ABCD_ADVANCED)

    def clean(self) -> None:
        """A team event pairs teams with a team system on a number of boards; an individual one does not."""
        team_system = self.pairing_system in self.TEAM_SYSTEMS
        if self.is_team and not team_system:
            raise ValidationError({"pairing_system": gettext("A team event needs a team pairing system.")})
        if not self.is_team and team_system:
            raise ValidationError(
                {"pairing_system": gettext("A team pairing system pairs team events only.")}
            )
        if self.is_team and not self.boards:
            raise ValidationError({"boards": gettext("A team event needs the number of boards per match.")})
        if self.is_team:
            self._clean_team_options()
        if self.acceleration == self.Acceleration.ECU and self.pairing_system != self.PairingSystem.TEAM_ECU:
            raise ValidationError(
                {"acceleration": gettext("The ECU acceleration belongs to the ECU team Swiss.")}
            )
        if self.acceleration == self.Acceleration.BAKU and self.is_team:
            raise ValidationError({"acceleration": gettext("Baku acceleration pairs players, not teams.")})
        published = (
            self.rounds.exclude(state="draft").aggregate(last=models.Max("number"))["last"]
            if self.pk
            else None
        )
        if published and self.total_rounds < published:
            message = gettext(
                "Round %(number)s is published already: the tournament has at least %(number)s rounds."
            ) % {"number": published}
            raise ValidationError({"total_rounds": message})
        if (
            self.pairing_system == self.PairingSystem.DUTCH_1998
            and self.acceleration != self.Acceleration.NONE
        ):
            raise ValidationError(
                {"acceleration": gettext("The 1998 procedure pairs on real scores, without acceleration.")}
            )
        if self.is_round_robin:
            self._clean_round_robin()
        brackets_of_dutch = (self.PairingSystem.DUTCH_2026, self.PairingSystem.DUTCH_2017)
        if self.national_acceleration and self.pairing_system not in brackets_of_dutch:
            raise ValidationError(
                {
                    "acceleration": gettext(
                        "The A/B/C/D acceleration forms the brackets of the FIDE Dutch system."
                    )
                }
            )

    def _clean_team_options(self) -> None:
        """C.04.6's options belong to C.04.6; the board pattern names every board; the bye's game
        points fit the boards, shared out over them as TRF 162 holds them (one decimal a board)."""
        c046 = self.pairing_system == self.PairingSystem.TEAM_C046
        if not c046 and self.primary_score != self.PrimaryScore.MATCH_POINTS:
            raise ValidationError({"primary_score": gettext("Only C.04.6 may pair on game points.")})
        if not c046 and self.colour_preferences != self.ColourPreferences.TYPE_A:
            raise ValidationError(
                {"colour_preferences": gettext("Type B colour preferences are a C.04.6 option.")}
            )
        boards = self.boards or 0
        pattern = self.board_colours
        if pattern and (set(pattern) - {"W", "B"} or len(pattern) != boards or pattern[0] != "W"):
            example = ("WB" * boards)[:boards]
            message = gettext(
                "One letter W or B per board, board 1 W (the team's colour): %(boards)s, such as %(example)s."
            ) % {"boards": boards, "example": example}
            raise ValidationError({"board_colours": message})
        points = self.game_points_pab
        if points is None:
            return
        if not 0 <= points <= boards * self.points_win:
            raise ValidationError(
                {
                    "game_points_pab": gettext("From 0 to %(most)s with %(boards)s boards.")
                    % {"most": boards * self.points_win, "boards": boards}
                }
            )
        if (points * 10) % boards:
            step = Decimal(boards) / 10
            message = gettext(
                "The TRF holds them per board: a multiple of %(step)s with %(boards)s boards."
            ) % {
                "step": step,
                "boards": boards,
            }
            raise ValidationError({"game_points_pab": message})

    def _clean_round_robin(self) -> None:
        """A round robin's rest is no game and earns nothing (docs/round-robin.md 3); nothing
        accelerates it."""
        if self.is_team and (self.match_points_pab != 0 or self.game_points_pab != 0):
            message = gettext("In a round robin the team that rests scores nothing: set these to 0.")
            raise ValidationError({"match_points_pab": message})
        if not self.is_team and self.points_pab != 0:
            message = gettext("In a round robin the player who rests scores nothing: set this to 0.")
            raise ValidationError({"points_pab": message})
        if self.acceleration != self.Acceleration.NONE:
            raise ValidationError({"acceleration": gettext("A round robin is not accelerated.")})

    @property
    def is_team(self) -> bool:
        return self.kind == self.Kind.TEAM

    @property
    def is_round_robin(self) -> bool:
        return self.pairing_system in self.ROUND_ROBINS

    def trf_header(self) -> list[tuple[str, str]]:
        """The TRF header records after 012 (docs/trf.md section 2): place, dates, counts, system,
        arbiters."""

        def person(user: AbstractUser) -> str:
            return user.get_full_name() or user.get_username()

        entrants = list(self.entrants.all())
        records = [
            ("022", self.place),
            ("042", self.start_date.strftime("%Y/%m/%d")),
            ("052", self.end_date.strftime("%Y/%m/%d")),
            ("062", str(len(entrants))),
            ("072", str(sum(1 for e in entrants if e.rating))),
        ]
        if self.kind == self.Kind.TEAM:
            records.append(("082", str(self.teams.count())))
        kind = "Round robin" if self.is_round_robin else "Swiss system"
        # A file for other programs: the rules named in English, whatever the page's language.
        with translation.override(None):
            records.append(("092", f"{kind}: {self.pairing_rules}"))

        if self.chief_arbiter is not None:
            records.append(("102", person(self.chief_arbiter)))
        records += [("112", person(deputy)) for deputy in self.deputy_arbiters.order_by("username")]
        return records

    @property
    def pairing_rules(self) -> str:
        """The rules that pair the event, as the pages and exports name them; a national
        acceleration's name says "national / non-FIDE"."""
        system = self.get_pairing_system_display()
        if self.acceleration != self.Acceleration.NONE:
            system += f", {self.get_acceleration_display()}"
        return system

    def rules_locked(self) -> bool:
        """Once a round is published the pairing system, edition and acceleration stay as they
        are, and a team event's C.04.6 options and team numbers too (a change then needs the
        admin, which records it)."""
        return self.rounds.exclude(state="draft").exists()

    def published_rounds(self) -> list[int]:
        """Numbers of the rounds players may see."""
        published = self.rounds.exclude(state=Round.State.DRAFT).order_by("number")
        return list(published.values_list("number", flat=True))

    def rounds_with_standings(self) -> list[int]:
        """The complete rounds from round 1 up to the first one still being played: those with
        standings. A round's state says whether it is complete (`Round.follow_results` keeps it)."""
        done = []
        states = self.rounds.exclude(state=Round.State.DRAFT).order_by("number")
        for expected, (number, state) in enumerate(states.values_list("number", "state"), start=1):
            if number != expected or state != Round.State.COMPLETE:
                break
            done.append(number)
        return done

    def ensure_rounds(self) -> None:
        """Create the declared rounds that do not exist yet, so absences can be recorded in advance."""
        existing = set(self.rounds.values_list("number", flat=True))
        Round.objects.bulk_create(
            Round(tournament=self, number=n) for n in range(1, self.total_rounds + 1) if n not in existing
        )

    @property
    def is_us_chess(self) -> bool:
        return self.pairing_system == self.PairingSystem.US_CHESS

    def is_arbiter(self, user: object) -> bool:
        """True for the chief arbiter, a deputy, or a superuser."""
        if not getattr(user, "is_authenticated", False):
            return False
        user_pk = getattr(user, "pk", None)
        if getattr(user, "is_superuser", False) or self.chief_arbiter_id == user_pk:
            return True
        return user_pk is not None and self.deputy_arbiters.filter(pk=user_pk).exists()
