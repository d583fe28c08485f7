"""The TRF-2026 team export: read back it is the same event, and the engine CLI pairs it as the app does."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pairing import actions, lineups, publishing, results, tasks
from swiss.model import TrfError
from tournaments.bridge.team_trf import import_team_trf, team_trf
from tournaments.bridge.teams import team_state
from tournaments.models import LineupBoard, Tournament


def play(tournament: Tournament, arbiter: Any, number: int) -> None:
    """Pair and publish round `number`; results vary by match, match 2 of round 2 is forfeited."""
    rnd = actions.pair_next_round(tournament, arbiter)
    assert rnd.number == number
    publishing.publish_round(rnd, arbiter, confirmed=True)
    lineups.release_lineups(rnd, arbiter)
    for match in rnd.matches.exclude(black=None).order_by("number"):
        if number == 2 and match.number == 2:
            results.forfeit_match(rnd, arbiter, match.number, "+-")
            continue
        codes = ["1-0", "1/2", "0-1", "-+"][(number + match.number) % 4 :] + ["1/2", "1-0"]
        results.record_results(rnd, arbiter, {b.number: codes[i] for i, b in enumerate(match.games())})


@pytest.fixture
def three_rounds(team_event: Any, teams: list[Any], arbiter: Any) -> Tournament:
    """Rounds 1-3 played, with the reserve of Basel on board 2 in round 2."""
    play(team_event, arbiter, 1)
    basel = teams[0]
    first, _, reserve = basel.roster()
    round_two = team_event.rounds.get(number=2)
    LineupBoard.objects.create(round=round_two, team=basel, board=1, entrant=first)
    LineupBoard.objects.create(round=round_two, team=basel, board=2, entrant=reserve)
    play(team_event, arbiter, 2)
    play(team_event, arbiter, 3)
    return team_event


def matches(t: Tournament, number: int) -> list[tuple[Any, ...]]:
    """Round `number`'s matches: teams, forfeit and each board's players and result."""
    return [
        (
            m.number,
            m.white.pairing_number,
            m.black and m.black.pairing_number,
            m.forfeit,
            [(b.white.name, b.black.name, b.result) for b in m.games()],
        )
        for m in t.rounds.get(number=number).matches.order_by("number")
    ]


def test_importing_the_export_reproduces_teams_rosters_matches_lineups_and_results(
    three_rounds: Tournament,
) -> None:
    text = team_trf(three_rounds)
    copy = import_team_trf(text, slug="copy", start_date=datetime.date(2026, 5, 1))
    assert copy.pairing_system == three_rounds.pairing_system and copy.boards == 2
    original, again = team_state(three_rounds, 4), team_state(copy, 4)
    assert [(t.number, t.name, t.roster, t.history) for t in again.teams] == [
        (t.number, t.name, t.roster, t.history) for t in original.teams
    ]
    for number in (1, 2, 3):
        assert matches(copy, number) == matches(three_rounds, number)
    basel = copy.teams.get(name="Basel")
    played = copy.rounds.get(number=2).seats.filter(entrant__team=basel).order_by("board_number")
    assert [s.entrant.name for s in played] == ["Basel 1", "Basel 3"]
    # Arbiters are accounts, not file data (102, 112): everything else is written back the same.
    assert team_trf(copy) == "".join(line for line in text.splitlines(True) if not line.startswith("102"))


def cli_pairing(text: str, tmp_path: Path) -> list[str]:
    """What `python -m swiss pair --system team-c046` prints for the team file `text`."""
    path = tmp_path / "team.trf"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-m", "swiss", "pair", "--system", "team-c046", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def match_lines(rnd: Any) -> list[str]:
    """The round's matches as the engine prints a pairing: their number, then "white black" each."""
    app = [
        f"{m.white.pairing_number} {m.black.pairing_number if m.black else 0}"
        for m in rnd.matches.order_by("number")
    ]
    return [str(len(app)), *app]


def assert_cli_pairs_as_the_app(tournament: Tournament, arbiter: Any, tmp_path: Path) -> None:
    """`python -m swiss pair --system team-c046` pairs the arbiter's file as the app pairs its next round."""
    printed = cli_pairing(team_trf(tournament), tmp_path)
    assert printed == match_lines(actions.pair_next_round(tournament, arbiter))


def test_the_engine_cli_pairs_the_exported_file_exactly_as_the_app(
    three_rounds: Tournament, arbiter: Any, tmp_path: Path
) -> None:
    assert_cli_pairs_as_the_app(three_rounds, arbiter, tmp_path)


def test_a_malformed_team_file_names_its_line_and_saves_nothing(db: None) -> None:
    with pytest.raises(TrfError) as error:
        import_team_trf(
            "012 Broken\n142 5\n310   1 Basel\n", slug="broken", start_date=datetime.date(2026, 5, 1)
        )
    assert error.value.line >= 1
    assert not Tournament.objects.filter(slug="broken").exists()


def test_the_arbiters_downloads_are_the_team_file_and_every_games_result(
    client: Any, three_rounds: Tournament, arbiter: Any
) -> None:
    from django.urls import reverse

    from tournaments.models import Team

    Team.objects.filter(name="Basel").update(name="=HYPERLINK(1)")
    client.force_login(arbiter)
    trf = client.get(reverse("arbiter:export-trf", args=[three_rounds.slug])).content.decode()
    assert trf.startswith("012 Team Cup") and "\n310   1 =HYPERLINK(1)" in trf
    rows = client.get(reverse("arbiter:export-board-results", args=[three_rounds.slug])).content.decode()
    lines = rows.splitlines()
    assert lines[0].startswith('"round","match","board","white team"')
    # Three rounds of two matches of two boards; the formula-like name is neutralised.
    assert len(lines) == 1 + 3 * 2 * 2
    assert '"\'=HYPERLINK(1)"' in rows and '"1-0 forfeit"' in rows


def test_a_recheck_of_a_team_event_pairs_every_round_again(three_rounds: Tournament, arbiter: Any) -> None:
    job = tasks.request_recheck(three_rounds, arbiter)
    assert [(r["round"], r["agrees"]) for r in job.result["rounds"]] == [(1, True), (2, True), (3, True)]
