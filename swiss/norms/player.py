"""One player's norm check for one title: which games count, Ra with the floor, p, Rp and the
mix of opponents' titles and federations (B.01 1.4.1-1.4.9)."""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from swiss.messages import Message, Value, gettext_noop
from swiss.model import Code, Player
from swiss.norms import rules
from swiss.norms.rules import NormTitle, Requirement


class Status(enum.StrEnum):
    ACHIEVED = "achieved"
    # 1.4.1 relief: 8 games plus an unplayed round the player did not ask for. How that round
    # enters p and Ra is not known (docs/rules.md), so it is never certified automatically.
    REVIEW = "review"
    MISSED = "missed"


@dataclass(frozen=True)
class Game:
    """One round of the player as the norm sees it."""

    round: int
    code: Code
    opponent: int | None  # pairing number
    rating: int  # the opponent's rating, 0 unrated
    title: str  # the opponent's title ("" none; an unknown code is counted as none, with a note)
    federation: str
    points: Fraction
    # Why the round does not count ("" when it does): a forfeit, a bye, an unrated result.
    excluded: str = ""

    @property
    def counts(self) -> bool:
        return not self.excluded


@dataclass(frozen=True)
class Condition:
    key: str  # games, score, average, performance, titled, strong, federations, own, one, unrated
    article: str
    met: bool
    text: Message


@dataclass(frozen=True)
class Check:
    """The outcome for one title: every condition with its numbers."""

    title: NormTitle
    status: Status
    games: tuple[Game, ...]  # every round played so far, counted or not
    counted: tuple[Game, ...]  # the games the figures are over
    score: Fraction
    ratings_sum: int  # after the floor and the unrated value
    raised: int | None  # the round whose opponent was raised to the floor
    average_exact: Fraction
    average: int
    p: int  # hundredths
    dp: int
    performance: int
    conditions: tuple[Condition, ...]
    dropped: tuple[int, ...] = ()  # rounds of won games left out (1.4.1)
    federation_rules: bool = True  # False when the event is exempt (1.4.3)

    @property
    def failed(self) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if not c.met)


def games_of(player: Player, players: dict[int, Player]) -> tuple[Game, ...]:
    """The player's rounds with their opponents' rating, title and federation (1.4.2)."""
    games = []
    for number, result in enumerate(player.history, start=1):
        opponent = players.get(result.opponent) if result.opponent is not None else None
        excluded = ""
        if opponent is None:
            excluded = "bye" if result.code in _BYES else "no opponent"
        elif result.code in (Code.FORFEIT_WIN, Code.FORFEIT_LOSS):
            excluded = "forfeit"
        elif result.code in (Code.WIN_UNRATED, Code.DRAW_UNRATED, Code.LOSS_UNRATED):
            excluded = "not rated"
        title = (rules.title_of(opponent.title) or "") if opponent else ""
        games.append(
            Game(
                number,
                result.code,
                result.opponent,
                opponent.rating if opponent else 0,
                title,
                opponent.federation.strip().upper() if opponent else "",
                _POINTS[result.code],
                excluded,
            )
        )
    return tuple(games)


_BYES = (Code.PAB, Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE)
# Points of a round over the board by the FIDE scale: norms use 1 - 1/2 - 0 whatever the event scores.
_POINTS = {
    Code.WIN: Fraction(1),
    Code.DRAW: Fraction(1, 2),
    Code.LOSS: Fraction(0),
    Code.WIN_UNRATED: Fraction(1),
    Code.DRAW_UNRATED: Fraction(1, 2),
    Code.LOSS_UNRATED: Fraction(0),
    Code.FORFEIT_WIN: Fraction(1),
    Code.FORFEIT_LOSS: Fraction(0),
    Code.PAB: Fraction(1),
    Code.HALF_BYE: Fraction(1, 2),
    Code.FULL_BYE: Fraction(1),
    Code.ZERO_BYE: Fraction(0),
}


# The same in half points, for sums without Fractions.
_HALVES = {code: int(points * 2) for code, points in _POINTS.items()}


def points_of(code: Code) -> Fraction:
    """A round's points on the FIDE scale 1 - ½ - 0, whatever the event's own scoring."""
    return _POINTS[code]


@dataclass(frozen=True)
class Figures:
    """The performance figures of a set of counted games (1.4.6-1.4.9)."""

    score: Fraction
    ratings_sum: int
    raised: int | None
    average_exact: Fraction
    average: int
    p: int
    dp: int
    performance: int


def figures(counted: Sequence[Game], requirement: Requirement) -> Figures:
    ratings = [g.rating or rules.UNRATED_AS for g in counted]
    score = Fraction(sum(_HALVES[g.code] for g in counted), 2)
    total = sum(ratings)
    raised = None
    if ratings:
        lowest = min(range(len(ratings)), key=lambda i: (ratings[i], i))
        if ratings[lowest] < requirement.floor:
            total += requirement.floor - ratings[lowest]
            raised = counted[lowest].round
    n = len(counted)
    exact = Fraction(total, n) if n else Fraction(0)
    average = rules.half_up(exact)
    p = rules.p_hundredths(score, n) if n else 0
    diff = rules.dp(p) if n else 0
    return Figures(score, total, raised, exact, average, p, diff, average + diff)


@dataclass(frozen=True)
class Mix:
    """Counts of the opponents' titles and federations over the counted games (1.4.3-1.4.6)."""

    titled: int
    strong: int
    own: int  # the own federation, opponents without one counted as the worst case
    largest: int  # the largest single federation, the same worst case
    largest_federation: str
    others: frozenset[str]  # federations other than the player's own (FID is none)
    unrated: int
    unknown_federation: int


def mix(counted: Sequence[Game], requirement: Requirement, federation: str) -> Mix:
    unknown = sum(1 for g in counted if not g.federation)
    feds = Counter(g.federation for g in counted if g.federation and g.federation != rules.NO_FEDERATION)
    own = feds.get(federation, 0) + unknown if federation else len(counted)
    largest_federation, largest = feds.most_common(1)[0] if feds else ("", 0)
    return Mix(
        titled=sum(1 for g in counted if g.title in rules.COUNTING_TITLES),
        strong=sum(1 for g in counted if g.title in requirement.strong_titles),
        own=own,
        largest=largest + unknown,
        largest_federation=largest_federation,
        others=frozenset(f for f in feds if f != federation),
        unrated=sum(1 for g in counted if not g.rating),
        unknown_federation=unknown,
    )


def conditions(
    counted: Sequence[Game],
    requirement: Requirement,
    federation: str,
    *,
    federation_rules: bool,
    min_games: int,
    mix_games: int | None = None,
) -> tuple[Figures, tuple[Condition, ...]]:
    """Every condition of one title over `counted`; `mix_games` sets the counts the mix is
    judged for (the relief's 9 rounds for 8 games)."""
    n = len(counted)
    m = mix_games or n
    fig = figures(counted, requirement)
    mx = mix(counted, requirement, federation)
    title = requirement.title.value
    needed_score = rules.minimum_score(n) if n else Fraction(1)

    def said(text: str, **values: Value) -> Message:
        return Message(text, values)

    result = [
        Condition(
            "games",
            "1.4.1",
            n >= min_games,
            said(
                gettext_noop("games counted: %(count)s, at least %(needed)s needed"),
                count=n,
                needed=min_games,
            ),
        ),
        Condition(
            "score",
            "1.4.8",
            bool(n) and fig.score >= needed_score,
            said(
                gettext_noop("score %(score)s, at least %(needed)s (35 %%) needed"),
                score=rules.points_text(fig.score),
                needed=rules.points_text(needed_score),
            ),
        ),
        Condition(
            "average",
            "1.4.7",
            bool(n) and fig.average >= requirement.average,
            said(
                gettext_noop("Ra %(average)s (%(exact)s), at least %(needed)s needed"),
                average=fig.average,
                exact=_decimal(fig.average_exact),
                needed=requirement.average,
            ),
        ),
        Condition(
            "performance",
            "1.4.9",
            bool(n) and fig.performance >= requirement.performance,
            said(
                gettext_noop(
                    "Rp %(performance)s = Ra %(average)s + dp %(dp)s (p %(p)s), at least %(needed)s needed"
                ),
                performance=fig.performance,
                average=fig.average,
                dp=fig.dp,
                p=f"{fig.p / 100:.2f}",
                needed=requirement.performance,
            ),
        ),
        Condition(
            "titled",
            "1.4.5",
            mx.titled >= rules.titled_needed(m),
            said(
                gettext_noop("title-holders (not CM, WCM): %(count)s, at least %(needed)s needed"),
                count=mx.titled,
                needed=rules.titled_needed(m),
            ),
        ),
        Condition(
            "strong",
            "1.4.5",
            mx.strong >= rules.strong_needed(m),
            said(
                gettext_noop(
                    "%(titles)s opponents: %(count)s, at least %(needed)s needed for the %(title)s norm"
                ),
                titles=requirement.strong_names,
                count=mx.strong,
                needed=rules.strong_needed(m),
                title=title,
            ),
        ),
        Condition(
            "unrated",
            "1.4.6",
            mx.unrated <= rules.unrated_allowed(m),
            said(
                gettext_noop("unrated opponents: %(count)s, at most %(allowed)s allowed"),
                count=mx.unrated,
                allowed=rules.unrated_allowed(m),
            ),
        ),
    ]
    if federation_rules:
        unknown: Value = (
            Message(
                gettext_noop(" (%(count)s without a federation counted as the worst case)"),
                {"count": mx.unknown_federation},
            )
            if mx.unknown_federation
            else ""
        )
        own_name: Value = federation or Message(gettext_noop("own federation (not given)"))
        others = f" ({', '.join(sorted(mx.others))})" if mx.others else ""
        result += [
            Condition(
                "federations",
                "1.4.3",
                bool(federation) and len(mx.others) >= rules.OTHER_FEDERATIONS_NEEDED,
                said(
                    gettext_noop(
                        "federations other than %(own)s: %(count)s%(others)s, at least %(needed)s needed"
                    ),
                    own=own_name,
                    count=len(mx.others),
                    others=others,
                    needed=rules.OTHER_FEDERATIONS_NEEDED,
                ),
            ),
            Condition(
                "own",
                "1.4.4",
                bool(federation) and mx.own <= rules.own_federation_allowed(m),
                said(
                    gettext_noop(
                        "opponents from %(own)s: %(count)s%(unknown)s, at most %(allowed)s (3/5) allowed"
                    ),
                    own=own_name,
                    count=mx.own,
                    unknown=unknown,
                    allowed=rules.own_federation_allowed(m),
                ),
            ),
            Condition(
                "one",
                "1.4.4",
                mx.largest <= rules.one_federation_allowed(m),
                said(
                    gettext_noop(
                        "opponents from %(federation)s: %(count)s%(unknown)s, at most %(allowed)s "
                        "(2/3) allowed"
                    ),
                    federation=mx.largest_federation or Message(gettext_noop("one federation")),
                    count=mx.largest,
                    unknown=unknown,
                    allowed=rules.one_federation_allowed(m),
                ),
            ),
        ]
    return fig, tuple(result)


def _decimal(value: Fraction) -> str:
    return f"{float(value):.2f}"


def check(
    player: Player,
    games: tuple[Game, ...],
    title: NormTitle,
    *,
    federation_rules: bool = True,
    min_games: int = rules.MIN_GAMES,
) -> Check:
    """The norm check of `title` for the player's rounds `games` (all the event's rounds played).

    When the full set fails, won games may be left out (1.4.1) as long as the rest meets every
    condition; the fewest dropped first. With one game short of the minimum and an unplayed round
    the player did not ask for (a pairing-allocated bye, a forfeit win), the result is REVIEW.
    """
    requirement = rules.REQUIREMENTS[title]
    federation = player.federation.strip().upper()
    counted = tuple(g for g in games if g.counts)

    def judged(
        chosen: tuple[Game, ...], dropped: tuple[int, ...] = (), mix_games: int | None = None
    ) -> Check:
        fig, conds = conditions(
            chosen,
            requirement,
            federation,
            federation_rules=federation_rules,
            min_games=min_games if mix_games is None else mix_games - 1,
            mix_games=mix_games,
        )
        status = Status.ACHIEVED if all(c.met for c in conds) else Status.MISSED
        return Check(
            title,
            status,
            games,
            chosen,
            fig.score,
            fig.ratings_sum,
            fig.raised,
            fig.average_exact,
            fig.average,
            fig.p,
            fig.dp,
            fig.performance,
            conds,
            dropped,
            federation_rules,
        )

    full = judged(counted)
    if full.status is Status.ACHIEVED:
        return full
    for dropped in _droppable(counted, min_games):
        attempt = judged(tuple(g for g in counted if g.round not in dropped), dropped)
        if attempt.status is Status.ACHIEVED:
            return attempt
    unrequested = any(g.code in (Code.PAB, Code.FORFEIT_WIN) for g in games)
    if len(counted) == min_games - 1 and unrequested:
        relief = judged(counted, mix_games=min_games)
        if relief.status is Status.ACHIEVED:
            return replace(relief, status=Status.REVIEW)
    return full


# A search over 2^wins sets stays small: at most this many sets are tried.
_MAX_DROPS = 2000


def _droppable(counted: Sequence[Game], min_games: int) -> Iterable[tuple[int, ...]]:
    wins = [g.round for g in counted if g.code is Code.WIN]
    spare = len(counted) - min_games
    combos = (itertools.combinations(wins, size) for size in range(1, min(spare, len(wins)) + 1))
    return itertools.islice(itertools.chain.from_iterable(combos), _MAX_DROPS)
