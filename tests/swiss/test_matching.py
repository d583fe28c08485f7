"""The matcher between solves: a new weight lifts the restriction, bonuses break ties, floors count."""

from __future__ import annotations

from swiss.matching import Matcher


def _pairs(mate: list[int]) -> set[tuple[int, int]]:
    return {(a, b) for a, b in enumerate(mate) if a < b < len(mate)}


def test_a_weight_changed_between_solves_counts_in_the_next_solve() -> None:
    matcher = Matcher(4, lambda a, b: 1)
    matcher.set_weight(0, 1, 5)
    matcher.set_weight(2, 3, 5)
    assert _pairs(matcher.solve()) == {(0, 1), (2, 3)}
    matcher.set_weight(0, 2, 20)
    matcher.set_weight(1, 3, 20)
    assert _pairs(matcher.solve()) == {(0, 2), (1, 3)}


def test_choices_in_order_keep_the_bonuses_first() -> None:
    # All weights equal: the bonus on (1, 2) outranks vertex 0's wish for 1, so 0 gets 3.
    matcher = Matcher(4, lambda a, b: 1)
    matcher.set_bonus(1, 2)
    assert _pairs(matcher.solve_in_order([(0, [1, 3])])) == {(0, 3), (1, 2)}
    matcher.clear_bonuses()
    assert _pairs(matcher.solve_in_order([(0, [1, 3])])) == {(0, 1), (2, 3)}


def test_bonuses_break_ties_on_the_same_graph_and_go_with_clear_bonuses() -> None:
    matcher = Matcher(4, lambda a, b: 1)
    matcher.set_bonus(0, 3)
    matcher.set_bonus(1, 2)
    assert _pairs(matcher.solve()) == {(0, 3), (1, 2)}
    matcher.clear_bonuses()
    matcher.set_bonus(0, 2)
    assert _pairs(matcher.solve()) == {(0, 2), (1, 3)}


def test_a_solve_within_takes_its_own_floor_off_the_weights() -> None:
    matcher = Matcher(5, lambda a, b: 4)
    vertices = [0, 1, 2, 3]
    assert _pairs(matcher.solve_within(vertices, lambda a, b: 4 * ((a, b) != (1, 0)))) == {(0, 1)}
    assert _pairs(matcher.solve_within(vertices, lambda a, b: 4 * ((a, b) != (2, 0)))) == {(0, 2)}
