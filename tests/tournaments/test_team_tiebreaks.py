"""Team standings and tie-breaks from plain engine records (tournaments.bridge.team_tiebreaks).

The spec's worked example (docs/tiebreaks.md section 3) in match points, hand-computed events for
each rule, and one generated event whose every value was measured with the TEC's gacrux 1.11.65.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from swiss.model import Colour
from swiss.team.model import MatchScoring, Outcome, Primary, Team, TeamRound
from swiss.trf import read_team_trf
from tournaments.bridge.team_tiebreaks import DEFAULT_TEAM_TIEBREAKS, label, standings, team_codes
from tournaments.models.tournament import validate_tiebreaks

W = Colour.WHITE
BOARDS = 4
MIRROR = {Fraction(2): Fraction(0), Fraction(1): Fraction(1), Fraction(0): Fraction(2)}


def match(opponent: int, mp: int, gp: float, outcome: Outcome = Outcome.PLAYED) -> TeamRound:
    return TeamRound(outcome, opponent, W if outcome is Outcome.PLAYED else None, Fraction(mp), Fraction(gp))


def bye(outcome: Outcome, mp: int, gp: float) -> TeamRound:
    return TeamRound(outcome, None, None, Fraction(mp), Fraction(gp))


def mirrored(record: TeamRound, number: int) -> TeamRound:
    outcome = {Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN}.get(
        record.outcome, record.outcome
    )
    return TeamRound(outcome, number, record.colour, MIRROR[record.match_points], BOARDS - record.game_points)


def event(histories: dict[int, list[TeamRound]]) -> list[Team]:
    """Teams from the rounds of some of them; each opponent's side of a match is its mirror."""
    rounds: dict[int, dict[int, TeamRound]] = {n: dict(enumerate(h, 1)) for n, h in histories.items()}
    for number, history in histories.items():
        for index, record in enumerate(history, 1):
            if record.opponent is not None and index not in rounds.setdefault(record.opponent, {}):
                rounds[record.opponent][index] = mirrored(record, number)
    length = max(len(h) for h in histories.values())
    teams = []
    for number, own in sorted(rounds.items()):
        history = tuple(own.get(r, bye(Outcome.ZERO_BYE, 0, 0)) for r in range(1, length + 1))
        teams.append(Team(number, history=history))
    return teams


def worked_example() -> list[Team]:
    """docs/tiebreaks.md section 3 in match points: A (1) beats B, takes a half-point bye, draws C,
    loses to D, beats E.

    B, C, D and E (2-5) finish on 6, 5, 8 and 2 match points (twice the example's 3, 2.5, 4
    and 1) and play every round; their other opponents (10 and up) play only them.
    """
    a = [match(2, 2, 3), bye(Outcome.HALF_BYE, 1, 2), match(3, 1, 2), match(4, 0, 1), match(5, 2, 2.5)]
    histories = {1: a}
    for number, final, met in ((2, 6, 1), (3, 5, 3), (4, 8, 4), (5, 2, 5)):
        rest = final - MIRROR[a[met - 1].match_points]
        history = []
        for rnd in range(1, 6):
            if rnd == met:
                history.append(mirrored(a[met - 1], 1))
                continue
            mp = 2 if rest >= 2 else 1 if rest == 1 else 0
            rest -= mp
            history.append(match(10 * number + rnd, mp, {2: 3, 1: 2, 0: 1}[mp]))
        histories[number] = history
    return event(histories)


def values_of(teams: list[Team], number: int, codes: list[str], **options: object) -> list[Decimal]:
    rows = standings(teams, 5, BOARDS, codes, **options)  # type: ignore[arg-type]
    row = next(r for r in rows if r.number == number)
    return [row.values[c] for c in codes]


def test_the_worked_example_in_match_points_under_both_editions() -> None:
    """Section 3's table, doubled: BH 13.5/13.0, BH-C1 10.5, SB 6.75/6.5 (SB on match points is EMMSB)."""
    teams = worked_example()
    assert [t.match_points for t in teams[:5]] == [6, 6, 5, 8, 2]
    codes = ["BH:MP", "BH:MP-C1", "EMMSB"]
    assert values_of(teams, 1, codes, edition_2026=False) == [27, 21, 27]
    assert values_of(teams, 1, codes, edition_2026=True) == [26, 21, 26]


def test_olympiad_sonneborn_berger_multiplies_each_opponents_match_points_by_the_game_points_scored() -> None:
    """C.07 13.2.2 (EMGSB): 3 x 6 + dummy + 2 x 5 + 1 x 8 + 2.5 x 2 for the worked example's team."""
    teams = worked_example()
    # The half-point bye is a match against a dummy (16.4): own 6 MP in 2024, capped at 5 in 2026, x 2 GP.
    assert values_of(teams, 1, ["EMGSB"], edition_2026=False) == [18 + 12 + 10 + 8 + 5]
    assert values_of(teams, 1, ["EMGSB"], edition_2026=True) == [18 + 10 + 10 + 8 + 5]


def test_a_cut_drops_the_opponent_with_the_fewest_match_points_not_the_smallest_product() -> None:
    """C.07 14.1.2: EMGSB-C1 leaves out the lowest-MP opponent's product, the lowest product among equals."""
    # Team 1 beats 2 (4-0), 3 (2.5-1.5) and 4 (3-1); 2 and 4 finish on 2 MP, 3 on 4 MP.
    teams = event(
        {
            1: [match(2, 2, 4), match(3, 2, 2.5), match(4, 2, 3)],
            2: [match(1, 0, 0), match(5, 2, 3), match(6, 0, 1)],
            3: [match(5, 2, 3), match(1, 0, 1.5), match(6, 2, 3)],
            4: [match(6, 2, 3), match(5, 0, 1), match(1, 0, 1)],
        }
    )
    full = 2 * 4 + 4 * 2.5 + 2 * 3
    assert values_of(teams[:6], 1, ["EMGSB", "EMGSB-C1"], edition_2026=True) == [full, full - 2 * 3]


def test_a_pairing_allocated_bye_counts_as_a_match_against_a_dummy() -> None:
    """C.07 16.4 for teams: the PAB's 2 game points times the dummy's score enter EMGSB; it is no VUR."""
    teams = event(
        {
            1: [bye(Outcome.PAB, 1, 2), match(2, 2, 3), match(3, 0, 1)],
            2: [match(3, 2, 4), mirrored(match(2, 2, 3), 1), match(4, 0, 2)],
            3: [mirrored(match(3, 2, 4), 2), match(4, 2, 3)],
        }
    )
    one = next(t for t in teams if t.number == 1)
    assert one.match_points == 3
    # 2026: the dummy scores min(3, a draw's 1 MP x 3 rounds) = 3; opponent 2 has 2, opponent 3 has 4 MP.
    assert values_of(teams, 1, ["EMGSB", "EMGSB-C1"]) == [3 * 2 + 2 * 3 + 4 * 1, 3 * 2 + 4 * 1]


def test_a_forfeited_match_is_unplayed_and_its_dummy_is_capped_by_the_scheduled_opponent_from_2026() -> None:
    """C.07 16.2.2/16.4.1: a forfeit win scores against a dummy worth min(own score, opponent's score)."""
    forfeit = match(2, 2, 4, Outcome.FORFEIT_WIN)
    teams = event(
        {
            1: [forfeit, match(3, 2, 3), match(4, 2, 3)],
            2: [mirrored(forfeit, 1), match(4, 2, 3), match(3, 0, 1)],
            3: [match(4, 0, 1)],
        }
    )
    assert [t.match_points for t in teams] == [6, 2, 2, 2]
    assert values_of(teams, 1, ["BH:MP"], edition_2026=False) == [6 + 2 + 2]
    assert values_of(teams, 1, ["BH:MP"], edition_2026=True) == [2 + 2 + 2]


def test_an_opponents_requested_byes_it_never_came_back_from_count_as_drawn_matches() -> None:
    """C.07 16.2.5/16.3: team 2 lost to 1 and took two byes: 1 MP each in 2's score for 1's Buchholz.

    Had 2 come back after them (16.2.3), its real points would count.
    """
    rest = {3: [match(4, 1, 2), mirrored(match(3, 0, 2), 1), match(4, 1, 2)]}
    gone = [mirrored(match(2, 2, 3), 1), bye(Outcome.ZERO_BYE, 0, 0), bye(Outcome.HALF_BYE, 1, 2)]
    back = [*gone[:2], match(5, 0, 1)]
    own = [match(2, 2, 3), match(3, 0, 2), match(4, 0, 2)]
    never_back = values_of(event({1: own, 2: gone, **rest}), 1, ["BH:MP"])[0]
    came_back = values_of(event({1: own, 2: back, **rest}), 1, ["BH:MP"])[0]
    assert never_back - came_back == 2  # two draws (1 MP each) instead of a zero bye and a lost match


def test_direct_encounter_ranks_tied_teams_by_their_match_points_then_their_game_points() -> None:
    """C.07 13.3.1: 1 and 2 drew their match, so their game points against each other decide: 2.5-1.5."""
    teams = event(
        {
            1: [match(2, 1, 2.5), match(3, 2, 3), match(4, 0, 1)],
            2: [match(1, 1, 1.5), match(4, 2, 3), match(3, 0, 1)],
        }
    )
    rows = standings(teams, 3, BOARDS, ["EDE"], edition_2026=True)
    assert [r.number for r in rows[:2]] == [1, 2] and rows[0].match_points == rows[1].match_points == 3
    assert [r.place for r in rows[:2]] == ["1", "2"]


def test_direct_encounter_places_a_team_only_when_the_missing_matches_could_not_change_it() -> None:
    """C.07 6.3: 1 beat 2 and 3, who never met: 1 is first whatever; 2 and 3 stay tied."""
    teams = event(
        {
            1: [match(2, 2, 3), match(3, 2, 3), match(4, 0, 0), match(5, 0, 0)],
            2: [match(1, 0, 1), match(6, 2, 4), match(7, 2, 4), match(8, 0, 0)],
            3: [match(6, 2, 4), match(1, 0, 1), match(9, 0, 0), match(7, 2, 4)],
        }
    )
    rows = standings(teams, 4, BOARDS, ["EDE"], edition_2026=True)
    top = [r for r in rows if r.match_points == 4]
    assert [(r.number, r.place) for r in top] == [(1, "1"), (2, "2-3"), (3, "2-3")]


def test_teams_tied_after_every_tie_break_share_a_place_until_the_pairing_number_decides() -> None:
    teams = event({1: [match(2, 1, 2)], 3: [match(4, 1, 2)]})
    assert [r.place for r in standings(teams, 1, BOARDS, ["GP"])] == ["1-4"] * 4
    assert [r.place for r in standings(teams, 1, BOARDS, ["GP", "TPN"])] == ["1", "2", "3", "4"]


def test_game_points_can_be_the_primary_score_with_match_points_as_a_tie_break() -> None:
    teams = event({1: [match(2, 0, 2), match(3, 0, 1.5)], 4: [match(5, 2, 2.5), match(6, 2, 2.5)]})
    rows = standings(teams, 2, BOARDS, ["MP"], primary=Primary.GAME_POINTS)
    assert [r.number for r in rows[:2]] == [4, 1]  # 5 GP each; 4 has the match points


def test_matches_won_count_forfeit_wins_but_not_the_bye() -> None:
    """C.07 7.1/7.2 on match points: WIN counts wins with or without playing, WON over the board."""
    teams = event({1: [match(2, 2, 4, Outcome.FORFEIT_WIN), bye(Outcome.PAB, 1, 2), match(3, 2, 3)]})
    assert values_of(teams, 1, ["WIN", "WON"]) == [2, 1]


def test_every_value_of_a_generated_event_is_the_tec_reference_implementations() -> None:
    """Measured with gacrux 1.11.65 (tiebreakchecker -n 5) on this file: a PAB, a half-point bye, a
    withdrawal, two forfeited matches and forfeited boards, under both editions (042 start date)."""
    state = read_team_trf((Path(__file__).parent / "team_event_gacrux.trf").read_text())
    codes = ["GP", "EMGSB", "EMGSB-C1", "EMMSB", "EGGSB-C1", "BH:MP", "BH:MP-C1", "BH:GP-M1"]
    reference_2026 = {
        1: "14 78 64 46 117.5 31 23 29.5",
        2: "13 71.5 64 38 116.75 27 24 30.5",
        3: "10.5 34.5 24 20 60 23 18 25",
        4: "10 47.5 37 14 65.25 30 27 33",
        5: "7 29 21.5 12 62 22 18 25",
        6: "7.5 27 21 9 46.5 24 21 27.5",
        7: "7.5 24 21 9 45 20 17 22.5",
        8: "0 0 0 0 0 0 0 0",
        9: "7.5 24.5 21.5 9 46.25 17 14 22.5",
    }
    # Only teams 1 and 3 have a dummy the 2026 cap lowers.
    reference_2024 = reference_2026 | {1: "14 94 80 54 138.5 35 27 35.5", 3: "10.5 34.5 24 20 60 24 18 25"}
    for edition_2026, reference in ((True, reference_2026), (False, reference_2024)):
        rows = standings(state.teams, 5, state.boards, codes, edition_2026=edition_2026)
        measured = {r.number: " ".join(str(r.values[c]) for c in codes) for r in rows}
        assert measured == reference


def test_the_default_order_is_olympiad_sonneborn_berger_game_points_and_buchholz() -> None:
    """docs/tiebreaks.md section 4/6: MP, then EMGSB with Cut-1, GP, the opponents' MP with Cut-1."""
    assert DEFAULT_TEAM_TIEBREAKS == ("EMGSB-C1", "GP", "BH:MP-C1")
    assert label("EMGSB-C1") == "Olympiad Sonneborn-Berger (opponents' match points × game points), cut 1"


def test_every_offered_code_is_stored_by_a_tournament_and_computed() -> None:
    validate_tiebreaks(team_codes())
    teams = worked_example()
    rows = standings(teams, 5, BOARDS, team_codes())
    assert rows and all(len(r.values) == len(team_codes()) - 2 for r in rows)


def test_an_unknown_code_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="SSSC"):
        standings(worked_example(), 5, BOARDS, ["SSSC"])


def test_before_any_round_every_team_shares_first_place() -> None:
    rows = standings([Team(1), Team(2)], 0, BOARDS, list(DEFAULT_TEAM_TIEBREAKS))
    assert [r.place for r in rows] == ["1-2", "1-2"]


def test_the_2026_dummy_cap_is_a_drawn_match_in_the_competitions_match_points() -> None:
    """C.07 16.4.2: a bye's dummy scores at most a draw per round: 2 x 3 rounds with 4-2-0 match points."""
    team = Team(1, history=(bye(Outcome.PAB, 2, 2), bye(Outcome.FULL_BYE, 4, 4), bye(Outcome.FULL_BYE, 4, 4)))
    rows = standings([team], 3, BOARDS, ["BH:MP"], scoring=MatchScoring(win=Fraction(4), draw=Fraction(2)))
    assert rows[0].values["BH:MP"] == 3 * min(10, 2 * 3)
    assert standings([team], 3, BOARDS, ["BH:MP"])[0].values["BH:MP"] == 3 * min(10, 1 * 3)
