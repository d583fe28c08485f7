"""The demo tournament that the README's run command serves."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from tournaments.models import Round, Tournament


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


def test_loading_the_demo_twice_replaces_it_and_the_arbiter_can_sign_in(client, db):
    load_demo()
    load_demo("--password", "second")
    assert Tournament.objects.filter(slug="demo-open").count() == 1
    assert client.login(username="arbiter", password="second")
