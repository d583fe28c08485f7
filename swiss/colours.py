"""Colour preferences and colour allocation (C.04.3 Articles 1.6, 1.7 and 5)."""

from __future__ import annotations

from dataclasses import dataclass

from swiss.model import Colour, RoundResult, TournamentState


@dataclass(frozen=True)
class ColourState:
    """What a player's played games say about the colour they should get next.

    `imbalance` is |games with White - games with Black| (1.6); `preference` is
    None for a player who has not played yet; `repeated` is the colour of the
    two latest played games when they were the same, else None.
    """

    history: tuple[Colour, ...]
    imbalance: int
    preference: Colour | None
    repeated: Colour | None

    @property
    def absolute(self) -> bool:
        """1.7: |CD| > 1, or the same colour in the two latest played games."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def strong(self) -> bool:
        """1.7: |CD| = 1 and not absolute."""
        return not self.absolute and self.imbalance > 0


def colour_state(history: tuple[RoundResult, ...]) -> ColourState:
    """1.6-1.7, with unplayed rounds squeezed out of the history (GHR 3.4)."""
    played = tuple(r.colour for r in history if r.code.played and r.colour is not None)
    whites = sum(1 for c in played if c is Colour.WHITE)
    blacks = len(played) - whites
    run = 0
    for colour in reversed(played):
        if colour is not played[-1]:
            break
        run += 1
    fewer = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    preference: Colour | None
    if imbalance > 1:
        preference = fewer
    elif run > 1:
        preference = played[-1].opposite
    elif imbalance > 0:
        preference = fewer
    elif run:
        preference = played[-1].opposite
    else:
        preference = None
    repeated = played[-1] if run > 1 else None
    return ColourState(played, imbalance, preference, repeated)


def compatible_preferences(a: Colour | None, b: Colour | None) -> bool:
    """Both preferences can be granted at once."""
    return a is None or b is None or a is not b


def _last_difference(a: tuple[Colour, ...], b: tuple[Colour, ...]) -> tuple[Colour, Colour] | None:
    """5.2.3: the colours of the latest round in which the two had different colours."""
    for ca, cb in zip(reversed(a), reversed(b), strict=False):
        if ca is not cb:
            return ca, cb
    return None


def _neutral_colour(player: ColourState, opponent: ColourState) -> Colour | None:
    """5.2.1-5.2.3 for `player`; None when they leave the choice open."""
    if compatible_preferences(player.preference, opponent.preference):
        if player.preference is not None:
            return player.preference
        if opponent.preference is not None:
            return opponent.preference.opposite
        return None
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return player.preference
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        assert opponent.preference is not None
        return opponent.preference.opposite
    if player.strong and not opponent.strong:
        return player.preference
    if opponent.strong and not player.strong:
        assert opponent.preference is not None
        return opponent.preference.opposite
    difference = _last_difference(player.history, opponent.history)
    return difference[1] if difference else None


def allocate(
    higher: ColourState,
    higher_rank: int,
    lower: ColourState,
    initial: Colour,
) -> Colour:
    """Article 5.2: the colour of the higher-ranked player of a pair.

    `higher_rank` is the higher-ranked player's 1-based position among the
    players taking part in the pairing (their effective TPN, used by 5.2.5).
    """
    colour = _neutral_colour(higher, lower)
    if colour is not None:
        return colour
    if higher.preference is not None:
        return higher.preference  # 5.2.4
    return initial if higher_rank % 2 == 1 else initial.opposite  # 5.2.5


def initial_colour(state: TournamentState) -> Colour:
    """5.1: the colour drawn by lot before round 1.

    When the state does not give it, it is read back from round 1, where 5.2.5 gave
    it to each pair's higher-ranked player if their number was odd; before any
    round is played, White.
    """
    if state.initial_colour is not None:
        return state.initial_colour
    for player in sorted(state.players, key=lambda p: p.number):
        first = player.history[0] if player.history else None
        if (
            first
            and first.colour is not None
            and first.opponent is not None
            and first.opponent > player.number
        ):
            return first.colour if player.number % 2 == 1 else first.colour.opposite
    return Colour.WHITE
