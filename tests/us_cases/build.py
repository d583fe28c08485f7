"""Writes the TRF files of the US Chess cases from the short descriptions in CASES.

    PYTHONPATH=. .venv/bin/python tests/us_cases/build.py

Each case is a TRF state (the header `###` lines cite the rule, say where the case
comes from and how its pairing follows from the rule) beside a `.expected` file: the
output of `python -m swiss pair --system us FILE.trf --explain`, checked by hand
against the derivation.  Players 1..N are the ones the case is about; their games
against other players are against "filler" opponents numbered after them, who play
one game each and are absent from the round being paired, so that the histories can
be written freely without the players meeting each other.

Round notation, one string per round: `1-3:=` (1 White against 3, White's result
`1 = 0 + -`), `2w:1` (2 White against a filler, and wins), `4b:0`, and byes `5U`
(full point, pairing-allocated), `5F`, `5H`, `5Z`.  `absent` lists the requested
byes of the round to pair in the same way (`3H`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from swiss.model import Code, Colour, Player, RoundResult, TournamentState
from swiss.trf import write_trf

_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
HERE = Path(__file__).parent


@dataclass(frozen=True)
class Case:
    name: str
    rule: str
    source: str
    why: tuple[str, ...] | str
    ratings: tuple[int, ...]
    rounds: tuple[str, ...] = ()
    total: int = 5
    options: str = ""
    teams: tuple[tuple[int, ...], ...] = ()
    initial: str = "w"
    absent: str = ""
    names: tuple[str, ...] = ()


def state_of(case: Case) -> TournamentState:
    histories: dict[int, list[RoundResult]] = {n: [] for n in range(1, len(case.ratings) + 1)}
    fillers: list[tuple[int, int, RoundResult]] = []  # round, filler's game
    for round_number, text in enumerate(case.rounds, start=1):
        for token in text.split():
            if "-" in token[1:] and ":" in token:
                pair, result = token.split(":")
                white, black = (int(n) for n in pair.split("-"))
                histories[white].append(RoundResult(black, Colour.WHITE, Code(result)))
                histories[black].append(RoundResult(white, Colour.BLACK, Code(_MIRROR[result])))
            elif ":" in token:
                head, result = token.split(":")
                number, colour = int(head[:-1]), Colour(head[-1])
                filler = len(case.ratings) + len(fillers) + 1
                histories[number].append(RoundResult(filler, colour, Code(result)))
                fillers.append(
                    (round_number, filler, RoundResult(number, colour.opposite, Code(_MIRROR[result])))
                )
            else:
                histories[int(token[:-1])].append(RoundResult(None, None, Code(token[-1])))
        for number, history in histories.items():
            if len(history) != round_number:
                raise ValueError(f"{case.name}: player {number} has no result in round {round_number}")
    players = [
        Player(n, case.names[n - 1] if case.names else f"P{n}", rating, tuple(histories[n]))
        for n, rating in enumerate(case.ratings, start=1)
    ]
    for round_number, filler, game in fillers:
        history = tuple(
            game if r == round_number else RoundResult(None, None, Code.ZERO_BYE)
            for r in range(1, len(case.rounds) + 1)
        )
        players.append(Player(filler, f"Filler {filler}", 100, history))
    absences = {int(t[:-1]): Code(t[-1]) for t in case.absent.split()}
    absences |= {filler: Code.ZERO_BYE for _, filler, _ in fillers}
    return TournamentState(
        tuple(players), case.total, initial_colour=Colour(case.initial), absences=absences, name=case.name
    )


def write(case: Case) -> None:
    text = write_trf(state_of(case), newline="\n").replace("192 FIDE_DUTCH_2026", "192 CUSTOM_SWISS")
    header = [f"### {case.name}", f"### Rule: {case.rule}", f"### Source: {case.source}"]
    header += [f"### {line}" for line in ((case.why,) if isinstance(case.why, str) else case.why)]
    extra = [f"XUS {case.options}"] if case.options else []
    extra += ["XUT " + " ".join(str(n) for n in team) for team in case.teams]
    lines = [*header, "092 US Chess Swiss", *text.splitlines(), *extra]
    (HERE / f"{case.name}.trf").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    from cases import CASES

    for case in CASES:
        write(case)
    print(f"{len(CASES)} cases written")
