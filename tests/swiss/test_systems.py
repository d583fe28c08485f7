"""The system table (`swiss.systems`): one entry per system and edition, asked by name."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import swiss
from swiss import dutch, dutch1998
from swiss.boards import order_boards
from swiss.check import check as dutch_check
from swiss.cli import _check_parser, _pair_parser
from swiss.generate import generate
from swiss.model import Edition
from swiss.systems import SYSTEMS, Explained, edition_system, player_system, system, team_system
from swiss.team import c046, ecu, olympiad
from swiss.team import generate as team_generate
from swiss.us import USOptions
from swiss.us import pair as us_pair


def test_the_table_holds_every_system_and_edition_by_its_name() -> None:
    assert list(SYSTEMS) == [
        "dutch-2026",
        "dutch-2017",
        "dutch-1998",
        "us",
        "team-c046",
        "team-ecu",
        "team-olympiad",
        "round-robin",
        "team-round-robin",
        "scheveningen",
    ]
    assert all(entry.name == name for name, entry in SYSTEMS.items())
    assert {entry.kind for entry in SYSTEMS.values()} == {"players", "teams"}


def test_an_unknown_name_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match="'monrad'; expected one of dutch-2026, dutch-2017, dutch-1998, us"):
        system("monrad")
    with pytest.raises(ValueError, match="pairs teams"):
        player_system("team-ecu")
    with pytest.raises(ValueError, match="pairs players"):
        team_system("dutch-2017")


def test_the_command_line_offers_exactly_the_tables_systems() -> None:
    for parser in (_pair_parser(), _check_parser()):
        (option,) = [a for a in parser._actions if "--system" in a.option_strings]
        assert option.choices == ["dutch", *SYSTEMS]


@pytest.mark.parametrize("seed", range(4))
def test_each_player_entry_pairs_as_its_package_does(seed: int) -> None:
    state = generate(seed, 15, 7, played=3, bye_rate=0.05, forfeit_rate=0.05)
    for edition in (Edition.DUTCH_2026, Edition.DUTCH_2017):
        as_of = replace(state, edition=edition)
        entry = player_system(f"dutch-{edition.value}")
        assert entry.pair(state) == dutch.pair(as_of) == swiss.pair(as_of)
        made = entry.pair_explained(state)
        assert made is not None and (made.pairing, made.notes) == dutch.pair_with_notes(as_of)
        assert entry.board_order(state, made.pairing.boards) == order_boards(as_of, made.pairing.boards)
        assert entry.check(state, made.pairing, made.pairing, {}) == dutch_check(
            as_of, made.pairing, reference=made.pairing
        )
        assert edition_system(as_of) is entry
    old = player_system("dutch-1998")
    assert old.pair(state) == dutch1998.pair(replace(state, edition=Edition.DUTCH_1998))
    assert old.pair_explained(state) is None
    options = USOptions(colour_interchanges=True, bye_for_colours=True)
    assert (
        player_system("us", us=options).pair(state)
        == us_pair(state, options)
        == swiss.pair(state, "us", us=options)
    )
    assert player_system("us", us=options).options is options


def test_a_board_explained_from_kept_notes_reads_as_one_explained_afresh() -> None:
    state = generate(7, 12, 5, played=2)
    entry = player_system("dutch-2026")
    made = entry.pair_explained(state)
    assert made is not None
    for number, board in enumerate(made.pairing.boards, start=1):
        assert entry.explain(state, board, number, Explained(made.pairing, made.notes)) == entry.explain(
            state, board, number, None
        )


@pytest.mark.parametrize("name", ["team-c046", "team-ecu", "team-olympiad"])
def test_each_team_entry_pairs_orders_and_explains_its_matches(name: str) -> None:
    rng = random.Random(3)
    state = team_generate.new_event(rng, 9, 4, 5)
    entry = team_system(name)
    team_pair = {"team-c046": c046.pair, "team-ecu": ecu.pair, "team-olympiad": olympiad.pair}
    for before, pairing in team_generate.rounds(rng, state, entry.pair, team_generate.random_rates(rng)):
        assert pairing == team_pair[name](before) == swiss.pair(before, name)
        ordered = entry.board_order(before, pairing.boards)
        made, lines = entry.explain_round(before)
        assert made == pairing and len(lines) == len(ordered)
        for number, match in enumerate(ordered, start=1):
            (line,) = entry.explain(before, match, number, None)
            assert str(line) == lines[number - 1]
        assert entry.check(before, pairing, None, {}) == []
