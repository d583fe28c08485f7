"""Reading TRF-2026 team files: every round of every team, and clear refusals."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from swiss.cli import INVALID_INPUT, main
from swiss.model import Colour, Player, Scoring, TrfError
from swiss.team import c046
from swiss.team.generate import Rates, new_event, rounds
from swiss.team.model import MatchScoring, Outcome, Preferences, Primary
from swiss.trf import decode_trf, read_player_line, read_team_trf, write_team_trf

CORPUS = Path(__file__).parents[2] / "corpus" / "team-c046"


def test_a_team_file_gives_each_team_its_rounds_scores_and_colours() -> None:
    state = read_team_trf(decode_trf((CORPUS / "case-0005.trf").read_bytes()))
    assert (state.round_to_pair, state.total_rounds, state.boards) == (2, 10, 4)
    assert (state.primary, state.preferences, state.initial_colour) == (
        Primary.GAME_POINTS,
        Preferences.TYPE_A,
        Colour.BLACK,
    )
    first = state.team(1)
    assert first.roster == (1, 2, 3, 4)
    (only,) = first.history
    assert (only.outcome, only.opponent, only.colour) == (Outcome.PLAYED, 9, Colour.BLACK)
    assert (only.match_points, only.game_points) == (Fraction(2), Fraction(7, 2))
    # Team 4 lost every board by forfeit to team 12, which the 330 record makes a forfeited match.
    assert state.team(4).history[0].outcome is Outcome.FORFEIT_LOSS
    assert state.team(12).history[0].outcome is Outcome.FORFEIT_WIN


def test_the_byes_and_the_teams_absent_next_round_are_read() -> None:
    state = read_team_trf(decode_trf((CORPUS / "case-0004.trf").read_bytes()))
    outcomes = {r.outcome for team in state.teams for r in team.history}
    assert {Outcome.HALF_BYE, Outcome.ZERO_BYE} <= outcomes
    assert len(state.absent) == 1


def test_totals_that_disagree_with_the_rounds_are_refused_with_their_line(tmp_path: Path) -> None:
    lines = (CORPUS / "case-0005.trf").read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("310   1 "))
    lines[number] = lines[number][:54] + "   1.0" + lines[number][60:]
    with pytest.raises(TrfError) as error:
        read_team_trf("\n".join(lines))
    assert (error.value.line, error.value.column) == (number + 1, 55)
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines))
    assert main(["pair", "--system", "team-c046", str(bad)]) == INVALID_INPUT


def test_lineups_out_of_roster_order_and_forbidden_pairs_survive_the_file() -> None:
    state = read_team_trf(decode_trf((CORPUS / "case-0005.trf").read_bytes()))
    first = state.team(1)
    played = first.history[0]
    swapped = replace(played, lineup=(played.lineup[1], played.lineup[0], *played.lineup[2:]))
    reserve = replace(state.team(2), roster=(*state.team(2).roster, 500))
    teams = (replace(first, history=(swapped,)), reserve, *state.teams[2:])
    changed = replace(state, teams=teams, lineups={2: (5, 6, 8, 500)}, forbidden=frozenset({(1, 3)}))
    text = write_team_trf(changed)
    assert "300 001 001 009    2    1    3    4" in text
    again = read_team_trf(text)
    assert again.team(1).history[0].lineup == (2, 1, 3, 4)
    assert again.lineups == {2: (5, 6, 8, 500)}
    assert again.forbidden == frozenset({(1, 3)})


def test_match_points_other_than_2_1_0_are_read_from_record_362() -> None:
    rng = random.Random(5)
    state = replace(new_event(rng, 8, 4, 5), scoring=MatchScoring(win=Fraction(3)))
    for before, _ in rounds(rng, state, c046.pair, Rates(match_forfeit=0.2)):
        state = before
    text = write_team_trf(state)
    assert "362 TW 3.0 TD 1.0 TL 0.0" in text
    again = read_team_trf(text)
    assert again.teams == state.teams
    assert {r.match_points for t in again.teams for r in t.played} <= {Fraction(0), Fraction(1), Fraction(3)}
    assert Fraction(3) in {r.match_points for t in again.teams for r in t.history}


def test_game_points_per_board_other_than_fides_are_written_and_read_back() -> None:
    rng = random.Random(8)
    games = Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), half_bye=Fraction(1))
    state = replace(new_event(rng, 8, 4, 5), board_scoring=games)
    for before, _ in rounds(rng, state, c046.pair, Rates(match_forfeit=0.2, board_forfeit=0.1, half_bye=0.1)):
        state = before
    text = write_team_trf(state)
    assert "162  W 3.0    D 1.0" in text
    again = read_team_trf(text)
    assert again.board_scoring == games
    assert again.teams == state.teams
    assert any(r.game_points > state.boards for t in again.teams for r in t.played)  # 3 for a won board


def _as_trf16_teams(text: str) -> str:
    """The file with its 310 team lines written as TRF-16 013 lines (name, then the members)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("310"):
            name = line[8:40].strip()
            members = [int(line[c : c + 4]) for c in range(73, len(line.rstrip()), 5)]
            line = f"013 {name:<32}" + "".join(f"{m:>4} " for m in members).rstrip()
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_a_trf16_file_with_013_team_lines_reads_and_pairs_as_its_310_twin() -> None:
    text = decode_trf((CORPUS / "case-0010.trf").read_bytes())
    modern, old = read_team_trf(text), read_team_trf(_as_trf16_teams(text))
    assert [(t.number, t.name, t.roster, t.history) for t in old.teams] == [
        (t.number, t.name, t.roster, t.history) for t in modern.teams
    ]
    assert c046.pair(old) == c046.pair(modern)


def test_abnormal_points_set_or_adjust_a_rounds_points_and_survive_a_round_trip() -> None:
    state = read_team_trf(decode_trf((CORPUS / "case-0010.trf").read_bytes()))
    first, second = state.team(1), state.team(2)
    # A penalty of 2 match points in round 1 for team 1; team 2's round 3 scored as a forfeit win.
    penalised = replace(
        first.history[0],
        match_points=first.history[0].match_points - 2,
        abnormal=(" ", Fraction(-2), Fraction(0)),
    )
    awarded = replace(
        second.history[2],
        match_points=Fraction(2),
        game_points=Fraction(4),
        abnormal=("+", Fraction(2), Fraction(4)),
    )
    teams = {
        1: replace(first, history=(penalised, *first.history[1:])),
        2: replace(second, history=(*second.history[:2], awarded, *second.history[3:])),
    }
    changed = replace(state, teams=tuple(teams.get(t.number, t) for t in state.teams))
    text = write_team_trf(changed)
    assert "299    -2.0   0.0  001    1" in text and "299 +   2.0   4.0  003    2" in text
    again = read_team_trf(text)
    assert again.team(1).match_points == first.match_points - 2
    assert again.team(2).history[2].match_points == 2 and again.team(2).history[2].game_points == 4
    assert [t.history for t in again.teams] == [t.history for t in changed.teams]


def test_a_299_record_for_every_round_counts_once_from_round_one() -> None:
    text = decode_trf((CORPUS / "case-0010.trf").read_bytes())
    state = read_team_trf(text)
    before = state.team(3).match_points
    lines = [
        line if not line.startswith("310   3") else line[:54] + f"{float(before - 1):>6.1f}" + line[60:]
        for line in text.splitlines()
    ]
    lines.append("299    -1.0   0.0  000    3")
    adjusted = read_team_trf("\n".join(lines) + "\n")
    assert adjusted.team(3).match_points == before - 1
    assert (
        adjusted.team(3).score(Primary.MATCH_POINTS, rounds=1)
        == state.team(3).score(Primary.MATCH_POINTS, rounds=1) - 1
    )


def test_the_team_writer_writes_who_each_player_is_and_the_header_given() -> None:
    """The players' own 001 columns and the tournament's header records, without text edits after."""
    state = read_team_trf(decode_trf((CORPUS / "case-0005.trf").read_bytes()))
    players = {
        1: Player(
            1,
            "Wójcik, Anna",
            2412,
            sex="f",
            title="WGM",
            federation="POL",
            fide_id="1111111",
            birth_date="2001/02/03",
        )
    }
    text = write_team_trf(state, players=players, header=[("022", "Basel"), ("042", "2026/05/01")])
    lines = text.splitlines()
    assert lines[1:3] == ["022 Basel", "042 2026/05/01"]
    first = read_player_line(next(line for line in lines if line.startswith("001    1")))
    assert (first.name, first.rating, first.title, first.federation, first.birth_date) == (
        "Wójcik, Anna",
        2412,
        "WGM",
        "POL",
        "2001/02/03",
    )
    assert read_team_trf(text).teams == state.teams
    # Without an initial colour no 152 record: the engines' default is White, as for 152 W.
    assert "\n152 " not in write_team_trf(replace(state, initial_colour=None))
