"""FIDE mode (C.04.A): the default for new tournaments; what FIDE does not allow (full-point
byes on request, systems and accelerations it has not approved) is off by default, and an
arbiter who enables it is warned, not prevented."""

from __future__ import annotations

from pairing import actions, registration
from tournaments.models import Seat, Tournament

from .conftest import url
from .test_tournament_settings import NEW


def _messages(response) -> list[str]:  # type: ignore[no-untyped-def]
    """The messages the page after the redirect shows (it consumes them)."""
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_a_new_tournament_is_in_fide_mode_with_full_point_byes_off(arbiter_client):
    page = arbiter_client.get("/arbiter/new/").content.decode()
    assert 'name="fide_mode"' in page and 'id="id_fide_mode" checked' in page
    assert 'name="allow_full_point_byes"' in page and 'id="id_allow_full_point_byes" checked' not in page
    response = arbiter_client.post("/arbiter/new/", {**NEW, "fide_mode": "on"}, follow=True)
    assert response.status_code == 200
    tournament = Tournament.objects.get(slug="club-test")
    assert tournament.fide_mode and not tournament.allow_full_point_byes
    assert not [m for m in _messages(response) if "FIDE mode" in m]
    assert Tournament(name="x").fide_mode  # the model's default too


def test_in_fide_mode_a_requested_full_point_bye_is_refused_and_nothing_is_recorded(
    tournament, field, arbiter
):
    assert tournament.fide_mode
    try:
        registration.record_absence(field[0], arbiter, 1, Seat.Absence.FULL_BYE)
    except actions.ActionError as error:
        assert "full-point byes on request are off" in error.messages[0]
    else:
        raise AssertionError("the full-point bye was recorded in FIDE mode")
    assert not Seat.objects.filter(entrant=field[0], absence=Seat.Absence.FULL_BYE).exists()
    registration.record_absence(field[0], arbiter, 1, Seat.Absence.HALF_BYE)  # allowed


def test_enabling_full_point_byes_warns_and_then_allows_them(arbiter_client, tournament, field, arbiter):
    edit = {**NEW, "slug": tournament.slug, "fide_mode": "on", "allow_full_point_byes": "on"}
    response = arbiter_client.post(url("tournament-edit", tournament), edit, follow=True)
    assert response.redirect_chain
    assert "FIDE mode: Full-point byes on request are not allowed by FIDE." in _messages(response)
    tournament.refresh_from_db()
    registration.record_absence(field[1], arbiter, 1, Seat.Absence.FULL_BYE)
    assert Seat.objects.filter(entrant=field[1], absence=Seat.Absence.FULL_BYE).exists()
    # Saving again without touching those settings warns no more.
    response = arbiter_client.post(url("tournament-edit", tournament), {**edit, "place": "Thun"}, follow=True)
    assert not [m for m in _messages(response) if "FIDE mode" in m]


def test_a_system_or_acceleration_fide_has_not_approved_warns_in_fide_mode_only(arbiter_client, tournament):
    edit = {**NEW, "slug": tournament.slug, "fide_mode": "on", "acceleration": "abcd"}
    response = arbiter_client.post(url("tournament-edit", tournament), edit, follow=True)
    assert response.redirect_chain
    assert "FIDE mode: A/B/C/D (national / non-FIDE) is not a FIDE-approved acceleration." in _messages(
        response
    )
    edit = {**edit, "acceleration": "none", "pairing_system": "us-chess", "tiebreaks": ""}
    response = arbiter_client.post(url("tournament-edit", tournament), edit, follow=True)
    assert "FIDE mode: US Chess is not a FIDE-approved pairing system." in _messages(response)
    # Outside FIDE mode (a national event) nothing warns, and full-point byes are allowed.
    response = arbiter_client.post(url("tournament-edit", tournament), {**edit, "fide_mode": ""}, follow=True)
    assert not [m for m in _messages(response) if "FIDE mode" in m]
    tournament.refresh_from_db()
    assert not tournament.fide_mode and tournament.full_point_byes_allowed()
