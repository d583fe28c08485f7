"""swiss.layout: a table of criteria fields turned into the shifts of one round."""

from __future__ import annotations

from fractions import Fraction

from swiss.dutch import WEIGHT_FIELDS
from swiss.layout import Field, Layout, Unit
from swiss.model import Edition

FIELDS = (
    Field("top", 2, Unit.BIT, "a small count"),
    Field("pairs", 1, Unit.PAIRS, "a count of pairs"),
    Field("scores", 1, Unit.SCORES, "a count per score group"),
    Field("history", 1, Unit.PAIRS, "a count of pairs, once a round is played", rounds=1),
    Field("order", 1, Unit.BIT, "a step"),
)


def test_fields_lie_side_by_side_from_the_last_up_each_as_wide_as_its_unit() -> None:
    layout = Layout(FIELDS, {Fraction(1): 5, Fraction(0): 12}, rounds_played=1)
    assert layout.pair_bits == 4
    assert layout.group_shift == {Fraction(0): 0, Fraction(1): 4}
    assert layout.scores_bits == 7
    assert layout.shift == {"order": 0, "history": 1, "scores": 5, "pairs": 12, "top": 16}
    assert layout.bits == 18


def test_a_field_of_rounds_not_yet_played_takes_no_bits() -> None:
    layout = Layout(FIELDS, {Fraction(0): 12}, rounds_played=0)
    assert "history" not in layout.shift
    assert layout.shift["top"] == 1 + 4 + 4


def test_one_unit_of_a_field_outweighs_the_largest_sums_of_all_fields_below_it() -> None:
    sizes = {Fraction(2): 3, Fraction(1): 7, Fraction(0): 12}
    layout = Layout(FIELDS, sizes, rounds_played=1)
    counts = {"order": 1, "history": 12, "pairs": 12}
    largest_scores = sum(size << layout.group_shift[score] for score, size in sizes.items())
    below = 0
    for name in ("order", "history", "scores", "pairs", "top"):
        assert below < 1 << layout.shift[name]
        below += (
            largest_scores << layout.shift[name]
            if name == "scores"
            else counts.get(name, 3) << layout.shift[name]
        )
    assert below < 1 << layout.bits


def test_the_dutch_completion_field_is_the_top_one_and_every_criterion_has_a_reason() -> None:
    for edition in (Edition.DUTCH_2026, Edition.DUTCH_2017):
        layout = Layout(WEIGHT_FIELDS, {Fraction(0): 9}, 3, edition, [Fraction(0), Fraction(1)])
        assert layout.shift["C4"] + 2 == layout.bits
    assert len({f.name for f in WEIGHT_FIELDS}) == len(WEIGHT_FIELDS)
    assert all(f.why for f in WEIGHT_FIELDS)


def test_the_c9_field_holds_the_ranks_of_a_whole_bye_score_group() -> None:
    # Eight players on the bye's score, ranked 0-7 by unplayed games: a matching can sum 28.
    layout = Layout(WEIGHT_FIELDS, {Fraction(1): 8, Fraction(0): 8}, 1, Edition.DUTCH_2026)
    fields = sorted(layout.shift.items(), key=lambda item: item[1])
    above = next(shift for name, shift in fields if shift > layout.shift["C9"])
    assert (above - layout.shift["C9"]) >= sum(range(8)).bit_length()


def test_each_edition_lays_out_its_own_criteria_and_only_those() -> None:
    """2026 C5-C9 and C18-C21 against 2017 C.6 (PSD), C.7 and C.16-C.19 (dutch.py)."""
    sizes = {Fraction(1): 4, Fraction(0): 4}
    new = Layout(WEIGHT_FIELDS, sizes, 2, Edition.DUTCH_2026)
    old = Layout(WEIGHT_FIELDS, sizes, 2, Edition.DUTCH_2017, [Fraction(0), Fraction(1), Fraction(2)])
    assert {"C7", "C8", "C9", "C18", "C21"} <= set(new.shift) and not {"C.6", "C.7", "C.16"} & set(new.shift)
    assert {"C.6", "C.7", "C.7 PSD", "C.16", "C.19"} <= set(old.shift) and not {"C7", "C9", "C18"} & set(
        old.shift
    )
    shared = ["C4", "C6", "C10", "C13", "C14", "C17", "4.3 keys 3-4"]
    shifts = [old.shift[name] for name in shared]
    assert shifts == sorted(shifts, reverse=True)


def test_a_difference_counter_holds_every_player_of_the_round_without_carrying() -> None:
    layout = Layout(FIELDS, {Fraction(1): 5, Fraction(0): 12}, 1, differences=[Fraction(0), Fraction(1, 2)])
    low, high = layout.difference_bit(Fraction(0)), layout.difference_bit(Fraction(1, 2))
    assert low == 1 and high == 1 << (17).bit_length()
    assert 17 * low < high
