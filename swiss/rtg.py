"""Random tournament generator (RTG, C.04.A): `python -m swiss --dutch -g [CONFIG] -o OUT.trf -s SEED`.

The convention of the reference programs (JaVaFo, bbpPairings): a configuration file of
`Key=Value` lines, a whole tournament of PlayersNumber players and RoundsNumber rounds
paired round by round by this engine, written as TRF-2026. The same seed and configuration
give the same file; the seed is in the tournament's name (record 012), so a file says how
to make it again. The tournament itself comes from `swiss.generate`.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from swiss.generate import generate
from swiss.model import Edition, PairingError, Scoring
from swiss.trf import write_trf

HELP = """Keys of the configuration file, one Key=Value a line (the reference programs' names):
  PlayersNumber (default 40), RoundsNumber (9), DrawPercentage (0-100, default 30),
  ForfeitRate, RetiredRate, HalfPointByeRate (each "one in N": a game forfeited, a player
  withdrawing before a round, a player asking for a half-point bye; default never),
  HighestRating (2700), LowestRating (1400), PointsForWin (1), PointsForDraw (0.5).
Where ours differ from bbpPairings: results follow the Elo expectation of the two ratings
with DrawPercentage of the games drawn (bbpPairings has its own model); a forfeit is one-sided,
or one time in ten double; a withdrawn player is absent (zero-point bye) from then on; the
points for a loss, a zero-point bye and the PAB keys (PointsForLoss, PointsForZPB,
PointsForForfeitLoss, PointsForPAB) and model files are not read; an unknown key is refused
(exit 3). Without -s a random seed is drawn; it is written in the file's 012 record. The file
is TRF-2026; bbpPairings v6 refuses its record 192 FIDE_DUTCH_2026, so scripts/rtg_check.py
gives it the TRF-16 form. Too many rounds for the field exit 1."""


class ConfigError(ValueError):
    """A configuration line that cannot be read; the message names its line."""


@dataclass(frozen=True)
class Config:
    players: int = 40
    rounds: int = 9
    draw_percentage: int = 30
    forfeit_rate: float = 0.0  # one game in N, 0 for never
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    highest_rating: int = 2700
    lowest_rating: int = 1400
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)


_INTEGERS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
}
# As bbpPairings checks them: a rate is "one in N", N at least 1 (RetiredRate at least 2).
_RATES = {
    "ForfeitRate": ("forfeit_rate", 1),
    "RetiredRate": ("retired_rate", 2),
    "HalfPointByeRate": ("half_point_bye_rate", 1),
}
_POINTS = {"PointsForWin": "win", "PointsForDraw": "draw"}


def read_config(text: str) -> Config:
    """The configuration of `Key=Value` lines; blank lines and `#` comments are skipped."""
    values: dict[str, object] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        try:
            if not sep:
                raise ValueError
            if key in _INTEGERS:
                values[_INTEGERS[key]] = int(value)
            elif key in _RATES:
                name, least = _RATES[key]
                rate = float(value)
                if rate < least:
                    raise ValueError
                values[name] = rate
            elif key in _POINTS:
                values[_POINTS[key]] = Fraction(value)
            else:
                raise ConfigError(f"line {number}: unknown key {key!r}")
        except (ValueError, ZeroDivisionError) as error:
            if isinstance(error, ConfigError):
                raise
            raise ConfigError(f"line {number}: cannot read {line!r}") from error
    config = Config(**values)  # type: ignore[arg-type]
    if config.players < 2 or config.rounds < 1 or not 0 <= config.draw_percentage <= 100:
        raise ConfigError("expected at least 2 players, 1 round and a DrawPercentage of 0-100")
    if config.lowest_rating > config.highest_rating:
        raise ConfigError("expected LowestRating at most HighestRating")
    return config


def _chance(rate: float) -> float:
    return 1 / rate if rate else 0.0


def random_tournament(config: Config, seed: int, edition: Edition = Edition.DUTCH_2026) -> str:
    """The whole tournament as TRF-2026, every round paired by this engine in `edition`."""
    from swiss import pair

    win, draw = config.win, config.draw
    scoring = Scoring(win=win, draw=draw, forfeit_win=win, pab=win, full_bye=win, half_bye=draw)
    state = generate(
        seed,
        config.players,
        config.rounds,
        pair=lambda s: pair(replace(s, edition=edition)),
        draw_rate=config.draw_percentage / 100,
        forfeit_rate=_chance(config.forfeit_rate),
        bye_rate=_chance(config.half_point_bye_rate),
        withdrawal_rate=_chance(config.retired_rate),
        ratings=(config.lowest_rating, config.highest_rating),
        scoring=scoring,
    )
    return write_trf(replace(state, edition=edition), newline="\n")


def parser() -> argparse.ArgumentParser:
    rtg = argparse.ArgumentParser(
        prog="python -m swiss --dutch -g",
        description="Generate a random tournament paired by this engine, as TRF.",
        epilog=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rtg.add_argument("--dutch", action="store_true", required=True)
    rtg.add_argument(
        "-g", nargs="?", const=None, metavar="CONFIG", help="the configuration file (default: the defaults)"
    )
    rtg.add_argument("-o", required=True, metavar="OUT.trf", help="the file to write")
    rtg.add_argument("-s", type=int, metavar="SEED", help="the random seed (default: a random one)")
    rtg.add_argument("--edition", choices=[e.value for e in Edition], default=Edition.DUTCH_2026.value)
    return rtg


def main(argv: Sequence[str]) -> tuple[int, str]:
    """Generate as the command line asks: (exit status, message for standard error)."""
    args = parser().parse_args(list(argv))
    try:
        if args.g is None:
            config = Config()
        else:
            with open(args.g, encoding="utf-8") as file:
                config = read_config(file.read())
    except OSError as error:
        return 5, f"{args.g}: cannot read: {error.strerror}"
    except ConfigError as error:
        return 3, f"{args.g}: {error}"
    seed = secrets.randbelow(2**31) if args.s is None else args.s
    try:
        text = random_tournament(config, seed, Edition(args.edition))
    except PairingError as error:
        # Too many rounds for the field (or for what withdrawals leave of it): exit 1, as
        # for a round the engine cannot pair.
        return 1, f"seed {seed}: a round cannot be paired: {error}"
    try:
        with open(args.o, "w", encoding="utf-8") as output:
            output.write(text)
    except OSError as error:
        return 5, f"{args.o}: cannot write: {error.strerror}"
    return 0, ""
