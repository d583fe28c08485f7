"""FIDE (Dutch) System, C.04.3 in force from 1 February 2026, and the 2017 edition.

The rules define the pairing as the best candidate of an ordered search over
transpositions and exchanges (Articles 3-4), judged by criteria C1-C21
(Article 2). The search is replaced here, as Article 3.8 allows, by a series of
maximum-weight matchings: each edge weight packs the criteria into bit fields
in their order of priority, so that a heavier matching is a better pairing.
Brackets are then settled one by one, from the top score down. Inside a
bracket the generation order of Article 4 (which MDPs, which partners, which
exchanges, S1 in order) is a lexicographic preference among optimal pairings.
Bonuses below every criterion, each earlier choice outweighing all later ones,
would let one solve make those choices at once, but they take thousands of bits
in a large bracket. Instead one solve's optimal duals tell the optimal pairings
apart (tight edges, players who must be paired, odd sets that must be full), and
each player in turn takes its first option that a cover search on the tight
edges finds an optimal pairing for (swiss.matching.Matcher.solve_in_order). The
tests compare that with the plain solves with bonuses. A bracket is solved on
its own players whenever the players below it can take whoever it floats down.
The weight fields are listed once, in WEIGHT_FIELDS.

The 2017 edition (C.04.3 Sections A-E, criteria C.1-C.19) pairs with the same walker
and the fields of WEIGHT_FIELDS it names: no C5 or C9 for the bye, the PSD (A.8) in
place of the downfloaters' scores, floats of unplayed rounds as swiss.unplayed says.
Its brackets see only the next score group (C.7), and when the players left after one
cannot all be paired, that bracket is the PPB (A.9): it is paired again with every
player below, who then form one collapsed last bracket.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from operator import call

from swiss.abcd import ABCD_METHODS, SpecialPair, acceleration_rule, special_round
from swiss.articles import article
from swiss.colours import ColourState, allocate, colour_state, compatible_preferences, initial_colour
from swiss.layout import Field, Layout, Unit
from swiss.matching import Matcher, Preferences, maximum_matching
from swiss.messages import Message, gettext_noop
from swiss.model import (
    Board,
    Code,
    Colour,
    Edition,
    Pairing,
    PairingError,
    RoundResult,
    TournamentState,
)
from swiss.scores import PairingScores, padded_history, topscorer_threshold
from swiss.unplayed import bye_eligible, unplayed_downfloat, unplayed_games


class Float(enum.Enum):
    DOWN = "down"
    UP = "up"
    NONE = "none"


_2026 = frozenset({Edition.DUTCH_2026})
_2017 = frozenset({Edition.DUTCH_2017})
_EDITIONS = (Edition.DUTCH_2026, Edition.DUTCH_2017)

# The edge weight, most significant field first. A matching's weight sums its edges, so
# each field is as wide as the largest sum a matching can put in it: a count of pairs
# whose lower player is a resident (PAIRS: at most one score group's size) or, per score
# group, a count of that group's players (SCORES).
WEIGHT_FIELDS = (
    Field("C4", 2, Unit.BIT, "1 + how many of the two cannot take the bye (C2, C5): 1-3; the top field"),
    Field("C6", 1, Unit.PAIRS, "one per pair whose lower player is a resident (2017: C.5)"),
    Field("C7", 1, Unit.SCORES, "one per such pair, counted in the higher player's score group", only=_2026),
    # 2017 C.6, the PSD: what the pair's two players, as downfloaters, would add, less its
    # own score difference; the players below the next score group are never in it.
    Field("C.6", 1, Unit.DIFFERENCES, "each counter: at most the bracket's players", only=_2017),
    Field("C8", 1, Unit.PAIRS, "one per pair whose lower player is in the next score group", only=_2026),
    # 2017 C.7: next to the last score group it counts every pair, as the completion does.
    Field("C.7", 3, Unit.PAIRS, "up to 3 per pair of two score groups: below 2**(PAIRS + 3)", only=_2017),
    Field("C8 scores", 1, Unit.SCORES, "one per such pair, in the higher player's score group", only=_2026),
    Field("C.7 PSD", 1, Unit.DIFFERENCES, "each counter: at most the bracket's players", only=_2017),
    # Each of the bye score group's s players counts its rank (below s), so a matching sums
    # up to s(s - 1): two units, not one, or the sum would carry into C8 above it.
    Field("C9", 2, Unit.PAIRS, "the bye group's ranks by unplayed games summed: below s squared", only=_2026),
    Field("C10", 1, Unit.PAIRS, "one per pair whose lower player is a resident, when satisfied (2017: C.8)"),
    Field("C11", 1, Unit.PAIRS, "likewise (2017: C.9)"),
    Field("C12", 1, Unit.PAIRS, "likewise (2017: C.10)"),
    Field("C13", 1, Unit.PAIRS, "likewise (2017: C.11)"),
    Field("C14", 1, Unit.PAIRS, "one per resident who downfloated last round (2017: C.12)", rounds=1),
    Field("C15", 1, Unit.PAIRS, "one per pair of the bracket (2017: C.13)", rounds=1),
    Field("C16", 1, Unit.PAIRS, "one per resident who downfloated two rounds before (2017: C.14)", rounds=2),
    Field("C17", 1, Unit.PAIRS, "one per pair of the bracket (2017: C.15)", rounds=2),
    Field("C18", 1, Unit.SCORES, "one per player, counted in the player's score group", rounds=1, only=_2026),
    Field("C19", 1, Unit.SCORES, "one per pair, in the higher player's score group", rounds=1, only=_2026),
    Field("C20", 1, Unit.SCORES, "one per player, counted in the player's score group", rounds=2, only=_2026),
    Field("C21", 1, Unit.SCORES, "one per pair, in the higher player's score group", rounds=2, only=_2026),
    Field("C.16", 1, Unit.DIFFERENCES, "each counter: at most the bracket's players", rounds=1, only=_2017),
    Field("C.17", 1, Unit.DIFFERENCES, "each counter: at most the bracket's pairs", rounds=1, only=_2017),
    Field("C.18", 1, Unit.DIFFERENCES, "each counter: at most the bracket's players", rounds=2, only=_2017),
    Field("C.19", 1, Unit.DIFFERENCES, "each counter: at most the bracket's pairs", rounds=2, only=_2017),
    Field("4.3 keys 1-2", 3, Unit.PAIRS, "S1 positions paired (a count) over minus a sum of BSN positions"),
    Field("4.3 keys 3-4", 1, Unit.BIT, "a step of one on the edges of the S1 or S2 player being tried"),
)


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing of one round sees them."""

    number: int
    rank: int  # 0-based position among the players in the pairing (effective TPN - 1)
    score: Fraction  # pairing score: points plus this round's virtual points (1.2)
    colours: ColourState
    bye_eligible: bool  # C2
    unplayed_games: int  # C9
    avoid: frozenset[int]  # C1: opponents already met, and forbidden pairs
    floats: tuple[Float, Float]  # float one round and two rounds before


def pair(state: TournamentState) -> Pairing:
    """Pair the next round of `state`, or raise PairingError when no legal pairing exists."""
    return pair_with_notes(state)[0]


def pair_with_notes(state: TournamentState) -> tuple[Pairing, dict[int, list[Message]]]:
    """The pairing, and for players the procedure did not simply pair in order, why not:
    who floated, and which rule kept a player from the opponent the order gave first."""
    if state.edition not in _EDITIONS:
        raise ValueError(f"this engine pairs the {' and '.join(_EDITIONS)} editions, not {state.edition}")
    entrants = _entrants(state)
    if not entrants:
        return Pairing(()), {}
    initial = initial_colour(state)
    by_number = {e.number: e for e in entrants}
    entrants, special = _accelerated_brackets(state, entrants)
    boards = [_board(by_number[p.top], by_number[p.bottom], initial) for p in special]
    by_number = {e.number: e for e in entrants}
    bracketer = _Bracketer(state, entrants)
    try:
        mates = bracketer.run()
    except _Collapse as ppb:
        bracketer = _Bracketer(state, entrants, collapse_at=ppb.bracket)
        mates = bracketer.run()
    for p in special:
        for number in (p.top, p.bottom):
            text = gettext_noop(
                "paired before the brackets by the A/B/C/D acceleration (%(rule)s): %(top)s and %(bottom)s"
            )
            bracketer.notes.setdefault(number, []).append(
                Message(text, {"rule": p.rule, "top": p.top, "bottom": p.bottom})
            )
    for entrant in entrants:
        mate = mates[entrant.number]
        if mate is None:
            boards.append(Board(entrant.number, None))
        elif entrant.number < mate:
            boards.append(_board(entrant, by_number[mate], initial))
    return Pairing(tuple(boards)), bracketer.notes


def floats(state: TournamentState) -> dict[int, tuple[Float, Float]]:
    """1.4: each player's float one round and two rounds before, as the pairing sees them."""
    return {e.number: e.floats for e in _entrants(state)}


def _accelerated_brackets(
    state: TournamentState, entrants: list[Entrant]
) -> tuple[list[Entrant], tuple[SpecialPair, ...]]:
    """The A/B/C/D acceleration's hook (`swiss.abcd`): the players left to the brackets, each
    with the score they are bracketed with, and the pairs made before the brackets."""
    by_number = {e.number: e for e in entrants}
    topscore = topscorer_threshold(state)

    def floater_of(top: Sequence[int], behind: Sequence[int]) -> int | None:
        """The Dutch rules' floater of the odd group `top`: who of it they pair with the
        score group `behind`, or leave over, when those players alone are paired."""
        group = sorted(
            (by_number[n] for n in (*top, *behind) if n in by_number), key=lambda e: (-e.score, e.rank)
        )
        try:
            mates = _Bracketer(state, group).run()
        except (PairingError, _Collapse):
            return None
        return next((n for n in top if mates.get(n) is None or mates[n] not in top), None)

    special = special_round(
        state,
        lambda a, b: _compatible(by_number[a], by_number[b], topscore),
        lambda number: by_number[number].bye_eligible,
        floater_of,
    )
    if special is None:
        return entrants, ()
    paired = {number for p in special.pairs for number in (p.top, p.bottom)}
    rest = [
        replace(e, score=special.brackets.get(e.number, e.score)) for e in entrants if e.number not in paired
    ]
    rest.sort(key=lambda e: (-e.score, e.rank))
    return rest, special.pairs


def _acceleration_pairs(
    state: TournamentState, histories: Mapping[int, Sequence[RoundResult]]
) -> dict[int, set[frozenset[int]]]:
    """The pairs the A/B/C/D acceleration made before the brackets in the last two rounds
    (by round index), which float nobody: seed (e) 3(b)/4(b) pair players of different
    scores by design (docs/rules.md)."""
    if state.acceleration not in ABCD_METHODS:
        return {}
    found: dict[int, set[frozenset[int]]] = {}
    for rnd in range(max(0, state.rounds_played - 2), state.rounds_played):
        before = replace(state, players=tuple(replace(p, history=p.history[:rnd]) for p in state.players))
        found[rnd] = {
            frozenset((number, r.opponent))
            for number, history in histories.items()
            if (r := history[rnd]).code.played
            and r.opponent is not None
            and acceleration_rule(before, number, r.opponent) is not None
        }
    return found


def _compatible(a: Entrant, b: Entrant, topscore: Fraction | None) -> bool:
    """C1 (no second meeting, no forbidden pair) and C3 (absolute colour preferences)."""
    return b.number not in a.avoid and _colours_allow(a, b, topscore)


def _colours_allow(a: Entrant, b: Entrant, topscore: Fraction | None) -> bool:
    """C3: no two players with the same absolute colour preference meet (topscorers may)."""
    if not (a.colours.absolute and b.colours.absolute):
        return True
    if a.colours.preference is not b.colours.preference:
        return True
    return topscore is not None and (a.score > topscore or b.score > topscore)


def _board(a: Entrant, b: Entrant, initial: Colour) -> Board:
    higher, lower = (a, b) if _ranks_before(a, b) else (b, a)
    colour = allocate(higher.colours, higher.rank + 1, lower.colours, initial)
    if colour is Colour.WHITE:
        return Board(higher.number, lower.number)
    return Board(lower.number, higher.number)


def _ranks_before(a: Entrant, b: Entrant) -> bool:
    """1.2: higher pairing score first, then the lower pairing number."""
    return (a.score, -a.rank) > (b.score, -b.rank)


# --- Building the entrants --------------------------------------------------------------


def _entrants(state: TournamentState) -> list[Entrant]:
    """The players to be paired, in 1.2 order."""
    done = state.rounds_played
    scoring = state.scoring
    players = sorted(state.players, key=lambda p: p.number)
    histories = {p.number: padded_history(p.history, done) for p in players}
    pairing_score = PairingScores(state)
    acceleration_pairs = _acceleration_pairs(state, histories)

    def float_of(number: int, back: int) -> Float:
        """1.4: the float a player received `back` rounds ago."""
        if done < back:
            return Float.NONE
        rnd = done - back
        result = histories[number][rnd]
        if not result.code.played:
            return Float.DOWN if unplayed_downfloat(result, scoring, state.edition) else Float.NONE
        assert result.opponent is not None
        if frozenset((number, result.opponent)) in acceleration_pairs.get(rnd, ()):
            return Float.NONE  # the A/B/C/D method's own pair, not a float (swiss.abcd)
        own, other = pairing_score(number, rnd + 1), pairing_score(result.opponent, rnd + 1)
        return Float.DOWN if own > other else Float.UP if own < other else Float.NONE

    # Players absent from this round who never took part in a pairing do not count
    # for the effective pairing numbers.
    taking_part = [
        p
        for p in players
        if p.number not in state.absences
        or any(r.code.has_opponent or r.code is Code.PAB for r in histories[p.number])
    ]
    forbidden: dict[int, set[int]] = {}
    for a, b in state.forbidden:
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    entrants = []
    for rank, player in enumerate(taking_part):
        if player.number in state.absences:
            continue
        history = histories[player.number]
        met = {r.opponent for r in history if r.code.played and r.opponent is not None}
        entrants.append(
            Entrant(
                number=player.number,
                rank=rank,
                score=pairing_score(player.number, done + 1),
                colours=colour_state(history),
                bye_eligible=bye_eligible(history, scoring, state.edition),
                unplayed_games=unplayed_games(history),
                avoid=frozenset(met | forbidden.get(player.number, set())),
                floats=(float_of(player.number, 1), float_of(player.number, 2)),
            )
        )
    entrants.sort(key=lambda e: (-e.score, e.rank))
    return entrants


# --- The bracket-by-bracket matching ------------------------------------------------------


class _Collapse(Exception):
    """2017 A.9: pairing this bracket (by its index) left the rest without a complete
    pairing, so it is the PPB: it is paired again for the completion, and all players
    below it form one collapsed last bracket."""

    def __init__(self, bracket: int) -> None:
        self.bracket = bracket


class _Bracketer:
    """Settles the brackets one by one on a matching over all unpaired players."""

    def __init__(
        self, state: TournamentState, entrants: list[Entrant], collapse_at: int | None = None
    ) -> None:
        self.players = entrants
        self.size = len(entrants)
        self.rounds_played = state.rounds_played
        self.edition = state.edition
        self.topscore = topscorer_threshold(state)
        # 2017 A.9: the bracket that proved to be the PPB, re-paired with all players below.
        self.collapse_at = collapse_at
        # The bracket being weighed (2017): the lowest score in it or in the next score group,
        # whether the next score group is the last, and whether the bracket is paired with the
        # completion of the round as its first concern (the last bracket, or the PPB re-paired).
        self.floor = Fraction(0)
        self.final = False
        self.special = False
        self._layout()
        self.matcher = Matcher(self.size, self.default_weight)
        # What a pair's weight depends on, apart from whether the two may meet.
        kinds: dict[tuple[object, ...], int] = {}
        self.kind = [
            kinds.setdefault(
                (e.score, e.bye_eligible, e.unplayed_games, e.colours.imbalance, e.colours.preference)
                + (e.colours.repeated, e.floats),
                len(kinds),
            )
            for e in entrants
        ]
        self.bye_score = Fraction(0)
        self.single_downfloater_gets_bye = False
        self.unplayed_ranks: dict[int, int] = {}
        self.noncandidate: list[bool] = []
        self.completion: list[int] = []
        self.notes: dict[int, list[Message]] = {}

    def _layout(self) -> None:
        """The weight fields for this round's score groups."""
        counts: dict[Fraction, int] = {}
        for entrant in self.players:
            counts[entrant.score] = counts.get(entrant.score, 0) + 1
        # 2017 PSD (A.8): the score differences of pairs, and of downfloaters, who count as
        # meeting someone a point below the lowest score of the bracket.
        differences = [a - b + extra for a in counts for b in counts if a >= b for extra in (0, 1)]
        self.layout = Layout(WEIGHT_FIELDS, counts, self.rounds_played, self.edition, differences)
        self.size_bits = self.layout.pair_bits
        self.scores_bits = self.layout.scores_bits
        # The lowest bit of the completion field (C4/C5), the most significant one.
        self.top_shift = self.layout.shift["C4"]

    # -- criteria ---------------------------------------------------------------------------

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        return _compatible(a, b, self.topscore)

    def article(self, rule: str) -> str:
        return article(self.edition, rule)

    def note(self, vertex: int, text: Message) -> None:
        self.notes.setdefault(self.players[vertex].number, []).append(text)

    def why_not(self, a: int, b: int, partner_of: dict[int, int]) -> Message:
        """Why the pairing order's first choice b was not a's opponent."""
        pa, pb = self.players[a], self.players[b]
        if b in partner_of and partner_of[b] != a:
            text = gettext_noop("%(b)s was paired with %(other)s")
            return Message(text, {"b": pb.number, "other": self.players[partner_of[b]].number})
        if pb.number in pa.avoid:
            text = gettext_noop("%(a)s and %(b)s have met before or may not meet (%(rule)s)")
            return Message(text, {"a": pa.number, "b": pb.number, "rule": self.article("meetings")})
        if not self.compatible(pa, pb):
            text = gettext_noop("%(a)s and %(b)s both must have the same colour (%(rule)s)")
            return Message(text, {"a": pa.number, "b": pb.number, "rule": self.article("colours")})
        text = gettext_noop("pairing %(a)s with %(b)s would have made the bracket worse (%(rule)s)")
        return Message(text, {"a": pa.number, "b": pb.number, "rule": self.article("quality")})

    def bye_candidate(self, e: Entrant) -> bool:
        """C2 and C5 (2017: C.2 only; the bye's score counts as a downfloater's in the PSD)."""
        if self.edition is Edition.DUTCH_2017:
            return e.bye_eligible
        return e.bye_eligible and e.score <= self.bye_score

    def weight(
        self, higher: Entrant, lower: Entrant, in_current: bool, in_next: bool, higher_in: bool
    ) -> int:
        """The edge weight of a pair, were C1 and C3 to allow it (the caller checks): each
        criterion's value in its field of WEIGHT_FIELDS.

        `in_current` says the lower player is of this bracket, `in_next` that it is of the
        next score group, `higher_in` that the higher player is of this bracket."""
        if self.edition is Edition.DUTCH_2017:
            return self._weight_2017(higher, lower, in_current, higher_in)
        group_bit = self.layout.group_bit
        # C4 completion and C2/C5: the bye goes to an eligible player of the lowest score.
        values = {"C4": 1 + (not self.bye_candidate(higher)) + (not self.bye_candidate(lower))}
        if in_current:
            values["C6"] = 1
            values["C7"] = group_bit(higher.score)
            values.update(self._colour_fields(lower.colours, higher.colours))
            values.update(self._float_fields(higher, lower))
        if in_next:
            values["C8"] = 1
            values["C8 scores"] = group_bit(higher.score)
        if self.single_downfloater_gets_bye:
            values["C9"] = sum(
                self.unplayed_ranks[e.unplayed_games] for e in (higher, lower) if e.score == self.bye_score
            )
        return self.layout.pack(values)

    def _weight_2017(self, higher: Entrant, lower: Entrant, in_current: bool, higher_in: bool) -> int:
        """The 2017 criteria C.4-C.19 of a pair, in their fields of WEIGHT_FIELDS."""
        completion = 1 + (not self.bye_candidate(higher)) + (not self.bye_candidate(lower))
        values = {"C4": completion}
        down_sd = self._downfloater_sd
        if in_current:
            values["C6"] = 1
            # C.6: the pair's players no longer downfloat; the pair has its own difference.
            values["C.6"] = down_sd(higher) + down_sd(lower) - self._pair_sd(higher, lower)
            values.update(self._colour_fields(lower.colours, higher.colours))
            values.update(self._float_fields(higher, lower))
        if not self.special:
            # C.7: the pairs of the next bracket; next to the last score group, the completion.
            values["C.7"] = completion if self.final else not in_current
            values["C.7 PSD"] = down_sd(higher) * higher_in + down_sd(lower) * in_current
        return self.layout.pack(values)

    def _downfloater_sd(self, e: Entrant) -> int:
        """2017 A.8: a downfloater's score difference is its score less one point below the
        lowest score of the bracket (here with the next score group); its counter's unit."""
        return self.layout.difference_bit(e.score - self.floor + 1)

    def _pair_sd(self, higher: Entrant, lower: Entrant) -> int:
        return self.layout.difference_bit(higher.score - lower.score)

    def _colour_fields(self, p: ColourState, o: ColourState) -> dict[str, int]:
        """C10-C13 for a pair of the bracket: 1 where the criterion is satisfied."""
        same = p.preference is not None and p.preference is o.preference
        # C10: topscorers (or their opponents) ending with |CD| > 2.
        c10 = not (p.imbalance > 1 and o.imbalance > 1 and same)
        # C11: topscorers (or their opponents) getting a colour three times running.
        if not (p.absolute and o.absolute and same):
            c11 = True
        elif p.imbalance == o.imbalance:
            c11 = p.repeated is None or p.repeated is not o.repeated
        else:
            loser = o if p.imbalance > o.imbalance else p
            assert p.preference is not None
            c11 = loser.repeated is not p.preference.opposite
        # C12: colour preferences granted; C13: strong preferences granted.
        c12 = compatible_preferences(p.preference, o.preference)
        c13 = (
            not (p.strong or p.absolute)
            or not (o.strong or o.absolute)
            or (p.absolute and o.absolute)
            or p.preference is not o.preference
        )
        return {"C10": c10, "C11": c11, "C12": c12, "C13": c13}

    def _float_fields(self, h: Entrant, lo: Entrant) -> dict[str, int]:
        """C14-C21 for a pair of the bracket: repeated floats one and two rounds before
        (2017: C.12-C.19, the last four on score differences)."""
        group_bit = self.layout.group_bit
        upfloats = h.score > lo.score
        values = {}
        sd_fields = (("C.16", "C.17"), ("C.18", "C.19")) if self.edition is Edition.DUTCH_2017 else ()
        for back, (resident, mover, down_scores, up_scores) in (
            (1, ("C14", "C15", "C18", "C19")),
            (2, ("C16", "C17", "C20", "C21")),
        ):
            if self.rounds_played < back:
                break
            low_down = lo.floats[back - 1] is Float.DOWN
            high_down = h.floats[back - 1] is Float.DOWN
            repeated_up = upfloats and lo.floats[back - 1] is Float.UP
            # C14/C16: residents who downfloated before and now stay in the bracket.
            values[resident] = low_down + (h.score <= lo.score and high_down)
            # C15/C17: MDP opponents who upfloated before and upfloat again.
            values[mover] = not repeated_up
            if sd_fields:
                # 2017 C.16/C.18: the score differences of repeated downfloaters, either the
                # pair's or, left unpaired, a downfloater's; C.17/C.19: of repeated upfloaters.
                down_sd, up_sd = sd_fields[back - 1]
                pair_sd = self._pair_sd(h, lo) if upfloats else 0
                values[down_sd] = low_down * self._downfloater_sd(lo) + high_down * (
                    self._downfloater_sd(h) - pair_sd
                )
                values[up_sd] = -pair_sd * repeated_up
                continue
            # C18/C20: the scores of repeated downfloaters.
            values[down_scores] = low_down * group_bit(lo.score) + high_down * group_bit(h.score)
            # C19/C21: the scores of repeated upfloaters' opponents.
            values[up_scores] = 0 if repeated_up else group_bit(h.score)
        return values

    # -- the procedure ----------------------------------------------------------------------

    def run(self) -> dict[int, int | None]:
        players, n = self.players, self.size
        self._initial_matching()
        # The completion field of a pair, by how many of the two cannot take the bye.
        self.noncandidate = [not self.bye_candidate(e) for e in players]
        self.completion = [(1 + k) << self.top_shift for k in range(3)]
        score = [e.score for e in players]
        mates: dict[int, int | None] = {}
        floats_down = Message(
            gettext_noop("floats down: the bracket could not pair them as well (%(rule)s)"),
            {"rule": self.article("floats")},
        )
        finalized = [False] * n
        next_start = 0
        bracket: list[int] = []  # vertices of this bracket's players, then the next group's
        while next_start < n and score[next_start] >= score[0]:
            bracket.append(next_start)
            next_start += 1
        movers = 0  # MDPs at the head of `bracket`
        first_resident = 0  # vertex of the first resident of this bracket
        bracket_index = 0
        while len(bracket) > 1 or next_start < n:
            residents_end = len(bracket)
            next_first = first_resident + (residents_end - movers)
            group_start = next_start
            collapse = bracket_index == self.collapse_at
            while next_start < n and (collapse or score[next_start] >= score[group_start]):
                bracket.append(next_start)
                next_start += 1
            self.special = collapse or group_start == n
            self.final = next_start == n
            self.floor = min(score[v] for v in bracket)
            step = _BracketStep(self, bracket, movers, residents_end, first_resident, next_first, finalized)
            step.rest_start = next_start
            # 2017 A.9: a bracket is paired on its own and the next score group; only the last
            # bracket, and the PPB when the rest cannot be completed, see all players below.
            step.within_only = self.edition is Edition.DUTCH_2017 and not self.special
            mate = step.settle()
            if step.within_only and not self._completable([v for v in range(n) if not finalized[v]]):
                raise _Collapse(bracket_index)
            # Its weights (four bytes a pair) go before the next bracket's are made.
            del step
            bracket_index += 1
            movers = 0
            # C9 applies to the next bracket when its residents score no more than the bye
            # assignee (everyone below is then unable to take the bye) and no player of it
            # is to meet someone below it.
            self.single_downfloater_gets_bye = (
                "C9" in self.layout.shift
                and n % 2 == 1
                and group_start < n
                and self.bye_score >= score[group_start]
            )
            left_over = sum(1 for vertex in bracket if mate[vertex] == n)
            carried = []
            for index, vertex in enumerate(bracket):
                if index < residents_end and finalized[vertex]:
                    mates[players[vertex].number] = players[mate[vertex]].number
                else:
                    carried.append(vertex)
                    if index < residents_end:
                        self.note(vertex, floats_down)
                        movers += 1
                    if self.single_downfloater_gets_bye and self._meets_below(
                        vertex, mate, left_over, score[group_start]
                    ):
                        self.single_downfloater_gets_bye = False
            bracket = carried
            first_resident = next_first
        for vertex in bracket:
            mates[players[vertex].number] = None
        return mates

    def _meets_below(self, vertex: int, mate: list[int], left_over: int, lowest: Fraction) -> bool:
        """Whether the solved matching pairs `vertex` with a player scoring below `lowest`.

        A player a solve within the bracket left over (mate `size`) meets someone below
        it, unless it is the only one and may take the bye: the players below all
        score less than the bye assignee, so none of them can be left for the bye.
        """
        if mate[vertex] == self.size:
            return left_over > 1 or not self.bye_candidate(self.players[vertex])
        return self.players[mate[vertex]].score < lowest

    def absorbs(self, floaters: Sequence[int], rest_start: int) -> bool:
        """Whether the players below the next score group and `floaters` can all be paired
        (the floaters with players below), leaving a bye candidate over when one is needed.

        Dirac's theorem answers most cases at once: when every one of them is
        incompatible with at most d of the players below, and those outnumber the
        floaters by 2d + 2 and more, such a pairing exists. Otherwise a matching decides.
        """
        rest = range(rest_start, self.size)
        odd = self.size % 2 == 1
        players = self.players
        if not odd or any(self.bye_candidate(players[v]) for v in rest):
            worst = self._most_misses([players[v] for v in (*floaters, *rest)], players[rest_start:])
            if len(rest) >= len(floaters) + 2 * worst + (6 if odd else 4):
                return True
        group = [*floaters, *rest]
        edges = [
            (i, j, 1 + (not self.bye_candidate(players[a])) + (not self.bye_candidate(players[b])))
            for i, a in enumerate(group)
            for j, b in enumerate(group[:i])
            if b >= rest_start and self.compatible(players[a], players[b])
        ]
        mate = list(range(len(group)))
        for i, j in maximum_matching(len(group), edges):
            mate[i], mate[j] = j, i
        single = [group[i] for i in range(len(group)) if mate[i] == i]
        return len(single) == len(group) % 2 and all(self.bye_candidate(players[v]) for v in single)

    def _completable(self, group: Sequence[int]) -> bool:
        """C.1-C.3 (and C.2 for the bye) allow a pairing of all of `group` but at most one."""
        players = self.players
        edges = [
            (i, j, 1 + (not players[a].bye_eligible) + (not players[b].bye_eligible))
            for i, a in enumerate(group)
            for j, b in enumerate(group[:i])
            if self.compatible(players[a], players[b])
        ]
        paired = {v for pair in maximum_matching(len(group), edges) for v in pair}
        single = [group[i] for i in range(len(group)) if i not in paired]
        return len(single) == len(group) % 2 and all(players[v].bye_eligible for v in single)

    def _most_misses(self, players: Sequence[Entrant], among: Sequence[Entrant]) -> int:
        """An upper bound on how many of `among` any of `players` may not meet (C1, C3)."""
        absolute: dict[Colour | None, int] = {}
        for e in among:
            if e.colours.absolute:
                absolute[e.colours.preference] = absolute.get(e.colours.preference, 0) + 1
        numbers = {e.number for e in among}

        def misses(e: Entrant) -> int:
            clashes = absolute.get(e.colours.preference, 0) if e.colours.absolute else 0
            return len(e.avoid & numbers) + clashes

        return max(misses(e) for e in players)

    def default_weight(self, a: int, b: int) -> int:
        """An edge no bracket has weighed yet: only the completion field (C4, C2, C5)."""
        if not self.compatible(self.players[a], self.players[b]):
            return 0
        return self.completion[self.noncandidate[a] + self.noncandidate[b]]

    def _initial_matching(self) -> None:
        """C4/C5: check that a complete pairing exists and find the bye assignee's score."""
        players, n = self.players, self.size
        top = players[0].score
        eligible = [e.score for e in players if e.bye_eligible]
        # In a dense field (Dirac) every player but any one can be paired: the bye then
        # goes to the lowest eligible score, and no matching is needed to know it.
        dense = n >= 2 * self._most_misses(players, players) + 6
        if dense and (n % 2 == 0 or (eligible and min(eligible) < top)):
            if n % 2 == 1:
                self.bye_score = min(eligible)
                self._rank_unplayed_games()
            return
        if dense and eligible and players[-1].score == top:
            # One score for all (a first round): the bye goes to one of them, and every player
            # of the top score meets one of the top score, as the matching below would find.
            self.bye_score = top
            self.single_downfloater_gets_bye = "C9" in self.layout.shift
            self._rank_unplayed_games()
            return
        if n % 2 == 0:
            edges = [(i, j, 1) for i in range(n) for j in range(i) if self.compatible(players[i], players[j])]
            if len(maximum_matching(n, edges)) < n // 2:
                raise PairingError(_NO_PAIRING)
            return
        edges = []
        for i in range(n):
            for j in range(i):
                a, b = players[i], players[j]
                if self.compatible(a, b):
                    w = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                    w = (w << self.scores_bits) | (
                        self.layout.group_shift[a.score] + self.layout.group_shift[b.score]
                    )
                    edges.append((i, j, (w << self.size_bits) | (a.score >= top)))
        mate = list(range(n))
        for i, j in maximum_matching(n, edges):
            mate[i], mate[j] = j, i
        if sum(1 for v in range(n) if mate[v] == v) > 1:
            raise PairingError(_NO_PAIRING)
        bye = next(players[v] for v in range(n) if mate[v] == v)
        if not bye.bye_eligible:
            raise PairingError(
                "No pairing satisfies the absolute criteria: every player who could be left "
                f"over for the bye already had one or scored a win without playing ({self.article('bye')})."
            )
        self.bye_score = bye.score
        if self.bye_score >= top and "C9" in self.layout.shift:
            self.single_downfloater_gets_bye = all(
                players[mate[v]].score >= top for v in range(n) if players[v].score >= top
            )
        self._rank_unplayed_games()

    def _rank_unplayed_games(self) -> None:
        """C9: rank the players of the bye assignee's score, the fewest unplayed games first.

        A pair earns the ranks of its players, so the heaviest matching leaves out the
        player of the lowest rank; equal counts share one rank."""
        counts = sorted(e.unplayed_games for e in self.players if e.score == self.bye_score)
        self.unplayed_ranks = {games: rank for rank, games in enumerate(counts)}


_NO_PAIRING = (
    "No pairing satisfies the absolute criteria: some players cannot all be "
    "paired without a rematch, a forbidden pair or a colour rule broken."
)


class _Memo(dict[int, int]):
    """Numbers of weights by a key (the higher player's kind, the number of a weight before
    a lift), each found when first asked for: a row of a large bracket looks them up at
    the speed of a C loop."""

    def __init__(self, find: Callable[[int], int]) -> None:
        super().__init__()
        self._find = find

    def __missing__(self, key: int) -> int:
        self[key] = number = self._find(key)
        return number


class _BracketStep:
    """One bracket: choose the MDPs to pair, their opponents, then the remainder's pairs."""

    # The shortcuts of _solve_in_order and of key 2 in _pair_remainder, which give what the
    # plain solves give, only sooner; the tests compare the two.
    staged = True

    def __init__(
        self,
        owner: _Bracketer,
        bracket: Sequence[int],
        movers: int,
        residents_end: int,
        first_resident: int,
        next_first: int,
        finalized: list[bool],
    ) -> None:
        self.owner = owner
        self.m = owner.matcher
        self.bracket = bracket
        self.movers = movers
        self.residents_end = residents_end
        self.first_resident = first_resident
        self.next_first = next_first
        self.finalized = finalized
        self.rest_start = owner.size
        self.within_only = False
        players = owner.players
        kinds = [owner.kind[v] for v in bracket]
        # Players of one kind weigh alike against anyone (C3 included): a row's weights by the
        # higher player's kind come from one representative of each kind, then the pairs C1
        # forbids are taken out.
        representative = {kind: players[v] for kind, v in zip(kinds, bracket, strict=True)}
        self._by_kinds: dict[tuple[int, bool, bool, bool], _Memo] = {}
        # C1 by position in the bracket: avoided_by[number], the members j whose `avoid` holds
        # player `number`.
        avoided_by: dict[int, list[int]] = {}
        for j, v in enumerate(bracket):
            for number in players[v].avoid:
                avoided_by.setdefault(number, []).append(j)
        # base[i][j], j < i: the pair of bracket members i and j, its weight by the number
        # the matcher gives it (Matcher.number; 0 is no edge). A first round of 10,000 players
        # is one bracket of 50 million pairs: four bytes each, no Python object per pair.
        self.base: list[array[int]] = [array("i") for _ in bracket]
        # The rows of one kind of lower player, in the bracket or in the next group, are
        # prefixes of one row (C1 aside): it is weighed once, up to the last such player, and
        # the others copy it, which in a first round is every row.
        last = {(kinds[i], i < residents_end): i for i in range(movers, len(bracket))}
        whole: dict[tuple[int, bool], array[int]] = {}
        for i in range(movers, len(bracket)):
            lower = players[bracket[i]]
            in_current, in_next = i < residents_end, i >= residents_end
            key = (kinds[i], in_current)
            if key not in whole:
                end = last[key]
                of_bracket = self._by_kind(representative, kinds[i], lower, (in_current, in_next, True))
                whole[key] = array("i", map(of_bracket.__getitem__, kinds[: min(end, residents_end)]))
                if end > residents_end:
                    of_next = self._by_kind(representative, kinds[i], lower, (in_current, in_next, False))
                    whole[key].extend(map(of_next.__getitem__, kinds[residents_end:end]))
            row = whole[key][:i]
            if i == last[key]:
                del whole[key]
            for j in avoided_by.get(lower.number, ()):
                if j < i:
                    row[j] = 0
            self.base[i] = row
            self.m.set_numbers(bracket[i], bracket[:i], row)

    def _by_kind(
        self, representative: dict[int, Entrant], kind: int, lower: Entrant, where: tuple[bool, bool, bool]
    ) -> _Memo:
        """The weights (their numbers) of the pairs of `lower`, of `kind`, by the higher
        player's kind (C1 aside); `where` is (lower of the bracket, lower of the next group,
        higher of the bracket). One per kind of lower player, filled as the kinds come."""
        weights = self._by_kinds.get((kind, *where))
        if weights is None:
            owner = self.owner

            def weigh(other: int) -> int:
                higher = representative[other]
                if not _colours_allow(higher, lower, owner.topscore):
                    return 0
                return self.m.number(owner.weight(higher, lower, *where))

            weights = self._by_kinds[(kind, *where)] = _Memo(weigh)
        return weights

    def in_bracket(self, vertex: int) -> bool:
        return self.first_resident <= vertex < self.next_first

    def solve(self, preferences: Callable[[], Preferences] | None = None) -> list[int]:
        """An optimal matching, found on this bracket's graph alone when that is enough;
        with `preferences`, the one `Matcher.solve_in_order` gives for them.

        Leaving out the players below the next score group relaxes the problem: a
        bracket player left unmatched (mate[v] is m.size) is assumed to float to
        someone below, and the completion field, the same for every complete pairing,
        is dropped. When the players below can indeed take those floaters, the
        relaxed optimum is a complete pairing and so the true optimum; otherwise the
        whole graph is solved.
        """
        if self.within_only or self.rest_start < self.owner.size:
            # The completion field is the top one: the weights below its lowest bit.
            below = self.owner.top_shift
            if preferences is None:
                mate = self.m.solve_within(self.bracket, below)
            else:
                mate = self.m.solve_in_order(preferences(), self.bracket, below)
            floaters = [v for v in self.bracket if mate[v] == self.m.size]
            if self.within_only or self.owner.absorbs(floaters, self.rest_start):
                return mate
        return self.m.solve() if preferences is None else self.m.solve_in_order(preferences())

    def settle(self) -> list[int]:
        mate = self._pair_movers() if self.movers else None
        return self._pair_remainder(mate)

    def _pair_movers(self) -> list[int]:
        """4.4 and 3.3: which MDPs are paired, and with whom, in one solve.

        The rules pair as many MDPs as the criteria allow, preferring them in order
        (the lowest differing BSN first), and then give each chosen MDP in turn the
        highest resident that keeps the optimum. Both are lexicographic preferences
        among optimal pairings: a bonus for each MDP paired here outweighs all bonuses
        of later MDPs, and below those, each MDP's choice of resident outweighs the
        choices of the MDPs after it.
        """
        b, base = self.bracket, self.base
        residents = range(self.movers, self.residents_end)
        step = (len(residents) + 1).bit_length()
        choices = step * self.movers

        def options(i: int) -> Iterator[int]:
            return (o for o in residents if base[o][i])

        def prefer_exactly() -> None:
            for i in range(self.movers):
                paired = 1 << (choices + self.movers - 1 - i)
                for rank, o in enumerate(reversed(list(options(i))), start=1):
                    self.m.set_bonus(b[i], b[o], paired | rank << (step * (self.movers - 1 - i)))

        def paired_first() -> None:
            for i in range(self.movers):
                for o in options(i):
                    self.m.set_bonus(b[i], b[o], 1 << (self.movers - 1 - i))

        mate = self._solve_in_order(list(range(self.movers)), options, prefer_exactly, paired_first)
        chosen = [i for i in range(self.movers) if self.in_bracket(mate[b[i]])]
        for i in chosen:
            self.finalized[b[i]] = self.finalized[mate[b[i]]] = True
            self.m.fix(b[i], mate[b[i]])
        self._explain_order(chosen, list(residents), mate)
        return mate

    def _explain_order(self, first: list[int], second: list[int], mate: list[int]) -> None:
        """Notes for players of `first` (S1) who did not meet their S2 player in plain order."""
        b, owner = self.bracket, self.owner
        partner_of = {mate[b[p]]: b[p] for p in first}
        for turn, p in enumerate(first[: len(second)]):
            natural = b[second[turn]]
            if mate[b[p]] != natural:
                reason = owner.why_not(b[p], natural, partner_of)
                text = gettext_noop("not paired in order with %(other)s: %(reason)s")
                owner.note(b[p], Message(text, {"other": owner.players[natural].number, "reason": reason}))

    def _prefer_in_order(
        self, players: list[int], options: Callable[[int], Iterator[int]], most: int
    ) -> None:
        """Bonuses that make each of `players` in turn get the first of its options it can."""
        step = (most + 1).bit_length()
        for turn, p in enumerate(players):
            for rank, o in enumerate(reversed(list(options(p))), start=1):
                self.m.set_bonus(self.bracket[p], self.bracket[o], rank << (step * (len(players) - 1 - turn)))

    def _solve_in_order(
        self,
        players: list[int],
        options: Callable[[int], Iterator[int]],
        prefer_exactly: Callable[[], None],
        precedence: Callable[[], None] = lambda: None,
    ) -> list[int]:
        """An optimal matching in which each of `players` in turn meets the first of its
        `options` it can, as the bonuses that `prefer_exactly` sets make the solver choose.

        Those bonuses take bits in proportion to len(players) times the options' bit
        length, which makes a large bracket slow to solve. They say no more than the
        bonuses `precedence` sets and then the choices in order, so the staged solves
        make the choices one by one on the tight edges of a single solve instead
        (`Matcher.solve_in_order`); the plain solves use the bonuses, and the tests
        compare the two. The options come lazily: a player's search stops at the first
        option it can have, mostly among the first few (all of S2 would be n / 2 each).
        """
        if self.staged:
            precedence()
            b = self.bracket
            mate = self.solve(lambda: ((b[p], (b[o] for o in options(p))) for p in players))
        else:
            prefer_exactly()
            mate = self.solve()
        self.m.clear_bonuses()
        return mate

    def _pair_remainder(self, mate: list[int] | None) -> list[int]:
        """3.6 and 4.2-4.3: the fewest and smallest exchanges, then S1 in order.

        Without MDPs there was no solve yet: the remainder is every resident and the
        number of its pairs is first assumed to be the most possible.
        """
        b, base, m = self.bracket, self.base, self.m
        remainder = list(range(self.movers, self.residents_end))
        pairs = len(remainder) // 2
        if mate is not None:
            remainder = [i for i in remainder if mate[b[i]] >= self.first_resident]
            pairs = sum(1 for i in remainder if mate[b[i]] < b[i])
        sb = self.owner.size_bits
        exchanges_shift = self.owner.layout.shift["4.3 keys 1-2"]
        # Key 2 ranks exchanges only: every pairing without one moves up the same BSN sum
        # (none), so it is left out until an exchange turns out to be needed. Weights that
        # differ by players' positions are what makes a large bracket slow to solve.
        rank_exchanges = not self.staged

        def lift(small_position: int) -> int:
            """Fewest exchanges (4.3 key 1), then the smallest BSN sum moved up (key 2): what
            a pair whose higher player is at `small_position` of the remainder adds."""
            addend = (small_position < pairs) << (2 * sb)
            if rank_exchanges:
                addend -= small_position
            return addend << exchanges_shift

        def exchange_weight(small: int, large: int, small_position: int) -> int:
            weight = m.weight(base[large][small])
            return weight + lift(small_position) if weight else weight

        def goes_down(vertex: int, mate: list[int]) -> bool:
            """Paired with a lower player of this bracket: an S1 player."""
            return vertex < mate[vertex] < self.next_first

        def paired_in_remainder(mate: list[int]) -> int:
            return sum(1 for i in remainder if self.first_resident <= mate[b[i]] < b[i])

        def solve_with_exchange_weights() -> list[int]:
            # By the higher player's position, the lifted weight's number by the base number:
            # one table per distinct lift (two, until key 2 counts), and no weight built per pair.
            def lifting(addend: int) -> _Memo:
                return _Memo(lambda n: m.number(m.weight(n) + addend) if n else 0)

            tables = {addend: lifting(addend) for addend in {lift(p) for p in range(len(remainder))}}
            lifted = [tables[lift(position)].__getitem__ for position in range(len(remainder))]
            # Mostly the remainder is a stretch of the bracket: a row's part is a slice of it.
            first = remainder[0] if remainder else 0
            stretch = remainder == list(range(first, first + len(remainder)))
            vertices = [b[p] for p in remainder]
            for oi, o in enumerate(remainder):
                row, above = base[o], remainder[:oi]
                found = row[first : first + oi] if stretch else array("i", map(row.__getitem__, above))
                if rank_exchanges:  # a lift per position (key 2)
                    numbers = array("i", map(call, lifted, found))
                else:  # one lift for S1's positions, one for S2's: a loop in C each
                    numbers = array("i", map(lifted[0], found[:pairs]))
                    numbers.extend(map(lifted[-1], found[pairs:]))
                m.set_numbers(b[o], vertices[:oi], numbers)
            # Should S1 need no exchange, this solve already pairs it as 4.2 wants.
            s2 = remainder[pairs:]

            def options(p: int) -> Iterator[int]:
                return (o for o in s2 if base[o][p])

            s1 = remainder[:pairs]
            return self._solve_in_order(s1, options, lambda: self._prefer_in_order(s1, options, len(s2)))

        mate = solve_with_exchange_weights()
        if paired_in_remainder(mate) != pairs:
            pairs = paired_in_remainder(mate)
            mate = solve_with_exchange_weights()
        exchanges = sum(1 for p in remainder[:pairs] if not goes_down(b[p], mate))
        if exchanges:
            rank_exchanges = True
            mate = solve_with_exchange_weights()
            exchanges = sum(1 for p in remainder[:pairs] if not goes_down(b[p], mate))
        if exchanges:
            mate = self._exchange(remainder, pairs, exchanges, mate, exchange_weight, goes_down)
        s1 = [p for p in remainder if goes_down(b[p], mate)]
        for p in s1:
            self.finalized[b[p]] = self.finalized[mate[b[p]]] = True
            m.fix(b[p], mate[b[p]])
        for position, p in enumerate(remainder):
            if (position < pairs) != (p in s1):
                text = gettext_noop(
                    "exchanged into %(side)s (Art. 4.3): the plain split could not be paired as well"
                )
                self.owner.note(b[p], Message(text, {"side": "S2" if position < pairs else "S1"}))
        paired_down = set(s1)
        self._explain_order(s1, [o for o in remainder if o not in paired_down], mate)
        return mate

    def _exchange(
        self,
        remainder: list[int],
        pairs: int,
        exchanges: int,
        mate: list[int],
        exchange_weight: Callable[[int, int, int], int],
        goes_down: Callable[[int, list[int]], bool],
    ) -> list[int]:
        """4.3 keys 3 and 4: which S1 players go down to S2 and which S2 players up, then
        4.2 over the new S1 and S2."""
        b, base, m = self.bracket, self.base, self.m
        # Key 3: move the lowest possible S1 players to S2.
        left = exchanges
        for position in range(pairs - 1, -1, -1):
            if not left:
                break
            p = remainder[position]
            later = remainder[position + 1 :]
            if goes_down(b[p], mate):
                for o in later:
                    weight = exchange_weight(p, o, position)
                    if weight:
                        m.set_weight(b[p], b[o], weight - 1)
                mate = self.solve()
            exchanged = not goes_down(b[p], mate)
            left -= exchanged
            for o in later:
                if exchanged:
                    base[o][p] = 0
                m.set_weight(b[p], b[o], exchange_weight(p, o, position))

        # Key 4: move the highest possible S2 players to S1.
        left = exchanges
        for position in range(pairs, len(remainder)):
            if left <= 1:
                break
            p = remainder[position]
            later = remainder[position + 1 :]
            already = goes_down(b[p], mate)
            if not already:
                for o in later:
                    weight = exchange_weight(p, o, position)
                    if weight:
                        m.set_weight(b[p], b[o], weight + 1)
                mate = self.solve()
            if goes_down(b[p], mate):
                left -= 1
                for o in remainder[:position]:
                    base[p][o] = 0
                    m.set_weight(b[p], b[o], 0)
                for o in range(self.residents_end, len(b)):
                    base[o][p] = 0
                    m.set_weight(b[p], b[o], 0)
            if not already:
                for o in later:
                    m.set_weight(b[p], b[o], exchange_weight(p, o, position))

        # Settle S1 and S2 and drop the exchange weights.
        for position, p in enumerate(remainder):
            for o in remainder[position + 1 :]:
                if not goes_down(b[p], mate) or goes_down(b[o], mate):
                    base[o][p] = 0
                m.set_weight(b[p], b[o], m.weight(base[o][p]))

        # 4.2: each S1 player, in order, meets the highest S2 player that keeps the optimum.
        s1 = [p for p in remainder if goes_down(b[p], mate)]
        s2 = [o for o in remainder if not goes_down(b[o], mate)]

        def options(p: int) -> Iterator[int]:
            return (o for o in s2 if o > p and base[o][p])

        return self._solve_in_order(s1, options, lambda: self._prefer_in_order(s1, options, len(s2)))
