"""FIDE title norms (Handbook B.01 1.4): who made a GM, IM, WGM or WIM norm, and what the rounds
left must bring for one. Pure Python, like the rest of the engine.

    norms = tournament_norms(state, NormEvent(host_federation="ESP"))
    for player in norms.players: player.achieved, player.checks, player.reach

A norm is only ever reported achieved when every round of the event has been played and
every condition holds; input the rules cannot judge (an unknown title code, a missing
federation) is counted at the worst case and named in the notes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from swiss.messages import Message, gettext_noop
from swiss.model import Code, Colour, Player, RoundResult, TournamentState
from swiss.norms import rules
from swiss.norms.event import EventCheck, Exemption, NormEvent, check_event, event_from_trf
from swiss.norms.player import Check, Condition, Game, Status, check, games_of
from swiss.norms.reach import Field, Reach, describe, reach
from swiss.norms.rules import NormTitle

__all__ = [
    "Check",
    "Condition",
    "EventCheck",
    "Exemption",
    "Game",
    "NormEvent",
    "NormTitle",
    "Norms",
    "PlayerNorms",
    "Reach",
    "Status",
    "describe",
    "event_from_trf",
    "field_of",
    "player_norms",
    "tournament_norms",
    "with_result",
]

FEMALE = frozenset({"w", "f"})


@dataclass(frozen=True)
class PlayerNorms:
    player: Player
    complete: bool  # every round of the event is played: a check's status is final
    checks: tuple[Check, ...]  # one per title the player can make, GM first
    reach: tuple[Reach, ...]  # with rounds left: one per title
    notes: tuple[Message, ...]

    @property
    def achieved(self) -> tuple[NormTitle, ...]:
        if not self.complete:
            return ()
        return tuple(c.title for c in self.checks if c.status is Status.ACHIEVED)

    @property
    def review(self) -> tuple[NormTitle, ...]:
        if not self.complete:
            return ()
        return tuple(c.title for c in self.checks if c.status is Status.REVIEW)

    @property
    def in_reach(self) -> tuple[Reach, ...]:
        return tuple(r for r in self.reach if r.in_reach)

    @property
    def listed(self) -> bool:
        """On the norms page: a norm made, one to review, or one still in reach."""
        return bool(self.achieved or self.review or self.in_reach)

    def check_for(self, title: NormTitle) -> Check | None:
        return next((c for c in self.checks if c.title is title), None)


@dataclass(frozen=True)
class Norms:
    event: EventCheck
    complete: bool
    rounds_played: int
    total_rounds: int
    players: tuple[PlayerNorms, ...]


def titles_for(player: Player) -> tuple[NormTitle, ...]:
    """GM and IM for everyone, WGM and WIM for women too (1.4.9)."""
    if player.sex.strip().lower() in FEMALE:
        return rules.TITLE_ORDER
    return tuple(t for t in rules.TITLE_ORDER if t not in rules.WOMEN_ONLY)


def tournament_norms(
    state: TournamentState, event: NormEvent | None = None, *, numbers: Iterable[int] | None = None
) -> Norms:
    """The norms of every player of `state` (or of the pairing `numbers` given)."""
    event = event or NormEvent()
    checked = check_event(state, event)
    by_number = {p.number: p for p in state.players}
    wanted = by_number.keys() if numbers is None else [n for n in numbers if n in by_number]
    field = field_of(state)
    played = state.rounds_played
    players = tuple(
        player_norms(state, by_number[n], event, checked, by_number, field, played >= state.total_rounds)
        for n in wanted
    )
    return Norms(checked, played >= state.total_rounds, played, state.total_rounds, players)


def field_of(state: TournamentState) -> Field:
    return Field((p.number, p.rating, rules.title_of(p.title) or "") for p in state.players)


def _complete(state: TournamentState) -> bool:
    return state.rounds_played >= state.total_rounds


def player_norms(
    state: TournamentState,
    player: Player,
    event: NormEvent,
    checked: EventCheck,
    by_number: dict[int, Player] | None = None,
    field: Field | None = None,
    complete: bool | None = None,
) -> PlayerNorms:
    """One player's checks, and with rounds left what they must bring; `by_number`, `field` and
    `complete` (every round played) save their reading when the caller asks for many players."""
    by_number = by_number or {p.number: p for p in state.players}
    games = games_of(player, by_number)
    titles = titles_for(player)
    federation = player.federation.strip().upper()
    checks = tuple(
        check(player, games, title, federation_rules=checked.federation_rules, min_games=event.min_games)
        for title in titles
    )
    notes = _notes(player, games, by_number)
    found: tuple[Reach, ...] = ()
    left = state.total_rounds - len(player.history)
    if left > 0:
        # A pre-arranged bye of the next round is a round without a game.
        playing = left - (1 if state.absences.get(player.number) else 0)
        excluded = {g.opponent for g in games if g.opponent is not None} | {player.number}
        counted = tuple(g for g in games if g.counts)
        found = tuple(
            reach(
                counted,
                title,
                federation,
                playing,
                field or field_of(state),
                excluded,
                federation_rules=checked.federation_rules,
                min_games=event.min_games,
            )
            for title in titles
        )
    if complete is None:
        complete = _complete(state)
    return PlayerNorms(player, complete, checks, found, notes)


def _notes(player: Player, games: Iterable[Game], by_number: dict[int, Player]) -> tuple[Message, ...]:
    notes = []
    if not player.federation.strip():
        notes.append(
            Message(gettext_noop("No federation given: the federation rules (1.4.3, 1.4.4) cannot be met."))
        )
    if not player.sex.strip():
        notes.append(Message(gettext_noop("Sex not given: WGM and WIM norms are not checked.")))
    for game in games:
        opponent = by_number.get(game.opponent) if game.opponent is not None else None
        if opponent is None:
            continue
        if opponent.title.strip() and rules.title_of(opponent.title) is None:
            notes.append(
                Message(
                    gettext_noop(
                        "Round %(round)s: the opponent's title code '%(title)s' is unknown to the rules; "
                        "counted as untitled."
                    ),
                    {"round": game.round, "title": opponent.title.strip()},
                )
            )
        if game.counts and not opponent.federation.strip():
            notes.append(
                Message(
                    gettext_noop(
                        "Round %(round)s: the opponent has no federation; counted as the worst case."
                    ),
                    {"round": game.round},
                )
            )
    return tuple(notes)


RESULTS = {"win": (Code.WIN, Code.LOSS), "draw": (Code.DRAW, Code.DRAW), "loss": (Code.LOSS, Code.WIN)}


def with_result(
    state: TournamentState,
    number: int,
    opponent: int,
    result: str,
    event: NormEvent | None = None,
    checked: EventCheck | None = None,
    field: Field | None = None,
) -> PlayerNorms:
    """The player's norms had the next round ended in `result` (win, draw, loss) against `opponent`:
    what a pairing would bring (the review's mark). `checked`: the event's check before the round
    (a round half played would fail the 1.4.3(d) count)."""
    event = event or NormEvent()
    checked = checked or check_event(state, event)
    own, theirs = RESULTS[result]
    round_number = len(next(p for p in state.players if p.number == number).history) + 1
    last = round_number >= state.total_rounds

    def extended(p: Player) -> Player:
        if p.number not in (number, opponent) or len(p.history) >= round_number:
            return p
        code, other = (own, opponent) if p.number == number else (theirs, number)
        colour = Colour.WHITE if p.number == number else Colour.BLACK
        return replace(p, history=(*p.history, RoundResult(other, colour, code)))

    players = tuple(extended(p) for p in state.players)
    after = replace(state, players=players, absences={})
    by_number = {p.number: p for p in players}
    return player_norms(after, by_number[number], event, checked, by_number, field, last)
