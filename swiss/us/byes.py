"""28L: who gets the full-point bye when an odd number of players is to be paired."""

from __future__ import annotations

from swiss.check import points_text
from swiss.messages import Message, gettext_noop, listed
from swiss.model import Code
from swiss.us.facts import Facts


def ineligible(facts: Facts, number: int) -> Message | None:
    """28L3: a player who had a full-point bye, or won by forfeit, cannot have it again. The reason
    reads after the player's name: "had a full-point bye in round 2"."""
    for round_number, result in enumerate(facts.players[number].history, start=1):
        if result.code in (Code.PAB, Code.FULL_BYE):
            return Message(gettext_noop("had a full-point bye in round %(round)s"), {"round": round_number})
        if result.code is Code.FORFEIT_WIN:
            return Message(gettext_noop("won by forfeit in round %(round)s"), {"round": round_number})
    return None


def half_bye(facts: Facts, number: int) -> int | None:
    """28L4 (22C6): the round of a half-point bye the player took, if any."""
    for round_number, result in enumerate(facts.players[number].history, start=1):
        if result.code is Code.HALF_BYE:
            return round_number
    return None


def bye_order(facts: Facts, active: list[int]) -> list[int]:
    """28L2-28L4 (28J in round 1): the lowest score group first; in it the rated players
    from the lowest rating up, then the unrated ones from the lowest rank up, then those
    who took a half-point bye; players who may not have the bye at all come last."""
    return sorted(
        active,
        key=lambda n: (
            ineligible(facts, n) is not None,
            facts.score[n],
            half_bye(facts, n) is not None,
            facts.rating[n] == 0,
            facts.rating[n],
            -n,
        ),
    )


def choose_bye(facts: Facts, active: list[int]) -> tuple[int, Message]:
    """The bye and the log line saying why: the first player in 28L order whose absence
    leaves the others pairable without a rematch.  When everyone has had a bye or a
    forfeit win, 28L3 gives way (and the log says so)."""
    for number in bye_order(facts, active):
        reason = ineligible(facts, number)
        if reason is None and facts.pairable([n for n in active if n != number]):
            return number, listed(
                [*_chosen(facts, number), *_passed_over(facts, active, number)], "; "
            ).as_sentence()
    for number in bye_order(facts, active):
        if facts.pairable([n for n in active if n != number]):
            waived = gettext_noop(
                "Bye: %(player)s; every player has had a bye or a forfeit win (28L3 waived)."
            )
            return number, Message(waived, {"player": facts.name(number)})
    first = bye_order(facts, active)[0]
    return first, Message(gettext_noop("Bye: %(player)s."), {"player": facts.name(first)})


def _passed_over(facts: Facts, active: list[int], chosen: int) -> list[Message]:
    """Why the players of the bye's score group rated below it (or unrated) did not get it."""
    notes = []
    for number in active:
        if facts.score[number] != facts.score[chosen] or number == chosen:
            continue
        if facts.rating[chosen] and facts.rating[number] and facts.rating[number] > facts.rating[chosen]:
            continue
        name = facts.name(number)
        reason = ineligible(facts, number)
        taken = half_bye(facts, number)
        if reason is not None:
            note = Message(
                gettext_noop("not %(player)s: %(reason)s (28L3)"), {"player": name, "reason": reason}
            )
        elif taken is not None:
            note = Message(
                gettext_noop("not %(player)s: took a half-point bye in round %(round)s (28L4)"),
                {"player": name, "round": taken},
            )
        elif facts.rating[number] == 0 and facts.rating[chosen]:
            continue  # rated players come first (28L2)
        else:
            note = Message(
                gettext_noop("not %(player)s: the others could not then be paired without a rematch (27A1)"),
                {"player": name},
            )
        notes.append(note)
    return notes


def _chosen(facts: Facts, number: int) -> list[Message]:
    """The bye's player and why, then, when they took a half-point bye, why they still get it."""
    group = points_text(facts.score[number])
    if facts.rating[number]:
        line = Message(
            gettext_noop(
                "Bye: %(player)s (%(rating)s), the lowest-rated player of the %(score)s-point group "
                "who can have it (28L2)"
            ),
            {"player": facts.name(number), "rating": facts.rating[number], "score": group},
        )
    else:
        line = Message(
            gettext_noop(
                "Bye: %(player)s (unrated): no rated player of the %(score)s-point group can have it (28L2)"
            ),
            {"player": facts.name(number), "score": group},
        )
    taken = half_bye(facts, number)
    if taken is None:
        return [line]
    half = gettext_noop(
        "took a half-point bye in round %(round)s, but no one else in the group can have it (28L4)"
    )
    return [line, Message(half, {"round": taken})]
