"""Virtual points for accelerated pairings.

FIDE's only approved method is the Baku Acceleration Method ("FIDE-approved
Accelerated Systems", 2026 text, articles 1.1-1.5; numbered C.04.5.1 on the
SPP site and C.04.7 in the 2026 Handbook).  Virtual points are represented
explicitly, per player and per round (index 0 is round 1), so that TRF `250`
records, JaVaFo `XXA` lines and arbiter overrides all share one shape and
Baku is just one generator of them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from swiss.model import Acceleration, Code, TournamentState


def baku_last_ga_number(players: int) -> int:
    """Baku 1.2: GA is the first half of the field rounded up to an even number.

    The result, 2 * ceil(N / 4), is also the pairing number of the last GA
    participant before any late entry.
    """
    return 2 * math.ceil(players / 4)


def baku_schedule(total_rounds: int, win: Fraction) -> tuple[Fraction, ...]:
    """Baku 1.4: a GA participant's virtual points in each accelerated round.

    The first A = ceil(R / 2) rounds are accelerated; the first ceil(A / 2) of
    them carry the points for a win, the rest half of that, and later rounds
    none (so they are left out of the tuple).
    """
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    return (win,) * full + (win / 2,) * (accelerated - full)


def check_baku_premise(state: TournamentState) -> None:
    """Baku 1.1: the method needs a win worth exactly two draws and a loss worth zero."""
    scoring = state.scoring
    if scoring.win != 2 * scoring.draw or scoring.loss != 0:
        raise ValueError(
            "Baku acceleration needs a win worth two draws and a loss worth nothing "
            f"(Baku 1.1); this scoring gives win {scoring.win}, draw {scoring.draw}, "
            f"loss {scoring.loss}"
        )


def baku_round_one_list(state: TournamentState) -> list[int]:
    """Baku 1.2's "list of participants to be paired" in round 1, by pairing number.

    Everyone whose round 1 is not a zero-point bye: a game, a forfeit, the PAB, or a
    requested bye with points (H, F), which takes the player into account for round 1
    (C.04.2 2.4). A zero-point round 1 (Z, or a blank field) is what a late entry's missed
    round is, and a player absent from round 1 without points is first taken into account
    for round 2 just as a late entry is; so neither was in the list (docs/rules.md, "Baku
    late entries"). Before round 1: everyone not announced absent with a zero-point bye.
    """
    if state.rounds_played == 0:
        return [p.number for p in state.players if state.absences.get(p.number) is not Code.ZERO_BYE]
    # A player whose history does not reach round 1 had no seat in it either.
    return [p.number for p in state.players if p.history and p.history[0].code is not Code.ZERO_BYE]


def baku_last_ga(state: TournamentState) -> int:
    """Baku 1.2-1.3: the current pairing number of the last GA participant.

    They are number 2 * ceil(N1 / 4) of round 1's list (N1 players); later entries
    renumber the field but keep its order, so they are found there by their rank in it.
    """
    round_one = sorted(baku_round_one_list(state)) or sorted(p.number for p in state.players)
    return round_one[min(baku_last_ga_number(len(round_one)), len(round_one)) - 1]


def baku_virtual_points(
    state: TournamentState, *, last_ga_number: int | None = None
) -> dict[int, tuple[Fraction, ...]]:
    """Derive every GA participant's virtual points (Baku 1.2-1.4).

    GA holds every player numbered at or above the last GA participant, who stays
    the same person when late entries are inserted (1.3.2): `baku_last_ga` finds
    them from the file alone, or a caller passes their number as `last_ga_number`.
    GA may be odd after round 1 (1.3 Note 2).  GB players get no entry.
    """
    check_baku_premise(state)
    last = baku_last_ga(state) if last_ga_number is None else last_ga_number
    schedule = baku_schedule(state.total_rounds, state.scoring.win)
    if not schedule:
        return {}
    return {p.number: schedule for p in state.players if p.number <= last}


def virtual_points(state: TournamentState) -> Mapping[int, tuple[Fraction, ...]]:
    """The virtual points the engine uses: explicit ones first, else Baku's, else none.

    Explicit points (TRF `250`, `XXA`, or set by the caller) win over the
    `_BAKU` type code, as TRF-2026 says `250` overrides record 192.
    """
    if state.virtual_points:
        return state.virtual_points
    if state.acceleration is Acceleration.BAKU:
        return baku_virtual_points(state)
    return {}
