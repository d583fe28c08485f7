"""The matcher between solves: a new weight lifts the restriction, bonuses break ties, floors count."""

from __future__ import annotations

from array import array

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


def test_a_solve_within_drops_the_fields_from_its_bit_up() -> None:
    # Every pair weighs 8 (bit 3, the dropped field) and only (1, 0) or (2, 0) more.
    matcher = Matcher(5, lambda a, b: 8)
    matcher.set_weight(1, 0, 8 | 1)
    vertices = [0, 1, 2, 3]
    assert _pairs(matcher.solve_within(vertices, 3)) == {(0, 1)}
    assert _pairs(matcher.solve_within(vertices, 4)) == {(0, 1), (2, 3)}
    matcher.set_weight(1, 0, 8)
    matcher.set_weight(2, 0, 8 | 1)
    assert _pairs(matcher.solve_within(vertices, 3)) == {(0, 2)}


def test_rows_set_in_stretches_and_bonuses_land_on_their_own_pairs() -> None:
    # Row 5 is set over the stretches 0-1 and 3-4, leaving pair (5, 2) to the default.
    matcher = Matcher(6, lambda a, b: 1)
    matcher.set_numbers(5, [0, 1, 3, 4], array("i", map(matcher.number, [2, 2, 2, 9])))
    matcher.fix(0, 1)
    assert _pairs(matcher.solve()) == {(0, 1), (4, 5), (2, 3)}
    matcher.set_bonus(3, 2, 1)
    matcher.set_weight(5, 4, 2)
    # (5, 4) with (3, 2) and (5, 3) with (4, 2) both weigh 3: the bonus picks (3, 2).
    assert (2, 3) in _pairs(matcher.solve())


def test_rows_set_by_numbers_weigh_as_pairs_set_by_weights() -> None:
    # A caller keeps a bracket's weights as the matcher's numbers (four bytes a pair).
    by_weights, by_numbers = Matcher(6, lambda a, b: 1), Matcher(6, lambda a, b: 1)
    assert by_numbers.number(0) == 0 and by_numbers.weight(0) == 0
    lower, weights = [0, 1, 3, 4], [5, 0, 1 << 300, 5]
    for b, weight in zip(lower, weights, strict=True):
        by_weights.set_weight(5, b, weight)
    numbers = array("i", map(by_numbers.number, weights))
    assert numbers[0] == numbers[3] != 0 and numbers[1] == 0
    assert by_numbers.weight(numbers[2]) == 1 << 300
    by_numbers.set_numbers(5, lower, numbers)
    assert by_weights.solve() == by_numbers.solve()
    assert (3, 5) in _pairs(by_numbers.solve())
