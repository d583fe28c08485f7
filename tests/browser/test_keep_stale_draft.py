"""Keeping a stale draft asks first, by the static confirm script: the policy blocks inline handlers."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from pairing import actions, publishing, results
from tournaments.models import AuditRecord

expect.set_options(timeout=20_000)


@pytest.mark.django_db(transaction=True)
def test_keep_this_stale_draft_asks_and_no_keeps_nothing(
    page: Page, live_server, client, tournament, players, arbiter
):
    first = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(first, arbiter, confirmed=True)
    results.record_results(first, arbiter, {b.number: "1-0" for b in first.boards.all() if not b.is_bye})
    draft = actions.pair_next_round(tournament, arbiter)
    # A correction to round 1 after round 2 was drafted: the draft is stale.
    results.record_results(first, arbiter, {1: "0-1"})
    client.force_login(arbiter)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    questions: list[str] = []

    def dismiss(dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/rounds/2/")
    expect(page.locator("#stale-draft")).to_be_visible()
    page.click("#stale-draft button[name=keep]")
    assert questions == ["Keep this draft although what it was paired from changed?"]
    expect(page.locator("#stale-draft")).to_be_visible()
    assert not AuditRecord.objects.filter(object_id=str(draft.pk), after__has_key="kept").exists()
    page.remove_listener("dialog", dismiss)

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#stale-draft button[name=keep]")
    expect(page.locator("text=The draft of round 2 is kept as it is.")).to_be_visible()
    assert AuditRecord.objects.filter(object_id=str(draft.pk), after__has_key="kept").exists()
    assert blocked == []
