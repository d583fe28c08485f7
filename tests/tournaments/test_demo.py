"""The demo tournament that the README's run command serves."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from swiss.dutch import pair
from tournaments.bridge.state import tournament_state
from tournaments.models import Board, Round, Tournament


def load_demo(*args: str) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def test_the_demo_has_forty_rated_players_four_rounds_played_and_a_drafted_fifth(db):
    output = load_demo("--password", "demo-pass")
    demo = Tournament.objects.get(slug="demo-open")
    assert demo.entrants.count() == 40 and not demo.entrants.filter(fide_rating=None).exists()
    states = dict(demo.rounds.values_list("number", "state"))
    assert [states[n] for n in range(1, 6)] == [Round.State.COMPLETE] * 4 + [Round.State.DRAFT]
    assert demo.rounds.get(number=5).boards.count() == 19
    assert "Arbiter login: arbiter / demo-pass" in output


def test_the_demo_never_pairs_the_same_players_twice(db):
    load_demo()
    demo = Tournament.objects.get(slug="demo-open")
    games = [
        frozenset((board.white.pk, board.black.pk))
        for rnd in demo.rounds.all()
        for board in rnd.boards_with_seats()
        if not board.is_bye
    ]
    assert len(games) == len(set(games)) == 4 * 20 - 1 + 19


def test_every_demo_round_is_the_engines_dutch_pairing_of_the_state_before_it(db):
    load_demo()
    demo = Tournament.objects.get(slug="demo-open")
    for rnd in demo.rounds.filter(number__lte=5):
        boards = {
            (b.white.pairing_number, b.black.pairing_number if b.black else None)
            for b in rnd.boards_with_seats()
        }
        expected = {(b.white, b.black) for b in pair(tournament_state(demo, rnd.number)).boards}
        assert boards == expected, f"round {rnd.number}"


def test_the_demo_has_a_forfeit_a_requested_half_bye_a_pairing_allocated_bye_and_draws(db):
    load_demo()
    demo = Tournament.objects.get(slug="demo-open")
    boards = Board.objects.filter(round__tournament=demo, round__number__lte=4)
    assert boards.filter(result=Board.Result.BLACK_FORFEITS).count() == 1
    assert boards.filter(result=Board.Result.DRAW).count() >= 5
    assert demo.rounds.get(number=3).seats.filter(absence="half-bye").count() == 1
    assert [b.is_bye for b in demo.rounds.get(number=3).boards_with_seats()].count(True) == 1


def test_loading_the_demo_twice_replaces_it_and_the_arbiter_can_sign_in(client, db):
    load_demo()
    load_demo("--password", "second")
    assert Tournament.objects.filter(slug="demo-open").count() == 1
    # Through the sign-in page: login throttling needs the request, which client.login() does not give.
    response = client.post("/accounts/login/", {"username": "arbiter", "password": "second"})
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_loading_the_demo_again_keeps_the_arbiters_password_and_prints_none(client, db):
    first = load_demo()
    password = first.split("Arbiter login: arbiter / ")[1].split()[0]
    again = load_demo()
    assert "password unchanged" in again and password not in again
    response = client.post("/accounts/login/", {"username": "arbiter", "password": password})
    assert response.status_code == 302 and "_auth_user_id" in client.session
