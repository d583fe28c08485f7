"""A round-robin round as the system table asks for it: pair, check, order and explain, for a
field of players (`TournamentState`) or of teams (`TeamState`, White meaning the team with
White on board 1, "home"; docs/round-robin.md section 7).

The round to pair is the table's next round; nothing else of the state matters but who is
absent. A game whose other side is the odd field's dummy, or is absent (withdrawn, or a bye
on request), leaves its player resting: a board without Black, which a round robin scores as
no game (docs/round-robin.md section 3 and 8).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from swiss.check import Finding
from swiss.messages import Message, gettext_noop
from swiss.model import Board, Pairing, PairingError, TournamentState
from swiss.roundrobin.berger import Pairs, schedule, table_size
from swiss.roundrobin.scheveningen import scheveningen_schedule
from swiss.team.model import TeamState

RULE = "C.05 Annex 1"
_BYE = Message(gettext_noop("bye"))


@dataclass(frozen=True)
class Field:
    """What a round robin reads of a state: the pairing numbers, who is absent from the round to
    pair, how many rounds the event has and which is next."""

    numbers: tuple[int, ...]
    absent: frozenset[int]
    total_rounds: int
    round_to_pair: int


def field_of(state: TournamentState | TeamState) -> Field:
    if isinstance(state, TeamState):
        numbers = tuple(sorted(t.number for t in state.teams))
        absent = frozenset(state.absent)
    else:
        numbers = tuple(sorted(p.number for p in state.players))
        absent = frozenset(state.absences)
    if numbers != tuple(range(1, len(numbers) + 1)):
        raise PairingError("a round robin needs the pairing numbers 1 to N without a gap")
    return Field(numbers, absent, state.total_rounds, state.round_to_pair)


Schedule = Callable[[Field], list[Pairs]]


def berger(field: Field) -> list[Pairs]:
    """The Berger rounds of the field, as many cycles as the event's rounds hold."""
    if len(field.numbers) < 2:
        raise PairingError("a round robin needs at least two players")
    size = table_size(len(field.numbers))
    _whole_cycles(field, size - 1)
    return schedule(len(field.numbers), field.total_rounds // (size - 1))


def scheveningen(field: Field) -> list[Pairs]:
    """The Scheveningen rounds: the first half of the numbers is team A, the second team B."""
    players = len(field.numbers)
    if players < 2 or players % 2:
        raise PairingError(f"a Scheveningen match needs two teams of equal size, not {players} players")
    boards = players // 2
    _whole_cycles(field, boards)
    return scheveningen_schedule(boards, field.total_rounds // boards)


def _whole_cycles(field: Field, per_cycle: int) -> None:
    """Refuse an event whose rounds are not whole cycles of the table (the arbiter set the
    number of rounds before the field was complete)."""
    if field.total_rounds % per_cycle:
        raise PairingError(
            f"{len(field.numbers)} entrants play {per_cycle} rounds per cycle, so the event needs "
            f"{per_cycle} or {2 * per_cycle} rounds, not {field.total_rounds}"
        )


def scheduled_round(field: Field, rounds: list[Pairs], number: int) -> Pairs:
    """Round `number` of the schedule; PairingError beyond its end."""
    if not 1 <= number <= len(rounds):
        raise PairingError(
            f"the table has {len(rounds)} rounds for {len(field.numbers)} entrants; "
            f"there is no round {number}"
        )
    return rounds[number - 1]


def pair(field: Field, rounds: list[Pairs]) -> Pairing:
    """The next round: the table's games in its board order, then one board without Black per
    player who rests (the dummy's opponent, an absent player's opponent)."""
    games: list[Board] = []
    resting: list[Board] = []
    for white, black in scheduled_round(field, rounds, field.round_to_pair):
        sides = [n for n in (white, black) if n in field.numbers and n not in field.absent]
        if len(sides) == 2:
            games.append(Board(white, black))
        elif sides:
            resting.append(Board(sides[0], None))
    return Pairing((*games, *sorted(resting, key=lambda board: board.white)))


def board_order(expected: Pairing, boards: Sequence[Board]) -> tuple[Board, ...]:
    """`boards` in the table's order; boards the table does not have come after, as given."""
    place = {board: index for index, board in enumerate(expected.boards)}
    return tuple(sorted(boards, key=lambda board: place.get(board, len(place))))


def check(expected: Pairing, proposal: Pairing, names: Mapping[int, str]) -> list[Finding]:
    """Where a proposed round differs from the table: the table fixes every game and colour
    (C.05 Annex 1; the arbiter does not change colours, docs/round-robin.md section 4)."""

    def game(text: str, board: Board) -> Message:
        black = _BYE if board.black is None else names.get(board.black, str(board.black))
        return Message(text, {"white": names.get(board.white, str(board.white)), "black": black})

    wanted = set(expected.boards)
    findings = [
        Finding(index, RULE, game(gettext_noop("%(white)s–%(black)s is not the table's game"), b))
        for index, b in enumerate(proposal.boards, start=1)
        if b not in wanted
    ]
    given = set(proposal.boards)
    findings += [
        Finding(None, RULE, game(gettext_noop("The table's game %(white)s–%(black)s is missing"), b))
        for b in expected.boards
        if b not in given
    ]
    return findings


def explain(field: Field, rounds: list[Pairs], board: Board, number: int) -> list[Message]:
    """Where board `number` of the round to pair comes from in the table."""
    values = {"board": number, "round": field.round_to_pair, "rounds": len(rounds), "white": board.white}
    if board not in pair(field, rounds).boards:
        text = gettext_noop(
            "Board %(board)s is not the table's (round %(round)s of %(rounds)s): it was changed by hand."
        )
    elif board.black is None:
        text = gettext_noop(
            "Board %(board)s: %(white)s rests in round %(round)s of %(rounds)s (the opponent is the "
            "dummy or absent)."
        )
    else:
        text = gettext_noop(
            "Board %(board)s: %(white)s–%(black)s is the table's game of round %(round)s of %(rounds)s."
        )
        values["black"] = board.black
    return [Message(text, values)]


def explain_round(field: Field, rounds: list[Pairs]) -> tuple[Pairing, list[str]]:
    made = pair(field, rounds)
    lines = [str(line) for n, b in enumerate(made.boards, start=1) for line in explain(field, rounds, b, n)]
    return made, lines
