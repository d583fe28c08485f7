"""Writes the TRF files of the norm cases (tests/norms_cases) from the short descriptions in CASES.

    PYTHONPATH=. .venv/bin/python tests/swiss/norms_build.py

Player 1 is the candidate. Each opponent meets player 1 once, in the order given, and is
absent (a zero-point bye) in the other rounds; a round without an opponent is a bye of the
code given. `field` adds pairs of players who draw each other in every round, to fill the
field of the big-Swiss exemption (1.4.3(d)). The derivation of each case is the docstring of
its test in tests/swiss/test_norms_cases.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from swiss.model import Code, Colour, Player, RoundResult, TournamentState
from swiss.trf import write_trf

HERE = Path(__file__).parents[1] / "norms_cases"
_CODES = {"1": Code.WIN, "=": Code.DRAW, "0": Code.LOSS, "+": Code.FORFEIT_WIN, "-": Code.FORFEIT_LOSS}
_MIRROR = {Code.WIN: Code.LOSS, Code.LOSS: Code.WIN, Code.DRAW: Code.DRAW}
_MIRROR |= {Code.FORFEIT_WIN: Code.FORFEIT_LOSS, Code.FORFEIT_LOSS: Code.FORFEIT_WIN}
_BYES = {"U": Code.PAB, "H": Code.HALF_BYE, "F": Code.FULL_BYE, "Z": Code.ZERO_BYE}


@dataclass(frozen=True)
class Opp:
    """One round of the candidate: the opponent (rating 0 = unrated) and the candidate's result,
    or a bye (`result` U, H, F or Z, no opponent)."""

    rating: int = 0
    title: str = ""
    federation: str = ""
    result: str = "1"


def bye(code: str) -> Opp:
    return Opp(result=code)


@dataclass(frozen=True)
class Case:
    name: str
    rounds: tuple[Opp, ...]
    federation: str = "IND"
    rating: int = 2300
    sex: str = "m"
    total: int = 0  # 0: the rounds given
    host: str = "ESP"
    # Pairs of (federation, title, rating) players drawing each other in every round.
    field: tuple[tuple[str, str, int], ...] = ()
    field_absent: int = 0  # a round the last pair of the field misses (zero-point byes)


def state_of(case: Case) -> TournamentState:
    total = case.total or len(case.rounds)
    played = len(case.rounds)
    candidate: list[RoundResult] = []
    others: list[Player] = []
    number = 2
    for r, opp in enumerate(case.rounds, start=1):
        if opp.result in _BYES:
            candidate.append(RoundResult(None, None, _BYES[opp.result]))
            continue
        code = _CODES[opp.result]
        colour = Colour.WHITE if r % 2 else Colour.BLACK
        candidate.append(RoundResult(number, colour, code))
        history = tuple(
            RoundResult(1, colour.opposite, _MIRROR[code])
            if k == r
            else RoundResult(None, None, Code.ZERO_BYE)
            for k in range(1, played + 1)
        )
        others.append(Player(number, f"Opponent {r}", opp.rating, history, "m", opp.title, opp.federation))
        number += 1
    fillers = []
    pairs = list(zip(case.field[::2], case.field[1::2], strict=True))
    for index, (a, b) in enumerate(pairs):
        first, second = number, number + 1
        away = case.field_absent if index == len(pairs) - 1 else 0
        for me, them, (fed, title, rating) in ((first, second, a), (second, first, b)):
            colour = Colour.WHITE if me == first else Colour.BLACK
            history = tuple(
                RoundResult(None, None, Code.ZERO_BYE) if r == away else RoundResult(them, colour, Code.DRAW)
                for r in range(1, played + 1)
            )
            fillers.append(Player(me, f"Field {me}", rating, history, "m", title, fed))
        number += 2
    player = Player(1, "Candidate", case.rating, tuple(candidate), case.sex, "", case.federation)
    return TournamentState(players=(player, *others, *fillers), total_rounds=total, name=case.name)


def trf_of(case: Case) -> str:
    return write_trf(state_of(case), newline="\n", header=(("032", case.host),))


# --- The cases: the worked examples of the spec first, then hand-worked ones -----------------------


def _nine(ratings: tuple[int, ...], titles: str, feds: str, results: str) -> tuple[Opp, ...]:
    """Opponents from parallel lists: titles and federations space-separated ("-" for none)."""
    return tuple(
        Opp(r, "" if t == "-" else t, "" if f == "-" else f, x)
        for r, t, f, x in zip(ratings, titles.split(), feds.split(), results, strict=True)
    )


_MIXED = "ESP GER FRA ESP GER FRA NED ESP ENG"
_EXAMPLE_6_4 = _nine(
    (2500, 2450, 2420, 2400, 2380, 2300, 2280, 2270),
    "g g g m m f m f",
    "ESP GER FRA NED ESP GER FRA ENG",
    "11111==0",
)
_BIG_FIELD = tuple((("GER", "FRA", "NED")[i % 3], "m" if i < 10 else "", 2300) for i in range(20))
_EXEMPT = _nine((2400,) * 9, "m m m f f - - m f", "ESP ESP ESP ESP ESP ESP ESP GER GER", "1111====0")
_GM_13 = tuple(
    Opp(2575, t, f, x)
    for t, f, x in zip(
        ["g", "g", "g", "g", "g", "m", "m", "-", "-", "-", "-", "-", "-"],
        ["ESP", "GER", "FRA", "NED", "ESP", "GER", "FRA", "NED", "ESP", "GER", "FRA", "ESP", "GER"],
        "11111====0000",
        strict=True,
    )
)
_IM_LEVEL = _nine((2400,) * 9, "m m m f f f - - -", _MIXED, "1111==0=0")

CASES: tuple[Case, ...] = (
    Case(
        "01-im-norm-with-the-floor",
        _nine(
            (2410, 2385, 2320, 2290, 2280, 2260, 2215, 2150, 1980),
            "m m f g wg f - c -",
            "ESP IND GER ESP FRA ESP ESP IND ESP",
            "=1=11=11=",
        ),
        rating=2310,
    ),
    Case(
        "02-gm-missed-by-one-rating-point",
        _nine(
            (2480, 2480, 2480, 2475, 2475, 2470, 2470, 2470, 2470), "g g g m m m f f f", _MIXED, "11111==00"
        ),
    ),
    Case(
        "03-gm-made-with-one-point-more",
        _nine(
            (2481, 2480, 2480, 2475, 2475, 2470, 2470, 2470, 2470), "g g g m m m f f f", _MIXED, "11111==00"
        ),
    ),
    Case(
        "04-wim-norm-by-the-floor-and-an-unrated-opponent",
        _nine(
            (2300, 2260, 2240, 2200, 2180, 2150, 2100, 1700, 0), "wg wm wm m f f - - -", _MIXED, "111===110"
        ),
        rating=2000,
        sex="w",
    ),
    Case(
        "05-last-round-needs-a-win-against-2416",
        _EXAMPLE_6_4,
        total=9,
        field=(("GER", "g", 2600), ("FRA", "g", 2550)),
    ),
    Case("06-last-round-won-against-2416", (*_EXAMPLE_6_4, Opp(2416, "f", "GER", "1"))),
    Case("07-last-round-won-against-2415", (*_EXAMPLE_6_4, Opp(2415, "f", "GER", "1"))),
    Case("08-big-swiss-exempt", _EXEMPT, federation="ESP", rating=2350, field=_BIG_FIELD),
    Case(
        "09-big-swiss-short-in-round-five",
        _EXEMPT,
        federation="ESP",
        rating=2350,
        field=_BIG_FIELD,
        field_absent=5,
    ),
    Case(
        "10-six-of-nine-from-the-own-federation",
        _nine((2400,) * 9, "m m m f f f m f f", "IND IND IND IND IND IND ESP GER FRA", "1111==0=0"),
    ),
    Case(
        "11-one-other-federation-only",
        _nine((2400,) * 9, "m m m f f f m f f", "IND IND IND ESP ESP ESP ESP ESP ESP", "1111==0=0"),
    ),
    Case(
        "12-seven-of-nine-from-one-federation",
        _nine((2400,) * 9, "m m m f f f m f f", "ESP ESP ESP ESP ESP ESP ESP GER FRA", "1111==0=0"),
    ),
    Case(
        "13-candidate-masters-are-no-title-holders",
        _nine((2400,) * 9, "m m m f c c c - -", _MIXED, "1111==0=0"),
    ),
    Case(
        "14-two-ims-miss-the-im-norm-a-woman-makes-wgm",
        _nine((2300,) * 9, "m m wg wg f f - - -", _MIXED, "1111===1="),
        rating=2250,
        sex="w",
    ),
    Case(
        "15-only-the-lowest-opponent-is-raised",
        _nine((2510,) * 7 + (2000, 2000), "g g g m m m f - -", _MIXED, "1111===10"),
    ),
    Case(
        "16-forfeit-win-leaves-eight-games-for-review",
        _nine((2400,) * 9, "m m m f f f - - -", _MIXED, "1111+===0"),
    ),
    Case("17-requested-bye-leaves-eight-games", (*_IM_LEVEL[:4], bye("H"), *_IM_LEVEL[5:])),
    Case("18-gm-norm-in-thirteen-games", _GM_13),
    Case(
        "19-four-gms-are-not-enough-in-thirteen-games",
        tuple(
            Opp(o.rating, "m" if i == 4 else o.title, o.federation, o.result) for i, o in enumerate(_GM_13)
        ),
    ),
    Case(
        "20-a-won-game-left-out",
        tuple(
            Opp(2300, "" if t == "-" else t, f, x)
            for t, f, x in zip(
                ["m", "m", "m", "f", "f", "-", "-", "-", "-", "-"],
                ["ESP", "GER", "FRA", "NED", "ESP", "GER", "FRA", "ENG", "ESP", "GER"],
                "11111===01",
                strict=True,
            )
        ),
    ),
    Case(
        "21-two-unrated-opponents-of-nine",
        _nine((2450,) * 7 + (0, 0), "m m m f f f - - -", _MIXED, "11111==0="),
    ),
    Case("22-unknown-title-code", _nine((2400,) * 9, "m m m f x - - - -", _MIXED, "1111==0=0")),
    Case(
        "23-opponent-without-federation",
        _nine((2400,) * 9, "m m m f f f m f f", "IND IND IND IND IND - ESP GER FRA", "1111==0=0"),
    ),
    Case("24-candidate-without-federation", _IM_LEVEL, federation=""),
)


def main() -> None:
    for case in CASES:
        (HERE / f"{case.name}.trf").write_text(trf_of(case))


if __name__ == "__main__":
    main()
