"""The A/B/C/D acceleration and its advanced variant: national practice, not FIDE-approved.

Seed (e) of docs/acceleration.md section 3 (a Spanish text, most likely of British
origin). It adds no virtual points: it changes which players form a bracket in the
accelerated rounds. Round 1 pairs the top half (groups A and B) and the bottom half (C and
D) as two brackets. In later rounds each bottom-half player on 100 % first meets a top-half
player from the two score groups below (advanced: then each bottom-half player half a point
behind does too); everyone else is paired by the Dutch rules in the brackets of their real
score. `swiss.dutch` asks `special_round` for these changes where it forms its brackets.

Ranks are pairing numbers (the rating order of the entry list). A point is the points for a
win, half a point those for a draw. The decisions on the text's open questions are in
docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from swiss.colours import colour_state, compatible_preferences
from swiss.matching import maximum_matching
from swiss.model import Acceleration, Colour, TournamentState
from swiss.scores import score

ABCD_METHODS = (Acceleration.ABCD, Acceleration.ABCD_ADVANCED)

MayMeet = Callable[[int, int], bool]
MayTakeBye = Callable[[int], bool]
# The player of an odd group (a) the Dutch rules float, given (a) and the score group half a
# point below: the Dutch pairing of those players alone, whoever of (a) is left to the next.
FloaterOf = Callable[[Sequence[int], Sequence[int]], int | None]


@dataclass(frozen=True)
class Groups:
    """Seed (e) 1: the sizes of the rating groups A, B, C and D, in that order."""

    a: int
    b: int
    c: int
    d: int

    @property
    def top(self) -> int:
        """The "top half", A and B."""
        return self.a + self.b


def groups(players: int, *, advanced: bool = False) -> Groups:
    """Seed (e) 1 (advanced: its step 1) for a field of `players`.

    The top half is always even and splits equally; an odd bottom half gives its extra
    player to D, the lower group, whose last player the Dutch rules give the round-1 bye.
    """
    top = _advanced_top_half(players) if advanced else _top_half(players)
    bottom = players - top
    return Groups(top // 2, top // 2, bottom // 2, bottom - bottom // 2)


def _top_half(players: int) -> int:
    """Seed (e) 1: N / 4 leaving 1 or 2 adds two players to the top half; leaving 3, two to
    the top half and one to the bottom half."""
    quarter, remainder = divmod(players, 4)
    return 2 * quarter + (2 if remainder else 0)


def _advanced_top_half(players: int) -> int:
    """Advanced step 1: an even number between 56 % and 60 % of the entry, the largest one.

    The text enlarges the top half so that enough top-half opponents are left for the
    bottom-half leaders; the largest number it allows serves that best. Where no even
    number lies in the range (N = 22, 23, 26, 29, 33, 36 and 43 among 20-60), the
    even number just below 60 % is taken, never fewer than the standard top half.
    """
    return max(players * 3 // 5 // 2 * 2, _top_half(players))


def accelerated(state: TournamentState) -> bool:
    """Seed (e) 4: whether the round to pair is still accelerated.

    The acceleration stops when two rounds remain to be played (the round to pair is one of
    the last two), or once no bottom-half player is on 100 % (advanced: none is within half
    a point of it). Both conditions only ever become true, so no flag needs to be kept.
    """
    if state.acceleration not in ABCD_METHODS or state.total_rounds - state.round_to_pair < 2:
        return False
    if state.round_to_pair == 1:
        return True
    advanced = state.acceleration is Acceleration.ABCD_ADVANCED
    least = _perfect(state) - (state.scoring.draw if advanced else 0)
    top = set(_top_numbers(state))
    return any(score(p, state.scoring) >= least for p in state.players if p.number not in top)


def acceleration_rule(state: TournamentState, a: int, b: int) -> str | None:
    """The seed (e) rule that pairs `a` and `b` before the brackets in the round after
    `state` (3(b) in round 2, 4(b) later, advanced 4(b)), read from the scores alone; None
    for a pair of the Dutch brackets.

    Such a pair is a bottom-half player on 100 % (advanced, from round 3: or half a point
    behind) and a top-half player with less, in an accelerated round. It is the method's own
    pair, not a Dutch float (C.04.3 1.4): the two scores differ by design.
    """
    if state.round_to_pair == 1 or not accelerated(state):
        return None
    top = set(_top_numbers(state))
    if (a in top) == (b in top):
        return None
    upper, lower = (a, b) if a in top else (b, a)
    scores = {p.number: score(p, state.scoring) for p in state.players if p.number in (a, b)}
    full = _perfect(state)
    if scores[upper] >= scores[lower]:
        return None
    if scores[lower] == full:
        return "3(b)" if state.round_to_pair == 2 else "4(b)"
    advanced = state.acceleration is Acceleration.ABCD_ADVANCED and state.round_to_pair > 2
    return "advanced 4(b)" if advanced and scores[lower] == full - state.scoring.draw else None


def is_rule_6_pair(state: TournamentState, a: int, b: int) -> bool:
    """Whether `a` and `b` are, in the round after `state`, group (a)'s floater (a top-half
    player on 100 %) and a player half a point below: seed (e) 6's pair, a float the method
    makes, not the Dutch brackets."""
    if state.round_to_pair == 1 or not accelerated(state):
        return False
    top = set(_top_numbers(state))
    scores = {p.number: score(p, state.scoring) for p in state.players if p.number in (a, b)}
    high, low = sorted((a, b), key=lambda n: -scores[n])
    full = _perfect(state)
    return high in top and scores[high] == full and scores[low] == full - state.scoring.draw


@dataclass(frozen=True)
class SpecialPair:
    """A pair the acceleration makes before the brackets: a top-half and a bottom-half player."""

    top: int
    bottom: int
    rule: str


@dataclass(frozen=True)
class SpecialRound:
    """What the acceleration changes in one round.

    `brackets` gives the score a player is bracketed with where it is not their own
    (round 1: the top half one point above the bottom half); `pairs` are made before the
    Dutch brackets, which then pair everyone else.
    """

    brackets: dict[int, Fraction]
    pairs: tuple[SpecialPair, ...]


def special_round(
    state: TournamentState, may_meet: MayMeet, may_take_bye: MayTakeBye, floater_of: FloaterOf | None = None
) -> SpecialRound | None:
    """The round's A/B/C/D changes, or None when the round is not accelerated.

    `may_meet` says whether two players may be paired at all (the Dutch C1 and C3) and
    `may_take_bye` whether a player may be left over for the bye (C2): a pair is made
    only when the Dutch rules can still pair everyone else. `floater_of` names the player of
    an odd group (a) the Dutch rules float (without it, the lowest-ranked).
    """
    if not accelerated(state):
        return None
    if state.round_to_pair == 1:
        # Seed (e) 2: A plays B and C plays D; one point apart, the Dutch brackets do that.
        return SpecialRound(dict.fromkeys(_top_numbers(state), state.scoring.win), ())
    picker = _Picker(state, may_meet, may_take_bye, floater_of, checked=False)
    pairs = picker.run()
    # Without pairs made here the Dutch rules check the completion themselves.
    if pairs and not picker.completes(picker.free):
        picker = _Picker(state, may_meet, may_take_bye, floater_of, checked=True)
        pairs = picker.run()
    return SpecialRound({}, tuple(pairs))


def _top_numbers(state: TournamentState) -> list[int]:
    """The top half's pairing numbers: the first players of the entry list, down to the
    round-1 cut the state carries (`abcd_last_top`) or, without one, to the size of the field."""
    numbers = sorted(p.number for p in state.players)
    if state.abcd_last_top is not None:
        return [n for n in numbers if n <= state.abcd_last_top]
    return numbers[: top_half(state.acceleration, len(numbers))]


def top_half(acceleration: Acceleration, players: int) -> int:
    """How many players the top half of a field of `players` holds under `acceleration`."""
    return groups(players, advanced=acceleration is Acceleration.ABCD_ADVANCED).top


def _perfect(state: TournamentState) -> Fraction:
    """100 %: a win in every round played."""
    return state.scoring.win * state.rounds_played


class _Picker:
    """Seed (e) 3(b), 4(b) and 6: the bottom-half leaders' top-half opponents, chosen in turn."""

    def __init__(
        self,
        state: TournamentState,
        may_meet: MayMeet,
        may_take_bye: MayTakeBye,
        floater_of: FloaterOf | None,
        *,
        checked: bool,
    ):
        self.state = state
        self.may_meet = may_meet
        self.may_take_bye = may_take_bye
        self.floater_of = floater_of
        self.checked = checked
        present_players = sorted(
            (p for p in state.players if p.number not in state.absences), key=lambda p: p.number
        )
        self.points = {p.number: score(p, state.scoring) for p in present_players}
        self.colour: dict[int, Colour | None] = {
            p.number: colour_state(p.history).preference for p in present_players
        }
        top = set(_top_numbers(state))
        self.upper = [p.number for p in present_players if p.number in top]
        self.lower = [p.number for p in present_players if p.number not in top]
        self.free = {p.number for p in present_players}
        self.pairs: list[SpecialPair] = []

    def run(self) -> list[SpecialPair]:
        state, points = self.state, self.points
        full, win, half = _perfect(state), state.scoring.win, state.scoring.draw
        leaders = [n for n in self.upper if points[n] == full]
        winners = [n for n in self.lower if points[n] == full]
        below = [n for n in self.upper if full - win <= points[n] < full]
        if len(leaders) % 2:
            # 6, before (b) as 3 and 4 pair the groups "in order": the floater of group (a)
            # meets the highest-ranked player half a point below, colours as usual.
            half_below = [n for n in sorted(points) if points[n] == full - half]
            floater = self._floater(leaders, half_below)
            opponent = self._first(floater, half_below)
            if len(winners) > len([n for n in below if n != opponent]):
                # ...unless the bottom-half leaders outnumber the top-half players left for
                # (b): the floater meets a bottom-half leader with a suitable colour instead.
                self._take(floater, [winners], "6", bottom_chooses=False)
                winners = [n for n in winners if n in self.free]
            elif opponent is not None:
                self.pairs.append(SpecialPair(floater, opponent, "6"))
                self.free -= {floater, opponent}
                below = [n for n in below if n != opponent]
        # 3(b): in round 2 "the same number of the highest-rated" who did not win.
        first = below[: len(winners)] if state.round_to_pair == 2 else below
        for player in winners:
            self._take(player, [first, below], "4(b)" if state.round_to_pair > 2 else "3(b)")
        if state.acceleration is Acceleration.ABCD_ADVANCED and state.round_to_pair > 2:
            behind = full - half
            chasers = [n for n in self.lower if points[n] == behind]
            lower_groups = [n for n in self.upper if behind - win <= points[n] < behind]
            for player in chasers:
                self._take(player, [lower_groups], "advanced 4(b)")
        return self.pairs

    def _floater(self, leaders: list[int], behind: list[int]) -> int:
        """The player of the odd group (a) the Dutch rules float (the lowest-ranked when no
        Dutch choice is given or it names none)."""
        chosen = self.floater_of(leaders, [n for n in behind if n in self.free]) if self.floater_of else None
        return chosen if chosen in leaders else leaders[-1]

    def _first(self, player: int, tier: Sequence[int]) -> int | None:
        """The highest-ranked player of `tier` whom `player` may meet, ranking alone choosing:
        rule 6 allocates the colours of this pair "normally", after the opponent is chosen."""
        for other in tier:
            allowed = other != player and other in self.free and self.may_meet(player, other)
            if allowed and (not self.checked or self.completes(self.free - {player, other})):
                return other
        return None

    def _take(
        self, player: int, tiers: Sequence[Sequence[int]], rule: str, *, bottom_chooses: bool = True
    ) -> None:
        """Pair `player` with the first option of the first tier, one whose colour preference
        can be granted together with theirs first ("a suitable colour")."""
        if player not in self.free:
            return
        for tier in tiers:
            options = [o for o in tier if o in self.free and self.may_meet(player, o)]
            suitable = [o for o in options if compatible_preferences(self.colour[player], self.colour[o])]
            for other in suitable + [o for o in options if o not in suitable]:
                if self.checked and not self.completes(self.free - {player, other}):
                    continue
                top, bottom = (other, player) if bottom_chooses else (player, other)
                self.pairs.append(SpecialPair(top, bottom, rule))
                self.free -= {player, other}
                return

    def completes(self, players: Collection[int]) -> bool:
        """Whether `players` can all be paired, leaving at most one who may take the bye.

        Weighing each pair 1 plus the number of its players who may not take the bye makes
        the heaviest matching one of the most pairs that leaves a bye candidate out."""
        group = sorted(players)
        edges = [
            (i, j, 1 + (not self.may_take_bye(a)) + (not self.may_take_bye(b)))
            for i, a in enumerate(group)
            for j, b in enumerate(group[:i])
            if self.may_meet(a, b)
        ]
        matched = {v for pair in maximum_matching(len(group), edges) for v in pair}
        single = [group[i] for i in range(len(group)) if i not in matched]
        return len(single) == len(group) % 2 and all(self.may_take_bye(n) for n in single)
