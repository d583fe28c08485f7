"""tiebreak-core's ranking for fields of thousands: direct encounter only where it can decide.

`rank_standings_strict` applies direct encounter (C.07 Art. 6) to every group still tied
before it by building the group's mini-table over every pair of its members: after round 1
of 4000 players that is a group of some 1300 winners, a million pairs, twice: 42 s. The rule itself
stays the library's; this module only hands it less:

- the field is ranked without DE (the values, and the order inside every DE tier, are
  those of the whole ranking: DE only reorders players tied on everything before it);
- each group tied before DE that DE can split is ranked by the library on its own, on
  the group's games among themselves (all DE reads, Art. 6.1), with the field's order
  as the fallback key, so DE's tiers come out ordered as the whole ranking orders them;
- a group in which every player has met at most half of the others cannot be split
  (Art. 6.3, below), so it keeps the order of the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

DIRECT_ENCOUNTER = "direct_encounter"
# Keys that order without a value; before DE they would have to be part of the tied group's key.
_VALUELESS = {"tpn", "rtng"}


def ranked(
    data: Mapping[int, PlayerTiebreakData],
    criteria: Sequence[str],
    keys: Mapping[int, int],
    options: Mapping[str, Any],
) -> list[tuple[Any, int]]:
    """The rows of `rank_standings_strict(data, criteria, deterministic_keys=keys, **options)`, in its
    order, each with the number of its DE tier: players in one tier are still tied after DE."""
    at = list(criteria).index(DIRECT_ENCOUNTER) if DIRECT_ENCOUNTER in criteria else len(criteria)
    before, after = list(criteria[:at]), list(criteria[at + 1 :])
    if at == len(criteria) or _VALUELESS & set(before):
        # Before DE, TPN or RTNG leave groups tied on a number or a rating: small, cheap for the library.
        rows = rank_standings_strict(data, criteria, deterministic_keys=keys, **options).players
        return [(row, 0) for row in rows]
    rows = rank_standings_strict(data, before + after, deterministic_keys=keys, **options).players
    result: list[tuple[Any, int]] = []
    for group in _tied(list(rows), before):
        decided = len(group) > 1 and _may_decide(group, data)
        for tier in _by_encounters(group, data, options) if decided else [group]:
            number = len(result)
            result.extend((row, number) for row in tier)
    return result


def _tied(rows: list[Any], criteria: list[str]) -> list[list[Any]]:
    """Runs of `rows` with equal points and equal values of `criteria`."""
    groups: list[list[Any]] = []
    previous = None
    for row in rows:
        key = (row.points, *(row.values[c] for c in criteria))
        if key != previous:
            groups.append([])
            previous = key
        groups[-1].append(row)
    return groups


def _may_decide(group: list[Any], data: Mapping[int, PlayerTiebreakData]) -> bool:
    """False when DE cannot split `group`, whoever won the games between its members.

    Art. 6.3: when not all of them have met, a player goes first only with a mini-score
    above every other's plus the games that other has not played in the group. A
    mini-score is at most the number of members met, m; another member has missed at
    least (size - 1 - m) of them. With 2m <= size - 1 for every member, no one qualifies.
    """
    members = {row.player_id for row in group}
    met: dict[int, set[int]] = {number: set() for number in members}
    for number in members:
        for game in data[number].games:
            if game.opponent_id in members and game.opponent_id != number:
                met[number].add(game.opponent_id)
                met[game.opponent_id].add(number)
    return 2 * max(len(opponents) for opponents in met.values()) > len(group) - 1


def _by_encounters(
    group: list[Any], data: Mapping[int, PlayerTiebreakData], options: Mapping[str, Any]
) -> list[list[Any]]:
    """The tiers DE makes of `group` (tied before DE, in the field's order), each in the field's order.

    The library ranks the group alone. Each member keeps its games against the others;
    every other round becomes an unpaired round of the same score, which DE never reads,
    so that the points stay those recorded and the whole group one score group. Ranked
    once with the field's order as the fallback and once with it reversed, a tier is a
    stretch both fill with the same players.
    """
    members = {row.player_id: row for row in group}
    alone = {
        number: PlayerTiebreakData(
            number,
            data[number].rating,
            data[number].points,
            [game if game.opponent_id in members else _unpaired(game) for game in data[number].games],
        )
        for number in members
    }
    forward, backward = (
        [
            row.player_id
            for row in rank_standings_strict(
                alone,
                [DIRECT_ENCOUNTER],
                deterministic_keys={row.player_id: sign * index for index, row in enumerate(group)},
                **options,
            ).players
        ]
        for sign in (1, -1)
    )
    return [[members[number] for number in tier] for tier in stretches(forward, backward)]


def stretches(order: list[int], other: list[int]) -> list[list[int]]:
    """`order` cut into the shortest stretches that `other`, the same players, fills with the same players.

    Two rankings that differ only in the fallback order inside tied groups (reversed in
    `other`) cut this way give the groups.
    """
    result: list[list[int]] = []
    unmatched: set[int] = set()
    first = 0
    for index, (mine, theirs) in enumerate(zip(order, other, strict=True)):
        unmatched ^= {mine}
        unmatched ^= {theirs}
        if not unmatched:
            result.append(order[first : index + 1])
            first = index + 1
    return result


def _unpaired(game: GameRecord) -> GameRecord:
    return GameRecord(-1, 0, game.score, game.color, game.round_number, kind="requested_bye")
