"""Round robins (swiss.roundrobin, docs/round-robin.md): the Berger tables, odd fields, more
cycles, Scheveningen, and the system table's entries for players and teams."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from swiss.generate import generate
from swiss.model import Board, Code, Colour, Pairing, PairingError, Player, RoundResult, TournamentState
from swiss.roundrobin import berger_round, schedule, scheveningen_schedule, standings_records
from swiss.systems import player_system, team_system
from swiss.team.generate import Rates, new_event, play
from swiss.trf import write_trf

# docs/round-robin.md section 2 (the spec's tables), "A-B": A has White.
TABLES = {
    4: """1-4 2-3 | 4-3 1-2 | 2-4 3-1""",
    6: """1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3
          | 3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7
           | 10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4
           | 4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1""",
}


def _parsed(text: str) -> list[tuple[tuple[int, int], ...]]:
    return [
        tuple((int(w), int(b)) for w, b in (game.split("-") for game in part.split()))
        for part in text.split("|")
    ]


@pytest.mark.parametrize("size", sorted(TABLES))
def test_the_tables_for_4_6_8_and_10_are_the_specs(size: int) -> None:
    assert [berger_round(size, r) for r in range(1, size)] == _parsed(TABLES[size])


def test_the_check_values_of_12_players_hold() -> None:
    assert berger_round(12, 7) == ((4, 12), (5, 3), (6, 2), (7, 1), (8, 11), (9, 10))


def _colours(rounds: list[tuple[tuple[int, int], ...]], players: int) -> dict[int, str]:
    """Each real player's colours round by round, as a string ("-" resting against the dummy)."""
    seen: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    for games in rounds:
        for white, black in games:
            if white <= players:
                seen[white].append("W" if black <= players else "-")
            if black <= players:
                seen[black].append("B" if white <= players else "-")
    return {player: "".join(colours) for player, colours in seen.items()}


@pytest.mark.parametrize("players", range(3, 17))
def test_every_size_meets_each_pair_once_per_cycle_with_the_specs_colours(players: int) -> None:
    size = players + players % 2
    rounds = schedule(players)
    assert len(rounds) == size - 1
    met = Counter(frozenset(game) for games in rounds for game in games)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(range(1, size + 1), 2)}
    assert set(met.values()) == {1}
    for games in rounds:
        assert sorted(n for game in games for n in game) == list(range(1, size + 1))
    for player, colours in _colours(schedule(size), size).items():
        assert sorted((colours.count("W"), colours.count("B"))) == [size // 2 - 1, size // 2], player
    for player, colours in _colours(rounds, players).items():
        assert "WWW" not in colours and "BBB" not in colours, (player, colours)


@pytest.mark.parametrize("players", range(3, 17))
def test_a_double_round_robin_reverses_colours_and_swaps_the_last_two_rounds_of_cycle_one(
    players: int,
) -> None:
    size = players + players % 2
    single, double = schedule(players), schedule(players, 2)
    assert len(double) == 2 * (size - 1)
    first, second = double[: size - 1], double[size - 1 :]
    assert first == [*single[:-2], single[-1], single[-2]]
    assert second == [tuple((b, w) for w, b in games) for games in single]
    met = Counter(frozenset(game) for games in double for game in games)
    assert set(met.values()) == {2}
    for player, colours in _colours(double, players).items():
        assert "WWW" not in colours and "BBB" not in colours, (player, colours)
    # Without the swap, someone plays three games of one colour across the change of cycles.
    unswapped = _colours(schedule(size, 2, swap=False), size).values()
    if size > 4:
        assert any("WWW" in colours or "BBB" in colours for colours in unswapped)


def _state(players: int, rounds: int) -> TournamentState:
    return TournamentState(players=tuple(Player(n) for n in range(1, players + 1)), total_rounds=rounds)


def test_an_odd_field_rests_the_dummys_opponent_on_a_board_without_black() -> None:
    entry = player_system("round-robin")
    state = generate(3, 7, 7, pair=entry.pair)
    rests = {
        round_number: [p.number for p in state.players if p.history[round_number - 1].code is Code.PAB]
        for round_number in range(1, 8)
    }
    # docs/round-robin.md section 3: 1, 5, 2, 6, 3, 7, 4 rest in rounds 1-7.
    assert rests == {1: [1], 2: [5], 3: [2], 4: [6], 5: [3], 6: [7], 7: [4]}


def test_an_absent_players_opponent_rests_and_the_table_stays() -> None:
    entry = player_system("round-robin")
    state = replace(_state(10, 9), absences={3: Code.ZERO_BYE})
    made = entry.pair(state)
    assert made.boards == (
        Board(1, 10),
        Board(2, 9),
        Board(4, 7),
        Board(5, 6),
        Board(8, None),
    )


def test_rounds_that_are_not_whole_cycles_are_refused_saying_what_would_do() -> None:
    entry = player_system("round-robin")
    with pytest.raises(PairingError, match="7 entrants play 7 rounds per cycle, so the event needs 7 or 14"):
        entry.pair(_state(7, 9))
    with pytest.raises(PairingError, match="no round 4"):
        entry.pair(generate(1, 4, 3, pair=entry.pair))


def test_the_check_names_every_game_that_is_not_the_tables() -> None:
    entry = player_system("round-robin")
    state = _state(6, 5)
    table = entry.pair(state)
    assert entry.check(state, table, table, {}) == []
    swapped = Pairing((Board(6, 1), *table.boards[1:]))
    findings = [str(f) for f in entry.check(state, swapped, table, {1: "Ann", 6: "Fay"})]
    assert findings == [
        "Board 1: Fay–Ann is not the table's game (C.05 Annex 1)",
        "The table's game Ann–Fay is missing (C.05 Annex 1)",
    ]


def test_the_scheveningen_table_of_two_teams_of_four_is_the_specs() -> None:
    # A1..A4 are 1..4, B1..B4 are 5..8 (docs/round-robin.md section 6).
    assert scheveningen_schedule(4) == [
        ((1, 5), (2, 6), (7, 3), (8, 4)),
        ((6, 1), (5, 2), (3, 8), (4, 7)),
        ((1, 7), (2, 8), (5, 3), (6, 4)),
        ((8, 1), (7, 2), (3, 6), (4, 5)),
    ]
    entry = player_system("scheveningen")
    state = generate(2, 8, 8, pair=entry.pair)  # a double cycle
    met = Counter(
        frozenset((p.number, r.opponent)) for p in state.players for r in p.history if r.opponent is not None
    )
    assert set(met) == {frozenset((a, b)) for a in range(1, 5) for b in range(5, 9)}
    assert set(met.values()) == {4}  # each game seen from both sides, twice
    for player in state.players:
        colours = [r.colour for r in player.history]
        assert colours[4:] == [c.opposite for c in colours[:4] if c is not None]
        assert colours[:4].count(colours[0]) == 2


def test_scheveningen_without_a_stored_table_is_refused() -> None:
    with pytest.raises(PairingError, match="no Scheveningen table is stored for teams of 5"):
        player_system("scheveningen").pair(_state(10, 5))


def test_six_teams_play_a_team_round_robin_by_the_table_of_six() -> None:
    """Teams are the table's "players", the team with White on board 1 its White (section 7)."""
    entry = team_system("team-round-robin")
    rng = random.Random(5)
    state = new_event(rng, teams=6, boards=4, rounds=5)
    for round_number in range(1, 6):
        made = entry.pair(state)
        assert tuple((b.white, b.black) for b in made.boards) == berger_round(6, round_number)
        assert entry.check(state, made, made, {}) == []
        state = play(rng, state, made, Rates(match_forfeit=0, board_forfeit=0))
    met = Counter(frozenset((t.number, r.opponent)) for t in state.teams for r in t.history)
    assert len(met) == 15 and set(met.values()) == {2}


def test_the_command_line_pairs_and_checks_a_round_robin(tmp_path: Path) -> None:
    entry = player_system("round-robin")
    state = generate(4, 10, 9, played=4, pair=entry.pair)
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(state))
    paired = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", "--system", "round-robin", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert paired.stdout.split("\n")[1:6] == ["3 10", "4 2", "5 1", "6 9", "7 8"]
    checked = subprocess.run(
        [sys.executable, "-m", "swiss", "check", "--system", "round-robin", str(path)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # Round 2 recorded with 1 and 2 on other colours than the table's.
    swapped = tuple(
        replace(
            p,
            history=tuple(
                replace(r, colour=r.colour.opposite) if i == 1 and p.number in (1, 2) and r.colour else r
                for i, r in enumerate(p.history)
            ),
        )
        for p in state.players
    )
    path.write_text(write_trf(replace(state, players=swapped)))
    checked = subprocess.run(
        [sys.executable, "-m", "swiss", "check", "--system", "round-robin", str(path)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode != 0
    assert "round 2" in (checked.stdout + checked.stderr).lower()


def _played(state: TournamentState, made: Pairing) -> TournamentState:
    """The round with White winning every game; absent players' and resting players' records."""
    records = {n: RoundResult(None, None, code) for n, code in state.absences.items()}
    for board in made.boards:
        if board.black is None:
            records[board.white] = RoundResult(None, None, Code.PAB)
        else:
            records[board.white] = RoundResult(board.black, Colour.WHITE, Code.WIN)
            records[board.black] = RoundResult(board.white, Colour.BLACK, Code.LOSS)
    players = tuple(replace(p, history=(*p.history, records[p.number])) for p in state.players)
    return replace(state, players=players, absences={})


def _with_withdrawals(withdrawn: dict[int, int]) -> TournamentState:
    entry = player_system("round-robin")
    state = _state(10, 9)
    for round_number in range(1, 10):
        absent = {n: Code.ZERO_BYE for n, first in withdrawn.items() if round_number >= first}
        state = replace(state, absences=absent)
        state = _played(state, entry.pair(state))
    return state


def test_a_player_who_withdrew_before_half_his_games_has_every_game_left_out() -> None:
    # 3 withdraws from round 4: three games of nine played, fewer than half (V.4.1).
    state = _with_withdrawals({3: 4})
    rounds = schedule(10)
    counted = {p.number: p for p in standings_records(state.players, rounds, {3: 4})}
    assert all(r.code is Code.ZERO_BYE for r in counted[3].history)
    for player in counted.values():
        assert all(r.opponent != 3 for r in player.history)
        assert sum(1 for r in player.history if r.code.played) == (0 if player.number == 3 else 8)


def test_a_player_who_withdrew_after_half_his_games_loses_the_rest_by_forfeit() -> None:
    # 5 withdraws from round 6: five games of nine played (V.4.2).
    state = _with_withdrawals({5: 6})
    rounds = schedule(10)
    counted = {p.number: p for p in standings_records(state.players, rounds, {5: 6})}
    own = counted[5].history
    assert [r.code for r in own[5:]] == [Code.FORFEIT_LOSS] * 4
    opponents = {r.opponent for r in own}
    assert opponents == set(range(1, 11)) - {5}
    for record in own[5:]:
        theirs = counted[record.opponent].history[own.index(record)]  # type: ignore[index]
        assert theirs == RoundResult(5, record.colour.opposite, Code.FORFEIT_WIN)  # type: ignore[union-attr]
    assert all(r.code is not Code.PAB for p in counted.values() for r in p.history)


def test_the_round_robins_are_entries_of_the_table_that_pair_by_it() -> None:
    from swiss.systems import ROUND_ROBINS, SYSTEMS

    assert set(ROUND_ROBINS) <= set(SYSTEMS)
    assert {SYSTEMS[name].kind for name in ROUND_ROBINS} == {"players", "teams"}
