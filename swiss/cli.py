"""Command line: `python -m swiss pair FILE.trf` and the external-engine convention.

    python -m swiss pair FILE.trf            the next round, in the corpus .expected format;
                                             --edition 2017 pairs by the 2017 Dutch rules
                                             (default: the file's 192 record, else 2026),
                                             --explain adds a few lines on each board
    python -m swiss pair --system team-c046 FILE.trf   the same for a TRF-2026 team file
                                             (also team-ecu, team-olympiad); --explain adds
                                             one line per match saying why it was made
    python -m swiss pair --edition 1998 FILE.trf [--explain]
                                             the Dutch system in another edition (2026 by
                                             default); with 1998, --explain gives each board's
                                             procedure steps (C1-C14)
    python -m swiss pair --system us FILE.trf [--explain]
                                             US Chess pairing (boards in US order), with its log
    python -m swiss pair --system round-robin FILE.trf   the next round of the Berger table
                                             (also team-round-robin, scheveningen); `check`
                                             says where a recorded round is not the table's
    python -m swiss --dutch FILE.trf -p [OUT] the same, to OUT or standard output
    python -m swiss --dutch FILE.trf -c      re-pair every recorded round and list differences
    python -m swiss --dutch -g [CONFIG] -o OUT.trf [-s SEED] [--edition E]
                                             a random tournament paired by this engine (swiss.rtg)
    python -m swiss pair --acceleration abcd FILE.trf   pair with this acceleration, whatever
                                             the file says (also abcd-advanced, baku, none)
    python -m swiss check FILE.trf PAIRING   list the rule findings of a proposed pairing
                                             (--edition 2017 as for pair)
                                             (--system team-c046 etc. for a team file)
    python -m swiss check --system us FILE.trf PAIRING   the same under the US Chess rules
    python -m swiss check --edition 1998 FILE.trf PAIRING  the same under the 1998 rules
    python -m swiss check [--system S] FILE.trf   without PAIRING: re-pair every recorded round
                                             (-c for every system, teams and US Chess included)
    python -m swiss norms FILE.trf [--explain] [--player N]
                                             `<pairing number> <GM|IM|WGM|WIM>` per title norm
                                             made (B.01 1.4); --explain: the conditions, and what
                                             the rounds left must bring

Exit status follows bbpPairings (docs/trf.md section 7): 0 done, 1 no legal pairing
(or, with -c, a round that pairs differently), 2 unexpected error, 3 invalid
input, 4 out of memory, 5 file access.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from swiss.boards import order_boards
from swiss.colours import initial_colour
from swiss.model import (
    Acceleration,
    Edition,
    Pairing,
    PairingError,
    TournamentState,
    TrfError,
)
from swiss.pairing_text import format_boards, read_pairing
from swiss.recorded import recorded_pairing, state_before_round
from swiss.systems import SYSTEMS, PlayerSystem, System, edition_system, player_system, team_system
from swiss.team.model import TeamState
from swiss.trf import decode_trf, read_trf

if TYPE_CHECKING:
    from swiss.us.options import USOptions


PairFunction = Callable[[TournamentState], Pairing]
_State = TypeVar("_State", TournamentState, TeamState)
_Made = TypeVar("_Made")

OK, NO_PAIRING, UNEXPECTED, INVALID_INPUT, OUT_OF_MEMORY, FILE_ACCESS = 0, 1, 2, 3, 4, 5


class _Failure(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _entry(state: TournamentState, path: str, name: str, pair: PairFunction | None) -> PlayerSystem:
    """The system `name` pairs players by ("dutch": the Dutch entry of the state's edition), with
    the file's US Chess variations for "us" and the tests' `pair` in place of the system's own."""
    if name == "dutch":
        entry = edition_system(state)
    else:
        entry = player_system(name, us=_us_options(path) if name == "us" else None)
    return entry if pair is None else replace(entry, pair=pair)


def _read(path: str) -> str:
    try:
        with open(path, "rb") as file:
            return decode_trf(file.read())
    except OSError as error:
        raise _Failure(FILE_ACCESS, f"{path}: cannot read: {error.strerror}") from error


def _load(path: str, read: Callable[[str], _State] = read_trf) -> _State:  # type: ignore[assignment]
    try:
        return read(_read(path))
    except TrfError as error:
        raise _Failure(INVALID_INPUT, f"{path}: {error}") from error


def _load_dutch(path: str, edition: str | None, acceleration: str | None = None) -> TournamentState:
    """An individual tournament file, paired by `edition` and `acceleration` when given, else
    by the file's own."""
    state: TournamentState = _load(path)
    if edition is not None:
        state = replace(state, edition=Edition(edition))
    return _with_acceleration(state, acceleration)


def _us_options(path: str) -> USOptions:
    from swiss.us.trf import read_us_options

    try:
        return read_us_options(_read(path))
    except TrfError as error:
        raise _Failure(INVALID_INPUT, f"{path}: {error}") from error


def _paired(path: str, state: _State, pair: Callable[[_State], _Made]) -> _Made:
    """The engine's pairing of the state's next round (with what else `pair` gives), or the
    failure to report."""
    if state.round_to_pair > state.total_rounds:
        raise _Failure(
            INVALID_INPUT,
            f"{path}: all {state.total_rounds} rounds have been played (a file without a 142 or XXR "
            "record is read as a tournament of the rounds it holds)",
        )
    try:
        return pair(state)
    except PairingError as error:
        raise _Failure(NO_PAIRING, f"no legal pairing for round {state.round_to_pair}: {error}") from error


def _with_acceleration(state: TournamentState, acceleration: str | None) -> TournamentState:
    """The state with the command line's acceleration, which overrides the file's; the
    file's virtual points and A/B/C/D cut belong to the file's method and go with it."""
    if acceleration is None or Acceleration(acceleration) is state.acceleration:
        return state
    return replace(state, acceleration=Acceleration(acceleration), virtual_points={}, abcd_last_top=None)


def _pairing_text(
    path: str,
    pair: PairFunction | None,
    edition: str | None = None,
    explain: bool = False,
    acceleration: str | None = None,
    system: str = "dutch",
) -> str:
    """The next round in the corpus .expected format, boards in the system's order, then (with
    `explain`) the system's explanation of the round."""
    if system in SYSTEMS and SYSTEMS[system].kind == "teams":
        return _team_pairing_text(path, system, explain)
    state = _load_dutch(path, edition, acceleration)
    entry = _entry(state, path, system, pair)
    return _text(path, state, entry, explain)


def _text(path: str, state: _State, entry: System[_State, Any], explain: bool) -> str:
    lines: list[str] = []
    if explain:
        pairing, lines = _paired(path, state, entry.explain_round)
    else:
        pairing = _paired(path, state, entry.pair)
    boards = entry.board_order(state, pairing.boards)
    # The explanation after the pairing, so that the first lines keep the corpus format.
    return format_boards(boards) + "".join(f"{line}\n" for line in lines)


def _team_pairing_text(path: str, system: str, explain: bool) -> str:
    from swiss.team.lineups import LineupError, check_lineups
    from swiss.trf import read_team_trf

    state = _load(path, read_team_trf)
    try:
        check_lineups(state)
    except LineupError as error:
        raise _Failure(INVALID_INPUT, f"{path}: {error}") from error
    return _text(path, state, team_system(system), explain)


def _describe(state: TournamentState, pairing: Pairing) -> str:
    boards = order_boards(state, pairing.boards)
    return " ".join(f"{b.white}-{b.black}" if b.black else f"{b.white}-bye" for b in boards)


def _check_command(
    path: str,
    output: TextIO,
    pair: PairFunction | None,
    edition: str | None = None,
    acceleration: str | None = None,
    *,
    name: str = "dutch",
) -> int:
    """Re-pair each completed round from the rounds before it by the system `name`; list the rounds
    that differ."""
    state = _load_dutch(path, edition, acceleration)
    # Round 1 is re-paired from no history, so the lot must come from the file or round 1.
    state = replace(state, initial_colour=initial_colour(state))
    engine = _entry(state, path, name, pair).pair
    differing = 0
    for round_number in range(1, state.rounds_played + 1):
        before = state_before_round(state, round_number)
        recorded = recorded_pairing(state, round_number)
        try:
            paired = engine(before)
        except PairingError as error:
            differing += 1
            output.write(f"round {round_number}: no legal pairing: {error}\n")
            continue
        if set(paired.boards) != set(recorded.boards):
            differing += 1
            output.write(
                f"round {round_number}: recorded {_describe(before, recorded)}\n"
                f"round {round_number}: engine   {_describe(before, paired)}\n"
            )
    output.write(f"{state.rounds_played - differing} of {state.rounds_played} rounds agree\n")
    return OK if differing == 0 else NO_PAIRING


def _recheck_rounds(
    path: str, system: str, output: TextIO, pair: PairFunction | None, edition: str | None
) -> int:
    """`check FILE` without a pairing: `-c` for any system (the team ones by `swiss.team.replay`)."""
    if not (system in SYSTEMS and SYSTEMS[system].kind == "teams"):
        return _check_command(path, output, pair, edition, name=system)
    from swiss.team.replay import replay
    from swiss.trf import read_team_trf

    rounds = list(replay(_load(path, read_team_trf), system))
    for r in rounds:
        if r.paired is None:
            output.write(f"round {r.round}: no legal pairing: {r.error}\n")
        elif not r.agrees:

            def text(p: Pairing) -> str:
                return " ".join(
                    f"{b.white}-{b.black or 'bye'}" for b in sorted(p.boards, key=lambda b: b.white)
                )

            output.write(
                f"round {r.round}: recorded {text(r.recorded)}\nround {r.round}: engine   {text(r.paired)}\n"
            )
    agreeing = sum(r.agrees for r in rounds)
    output.write(f"{agreeing} of {len(rounds)} rounds agree\n")
    return OK if agreeing == len(rounds) else NO_PAIRING


def _load_pairing(pairing_path: str) -> Pairing:
    try:
        with open(pairing_path, encoding="utf-8") as file:
            return read_pairing(file.read())
    except OSError as error:
        raise _Failure(FILE_ACCESS, f"{pairing_path}: cannot read: {error.strerror}") from error
    except ValueError as error:
        raise _Failure(INVALID_INPUT, f"{pairing_path}: {error}") from error


def _report(findings: Sequence[object], output: TextIO) -> int:
    for finding in findings:
        output.write(f"{finding}\n")
    output.write(f"{len(findings)} finding(s)\n")
    return OK if not findings else NO_PAIRING


def _check_team_pairing(path: str, pairing_path: str, system: str, output: TextIO) -> int:
    """Findings of a proposed team pairing under `system`; exit 1 when there are any."""
    from swiss.trf import read_team_trf

    state = _load(path, read_team_trf)
    return _report(team_system(system).check(state, _load_pairing(pairing_path), None, {}), output)


def _check_pairing_command(
    path: str,
    pairing_path: str,
    output: TextIO,
    pair: PairFunction | None,
    system: str = "dutch",
    edition: str | None = None,
) -> int:
    """Findings of a proposed pairing, compared with the engine's own; exit 1 when there are any."""
    if system in SYSTEMS and SYSTEMS[system].kind == "teams":
        return _check_team_pairing(path, pairing_path, system, output)
    state = _load_dutch(path, edition)
    proposal = _load_pairing(pairing_path)
    entry = _entry(state, path, system, pair)
    try:
        reference: Pairing | None = entry.pair(state)
    except PairingError:
        reference = None
    return _report(entry.check(state, proposal, reference, {}), output)


_FILES_HELP = (
    "The number of rounds comes from the TRF-2026 record 142 or the XXR line. A file with "
    "neither is read, as bbpPairings reads it, as a tournament of the rounds it holds: -c "
    "checks it, pairing a further round is refused (exit 3). Without 152 or XXC the initial "
    "colour is read back from round 1. Exit status: 0 done, 1 no legal pairing (with -c: a "
    "round pairs differently), 2 unexpected error, 3 invalid input, 4 out of memory, "
    "5 file access."
)


def _engine_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m swiss",
        description="FIDE Dutch pairings from TRF files. Also: python -m swiss pair FILE.trf, and the "
        "random tournament generator python -m swiss --dutch -g [CONFIG] -o OUT.trf -s SEED (its own --help)",
        epilog=_FILES_HELP,
    )
    parser.add_argument("--dutch", metavar="FILE.trf", required=True, help="the tournament file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", nargs="?", const="-", metavar="OUTFILE", help="pair the next round")
    mode.add_argument("-c", action="store_true", help="check the recorded pairings of every round")
    _acceleration_argument(parser)
    _edition_option(parser)
    return parser


def _edition_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--edition",
        choices=[e.value for e in Edition],
        help="the edition of the Dutch rules (default: the file's 192 or XDE record, else 2026)",
    )


def _pair_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m swiss pair", description="Pair the next round.", epilog=_FILES_HELP
    )
    parser.add_argument("file", metavar="FILE.trf")
    parser.add_argument("--system", default="dutch", choices=["dutch", *SYSTEMS])
    parser.add_argument("--explain", action="store_true", help="also print why each board or match was made")
    _acceleration_argument(parser)
    _edition_option(parser)
    return parser


def _acceleration_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--acceleration",
        choices=[a.value for a in Acceleration],
        help="pair with this acceleration, whatever the file says (abcd, abcd-advanced: national / non-FIDE)",
    )


def _check_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m swiss check", description="List the rule findings of a proposed pairing."
    )
    parser.add_argument("file", metavar="FILE.trf")
    parser.add_argument(
        "pairing",
        metavar="PAIRING",
        nargs="?",
        help="boards in the .expected format; without it, every recorded round is re-paired by the "
        "system and the rounds that differ are listed (the checker -c, for every system)",
    )
    parser.add_argument("--system", default="dutch", choices=["dutch", *SYSTEMS])
    _edition_option(parser)
    return parser


def _norms_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m swiss norms",
        description="Title norms (FIDE B.01 1.4) made in a completed tournament, one line each.",
    )
    parser.add_argument("file", metavar="FILE.trf")
    parser.add_argument("--explain", action="store_true", help="also print every condition with its numbers")
    parser.add_argument("--player", type=int, metavar="N", help="explain this pairing number")
    return parser


def _norms_command(path: str, explain: bool, only: int | None) -> str:
    from swiss.norms import event_from_trf, tournament_norms
    from swiss.norms.text import achieved_lines, explain_lines

    state: TournamentState = _load(path)
    norms = tournament_norms(state, event_from_trf(_read(path)))
    # Input the rules cannot judge is said even without --explain, on the error stream.
    for note in norms.event.notes:
        print(f"{path}: {note}", file=sys.stderr)
    lines = achieved_lines(norms)
    if explain or only is not None:
        lines += explain_lines(norms, only)
    return "".join(f"{line}\n" for line in lines)


def main(argv: Sequence[str] | None = None, *, pair: PairFunction | None = None) -> int:
    """Run a command; returns the exit status.  `pair` replaces `swiss.dutch.pair` in tests."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args[:1] == ["pair"]:
            options = _pair_parser().parse_args(args[1:])
            sys.stdout.write(
                _pairing_text(
                    options.file, pair, options.edition, options.explain, options.acceleration, options.system
                )
            )
            return OK
        if args[:1] == ["norms"]:
            asked = _norms_parser().parse_args(args[1:])
            sys.stdout.write(_norms_command(asked.file, asked.explain, asked.player))
            return OK
        if args[:1] == ["check"]:
            checking = _check_parser().parse_args(args[1:])
            if checking.pairing is None:
                return _recheck_rounds(checking.file, checking.system, sys.stdout, pair, checking.edition)
            return _check_pairing_command(
                checking.file, checking.pairing, sys.stdout, pair, checking.system, checking.edition
            )
        if "-g" in args:
            # The random tournament generator (swiss.rtg), the reference programs' -g.
            from swiss import rtg

            status, message = rtg.main(args)
            if message:
                print(message, file=sys.stderr)
            return status
        options = _engine_parser().parse_args(args)
        if options.c:
            return _check_command(options.dutch, sys.stdout, pair, options.edition, options.acceleration)
        text = _pairing_text(options.dutch, pair, options.edition, acceleration=options.acceleration)
        if options.p == "-":
            sys.stdout.write(text)
            return OK
        try:
            with open(options.p, "w", encoding="utf-8") as output:
                output.write(text)
        except OSError as error:
            raise _Failure(FILE_ACCESS, f"{options.p}: cannot write: {error.strerror}") from error
        return OK
    except _Failure as failure:
        print(failure, file=sys.stderr)
        return failure.status
    except MemoryError:
        # The heap is still near its limit here: one short line and no traceback.
        sys.stderr.write("out of memory\n")
        return OUT_OF_MEMORY
    except Exception:
        traceback.print_exc()
        return UNEXPECTED
