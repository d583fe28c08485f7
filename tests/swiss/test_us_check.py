from __future__ import annotations

from collections.abc import Callable

from swiss.generate import generate
from swiss.model import Board, Code, Pairing, TournamentState
from swiss.us import USOptions, pair
from swiss.us.check import check

from .test_us import example_29e5e, kaprielian
from .us_build import build

# The director's settings the generated events cycle through, the default first.
SETTINGS = (
    USOptions(),
    USOptions(colour_interchanges=False),
    USOptions(added_score=True, black_only_200=True),
    USOptions(avoid_teammates=True, teams={n: f"club {n % 3}" for n in range(1, 23)}),
    USOptions(bye_for_colours=True, alternate_priority=True, equalisation_over_ratings=True),
)


def checked(options: USOptions) -> Callable[[TournamentState], Pairing]:
    """The engine's pairing, refused when the checker finds anything in it."""

    def pair_and_check(state: TournamentState) -> Pairing:
        pairing = pair(state, options)
        findings = check(state, pairing, options)
        assert not findings, (state.round_to_pair, [str(f) for f in findings])
        return pairing

    return pair_and_check


def test_every_round_of_300_generated_us_events_passes_the_us_checker() -> None:
    for seed in range(300):
        generate(
            seed,
            7 + seed % 16,
            4 + seed % 3,
            pair=checked(SETTINGS[seed % len(SETTINGS)]),
            bye_rate=0.05,
            absence_rate=0.03,
            forfeit_rate=0.03,
            withdrawal_rate=0.03,
            late_entries=seed % 3,
            ratings=(100, 2400) if seed % 7 else (0, 0),
        )


def test_a_rematch_is_an_absolute_finding_under_27a1() -> None:
    state = kaprielian()
    findings = check(state, Pairing((Board(1, 5), Board(2, 6), Board(3, 7), Board(4, 8))))
    assert [(f.board, f.rule, f.absolute) for f in findings[:4]] == [(n, "27A1", True) for n in (1, 2, 3, 4)]


def test_the_club_pairing_of_kaprielian_is_told_the_interchange_reading_has_fewer_conflicts() -> None:
    findings = check(kaprielian(), Pairing((Board(1, 6), Board(2, 5), Board(8, 3), Board(4, 7))))
    assert [str(f) for f in findings] == [
        "Board 2: the ½-point group has 2 colour conflicts; "
        "the engine's pairing of the same players has 0 (29E5)"
    ]
    assert check(kaprielian(), Pairing((Board(1, 6), Board(2, 5), Board(8, 3), Board(4, 7))), _club()) == []


def _club() -> USOptions:
    return USOptions(colour_interchanges=False)


def test_colours_against_29e4_are_found_in_the_pair() -> None:
    findings = check(kaprielian(), Pairing((Board(6, 1), Board(2, 5), Board(8, 3), Board(4, 7))), _club())
    assert [str(f) for f in findings] == [
        "Board 1: 1 should have white: 29E3: each player's due colour (29E4)"
    ]


def test_a_colour_conflict_a_transposition_within_the_limit_fixes_is_named_with_its_cost() -> None:
    natural = Pairing((Board(3, 1), Board(2, 4)))  # 2050-1850 and 1870-1780: both pairs due the same colour
    findings = [str(f) for f in check(example_29e5e(1780), natural)]
    assert findings[0] == (
        "Board 1: 1 and 3 are both due black to equalise; the transposition 3↔4 (70 points) "
        "would fix it within the 29E5 limit (29E5b)"
    )


def test_a_bye_to_a_player_who_had_one_is_absolute_and_to_a_higher_rated_one_is_advice() -> None:
    state = build(
        (1800, 1700, 1600, 1500, 1400),
        [([(1, 3, "1"), (4, 2, "0")], {5: Code.PAB})],
        total_rounds=3,
    )
    findings = check(state, Pairing((Board(1, 2), Board(3, 4), Board(5, None))))
    assert [(f.rule, f.absolute) for f in findings if f.board == 3][0] == ("28L3", True)
    findings = check(state, Pairing((Board(5, 1), Board(4, 2), Board(3, None))))
    assert ("28L2", False) in [(f.rule, f.absolute) for f in findings]


def test_a_dearer_switch_for_the_same_colours_is_named_against_the_engines() -> None:
    interchange = Pairing((Board(2, 1), Board(4, 3)))  # 29E5e example 1: the transposition of 70 wins
    assert [str(f) for f in check(example_29e5e(1780), interchange)] == [
        "Board 1: the 1½-point group moves 290 rating points from the natural pairing; "
        "the engine's pairing gives the same colours for 250 (29E5e)"
    ]


def test_pairing_across_score_groups_when_the_groups_pair_within_themselves_is_27a2() -> None:
    state = build((1800, 1700, 1600, 1500), [([(1, 3, "1"), (4, 2, "0")], {})], total_rounds=4)
    findings = check(state, Pairing((Board(1, 4), Board(3, 2))))
    assert [(f.board, f.absolute) for f in findings if f.rule == "27A2"] == [(1, False), (2, False)]
