"""The engine's findings, notes and "why?" reach the review as templates and are worded when shown:
a check stored earlier reads in the language of whoever reads it, and a check stored before findings
had templates (plain English sentences) still shows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from pairing import actions
from pairing.review import Review, round_review
from swiss.messages import Message
from tournaments.bridge import wording

from .conftest import url

# A stand-in catalogue: every template is looked up here, so a sentence worded through it shows the
# marker on every part that came from a template, and none on names and numbers.
MARK = "«T»"


def marked(template: str) -> str:
    return MARK + template


@pytest.fixture
def catalogue() -> Iterator[None]:
    with mock.patch.object(wording, "gettext", marked):
        yield


def test_a_message_keeps_its_template_and_values_through_json() -> None:
    colour = Message("white")
    message = Message("%(player)s gets %(colour)s", {"player": "3 Anna", "colour": colour}, sentence=True)
    assert wording.restored(wording.stored(message)) == message
    assert str(message) == "3 Anna gets white."


def test_a_stored_plain_sentence_shows_as_written_percent_signs_included() -> None:
    assert wording.worded(wording.restored("12 has over 50 % in the last round")) == (
        "12 has over 50 % in the last round"
    )


def test_names_and_numbers_are_put_in_as_they_are_and_nested_templates_are_translated(
    catalogue: None,
) -> None:
    message = Message(
        "%(player)s gets %(colour)s in round %(round)s",
        {
            "player": "%(x)s Anna",
            "colour": Message("white"),
            "round": 3,
        },
    )
    assert wording.worded(message) == f"{MARK}%(x)s Anna gets {MARK}white in round 3"


def test_the_stored_check_keeps_templates_and_the_review_words_them_when_shown(
    draft: Any, arbiter: Any, catalogue: None
) -> None:
    actions.change_draft(draft, arbiter, "swap", 1, 2)
    review = round_review(draft)
    assert isinstance(review, Review)
    manual = [f for f in review.findings if f.rule == "manual"]
    assert manual and all(f.message.startswith(MARK + "paired by hand") for f in manual)
    stored = draft.draft_check["findings"]
    assert all(isinstance(message, dict) and "text" in message for _, _, message, _ in stored)
    assert "paired by hand: the engine pairs %(first)s and %(second)s" in [m["text"] for _, _, m, _ in stored]


def test_a_check_stored_with_plain_sentences_still_shows(
    draft: Any, arbiter: Any, arbiter_client: Any
) -> None:
    actions.change_draft(draft, arbiter, "swap", 1, 2)
    round_review(draft)  # checks and stores the draft
    draft.refresh_from_db()
    old = {
        **draft.draft_check,
        "findings": [[1, "manual", "paired by hand: the engine pairs 1 with 5 and 2 with 6 (50 %)", False]],
        "relaxed": ["1 pair(s) join different score groups: 3–4."],
        "notes": {"1": ["floats down: the bracket could not pair them as well (C.04.3 C.7)"]},
    }
    type(draft).objects.filter(pk=draft.pk).update(draft_check=old)
    draft.refresh_from_db()
    review = round_review(draft)
    assert isinstance(review, Review)
    assert [str(f) for f in review.findings] == [
        "Board 1: paired by hand: the engine pairs 1 with 5 and 2 with 6 (50 %) (manual)"
    ]
    assert review.relaxed == ["1 pair(s) join different score groups: 3–4."]
    page = arbiter_client.get(url("round", draft.tournament, draft.number)).content.decode()
    assert "paired by hand: the engine pairs 1 with 5 and 2 with 6 (50 %)" in page
    assert arbiter_client.get(url("board-explain", draft.tournament, draft.number, 3)).status_code == 200
