"""Every team invariant is a message on the teams page, never a server error."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse


@pytest.fixture
def arbiter_client(client: Any, arbiter: Any) -> Any:
    client.force_login(arbiter)
    return client


def test_a_team_name_entered_twice_is_a_message_on_the_form(
    arbiter_client: Any, team_event: Any, teams: Any
) -> None:
    url = reverse("arbiter:teams", args=[team_event.slug])
    response = arbiter_client.post(url, {"add-team": "1", "name": "basel"})
    assert response.status_code == 200
    assert "A team of this name is entered already: basel." in response.content.decode()
    assert team_event.teams.count() == 5


def test_re_seeding_without_teams_says_there_is_nothing_to_number(
    arbiter_client: Any, team_event: Any
) -> None:
    response = arbiter_client.post(reverse("arbiter:teams-reseed", args=[team_event.slug]), follow=True)
    assert response.status_code == 200
    assert "There are no teams to number yet." in response.content.decode()
