"""The pairing systems: one entry per system and edition, and everything a caller asks of one.

Every caller (`swiss.pair`, the command line, the web app's bridge and its jobs) looks a
system up here by name and asks the entry; none decides for itself which function of which
package applies. An entry gives:

    pair(state)                      the next round (PairingError when no legal pairing exists)
    pair_explained(state)            the same with the notes the system keeps on it (`Explained`),
                                     or None when it gives none (then `pair` is the whole answer)
    check(state, pairing, reference, names)   the findings of a proposed pairing; `reference` is
                                     the engine's own pairing when known, `names` labels players
    board_order(state, boards)       the boards (or matches) in the system's official order
    explain(state, board, number, made)   why board (or match) `number` of a draft is what it is;
                                     `made` is the engine's `Explained` pairing when the caller kept it
    explain_round(state)             the next round with every board's explanation, as the
                                     command line's --explain prints it (in English)

Findings, explanations and notes are `swiss.messages.Message`s: templates with their values, which
the command line words in English and the web app in the arbiter's language.
    floats(state), relaxations(state, pairing)   what the review shows of a Dutch draft
                                     (nothing for the systems that keep no float history)

Adding a system (the round robins are the latest) means writing its package and adding one entry to
`SYSTEMS` below; nothing else in the engine, the command line or the bridge changes (the web
app offers it once `Tournament.PairingSystem` lists it under the same name).

The Dutch editions are entries of their own (dutch-2026, dutch-2017, dutch-1998): each
pairs the state as of its edition. Acceleration (Baku, the national A/B/C/D) stays an option
of the state, read by the Dutch entries. US Chess takes the director's variations:
`system("us", us=options)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, TypeVar, cast

from swiss import dutch, dutch1998, roundrobin
from swiss.boards import order_boards
from swiss.check import Finding
from swiss.check import check as dutch_check
from swiss.dutch import Float
from swiss.dutch1998.check import check as check_1998
from swiss.dutch1998.explain import board_steps
from swiss.dutch1998.explain import explain as steps_1998
from swiss.explain import explain_board, relaxations
from swiss.messages import Message, gettext_noop
from swiss.model import Board, Edition, Pairing, PairingError, TournamentState
from swiss.team import c046, ecu, olympiad
from swiss.team import check as team_check
from swiss.team import explain as team_explain
from swiss.team import systems as team_systems
from swiss.team.lineups import check_lineups
from swiss.team.model import TeamState
from swiss.us import USOptions, pair_with_log
from swiss.us import order_boards as us_order
from swiss.us import pair as us_pair
from swiss.us.check import check as us_check

# Per pairing number, why the procedure did not simply pair that player in order (Dutch).
Notes = dict[int, list[Message]]
Kind = Literal["players", "teams"]
S = TypeVar("S", TournamentState, TeamState)
F = TypeVar("F", Finding, Message)


@dataclass(frozen=True)
class Explained:
    """A pairing with the notes the system gives on it, kept so that explaining a board later
    need not pair the round again."""

    pairing: Pairing
    notes: Notes


@dataclass(frozen=True)
class System(Generic[S, F]):
    """One pairing system in one edition: what a caller may ask of it (see the module's text)."""

    name: str
    kind: Kind
    pair: Callable[[S], Pairing]
    pair_explained: Callable[[S], Explained | None]
    check: Callable[[S, Pairing, Pairing | None, Mapping[int, str]], list[F]]
    board_order: Callable[[S, Sequence[Board]], tuple[Board, ...]]
    explain: Callable[[S, Board, int, Explained | None], list[Message]]
    explain_round: Callable[[S], tuple[Pairing, list[str]]]
    # Each player's floats of the last two rounds (C.04.3 1.4), for the systems that record them.
    floats: Callable[[S], Mapping[int, tuple[Float, Float]]] = lambda _: {}
    # What a pairing could not give everyone (floats between score groups, colours not granted).
    relaxations: Callable[[S, Pairing], list[Message]] = lambda _, __: []
    # What the system reads besides the state (US Chess: the director's variations), part of
    # the input a draft rests on.
    options: object = None


PlayerSystem = System[TournamentState, Finding]
TeamSystem = System[TeamState, Message]


def _as_of(edition: Edition) -> Callable[[TournamentState], TournamentState]:
    """The state to pair under `edition`: the state itself when it already says so."""

    def state_of(state: TournamentState) -> TournamentState:
        return state if state.edition is edition else replace(state, edition=edition)

    return state_of


def _dutch(edition: Edition) -> PlayerSystem:
    """FIDE Dutch C.04.3 in the 2026 or 2017 text (one procedure, the edition read from the state)."""
    as_of = _as_of(edition)

    def pair_explained(state: TournamentState) -> Explained:
        return Explained(*dutch.pair_with_notes(as_of(state)))

    def explain(state: TournamentState, board: Board, _: int, made: Explained | None) -> list[Message]:
        made = made or pair_explained(state)
        return explain_board(as_of(state), board, made.notes, made.pairing)

    def explain_round(state: TournamentState) -> tuple[Pairing, list[str]]:
        state = as_of(state)
        made = pair_explained(state)
        lines = [
            f"{b.white}-{b.black or 'bye'}: {sentence}"
            for b in order_boards(state, made.pairing.boards)
            for sentence in explain_board(state, b, made.notes)
        ]
        return made.pairing, lines

    return System(
        name=f"dutch-{edition.value}",
        kind="players",
        pair=lambda state: dutch.pair(as_of(state)),
        pair_explained=pair_explained,
        check=lambda state, proposal, reference, names: dutch_check(
            as_of(state), proposal, reference=reference, names=names
        ),
        board_order=lambda state, boards: order_boards(as_of(state), boards),
        explain=explain,
        explain_round=explain_round,
        floats=lambda state: dutch.floats(as_of(state)),
        relaxations=lambda state, pairing: relaxations(as_of(state), pairing),
    )


def _dutch_1998() -> PlayerSystem:
    """The 1998 text's procedure C1-C14 (a package of its own); it explains by its steps."""
    as_of = _as_of(Edition.DUTCH_1998)

    def explain(state: TournamentState, board: Board, _: int, __: Explained | None) -> list[Message]:
        state = as_of(state)
        paired = dutch1998.pair_with_steps(state)
        if board in paired.pairing.boards:
            return [step.as_sentence() for step in board_steps(state, board, paired)]
        return explain_board(state, board, None, paired.pairing)

    return System(
        name="dutch-1998",
        kind="players",
        pair=lambda state: dutch1998.pair(as_of(state)),
        pair_explained=lambda _: None,
        check=lambda state, proposal, reference, names: check_1998(
            as_of(state), proposal, reference=reference, names=names
        ),
        board_order=lambda state, boards: order_boards(as_of(state), boards),
        explain=explain,
        explain_round=lambda state: (dutch1998.pair(as_of(state)), steps_1998(as_of(state))),
        floats=lambda state: dutch.floats(as_of(state)),
        relaxations=lambda state, pairing: relaxations(as_of(state), pairing),
    )


def us_system(options: USOptions | None = None) -> PlayerSystem:
    """US Chess rules 27-29 with the director's variations (`options`; none: the rules as written).
    Its boards stay in US order; it explains by its pairing-logic log, one line per board."""
    options = options or USOptions()

    def explain(state: TournamentState, board: Board, _: int, __: Explained | None) -> list[Message]:
        """The log's line for the engine's board, or for each player's board when the board
        shown is not the engine's (a director changed the draft)."""
        try:
            made = pair_with_log(state, options)
        except PairingError as error:
            return [
                Message(gettext_noop("The engine finds no pairing now: %(error)s"), {"error": str(error)})
            ]
        lines = dict(zip(made.pairing.boards, made.log, strict=True))
        if board in lines:
            return [lines[board]]
        players = {board.white, board.black} - {None}
        own = [line for made_board, line in lines.items() if {made_board.white, made_board.black} & players]
        head = gettext_noop(
            "This board is not the engine's; the engine's pairing-logic log for these players:"
        )
        return [Message(head), *own]

    def explain_round(state: TournamentState) -> tuple[Pairing, list[str]]:
        made = pair_with_log(state, options)
        return made.pairing, [str(line) for line in made.log]

    return System(
        name="us",
        kind="players",
        pair=lambda state: us_pair(state, options),
        pair_explained=lambda _: None,
        check=lambda state, proposal, _, names: us_check(state, proposal, options, names=names),
        board_order=lambda state, boards: us_order(state, tuple(boards), options),
        explain=explain,
        explain_round=explain_round,
        options=options,
    )


def _team(name: str, pair_matches: Callable[[TeamState], Pairing]) -> TeamSystem:
    """A team Swiss (C.04.6, ECU N.6 or Olympiad D.02): matches of teams, in the GHR 3.6 order."""

    def pair(state: TeamState) -> Pairing:
        """LineupError first when a lineup of the round breaks its roster's board order."""
        check_lineups(state)
        return pair_matches(state)

    def explain(state: TeamState, board: Board, number: int, _: Explained | None) -> list[Message]:
        """The engine's sentence on match `number` of a draft, or on the engine's match of the team
        with White when the draft's match was made by hand."""
        lines = team_explain.explain(state, name)
        engine = team_systems.order_matches(state, pair(state).boards)
        shown = {board.white, board.black}
        for index, made in enumerate(engine):
            if {made.white, made.black} == shown:
                return [team_explain.numbered(lines[index], number)]
        by_engine = next(i for i, made in enumerate(engine) if board.white in (made.white, made.black))
        return [
            Message(
                gettext_noop(
                    "This match was made by hand; the engine paired the team with White differently:"
                )
            ),
            lines[by_engine],
        ]

    return System(
        name=name,
        kind="teams",
        pair=pair,
        pair_explained=lambda _: None,
        check=lambda state, proposal, _, __: team_check.check(state, proposal, name),
        board_order=team_systems.order_matches,
        explain=explain,
        explain_round=lambda state: (pair(state), [str(line) for line in team_explain.explain(state, name)]),
    )


def _round_robin(name: str, kind: Kind, rounds: roundrobin.pairing.Schedule) -> System[Any, Any]:
    """An all-play-all system (docs/round-robin.md): every round is the table's, whatever the
    scores; `rounds` gives the table's rounds for the field (Berger or Scheveningen)."""

    def pair(state: Any) -> Pairing:
        field = roundrobin.field_of(state)
        return roundrobin.pair(field, rounds(field))

    def check(state: Any, proposal: Pairing, _: Pairing | None, names: Mapping[int, str]) -> list[Any]:
        """Findings for players, sentences for teams, as the other systems of each kind give."""
        findings: list[Any] = roundrobin.check(pair(state), proposal, names)
        return findings if kind == "players" else [finding.as_message() for finding in findings]

    def explain(state: Any, board: Board, number: int, _: Explained | None) -> list[Message]:
        field = roundrobin.field_of(state)
        return roundrobin.explain(field, rounds(field), board, number)

    def explain_round(state: Any) -> tuple[Pairing, list[str]]:
        field = roundrobin.field_of(state)
        return roundrobin.explain_round(field, rounds(field))

    return System(
        name=name,
        kind=kind,
        pair=pair,
        pair_explained=lambda _: None,
        check=check,
        board_order=lambda state, boards: roundrobin.board_order(pair(state), boards),
        explain=explain,
        explain_round=explain_round,
    )


SYSTEMS: dict[str, PlayerSystem | TeamSystem] = {
    entry.name: entry
    for entry in (
        _dutch(Edition.DUTCH_2026),
        _dutch(Edition.DUTCH_2017),
        _dutch_1998(),
        us_system(),
        _team("team-c046", c046.pair),
        _team("team-ecu", ecu.pair),
        _team("team-olympiad", olympiad.pair),
        _round_robin("round-robin", "players", roundrobin.berger),
        _round_robin("team-round-robin", "teams", roundrobin.berger),
        _round_robin("scheveningen", "players", roundrobin.scheveningen),
    )
}


# The all-play-all entries: they pair by a table, not by scores, so a Swiss test or benchmark of
# random events leaves them out.
ROUND_ROBINS = ("round-robin", "team-round-robin", "scheveningen")


def system(name: str, *, us: USOptions | None = None) -> PlayerSystem | TeamSystem:
    """The entry called `name`; for "us", with the director's variations `us`.

    Raises ValueError, naming the choices, for a name that is none of them."""
    if name not in SYSTEMS:
        raise ValueError(f"unknown pairing system {name!r}; expected one of {', '.join(SYSTEMS)}")
    if name == "us" and us is not None:
        return us_system(us)
    return SYSTEMS[name]


def player_system(name: str, *, us: USOptions | None = None) -> PlayerSystem:
    """`system(name)` for a system that pairs players; ValueError for one that pairs teams."""
    found = system(name, us=us)
    if found.kind != "players":
        raise ValueError(f"{name} pairs teams: it needs a team state")
    return cast(PlayerSystem, found)


def team_system(name: str) -> TeamSystem:
    """`system(name)` for a system that pairs teams; ValueError for one that pairs players."""
    found = system(name)
    if found.kind != "teams":
        raise ValueError(f"{name} pairs players: it needs a tournament state, not a team state")
    return cast(TeamSystem, found)


def edition_system(state: TournamentState) -> PlayerSystem:
    """The Dutch entry of the state's own edition (a TRF file's 192 record, or 2026)."""
    return player_system(f"dutch-{state.edition.value}")
