"""ECU N.6.5 and N.6.7: the combination generator reproduces both priority tables of the text."""

from __future__ import annotations

from collections.abc import Sequence

from swiss.team.ecu import combinations


def anyone(a: int, b: int) -> bool:
    return True


def always(teams: Sequence[int]) -> bool:
    return True


def table(size: int, side: str = "above") -> list[str]:
    rows = []
    for pairs, floater in combinations(list(range(1, size + 1)), side, anyone, always):
        row = " ".join(f"{min(a, b)}x{max(a, b)}" for a, b in pairs)
        rows.append(row if floater is None else f"{row}, {floater} floats")
    return rows


def test_six_teams_come_in_the_fifteen_combinations_of_n_6_5() -> None:
    assert table(6) == [
        "1x6 2x5 3x4", "1x6 2x4 3x5", "1x6 2x3 4x5", "1x5 2x6 3x4", "1x5 2x4 3x6",
        "1x5 2x3 4x6", "1x4 2x6 3x5", "1x4 2x5 3x6", "1x4 2x3 5x6", "1x3 2x6 4x5",
        "1x3 2x5 4x6", "1x3 2x4 5x6", "1x2 3x6 4x5", "1x2 3x5 4x6", "1x2 3x4 5x6",
    ]  # fmt: skip


def test_five_teams_come_in_the_fifteen_combinations_of_n_6_7() -> None:
    rows = table(5)
    assert len(rows) == 15
    assert rows[0] == "1x5 2x4, 3 floats"
    assert rows[11:] == ["1x2 4x5, 3 floats", "2x5 3x4, 1 floats", "2x4 3x5, 1 floats", "2x3 4x5, 1 floats"]
    # The text's example: with no. 2 a floater from a higher group, (3), (6) and (9) are invalid.
    assert [i for i, row in enumerate(rows, start=1) if row.endswith(", 2 floats")] == [3, 6, 9]


def test_below_the_median_the_lowest_team_comes_first() -> None:
    # N.6.9: the same table read from the bottom: 6 takes 1, then 5 takes 2 before 3.
    assert table(6, "below")[:3] == ["1x6 2x5 3x4", "1x6 3x5 2x4", "1x6 4x5 2x3"]
    assert table(5, "below")[0] == "1x5 2x4, 3 floats"
    assert table(5, "below")[-1] == "3x4 1x2, 5 floats"
