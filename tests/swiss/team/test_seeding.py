"""D.02 3.1 as the default initial ranking of teams: top boards' average, next player, name."""

from __future__ import annotations

from fractions import Fraction

from swiss.team.seeding import Entry, initial_order, seeding_rating


def test_the_average_counts_the_highest_rated_players_whatever_their_roster_order() -> None:
    assert seeding_rating((2000, 2400, 2100, 2300, 2500), 4) == Fraction(9300, 4)


def test_a_short_roster_or_an_unrated_player_counts_nothing_on_the_board_it_cannot_fill() -> None:
    assert seeding_rating((2400, 2200), 4) == Fraction(4600, 4)
    assert seeding_rating((2400, 0, 2200, 2000), 4) == Fraction(6600, 4)


def test_teams_rank_by_average_then_the_next_player_then_name() -> None:
    entries = [
        Entry("Zug", (2300, 2300, 2300, 2300)),
        Entry("Bern", (2300, 2300, 2300, 2300, 1900)),
        Entry("Aarau", (2300, 2300, 2300, 2300)),
        Entry("Chur", (2400, 2300, 2300, 2300)),
        Entry("Sion", (2301, 2300, 2300, 2299, 2500)),
    ]
    # Sion's best four are 2500, 2301, 2300, 2300: the top average.
    assert [entries[i].name for i in initial_order(entries, 4)] == ["Sion", "Chur", "Bern", "Aarau", "Zug"]


def test_names_break_ties_without_regard_to_case() -> None:
    entries = [Entry("basel", (2000,)), Entry("Aarau", (2000,)), Entry("Chur", (2000,))]
    assert initial_order(entries, 1) == [1, 0, 2]
