"""An arbiter who reads Spanish (issue 27): he chooses it with the switcher, then pairs a round,
reviews it (a finding and its "why?"), publishes it and enters its results, every page in Spanish.

The words looked for are the glossary's (docs/glossary-es.md), matched loosely rather than as the
catalogue's exact sentences; the players' names are made-up words, so an English word on a page
can only be the page's own.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pairing import actions, publishing, results
from tournaments.models import Board, LanguagePreference

from .conftest import sign_in

expect.set_options(timeout=20_000)

# English words of these pages that no Spanish page holds (whole words, any case).
ENGLISH = re.compile(
    r"\b(round|board|boards|pair|publish|published|results|standings|why|entrants|settings)\b", re.I
)


def spanish(page: Page, *words: str) -> None:
    """The page is in Spanish: its <html lang>, the glossary's `words` in it, no English word."""
    expect(page.locator("html")).to_have_attribute("lang", "es")
    text = page.locator("body").inner_text()
    for word in words:
        assert re.search(word, text, re.I), f"{page.url}: no {word!r}"
    assert not ENGLISH.findall(text), f"{page.url}: {sorted(set(ENGLISH.findall(text)))}"


@pytest.fixture
def round_one_played(tournament: Any, make_entrant: Any, arbiter: Any) -> Any:
    """24 players (made-up names) and round 1 played, so that round 2 has score groups to break."""
    for n in range(24):
        make_entrant(name=f"Zqx{n + 1:02d}, Vrelda", fide_rating=2400 - 20 * n)
    tournament.name = "Quorvalek Zyntra"
    tournament.save()
    rnd = actions.pair_next_round(tournament, arbiter)
    publishing.publish_round(rnd, arbiter, confirmed=True)
    results.record_results(rnd, arbiter, {b.number: "1-0" for b in rnd.boards.all() if not b.is_bye})
    return tournament


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_pairs_reviews_publishes_and_enters_results_in_spanish(
    live_server: Any, page: Page, arbiter: Any, round_one_played: Any
) -> None:
    base = f"{live_server.url}/arbiter/{round_one_played.slug}"
    sign_in(page, live_server.url)
    # The switcher: chosen once, kept on the account.
    page.select_option(".language-switch select", "es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert LanguagePreference.objects.get(user=arbiter).language == "es"

    page.goto(f"{base}/")
    spanish(page, r"\bronda\b", r"emparej")
    page.click("button[name=pair]")
    expect(page.locator("#boards tbody tr.board")).to_have_count(12)
    spanish(page, r"\bronda 2\b", r"\bmesa\b|\btablero\b")

    # A swap that breaks the score groups: the finding, then the engine's explanation of board 1.
    page.fill("#change-swap input[name=board]", "1")
    page.fill("#change-swap input[name=other_board]", "12")
    page.click("#change-swap button[name=apply]")
    expect(page.locator("#draft .findings li").first).to_be_visible()
    why = page.locator("#board-1 td.why a")
    expect(why).to_have_text(re.compile(r"¿por qué\?", re.I))
    why.click()
    expect(page.locator("#explain-1")).not_to_be_empty()
    spanish(page, r"¿por qué\?", r"\bronda\b")

    page.click("button[name=publish]")
    page.check("input[name=confirm]")
    page.click("button[name=publish]")
    expect(page.locator(".messages")).to_contain_text(re.compile(r"publicad", re.I))
    spanish(page, r"publicad")

    page.goto(f"{base}/rounds/2/results/")
    spanish(page, r"resultado")
    selects = page.locator("#results select")
    for index in range(selects.count()):
        selects.nth(index).select_option("1-0")
    page.click("button[name=save]")
    page.wait_for_load_state()
    spanish(page, r"resultado")
    rnd = round_one_played.rounds.get(number=2)
    deadline = time.monotonic() + 20
    while [b for b in rnd.boards.all() if not b.is_bye and b.result == Board.Result.NOT_PLAYED]:
        assert time.monotonic() < deadline, "the results were not saved"
        time.sleep(0.2)
