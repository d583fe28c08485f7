"""Entering and importing entrants, pairing numbers, byes, withdrawals and pairs kept apart."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from pairing import actions, registration
from tournaments.bridge.state import pairing_state
from tournaments.models import Entrant, ForbiddenPair

from .conftest import play_round

GOOD = 'name,rating,title,federation,fide_id\n"Keller, Anna",2100,,SUI,100\n"Meier, Lukas",2300,FM,SUI,101\n'
BAD = 'name,rating,federation\n"Keller, Anna",2100,SUI\n,2300,SUI\n"Roth, Jan",strong,SUI\n'


def url(name: str, tournament) -> str:
    return reverse(f"arbiter:{name}", args=[tournament.slug])


def test_quick_entry_numbers_players_by_rating_and_shows_errors_inline(arbiter_client, tournament):
    arbiter_client.post(url("entrants", tournament), {"name": "Low, Rated", "fide_rating": 1500})
    arbiter_client.post(url("entrants", tournament), {"name": "High, Rated", "fide_rating": 2500})
    assert list(tournament.entrants.values_list("name", "pairing_number")) == [
        ("High, Rated", 1),
        ("Low, Rated", 2),
    ]
    page = arbiter_client.post(
        url("entrants", tournament), {"name": "", "fide_rating": "x"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert page.strip().startswith('<div id="entrants">') and "This field is required" in page


def test_an_import_with_a_bad_line_marks_each_and_saves_nothing(arbiter_client, tournament):
    response = arbiter_client.post(
        url("entrants-import", tournament), {"file": SimpleUploadedFile("p.csv", BAD.encode())}
    )
    page = response.content.decode()
    assert "2 lines are wrong; nothing was imported" in page
    assert page.count('class="bad"') == 2 and "do-import" not in page
    assert not tournament.entrants.exists()


def test_an_import_is_previewed_then_saved_on_confirmation(arbiter_client, tournament):
    preview = arbiter_client.post(
        url("entrants-import", tournament), {"file": SimpleUploadedFile("p.csv", GOOD.encode())}
    )
    assert "Import 2 entrants" in preview.content.decode() and not tournament.entrants.exists()
    arbiter_client.post(url("entrants-import", tournament), {"text": GOOD, "confirm": "on"})
    assert list(tournament.entrants.values_list("name", "pairing_number", "title")) == [
        ("Meier, Lukas", 1, "FM"),
        ("Keller, Anna", 2, ""),
    ]


def test_a_trf_file_imports_its_player_lines(arbiter_client, tournament):
    # Columns as TRF-16 fixes them: sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, id 58-68.
    line = f"001    1 m{'m':>3} {'Surname, Given':<33} 2400 SUI {'1234567':>11} 1990/01/01"
    arbiter_client.post(url("entrants-import", tournament), {"text": f"012 Test\n{line}\n", "confirm": "on"})
    entrant = tournament.entrants.get()
    assert (entrant.name, entrant.title, entrant.fide_rating, entrant.fide_id) == (
        "Surname, Given",
        "IM",
        2400,
        "1234567",
    )


def test_a_late_entry_takes_its_place_and_misses_the_rounds_before(
    tournament, players, arbiter, make_entrant
):
    from tests.pairing.conftest import play_round

    play_round(actions.pair_next_round(tournament, arbiter), arbiter)
    late = Entrant(name="Late, Strong", fide_rating=2600)
    registration.add_entrants(tournament, arbiter, [late])
    late.refresh_from_db()
    assert late.pairing_number == 1
    state = pairing_state(tournament)
    assert state.players[0].history[0].code.value == "Z"
    rnd = actions.pair_next_round(tournament, arbiter)
    assert rnd.seats.filter(entrant=late, board_number__isnull=False).exists()


def test_requested_byes_withdrawals_and_pairs_kept_apart_shape_the_pairing(
    arbiter_client, tournament, players
):
    first, second = players[0], players[1]
    arbiter_client.post(
        reverse("arbiter:entrant-absence", args=[tournament.slug, players[5].pk, "bye"]),
        {"round": 1, "kind": "half-bye"},
    )
    arbiter_client.post(
        reverse("arbiter:entrant-absence", args=[tournament.slug, players[4].pk, "withdraw"]), {"round": 1}
    )
    arbiter_client.post(
        url("forbidden-pairs", tournament), {"first": second.pk, "second": first.pk, "reason": "siblings"}
    )
    assert ForbiddenPair.objects.filter(first=first, second=second).exists()
    arbiter_client.post(url("pair", tournament))
    rnd = tournament.rounds.get(number=1)
    paired = {(b.white.pk, b.black.pk if b.black else None) for b in rnd.boards_with_seats()}
    on_boards = {e for pair in paired for e in pair if e}
    assert players[5].pk not in on_boards and players[4].pk not in on_boards
    assert (first.pk, second.pk) not in paired and (second.pk, first.pk) not in paired


def test_a_trf_line_with_a_bad_rating_is_marked_and_nothing_is_saved(arbiter_client, tournament):
    good = f"001    1 m    {'Surname, Given':<33} 2400"
    bad = f"001    2 m    {'Other, Name':<33} 24x0"
    preview = arbiter_client.post(
        url("entrants-import", tournament),
        {"file": SimpleUploadedFile("p.trf", f"012 Test\n{good}\n{bad}\n".encode())},
    )
    assert (
        "line 3, column 49" in preview.content.decode()
        or "rating in columns 49-52" in preview.content.decode()
    )
    arbiter_client.post(
        url("entrants-import", tournament), {"text": f"012 Test\n{good}\n{bad}\n", "confirm": "on"}
    )
    assert not tournament.entrants.exists()


def test_the_entrants_page_shows_each_players_byes_withdrawal_and_late_entry(
    arbiter_client, tournament, players
):
    bye = reverse("arbiter:entrant-absence", args=[tournament.slug, players[5].pk, "bye"])
    response = arbiter_client.post(bye, {"round": 2, "kind": "half-bye"}, follow=True)
    page = response.content.decode()
    assert f"{players[5].name}: a ½-point bye in round 2." in page  # the confirmation
    withdraw = reverse("arbiter:entrant-absence", args=[tournament.slug, players[4].pk, "withdraw"])
    arbiter_client.post(withdraw, {"round": 3})
    play_round(
        actions.pair_next_round(tournament, players[0].tournament.chief_arbiter), tournament.chief_arbiter
    )
    late = registration.add_entrants(
        tournament, tournament.chief_arbiter, [Entrant(name="Late, Lou", fide_rating=1000)]
    )
    assert late == 0
    page = arbiter_client.get(url("entrants", tournament)).content.decode()

    def state(entrant):
        row = page.split(f'id="entrant-{entrant.pk}"')[1].split("</tr>")[0]
        return row.split('class="states">')[1].split("</td>")[0]

    assert "½-point bye in round 2" in state(players[5])
    assert "withdrawn from round 3" in state(players[4]) and "round 4" not in state(players[4])
    lou = tournament.entrants.get(name="Late, Lou")
    assert "late entry: not paired in round 1" in state(lou)
    assert "plays every round" in state(players[0])


def test_an_htmx_entry_carries_its_message_and_the_next_page_does_not_repeat_it(arbiter_client, tournament):
    response = arbiter_client.post(
        url("entrants", tournament), {"name": "Vogel, Martina", "fide_rating": "1900"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert 'id="entrants"' in page and "<html" not in page  # the partial
    oob = page.split('<div id="messages" hx-swap-oob="true"')[1]
    assert "Vogel, Martina entered." in oob
    assert "Vogel, Martina entered." not in arbiter_client.get(url("entrants", tournament)).content.decode()
