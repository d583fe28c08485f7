"""Norms still to be made: for the rounds left, what score against which opponents gives one.

The remaining opponents are taken as equally rated (one rating R, "averaging R" for more than
one round); R is the lowest rating that brings Ra up to what the score needs, with the floor
(1.4.6) applied to whichever opponent is then the lowest. Ratings above what the unmet players
of the field could give are out of reach.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction

from swiss.messages import Message, Value, gettext_noop, listed
from swiss.norms import rules
from swiss.norms.player import Game, mix, points_of
from swiss.norms.rules import NormTitle

_HIGHEST = 4000  # above any rating: the search's upper end


class Field:
    """Everyone a player may still meet, read once per event: ratings from the highest, titles
    counted, so that each player's question costs only the players met."""

    def __init__(self, players: Iterable[tuple[int, int, str]]) -> None:
        """`players`: (pairing number, rating, title) of the whole field."""
        rows = list(players)
        self.by_rating = sorted(((rating, number) for number, rating, _ in rows), reverse=True)
        self.title = {number: title for number, _, title in rows}
        self.counts = Counter(title for _, _, title in rows)

    def strongest(self, k: int, excluded: Set[int]) -> list[int]:
        """The k highest ratings among the players not `excluded`."""
        found: list[int] = []
        for rating, number in self.by_rating:
            if len(found) == k:
                break
            if number not in excluded:
                found.append(rating)
        return found

    def holders(self, titles: Set[str], excluded: Set[int]) -> int:
        """How many players not `excluded` hold one of `titles`."""
        gone = sum(1 for n in excluded if self.title.get(n) in titles)
        return sum(self.counts[t] for t in titles) - gone


@dataclass(frozen=True)
class Option:
    """One way to the norm: `points` from the rounds left against opponents rated `rating`
    (the lowest for one round, the average for more; 0: any rating)."""

    points: Fraction
    rating: int


@dataclass(frozen=True)
class Reach:
    title: NormTitle
    rounds: int  # rounds left in which the player is expected to play
    options: tuple[Option, ...]  # the best score first; empty: out of reach
    strong: int  # more opponents holding the norm title or higher needed
    titled: int  # more title-holders needed
    new_federations: int  # more federations other than the player's own needed
    avoid: tuple[str, ...]  # federations no further opponent may come from
    why_not: Message = Message("")  # why the norm is out of reach, when it is

    @property
    def in_reach(self) -> bool:
        return bool(self.options)


def reach(
    counted: Sequence[Game],
    title: NormTitle,
    federation: str,
    rounds_left: int,
    field: Field,
    excluded: Set[int],
    *,
    federation_rules: bool = True,
    min_games: int = rules.MIN_GAMES,
) -> Reach:
    """What `rounds_left` more games must bring for a `title` norm, after the `counted` games.

    `excluded`: the players the candidate cannot meet any more (the candidate, those met)."""
    requirement = rules.REQUIREMENTS[title]
    k = rounds_left
    n = len(counted) + k

    def out(why: str, values: dict[str, Value] | None = None, **needs: int) -> Reach:
        message = Message(why, values or {})
        return Reach(title, k, (), needs.get("strong", 0), needs.get("titled", 0), 0, (), message)

    if n < min_games:
        return out(
            gettext_noop("at most %(games)s games can count, %(needed)s needed"),
            {"games": n, "needed": min_games},
        )
    mx = mix(counted, requirement, federation)
    strong = max(0, rules.strong_needed(n) - mx.strong)
    titled = max(0, rules.titled_needed(n) - mx.titled)
    if max(strong, titled) > k:
        return out(
            gettext_noop(
                "%(strong)s more %(titles)s and %(titled)s more title-holders needed in %(rounds)s rounds"
            ),
            {"strong": strong, "titles": requirement.strong_names, "titled": titled, "rounds": k},
            strong=strong,
            titled=titled,
        )
    if strong > field.holders(requirement.strong_titles, excluded):
        text = gettext_noop("%(strong)s more %(titles)s opponents needed")
        return out(text, {"strong": strong, "titles": requirement.strong_names})
    new_federations = 0
    avoid: list[str] = []
    if federation_rules:
        if not federation:
            return out(gettext_noop("the player's federation is not given"))
        new_federations = max(0, rules.OTHER_FEDERATIONS_NEEDED - len(mx.others))
        own_room = rules.own_federation_allowed(n) - mx.own
        one_room = rules.one_federation_allowed(n) - mx.largest
        if new_federations > k or own_room < 0 or one_room < 0:
            return out(gettext_noop("the federation rules (1.4.3, 1.4.4) can no longer be met"))
        if own_room == 0:
            avoid.append(federation)
        if one_room == 0 and mx.largest_federation and mx.largest_federation not in avoid:
            avoid.append(mx.largest_federation)
    ratings = [g.rating or rules.UNRATED_AS for g in counted]
    base = sum(ratings)
    lowest = min(ratings, default=_HIGHEST)
    strongest = field.strongest(k, excluded)
    cap = math.floor(Fraction(sum(strongest), k)) if len(strongest) == k and k else 0
    score = sum((points_of(g.code) for g in counted), Fraction(0))

    def total(rating: int) -> int:
        low = min(lowest, rating) if k else lowest
        return base + k * rating + max(0, requirement.floor - low)

    options = []
    for halves in range(2 * k, -1, -1):
        final = score + Fraction(halves, 2)
        if final < rules.minimum_score(n):
            break
        p = rules.p_hundredths(final, n)
        average = max(requirement.average, requirement.performance - rules.dp(p))
        needed = math.ceil(n * (average - Fraction(1, 2)))
        if total(_HIGHEST) < needed:
            continue
        low, high = 0, _HIGHEST
        while low < high:
            middle = (low + high) // 2
            if total(middle) >= needed:
                high = middle
            else:
                low = middle + 1
        if k and low > cap:
            continue
        options.append(Option(Fraction(halves, 2), 0 if total(0) >= needed else low))
    if not options:
        text = gettext_noop("no score left gives the performance (1.4.7-1.4.9)")
        return out(text, strong=strong, titled=titled)
    return Reach(title, k, tuple(options), strong, titled, new_federations, tuple(avoid))


def describe(found: Reach) -> Message:
    """The arbiter's sentence, as docs/norms.md section 6.4 writes it: "GM norm possible: needs
    1 point against an opponent rated ≥ 2416", each weaker score that still does it after "or"."""
    title = found.title.value
    if not found.in_reach:
        return Message(
            gettext_noop("%(title)s norm out of reach (%(why)s)"), {"title": title, "why": found.why_not}
        )
    parts = [_option_text(option, found.rounds) for option in _useful(found.options)]
    options = parts[0]
    for part in parts[1:]:
        options = Message(gettext_noop("%(first)s; or %(other)s"), {"first": options, "other": part})
    text = Message(
        gettext_noop("%(title)s norm possible: needs %(options)s"), {"title": title, "options": options}
    )
    needs = []
    strong_names = rules.REQUIREMENTS[found.title].strong_names
    if found.strong:
        needs.append(
            Message(
                gettext_noop("%(count)s more %(titles)s"), {"count": found.strong, "titles": strong_names}
            )
        )
    if found.titled > found.strong:
        needs.append(Message(gettext_noop("%(count)s more title-holders"), {"count": found.titled}))
    if found.new_federations:
        needs.append(Message(gettext_noop("%(count)s more federations"), {"count": found.new_federations}))
    if found.avoid:
        needs.append(
            Message(gettext_noop("none from %(federations)s"), {"federations": ", ".join(found.avoid)})
        )
    if not needs:
        return text
    return Message("%(text)s (%(needs)s)", {"text": text, "needs": listed(needs, "; ")})


def _useful(options: Sequence[Option]) -> list[Option]:
    """The options worth saying, best score first: a lower score needs an opponent at least as
    strong, so it is said as the alternative it is; one that needs no stronger opponent than the
    score above it replaces that one ("any result" rather than "a win" against anyone)."""
    kept: list[Option] = []
    for option in options:
        if kept and option.rating <= kept[-1].rating:
            kept[-1] = option
        else:
            kept.append(option)
    return kept


def _option_text(option: Option, rounds: int) -> Message:
    points_text = rules.points_text(option.points)
    if not option.points:
        points = Message(gettext_noop("any result") if rounds == 1 else gettext_noop("any results"))
    elif option.points <= 1:
        points = Message(gettext_noop("%(points)s point"), {"points": points_text})
    else:
        points = Message(gettext_noop("%(points)s points"), {"points": points_text})
    rating = {"rating": option.rating}
    if rounds == 1:
        against = (
            Message(gettext_noop("an opponent rated ≥ %(rating)s"), rating)
            if option.rating
            else Message(gettext_noop("any opponent"))
        )
        return Message(gettext_noop("%(points)s against %(against)s"), {"points": points, "against": against})
    against = (
        Message(gettext_noop("opponents averaging ≥ %(rating)s"), rating)
        if option.rating
        else Message(gettext_noop("any opponents"))
    )
    text = gettext_noop("%(points)s from the last %(rounds)s rounds against %(against)s")
    return Message(text, {"points": points, "rounds": rounds, "against": against})
