"""Team standings with FIDE C.07 team tie-breaks: engine team records in, ranked rows out. No Django.

Match points and game points (Art. 11), the extended Sonneborn-Berger family (Art. 13.2:
EMGSB is the Olympiad Sonneborn-Berger), Buchholz on match or game points, wins,
extended direct encounter (Art. 13.3.1, over Art. 6) and the pairing number as a last
key. Unplayed rounds follow Art. 16 as for individuals (docs/tiebreaks.md section 4: "Art. 16
applies to team Swisses as well"): a team's own bye or forfeited match counts as a match
against a dummy, and an opponent's requested byes that it never came back from count as
drawn matches.

tiebreak-core's team module is not used: it leaves byes out of the Sonneborn-Berger sums,
counts a forfeited match as played, keeps the last value under a cut and ignores the
2026 dummy cap, which the TEC's implementation (gacrux 1.11.65) and Art. 16 do not
(docs/rules.md, "Team tie-breaks"; scripts/differential_team_tiebreaks.py measures it).

Codes are the tournament's (`Tournament.tiebreaks`): "EMGSB-C1", "GP", "BH:MP-C1", "EDE".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from swiss.team.model import MatchScoring, Outcome, Primary, Team, TeamRound

# C.04.6 with match points primary: the default of docs/tiebreaks.md section 6, the Olympiad's order.
DEFAULT_TEAM_TIEBREAKS = ("EMGSB-C1", "GP", "BH:MP-C1")
DEFAULT_GP_PRIMARY_TIEBREAKS = ("MP", "EGGSB-C1", "BH:GP-C1")

_SB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}
_CODE = re.compile(r"^(?:(?P<sb>EMMSB|EMGSB|EGMSB|EGGSB)|BH:(?P<bh>MP|GP))(?:-(?P<mod>[CM])(?P<n>[12]))?$")

LABELS: dict[str, Promise] = {
    "MP": gettext_lazy("Match points"),
    "GP": gettext_lazy("Game points"),
    "EMGSB": gettext_lazy("Olympiad Sonneborn-Berger (opponents' match points × game points)"),
    "EMMSB": gettext_lazy("Sonneborn-Berger on match points"),
    "EGMSB": gettext_lazy("Sonneborn-Berger, opponents' game points × match points"),
    "EGGSB": gettext_lazy("Sonneborn-Berger on game points"),
    "BH:MP": gettext_lazy("Buchholz on match points"),
    "BH:GP": gettext_lazy("Buchholz on game points"),
    "WIN": gettext_lazy("Matches won (with or without playing)"),
    "WON": gettext_lazy("Matches won over the board"),
    "EDE": gettext_lazy("Extended direct encounter"),
    "TPN": gettext_lazy("Team pairing number"),
}
_MODIFIERS = {
    "C1": gettext_lazy("cut 1"),
    "C2": gettext_lazy("cut 2"),
    "M1": gettext_lazy("median 1"),
    "M2": gettext_lazy("median 2"),
}
# Codes that decide order only, without a value per team.
ORDER_ONLY = {"EDE", "TPN"}
_VUR = {Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT, Outcome.HALF_BYE, Outcome.ZERO_BYE}
_FORFEITS = {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT}
_REQUESTED = {Outcome.HALF_BYE, Outcome.ZERO_BYE}


def team_codes() -> list[str]:
    """Every tie-break code a team tournament may store, in the order the settings offer them."""
    codes = ["MP", "GP"]
    for base in (*_SB, "BH:MP", "BH:GP"):
        codes += [base, f"{base}-C1", f"{base}-C2"] + ([f"{base}-M1"] if base.startswith("BH") else [])
    return [*codes, "WIN", "WON", "EDE", "TPN"]


def label(code: str) -> str:
    """The tie-break's name for the pages: "Olympiad Sonneborn-Berger (...), cut 1"."""
    base, _sep, modifier = code.partition("-")
    name = LABELS.get(base)
    if name is None:
        raise ValueError(f"Unknown team tie-break: {code}.")
    return f"{name}, {_MODIFIERS[modifier]}" if modifier else str(name)


@dataclass(frozen=True)
class TeamStanding:
    rank: int  # the first place of the teams this one is still tied with
    number: int  # team pairing number
    match_points: Fraction
    game_points: Fraction
    values: Mapping[str, Decimal] = field(default_factory=dict)  # by code, EDE and TPN excluded
    last: int = 0  # the last place of that tie; 0 when no one shares the place

    @property
    def place(self) -> str:
        """ "5" alone, "5-6" for a place shared after every tie-break."""
        return f"{self.rank}-{self.last}" if self.last > self.rank else str(self.rank)


@dataclass(frozen=True)
class _Context:
    teams: Mapping[int, Team]
    rounds: int
    boards: int
    scoring: MatchScoring
    edition_2026: bool
    adjusted: Mapping[tuple[int, str], Fraction]  # (team, "MP" or "GP") -> Art. 16.3 adjusted score
    totals: Mapping[tuple[int, str], Fraction]  # (team, "MP" or "GP") -> points of the first `rounds` rounds

    def points(self, team: Team, side: str) -> Fraction:
        return self.totals[team.number, side]

    def draw(self, side: str) -> Fraction:
        """A drawn match's points on one side: a draw's match points, or half the boards."""
        return self.scoring.draw if side == "MP" else Fraction(self.boards, 2)


def standings(
    teams: Sequence[Team],
    rounds: int,
    boards: int,
    tiebreaks: Sequence[str],
    *,
    primary: Primary = Primary.MATCH_POINTS,
    scoring: MatchScoring | None = None,
    edition_2026: bool = True,
) -> list[TeamStanding]:
    """Rank `teams` on their first `rounds` rounds: the primary score, then `tiebreaks` in order.

    Teams still tied after the whole list share a place (`TeamStanding.last`) and are
    listed by pairing number: C.07 leaves the rest to lot, which is the arbiter's; a list
    ending with TPN breaks every tie. `edition_2026` selects the Mar 2026 edition's capped
    dummy (Art. 16.4); the Aug 2024 edition gives the dummy the team's own score.
    Raises ValueError for an unknown code.
    """
    for code in tiebreaks:
        label(code)
    if rounds < 1:
        tied = len(teams) if len(teams) > 1 else 0
        return [
            TeamStanding(1, t.number, Fraction(0), Fraction(0), last=tied) for t in sorted(teams, key=_tpn)
        ]
    context = _context(teams, rounds, boards, scoring or MatchScoring(), edition_2026)
    values = {t.number: {c: _value(c, t, context) for c in tiebreaks if c not in ORDER_ONLY} for t in teams}
    groups = [sorted(teams, key=_tpn)]
    groups = _split(groups, lambda t: -context.points(t, primary.value))
    for code in tiebreaks:
        if code == "EDE":
            groups = [tier for group in groups for tier in _direct_encounter(group, context, primary)]
        elif code == "TPN":
            groups = _split(groups, _tpn)
        else:
            groups = _split(groups, _descending(values, code))
    rows: list[TeamStanding] = []
    for group in groups:
        first = len(rows) + 1
        last = first + len(group) - 1 if len(group) > 1 else 0
        for team in group:
            rows.append(
                TeamStanding(
                    rank=first,
                    number=team.number,
                    match_points=context.points(team, "MP"),
                    game_points=context.points(team, "GP"),
                    values={c: _decimal(v) for c, v in values[team.number].items()},
                    last=last,
                )
            )
    return rows


def _descending(values: Mapping[int, Mapping[str, Fraction]], code: str) -> Callable[[Team], Fraction]:
    return lambda team: -values[team.number][code]


def _tpn(team: Team) -> int:
    return team.number


def _split(groups: list[list[Team]], key: Callable[[Team], Fraction | int]) -> list[list[Team]]:
    """Each group cut into the stretches of equal `key`, smallest key first; order kept inside."""
    out: list[list[Team]] = []
    for group in groups:
        buckets: dict[Fraction | int, list[Team]] = {}
        for team in group:
            buckets.setdefault(key(team), []).append(team)
        out.extend(buckets[k] for k in sorted(buckets))
    return out


def _context(
    teams: Sequence[Team], rounds: int, boards: int, scoring: MatchScoring, edition_2026: bool
) -> _Context:
    by_number = {t.number: t for t in teams}
    adjusted: dict[tuple[int, str], Fraction] = {}
    totals = {(t.number, side): t.score(Primary(side), rounds) for t in teams for side in ("MP", "GP")}
    bare = _Context(by_number, rounds, boards, scoring, edition_2026, adjusted, totals)
    for team in teams:
        history = team.history[:rounds]
        back = _last_participation(history)
        for side in ("MP", "GP"):
            # Art. 16.3: a requested bye the team never came back from (16.2.5) counts as a draw.
            adjusted[team.number, side] = sum(
                (
                    bare.draw(side) if r.outcome in _REQUESTED and index > back else _side(r, side)
                    for index, r in enumerate(history)
                ),
                Fraction(0),
            )
    return bare


def _last_participation(history: Sequence[TeamRound]) -> int:
    """Index of the last round that is not a voluntary unplayed round (Art. 16.1), or -1."""
    return max((i for i, r in enumerate(history) if r.outcome not in _VUR), default=-1)


def _side(record: TeamRound, side: str) -> Fraction:
    return record.match_points if side == "MP" else record.game_points


@dataclass(frozen=True)
class _Contribution:
    basis: Fraction  # the opponent's (or the dummy's) score
    value: Fraction  # what the round adds to the tie-break
    vur: bool  # from a voluntary unplayed round: cut first (Art. 16.5)


def _contributions(
    team: Team, opponent_side: str, own_side: str | None, context: _Context
) -> list[_Contribution]:
    """One value per round: the opponent's adjusted score (times own points for an SB), or the dummy's.

    Art. 16.4: an unplayed round is a match against a dummy scoring the team's own score;
    from the 2026 edition at most the scheduled opponent's adjusted score for a forfeit
    (16.4.1) and at most a draw in every round otherwise (16.4.2).
    """
    own = context.points(team, opponent_side)
    out = []
    for record in team.history[: context.rounds]:
        opponent = record.opponent if record.opponent in context.teams else None
        if record.outcome is Outcome.PLAYED and opponent is not None:
            basis = context.adjusted[opponent, opponent_side]
        elif not context.edition_2026:
            basis = own
        elif record.outcome in _FORFEITS and opponent is not None:
            basis = min(own, context.adjusted[opponent, opponent_side])
        else:
            basis = min(own, context.draw(opponent_side) * context.rounds)
        value = basis * _side(record, own_side) if own_side else basis
        out.append(_Contribution(basis, value, record.outcome in _VUR))
    return out


def _value(code: str, team: Team, context: _Context) -> Fraction:
    if code in ("MP", "GP"):
        return context.points(team, code)
    if code in ("WIN", "WON"):
        # Art. 7.1 (with or without playing) and 7.2 (over the board), on match points.
        return Fraction(
            sum(
                1
                for r in team.history[: context.rounds]
                if r.match_points == context.scoring.win
                and r.outcome is not Outcome.PAB  # a PAB worth a win is still not a match won
                and (code == "WIN" or r.outcome is Outcome.PLAYED)
            )
        )
    match = _CODE.match(code)
    if match is None:
        raise ValueError(f"Unknown team tie-break: {code}.")
    sb, modifier, n = match["sb"], match["mod"], int(match["n"] or 0)
    if sb:
        opponent_side, own_side = _SB[sb]
        elements = _contributions(team, opponent_side, own_side, context)
    else:
        elements = _contributions(team, match["bh"], None, context)
    for _ in range(n):
        _cut_lowest(elements, sb is not None)
    if modifier == "M":
        for _ in range(n):
            if elements:
                elements.remove(max(elements, key=lambda e: (e.basis, e.value)))
    return sum((e.value for e in elements), Fraction(0))


def _cut_lowest(elements: list[_Contribution], sonneborn: bool) -> None:
    """Art. 14.1: drop the least significant value; a cut that removes every value leaves 0.

    The least significant is the lowest opponent's score, the lowest product among equal
    ones (Art. 14.1.2 for the extended Sonneborn-Berger). Art. 16.5.1: a voluntary
    unplayed round is cut first; for a Sonneborn-Berger, the larger of the lowest such
    value and the overall least significant one.
    """
    if not elements:
        return
    lowest = min(elements, key=lambda e: (e.basis, e.value))
    voluntary = [e for e in elements if e.vur]
    if voluntary:
        lowest_vur = min(voluntary, key=lambda e: (e.value, e.basis))
        if not sonneborn or lowest_vur.value >= lowest.value:
            lowest = lowest_vur
    elements.remove(lowest)


def _direct_encounter(group: list[Team], context: _Context, primary: Primary) -> list[list[Team]]:
    """Art. 13.3.1: direct encounter (Art. 6) on the primary score; if it broke no tie, on the secondary."""
    if len(group) < 2:
        return [group]
    tiers = _encounter(group, context, primary.value)
    if len(tiers) == 1:
        tiers = _encounter(group, context, "GP" if primary is Primary.MATCH_POINTS else "MP")
    return tiers


def _encounter(group: list[Team], context: _Context, side: str) -> list[list[Team]]:
    """Art. 6 over the matches played among `group` (6.1.1: forfeits excluded; 6.1.2: meetings averaged).

    When every team met every other, the teams are ranked by those points and each
    subset still tied is ranked again among itself (6.2). Otherwise (6.3) a team is
    placed only when it would be first whatever the missing matches produced, then the
    next among the rest, and so on; the others stay tied.
    """
    scores, missing = _mutual(group, context, side)
    if not any(missing.values()):
        tiers = _split([group], lambda t: -scores[t.number])
        if len(tiers) == 1:
            return tiers
        return [sub for tier in tiers for sub in _encounter(tier, context, side)]
    best = context.scoring.win if side == "MP" else Fraction(context.boards)
    remaining = list(group)
    placed: list[list[Team]] = []
    while len(remaining) > 1:
        scores, missing = _mutual(remaining, context, side)
        sure = [
            t
            for t in remaining
            if all(
                scores[t.number] > scores[o.number] + missing[o.number] * best
                for o in remaining
                if o is not t
            )
        ]
        if not sure:
            break
        placed.append(sure)
        remaining.remove(sure[0])
    return [*placed, remaining]


def _mutual(group: list[Team], context: _Context, side: str) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Per team, its points against the others of `group` and how many of them it has not met."""
    numbers = {t.number for t in group}
    scores: dict[int, Fraction] = {}
    missing: dict[int, int] = {}
    for team in group:
        met: dict[int, list[Fraction]] = {}
        for record in team.history[: context.rounds]:
            if record.outcome is Outcome.PLAYED and record.opponent in numbers:
                met.setdefault(record.opponent, []).append(_side(record, side))
        scores[team.number] = sum((sum(v, Fraction(0)) / len(v) for v in met.values()), Fraction(0))
        missing[team.number] = len(numbers) - 1 - len(met)
    return scores, missing


def _decimal(value: Fraction) -> Decimal:
    """Exact: values are sums of products of half points and whole match points."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    cents = exact.quantize(Decimal("0.01"))
    return cents.quantize(Decimal(1)) if cents == cents.to_integral_value() else cents.normalize()
