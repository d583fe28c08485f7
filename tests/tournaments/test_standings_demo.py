"""The demo's standings against an independent computation from the raw boards and seats.

The computation below follows docs/tiebreaks.md (2026 edition, the demo starts in 2026's
calendar after 1 March) directly: no code of the app beyond reading the database.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from fractions import Fraction

import pytest

from tournaments.models import Board, Seat, Tournament
from tournaments.standings import standings

HALF, ONE = Fraction(1, 2), Fraction(1)
WHITE_POINTS = {"1-0": ONE, "1/2": HALF, "0-1": 0, "+-": ONE, "-+": 0, "--": 0}
BLACK_POINTS = {"1-0": 0, "1/2": HALF, "0-1": ONE, "+-": 0, "-+": ONE, "--": 0}
FORFEITS = {"+-", "-+", "--"}


def raw_rounds(demo: Tournament, rounds: int) -> dict[int, list[tuple[str, int | None, Fraction, str]]]:
    """Per entrant: one (kind, opponent, points, colour) per round; kind is game, forfeit, pab or bye."""
    boards = {(b.round.number, b.number): b.result for b in Board.objects.filter(round__tournament=demo)}
    seats = list(
        Seat.objects.filter(round__tournament=demo, round__number__lte=rounds).select_related("round")
    )
    on_board = defaultdict(dict)
    for s in seats:
        if s.board_number:
            on_board[s.round.number, s.board_number][s.colour] = s.entrant_id
    record = defaultdict(list)
    for s in sorted(seats, key=lambda s: s.round.number):
        if s.absence:
            points = HALF if s.absence == "half-bye" else ONE if s.absence == "full-bye" else 0
            record[s.entrant_id].append(("bye", None, points, ""))
            continue
        pair = on_board[s.round.number, s.board_number]
        if "b" not in pair:
            record[s.entrant_id].append(("pab", None, ONE, ""))
            continue
        result = boards[s.round.number, s.board_number]
        white = s.colour == "w"
        points = (WHITE_POINTS if white else BLACK_POINTS)[result]
        kind = "forfeit" if result in FORFEITS else "game"
        record[s.entrant_id].append((kind, pair["b" if white else "w"], points, s.colour))
    return record


def independent(demo: Tournament, rounds: int) -> dict[int, tuple[Fraction, ...]]:
    """Per entrant id: points, BH-C1, BH, SB, WIN under the 2026 rules (Art. 16)."""
    record = raw_rounds(demo, rounds)
    score = {e: sum(p for _, _, p, _ in r) for e, r in record.items()}
    # No requested bye in the demo is the player's last round, so adjusted scores are real scores (16.3).
    result = {}
    for entrant, rows in record.items():
        own = score[entrant]
        values = []  # (contribution to BH, to SB, voluntary?)
        for kind, opponent, points, _ in rows:
            if kind == "game":
                values.append((score[opponent], score[opponent] * points, False))
            elif kind == "forfeit":
                dummy = min(own, score[opponent])  # 16.4.1
                values.append((dummy, dummy * points, points == 0))
            else:
                dummy = min(own, HALF * rounds)  # 16.4.2
                values.append((dummy, dummy * points, kind == "bye"))
        bh = sum(v[0] for v in values)
        vur = [v[0] for v in values if v[2]]
        cut = vur[0] if vur else min(v[0] for v in values)  # 16.5.1: a VUR is cut first
        # Art. 14.1 cuts a player's only value too (docs/rules.md, tie-breaks): nothing is left.
        sb = sum(v[1] for v in values)
        wins = sum(1 for _, _, p, _ in rows if p == 1)
        result[entrant] = (own, bh - cut, bh, sb, Fraction(wins))
    return result


def test_the_demo_uses_the_2026_edition():
    assert datetime.date.today() >= datetime.date(2026, 3, 1)


@pytest.mark.parametrize("after", [1, 3, 4])
def test_the_demo_standings_equal_an_independent_computation(demo, after):
    table = standings(demo, after)
    assert table.codes == ["BH-C1", "BH", "SB", "WIN"] and table.ruleset == "fide-2026"
    expected = independent(demo, after)
    for row in table.rows:
        assert (row.points, *map(Fraction, row.values)) == expected[row.entrant.pk], row.entrant.name
    # Ranked by points, BH-C1, BH, SB; DE and WIN only reorder players equal on all of these.
    keys = [expected[row.entrant.pk][:4] for row in table.rows]
    assert keys == sorted(keys, reverse=True)
    assert [row.position for row in table.rows] == list(range(1, 41)) and table.rows[0].rank == 1
    for above, below in zip(table.rows, table.rows[1:], strict=False):
        if below.rank == above.rank:  # a shared place: equal on every value shown
            assert expected[above.entrant.pk] == expected[below.entrant.pk]
        else:
            assert below.rank == below.position
