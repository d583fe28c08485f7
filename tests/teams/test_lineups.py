"""The lineup round: one form for all teams of a round, statuses, closing, release, and refusals."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from pairing import actions, publishing, results
from tournaments.bridge.lineups import round_lineups
from tournaments.models import AuditRecord, Entrant, Round


def url(name: str, tournament: Any, *args: Any) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug, *args])


def form_data(tournament: Any, number: int, **changes: list[Any]) -> dict[str, object]:
    """The lineups form of round `number` as shown, with `changes` (team name: players) handed in."""
    shown = round_lineups(tournament, number)
    data: dict[str, object] = {}
    for team in tournament.teams.all():
        players = changes.get(team.name, shown[team.pk].players)
        for board, player in enumerate(players, start=1):
            data[f"team-{team.pk}-board_{board}"] = player.pk
        if team.name in changes or shown[team.pk].entered:
            data[f"team-{team.pk}-handed_in"] = "on"
    return data


def status_of(page: str, team: Any) -> str:
    fieldset = page[page.index(f'id="lineup-{team.pairing_number}"') :]
    fieldset = fieldset[fieldset.index('class="lineup-status') :]
    return fieldset[fieldset.index(">") + 1 : fieldset.index("</small>")]


def test_an_arbiter_puts_the_reserve_in_and_the_draft_seats_them(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    first, _, reserve = basel.roster()
    page = client.get(url("lineups", team_event, 1)).content.decode()
    assert status_of(page, basel) == "missing"
    rnd = actions.pair_next_round(team_event, arbiter)
    posted = form_data(team_event, 1, Basel=[first, reserve])
    assert client.post(url("lineups", team_event, 1), posted).status_code == 302
    seated = rnd.seats.filter(entrant__team=basel).order_by("board_number")
    assert [s.entrant for s in seated] == [first, reserve]
    page = client.get(url("lineups", team_event, 1)).content.decode()
    assert status_of(page, basel) == "entered" and status_of(page, teams[1]) == "missing"
    record = AuditRecord.objects.filter(object_type="tournaments.round").latest("pk")
    assert record.before == {"lineups": {"Basel": "default"}}
    assert record.after == {"lineups": {"Basel": [first.pk, reserve.pk]}}


def test_a_lineup_out_of_roster_order_is_refused_and_nothing_is_saved(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel, bern = teams[0], teams[1]
    first, second, _ = basel.roster()
    posted = form_data(team_event, 1, Basel=[second, first], Bern=list(bern.roster()[:2]))
    response = client.post(url("lineups", team_event, 1), posted, follow=True)
    assert "does not keep the roster" in response.content.decode()
    # Bern's lineup, valid, is not kept either: one save for the round, all or nothing.
    assert not team_event.rounds.get(number=1).lineup_boards.exists()


def test_an_incomplete_lineup_is_flagged_before_pairing_and_the_pairing_says_why(
    client: Any, team_event: Any, teams: list[Any], make_team: Any, arbiter: Any
) -> None:
    client.force_login(arbiter)
    short = make_team("Zug", 1900, players=1)
    page = client.get(url("tournament", team_event)).content.decode()
    assert 'id="lineup-problems"' in page and "Zug lines up 1 players for 2 boards." in page
    response = client.post(url("pair", team_event), {"round": 1}, follow=True)
    assert "lines up 1 players for 2 boards" in response.content.decode()
    assert not team_event.rounds.get(number=1).matches.exists()
    Entrant.objects.create(tournament=team_event, name="Zug 2", pairing_number=99, team=short, board_order=2)
    assert 'id="lineup-problems"' not in client.get(url("tournament", team_event)).content.decode()


def test_a_paired_round_keeps_full_lineups_only(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    rnd = actions.pair_next_round(team_event, arbiter)
    seated = list(rnd.seats.filter(entrant__team=basel).order_by("board_number"))
    posted = form_data(team_event, 1, Basel=[basel.roster()[0]])
    response = client.post(url("lineups", team_event, 1), posted, follow=True)
    assert "needs 2 players" in response.content.decode()
    assert list(rnd.seats.filter(entrant__team=basel).order_by("board_number")) == seated


def test_after_the_pairing_is_published_the_lineups_are_entered_closed_and_released(
    client: Any, team_event: Any, teams: list[Any], arbiter: Any
) -> None:
    """The lineup round (docs/rules.md): pairing published, lineups handed in, closed, released."""
    client.force_login(arbiter)
    basel = teams[0]
    first, _, reserve = basel.roster()
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    public_round = reverse("public:round", args=[team_event.slug, 1])
    assert reserve.name not in client.get(public_round).content.decode()
    assert (
        client.post(
            url("lineups", team_event, 1), form_data(team_event, 1, Basel=[first, reserve])
        ).status_code
        == 302
    )
    # The published match is seated again with the lineup handed in: same boards, new player.
    match = (
        rnd.matches.get(white=basel)
        if rnd.matches.filter(white=basel).exists()
        else rnd.matches.get(black=basel)
    )
    assert reserve in [g.white for g in match.games()] + [g.black for g in match.games()]
    page = client.get(url("lineups", team_event, 1)).content.decode()
    assert status_of(page, basel) == "entered"
    other = match.black if match.white == basel else match.white
    assert status_of(page, other) == "missing"
    # Handed in but not released: players see the match, not its lineups.
    html = client.get(public_round).content.decode()
    assert reserve.name not in html and "not released yet" in html
    client.post(url("lineups-close", team_event, 1), {"release": ""})
    rnd.refresh_from_db()
    assert rnd.lineups == Round.Lineups.RELEASED
    page = client.get(url("lineups", team_event, 1)).content.decode()
    assert status_of(page, other) == "default from the roster" and "are closed" in page
    html = client.get(public_round).content.decode()
    assert reserve.name in html
    assert f"No lineup handed in, the default (roster order) plays: <bdi>{other.name}</bdi>" in html
    refused = client.post(
        url("lineups", team_event, 1), form_data(team_event, 1, Basel=list(basel.roster()[:2])), follow=True
    )
    assert "are closed" in refused.content.decode()
    assert [e.pk for e in round_lineups(team_event, 1)[basel.pk].players] == [first.pk, reserve.pk]
    record = AuditRecord.objects.filter(object_type="tournaments.round").latest("pk")
    assert (record.before, record.after) == ({"lineups": "open"}, {"lineups": "released"})


def test_a_result_closes_the_lineups(client: Any, team_event: Any, teams: list[Any], arbiter: Any) -> None:
    client.force_login(arbiter)
    basel = teams[0]
    first, _, reserve = basel.roster()
    rnd = actions.pair_next_round(team_event, arbiter)
    publishing.publish_round(rnd, arbiter)
    results.record_results(rnd, arbiter, {rnd.boards.order_by("number").first().number: "1-0"})
    response = client.post(
        url("lineups", team_event, 1), form_data(team_event, 1, Basel=[first, reserve]), follow=True
    )
    assert "has results" in response.content.decode()
    assert not rnd.lineup_boards.exists()
