"""Differential test of the Dutch engine against a reference engine (bbpPairings' command line).

    SWISS_REFERENCE=/path/to/bbpPairings.exe .venv/bin/python scripts/differential.py OUT \
        [--tournaments N] [--seed S] [--mix small,medium,large,harsh] [--edition 2017]

The reference's own generator (`--dutch -g CONFIG -o FILE -s SEED`) makes each random
tournament; every round of it is cut out as the state before that round (players with
H, Z or F in it become the round's absentees) and paired by both engines. Each state
they pair differently is saved in OUT as a corpus case (`diff-NNNN.trf` with the
reference's pairing as `diff-NNNN.expected`) and listed in OUT/MANIFEST.tsv with its
generator settings. The summary counts tournaments, rounds and differences by kind.
With `--edition 2017` our engine pairs by the 2017 rules, against a reference release
that implements them (bbpPairings before v6); the saved cases are then 2017 cases, to be
paired with `--edition 2017`.
Not part of the test suite: it needs the reference binary, which the project never ships.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swiss.colours import initial_colour  # noqa: E402
from swiss.dutch import pair  # noqa: E402
from swiss.model import Edition, Pairing, PairingError, TournamentState, TrfError  # noqa: E402
from swiss.pairing_text import format_pairing, read_pairing  # noqa: E402
from swiss.recorded import state_before_round  # noqa: E402
from swiss.trf import read_trf, write_trf  # noqa: E402


@dataclass(frozen=True)
class Settings:
    """One tournament's generator configuration (bbpPairings' -g keys)."""

    players: int
    rounds: int
    draws: int
    forfeit_rate: float | None  # scheduled games per forfeit
    retired_rate: float | None  # players per withdrawn player (zero-point byes from then on)
    half_bye_rate: float | None  # players per player with a half-point bye

    def config(self) -> str:
        lines = [
            f"PlayersNumber={self.players}",
            f"RoundsNumber={self.rounds}",
            f"DrawPercentage={self.draws}",
        ]
        for key, value in (
            ("ForfeitRate", self.forfeit_rate),
            ("RetiredRate", self.retired_rate),
            ("HalfPointByeRate", self.half_bye_rate),
        ):
            if value is not None:
                lines.append(f"{key}={value:g}")
        return "\n".join(lines) + "\n"

    def describe(self) -> str:
        return " ".join(self.config().split())


def _maybe(rng: random.Random, low: float, high: float, chance: float) -> float | None:
    return round(rng.uniform(low, high), 1) if rng.random() < chance else None


def random_settings(rng: random.Random, kind: str) -> Settings:
    """Settings of one kind: harsh (5-8 players, many forfeits and byes), small, medium, large."""
    if kind == "harsh":
        return Settings(
            players=rng.randint(5, 8),
            rounds=rng.randint(4, 7),
            draws=rng.randint(0, 50),
            forfeit_rate=round(rng.uniform(2, 4), 1),
            retired_rate=_maybe(rng, 2, 4, 0.7),
            half_bye_rate=round(rng.uniform(1, 3), 1),
        )
    players, rounds = {
        "small": (rng.randint(5, 20), rng.randint(4, 9)),
        "medium": (rng.randint(21, 80), rng.randint(5, 11)),
        "large": (rng.randint(100, 300), rng.randint(7, 11)),
    }[kind]
    return Settings(
        players=players,
        rounds=rounds,
        draws=rng.randint(5, 45),
        forfeit_rate=_maybe(rng, 2, 30, 0.7),
        retired_rate=_maybe(rng, 2, 30, 0.5),
        half_bye_rate=_maybe(rng, 1, 20, 0.6),
    )


def generate(reference: str, settings: Settings, seed: int, work: Path) -> tuple[TournamentState | None, str]:
    """A tournament from the reference's generator and what went wrong, if anything.

    When the generator finds no legal pairing for some round it stops there, and the
    rounds it made are still used (as the corpus README describes for its random cases).
    """
    config, trf = work / "generator.cfg", work / "generated.trf"
    config.write_text(settings.config())
    trf.unlink(missing_ok=True)
    run = subprocess.run(
        [reference, "--dutch", "-g", str(config), "-o", str(trf), "-s", str(seed)],
        capture_output=True,
        timeout=3600,
        check=False,
    )
    message = run.stderr.decode(errors="replace").strip()
    if not trf.exists():
        return None, message or f"exit {run.returncode}"
    # The generator writes neither XXR nor the lot; the settings give the one and round 1 the other.
    text = trf.read_text(encoding="latin-1") + f"\nXXR {settings.rounds}\n"
    state = read_trf(text)
    if not state.rounds_played:
        return None, message or "no round generated"
    return replace(state, initial_colour=initial_colour(state)), message


def reference_pairing(reference: str, case: Path, work: Path, timeout: float) -> Pairing | str:
    """The reference's pairing of a case file, or why there is none."""
    output = work / "reference.out"
    output.unlink(missing_ok=True)
    try:
        run = subprocess.run(
            [reference, "--dutch", str(case), "-p", str(output)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if run.returncode != 0:
        return f"exit {run.returncode}"
    return read_pairing(output.read_text())


def our_pairing(text: str, edition: Edition) -> Pairing | str:
    """The engine's pairing by `edition`, or the exit status its command line would end with."""
    try:
        return pair(replace(read_trf(text), edition=edition))
    except TrfError:
        return "exit 3"
    except PairingError:
        return "exit 1"


def kind_of_difference(ours: Pairing | str, theirs: Pairing | str) -> str:
    """bye, pairs or colours when both paired; otherwise what each engine said."""
    if isinstance(ours, str) or isinstance(theirs, str):
        return f"ours {ours if isinstance(ours, str) else 'paired'}, reference " + (
            theirs if isinstance(theirs, str) else "paired"
        )
    byes = [{b.white for b in p.boards if b.black is None} for p in (ours, theirs)]
    if byes[0] != byes[1]:
        return "bye"
    pairs = [{frozenset((b.white, b.black)) for b in p.boards} for p in (ours, theirs)]
    return "pairs" if pairs[0] != pairs[1] else "colours"


def same(ours: Pairing | str, theirs: Pairing | str) -> bool:
    if isinstance(ours, str) or isinstance(theirs, str):
        return ours == theirs
    return set(ours.boards) == set(theirs.boards)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the differing cases")
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mix",
        default="harsh,small,medium,harsh,small,medium,harsh,small,medium,harsh,small,medium,large",
        help="the kinds of tournament to cycle through (harsh, small, medium, large)",
    )
    parser.add_argument("--timeout", type=float, default=600, help="seconds per reference pairing")
    parser.add_argument(
        "--edition",
        type=Edition,
        default=Edition.DUTCH_2026,
        help="the edition of the Dutch rules (2026, 2017)",
    )
    options = parser.parse_args()
    reference = os.environ.get("SWISS_REFERENCE")
    if not reference or not os.access(reference, os.X_OK):
        parser.error("set SWISS_REFERENCE to the path of the reference engine's executable")
    options.out.mkdir(parents=True, exist_ok=True)
    manifest = options.out / "MANIFEST.tsv"
    if not manifest.exists():
        manifest.write_text("id\tplayers\ttotal_rounds\tround_to_pair\tkind\tseed\tsettings\n")
    saved = len(list(options.out.glob("diff-*.trf")))
    rng = random.Random(options.seed)
    kinds = options.mix.split(",")
    tournaments = rounds = 0
    failed: Counter[str] = Counter()
    differences: Counter[str] = Counter()
    started = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for index in range(options.tournaments):
            settings = random_settings(rng, kinds[index % len(kinds)])
            seed = rng.randrange(2**31)
            state, message = generate(reference, settings, seed, work)
            if message:
                # The round the generator could not pair says nothing about which one.
                failed[message.split(": ", 1)[-1].split(" for round")[0]] += 1
            if state is None:
                continue
            tournaments += 1
            for round_number in range(1, state.rounds_played + 1):
                before = state_before_round(state, round_number)
                text = write_trf(before, version="16", newline="\n")
                case = work / "case.trf"
                case.write_text(text)
                theirs = reference_pairing(reference, case, work, options.timeout)
                ours = our_pairing(text, options.edition)
                rounds += 1
                if same(ours, theirs):
                    continue
                kind = kind_of_difference(ours, theirs)
                differences[kind] += 1
                saved += 1
                name = f"diff-{saved:04d}"
                (options.out / f"{name}.trf").write_text(text)
                if isinstance(theirs, Pairing):
                    (options.out / f"{name}.expected").write_text(format_pairing(before, theirs))
                with manifest.open("a") as rows:
                    rows.write(
                        f"{name}\t{len(before.players)}\t{before.total_rounds}\t{round_number}\t{kind}"
                        f"\t{seed}\t{settings.describe()}\n"
                    )
                print(f"{name}: tournament {index + 1} round {round_number}: {kind}", flush=True)
            if (index + 1) % 25 == 0:
                print(
                    f"... {index + 1} tournaments, {rounds} rounds, {sum(differences.values())} differ",
                    flush=True,
                )
    total = sum(differences.values())
    print(
        f"{tournaments} tournaments ({sum(failed.values())} stopped early), {rounds} rounds, "
        f"{total} differences ({options.edition} rules); "
        f"{time.process_time() - started:.0f} CPU s in this process"
    )
    for kind, count in differences.most_common():
        print(f"  {kind}: {count}")
    for message, count in failed.most_common():
        print(f"  generator stopped ({count}): {message}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
