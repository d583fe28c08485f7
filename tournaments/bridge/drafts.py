"""What the round workflow asks of the engine: pair, order, check and explain a draft, and the
engine's facts the review page shows (`pairing/review.py` arranges them).

Drafts are stored as entrant ids; the engine speaks pairing numbers. The conversions both
ways are here, and so is the digest of the input a draft was paired from, so that a
change to that input marks the draft stale.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

from swiss.check import Finding, points_text
from swiss.dutch import Float
from swiss.model import Board as EngineBoard
from swiss.model import Edition, Pairing, PairingError, TournamentState
from swiss.model import Player as EnginePlayer
from swiss.scores import score
from swiss.systems import Explained, Notes, PlayerSystem
from tournaments.models import DraftChange, Round, Tournament

from . import wording
from .state import StateError, engine_system, pairing_numbers, pairing_state

# A board as the database keeps it: White's entrant id, Black's or None for the bye.
Pair = tuple[int, int | None]


def stored_pairs(rnd: Round) -> list[Pair]:
    """The round's boards as (white id, black id or None), in board order, read in one query."""
    pairs: list[Pair] = []
    for _, (white, black) in sorted(rnd.seated().items()):
        assert white is not None  # every board seats White; only Black's seat is empty on the bye
        pairs.append((white, black))
    return pairs


class NoPairing(Exception):
    """The engine found no legal pairing, or the database cannot give it a state; says why."""


def paired(
    state: TournamentState, ids: dict[int, int], system: PlayerSystem
) -> tuple[list[Pair], Notes | None]:
    """The engine's pairing of the round after `state` under `system`, in board order, as entrant ids,
    with the engine's notes when the system gives them (kept with the draft's check)."""
    try:
        made = system.pair_explained(state)
        pairing, notes = (made.pairing, made.notes) if made is not None else (system.pair(state), None)
    except PairingError as error:
        raise NoPairing(str(error)) from error
    return from_engine(system.board_order(state, pairing.boards), ids), notes


def in_board_order(
    state: TournamentState, pairs: list[Pair], numbers: dict[int, int], system: PlayerSystem
) -> list[Pair]:
    """`pairs` in the system's board order (C.04.2 3.6; US Chess: the higher player's rank)."""
    ids = {n: pk for pk, n in numbers.items()}
    return from_engine(system.board_order(state, to_engine(pairs, numbers).boards), ids)


def to_engine(pairs: list[Pair], numbers: dict[int, int]) -> Pairing:
    return Pairing(tuple(EngineBoard(numbers[w], numbers[b] if b else None) for w, b in pairs))


def from_engine(pairing: Pairing | tuple[EngineBoard, ...], entrants: dict[int, int]) -> list[Pair]:
    boards = pairing.boards if isinstance(pairing, Pairing) else pairing
    return [(entrants[b.white], entrants[b.black] if b.black else None) for b in boards]


# What the engine reads, part by part, so a stale draft can say what changed since it was paired.
# The system and the edition enter the rules only when they are not the Dutch 2026 ones, so
# drafts paired before they existed keep their digests.
INPUT_PARTS: dict[str, Callable[[TournamentState, PlayerSystem], object]] = {
    "results": lambda state, _: [(p.number, p.history) for p in state.players],
    "entrants": lambda state, _: [(p.number, p.rating) for p in state.players],
    "absences": lambda state, _: sorted(state.absences.items()),
    "forbidden pairs": lambda state, _: sorted(state.forbidden),
    "rules": lambda state, system: (
        *(state.total_rounds, state.initial_colour, state.scoring, state.acceleration),
        sorted(state.virtual_points.items()),
        *((system.name, system.options) if system.options is not None else ()),
        *((state.edition,) if state.edition is not Edition.DUTCH_2026 else ()),
        *((state.abcd_last_top,) if state.abcd_last_top is not None else ()),
    ),
}


def input_fingerprint(state: TournamentState, system: PlayerSystem) -> dict[str, str]:
    """A digest per part of the engine's input (`INPUT_PARTS`); names and other labels are left out."""
    return digests(INPUT_PARTS, state, system)


def digests(parts: Mapping[str, Callable[..., object]], *read_from: object) -> dict[str, str]:
    """Per part, a digest of what `parts[part]` reads of `read_from` (the state, and for players
    the system)."""
    return {
        part: hashlib.sha256(repr(read(*read_from)).encode()).hexdigest()[:32] for part, read in parts.items()
    }


def draft_staleness(rnd: Round, state: TournamentState | None = None) -> str:
    """Why the draft of `rnd` no longer rests on the engine's current input, "" when it still does.

    The input is compared with the one the draft was paired from, or the one current
    when an arbiter last chose to keep it (`keep_draft`). `state` saves building the
    engine state again when the caller has it.
    """
    try:
        now = input_fingerprint(
            state or pairing_state(rnd.tournament, rnd.number), engine_system(rnd.tournament)
        )
    except StateError as error:
        return f"{error} The draft cannot be published until it has one."
    return stale_reason(rnd, now)


def stale_reason(rnd: Round, now: dict[str, str]) -> str:
    """Which parts of the input (`now`, digests by part) differ from those the draft rests on, said for
    the arbiter; "" when none does."""
    if not rnd.draft_input:
        return "This draft does not record what it was paired from: re-pair it or keep it."
    changed = [part for part, digest in now.items() if rnd.draft_input.get(part) != digest]
    if not changed:
        return ""
    return (
        f"The {' and '.join(changed)} this draft was paired from changed since: "
        "re-pair it, or keep it as it is, before publishing."
    )


def _colours(player: EnginePlayer) -> str:
    return "".join(r.colour.value.upper() if r.colour and r.code.played else "–" for r in player.history)


_FLOAT_MARKS = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: ""}


def _float_marks(floated: tuple[Float, Float]) -> str:
    """↓ or ↑ for each of the last two rounds in which the player floated, older first (C.04.3 1.4)."""
    return _FLOAT_MARKS[floated[1]] + _FLOAT_MARKS[floated[0]]


def check_draft(
    tournament: Tournament,
    state: TournamentState,
    pairs: list[Pair],
    reference: list[Pair] | None,
    notes: Notes | None = None,
) -> dict[str, Any]:
    """What the rules say of the draft `pairs` for the input `state`, as `Round.record_check` keeps it.

    `reference` is the engine's own pairing of the round (None when unknown). Held: the
    input's digest it was checked against, the findings, what the pairing could not give
    everyone, and each player's float marks (by pairing number), so that a page of the
    review reads them instead of checking the whole round again; and the engine's `notes`
    when given, so that "why?" on a board need not pair the round again. Findings, relaxations
    and notes are kept as the engine's templates with their values (`wording.stored`), worded
    when shown.
    """
    system = engine_system(tournament)
    numbers = pairing_numbers(tournament)
    names = {n: f"{n} {name}" for n, name in tournament.entrants.values_list("pairing_number", "name") if n}
    proposal = to_engine(pairs, numbers)
    engine = to_engine(reference, numbers) if reference else None
    findings = system.check(state, proposal, engine, names)
    floated = system.floats(state)
    return {
        "input": input_fingerprint(state, system),
        "findings": [[f.board, f.rule, wording.stored(f.message), f.absolute] for f in findings],
        "relaxed": [wording.stored(m) for m in system.relaxations(state, proposal)] if pairs else [],
        "floats": {str(n): marks for n, f in floated.items() if (marks := _float_marks(f))},
        **({"notes": _stored_notes(notes)} if notes is not None else {}),
    }


def current_check(
    rnd: Round, state: TournamentState, *, check_now: bool = True, now: dict[str, str] | None = None
) -> dict[str, Any] | None:
    """The stored check of the round's draft when it is of this draft version and this input;
    else, when `check_now`, the draft is checked and the check stored; else None (to be checked).
    `now` is the state's `input_fingerprint` when the caller has it."""
    if now is None:
        now = input_fingerprint(state, engine_system(rnd.tournament))
    # Read again: the draft may have changed since `rnd` was read.
    rnd.refresh_from_db(fields=["draft_version", "draft_check"])
    stored: dict[str, Any] = rnd.draft_check
    if stored.get("version") == rnd.draft_version and stored.get("input") == now:
        return stored
    if not check_now:
        return None
    engine = rnd.draft_changes.filter(kind=DraftChange.Kind.ENGINE).first()
    # The engine's notes rest on the input alone: a change by hand keeps them.
    kept = stored.get("notes") if stored.get("input") == now else None
    notes = _restored_notes(kept) if kept is not None else None
    check = check_draft(rnd.tournament, state, stored_pairs(rnd), engine.after if engine else None, notes)
    rnd.record_check(check)
    return check


def is_checked(rnd: Round) -> bool:
    """True when the round's draft has its check for the current input (or needs none, or cannot have one)."""
    if rnd.state != Round.State.DRAFT:
        return True
    try:
        state = pairing_state(rnd.tournament, rnd.number)
    except StateError:
        return True
    return current_check(rnd, state, check_now=False) is not None


def _stored_notes(notes: Notes) -> dict[str, list[dict[str, Any]]]:
    return {str(n): [wording.stored(line) for line in lines] for n, lines in notes.items()}


def _restored_notes(kept: dict[str, list[object]]) -> Notes:
    return {int(n): [wording.restored(line) for line in lines] for n, lines in kept.items()}


def checked_findings(check: dict[str, Any]) -> list[wording.ShownFinding]:
    """The findings a stored check (`current_check`) holds, worded in the active language."""
    return [
        wording.shown(Finding(board, rule, wording.restored(message), absolute))
        for board, rule, message, absolute in check["findings"]
    ]


def checked_relaxations(check: dict[str, Any]) -> list[str]:
    """What the pairing could not give everyone, as a stored check holds it, worded in the active language."""
    return wording.all_worded([wording.restored(note) for note in check["relaxed"]])


def player_columns(state: TournamentState, numbers: set[int]) -> dict[int, tuple[str, str]]:
    """By pairing number, the score (as the pages write points) and the colours of each round
    (W, B, or – without a game) of the players `numbers` that the state holds."""
    shown = [p for p in state.players if p.number in numbers]
    return {p.number: (points_text(score(p, state.scoring)), _colours(p)) for p in shown}


def explain(rnd: Round, board_number: int) -> list[str]:
    """The engine's reading of one board of a draft, or why there is none now."""
    try:
        state = pairing_state(rnd.tournament, rnd.number)
    except StateError as error:
        return [f"{error} The board can be explained once it has one."]
    numbers = pairing_numbers(rnd.tournament)
    board = rnd.boards_with_seats().get(number=board_number)
    white, black = board.white, board.black
    assert white is not None
    shown = EngineBoard(numbers[white.pk], numbers[black.pk] if black else None)
    system = engine_system(rnd.tournament)
    stored = rnd.draft_check
    reference = rnd.draft_changes.filter(kind=DraftChange.Kind.ENGINE).first()
    kept = "notes" in stored and stored.get("input") == input_fingerprint(state, system)
    made = None
    if kept and reference is not None:
        # Kept by the job that paired the round (they rest on the input alone, whatever was changed by
        # hand since): a 4000-player round is not paired again here.
        made = Explained(to_engine(reference.after, numbers), _restored_notes(stored["notes"]))
    return wording.all_worded(system.explain(state, shown, board_number, made))
