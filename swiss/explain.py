"""Plain-language reading of a pairing: why a board looks as it does, and what had to give.

These sentences are read back from the result and the state (C.04.1 Art. 9: the
pairing must be explainable): the score groups of the two players, who floats, and who
gets the colour they prefer. The engine adds, for a board it made itself, which rule
kept a player from the opponent the pairing order gave first (`swiss.dutch.pair_with_notes`).
Each sentence is a `Message` (`swiss.messages`): a caller words it in its language.
"""

from __future__ import annotations

from collections.abc import Mapping

from swiss.abcd import acceleration_rule, is_rule_6_pair
from swiss.check import PairingContext, granted, points_text
from swiss.colours import ColourState
from swiss.messages import Message, Value, colour_word, gettext_noop, listed
from swiss.model import Board, Colour, Pairing, TournamentState


def _preference(state: ColourState) -> Message:
    if state.preference is None:
        return Message(gettext_noop("no colour preference"))
    if state.absolute:
        text = gettext_noop("an absolute preference for %(colour)s")
    elif state.strong:
        text = gettext_noop("a strong preference for %(colour)s")
    else:
        text = gettext_noop("a mild preference for %(colour)s")
    return Message(text, {"colour": colour_word(state.preference)})


def explain_board(
    state: TournamentState,
    board: Board,
    engine_notes: Mapping[int, list[Message]] | None = None,
    engine: Pairing | None = None,
) -> list[Message]:
    """A few sentences on one board of a pairing of the round after `state`.

    With `engine` (the engine's pairing of the round), a board that is not the engine's is
    said to be the arbiter's, with the engine's own opponents, and nothing is justified by the
    rules' search; `engine_notes` are added only for a board the engine made.
    """
    checker = PairingContext(state, {})
    by_hand = engine is not None and (board.white, board.black) not in {
        (b.white, b.black) for b in engine.boards
    }
    sentences = []
    if by_hand:
        assert engine is not None
        sentences.append(checker.manual_boards(Pairing((board,)), engine)[0].message.as_sentence())
        engine_notes = None
    if board.black is None:
        if by_hand:
            return [
                *sentences,
                Message(gettext_noop("%(player)s gets the pairing-allocated bye."), {"player": board.white}),
            ]
        return [
            Message(
                gettext_noop(
                    "%(player)s gets the pairing-allocated bye: an odd number of players is paired, and the "
                    "bye goes to a player in the lowest score group who has not had one (C.04.1 Art. 3-4, "
                    "%(rule)s)."
                ),
                {"player": board.white, "rule": checker.rule("bye")},
            )
        ]
    white, black = board.white, board.black
    scores = {n: checker.score(n) for n in (white, black)}
    high, low = (white, black) if scores[white] > scores[black] else (black, white)
    pair: dict[str, Value] = {
        "high": high,
        "high_points": points_text(scores[high]),
        "low": low,
        "low_points": points_text(scores[low]),
    }
    if scores[white] == scores[black]:
        sentences.append(
            Message(
                gettext_noop("Both players are in the %(points)s-point score group."),
                {"points": points_text(scores[white])},
            )
        )
    elif by_hand:
        sentences.append(
            Message(
                gettext_noop(
                    "%(white)s (%(white_points)s) and %(black)s (%(black_points)s) come from "
                    "different score groups."
                ),
                {
                    "white": white,
                    "white_points": points_text(scores[white]),
                    "black": black,
                    "black_points": points_text(scores[black]),
                },
            )
        )
    elif rule := acceleration_rule(state, white, black):
        text = gettext_noop(
            "%(high)s (%(high_points)s), of the bottom half, meets %(low)s (%(low_points)s), of the "
            "top half, "
            "by rule %(rule)s of the A/B/C/D acceleration (national / non-FIDE): a pair made before "
            "the score "
            "groups, not a float."
        )
        sentences.append(Message(text, {**pair, "rule": rule}))
    elif is_rule_6_pair(state, white, black):
        text = gettext_noop(
            "%(high)s (%(high_points)s) is the floater of the top-half leaders and meets %(low)s "
            "(%(low_points)s), half a point below, by rule 6 of the A/B/C/D acceleration (national / "
            "non-FIDE)."
        )
        sentences.append(Message(text, pair))
    else:
        text = gettext_noop(
            "%(high)s (%(high_points)s) floats down to meet %(low)s (%(low_points)s), who floats up: no "
            "compatible opponent was left on the same score (C.04.3 %(rule)s)."
        )
        sentences.append(Message(text, {**pair, "rule": checker.rule("scores")}))
    for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        colours = checker.colour_states[number]
        values: dict[str, Value] = {
            "player": number,
            "preference": _preference(colours),
            "colour": colour_word(colour),
        }
        if colours.preference is None:
            text = gettext_noop("%(player)s has %(preference)s and gets %(colour)s.")
        elif granted(colours, colour):
            text = gettext_noop("%(player)s has %(preference)s and gets it.")
        else:
            text = gettext_noop("%(player)s has %(preference)s and gets %(colour)s instead.")
        sentences.append(Message(text, values))
    for number in (white, black):
        sentences += [
            Message(gettext_noop("%(player)s: %(note)s."), {"player": number, "note": note})
            for note in (engine_notes or {}).get(number, [])
        ]
    return sentences


def relaxations(state: TournamentState, pairing: Pairing) -> list[Message]:
    """What the pairing could not give everyone: floats between score groups and colours not granted."""
    checker = PairingContext(state, {})
    notes = []
    floats = [
        b for b in pairing.boards if b.black is not None and checker.score(b.white) != checker.score(b.black)
    ]
    if floats:
        pairs = ", ".join(f"{b.white}–{b.black}" for b in floats)
        text = gettext_noop("%(count)s pair(s) join different score groups: %(pairs)s.")
        notes.append(Message(text, {"count": len(floats), "pairs": pairs}))
    refused: list[Message] = []
    for board in pairing.boards:
        if board.black is None:
            continue
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            colours = checker.colour_states[number]
            if not granted(colours, colour):
                text = gettext_noop("%(player)s (absolute)") if colours.absolute else "%(player)s"
                refused.append(Message(text, {"player": number}))
    if refused:
        text = gettext_noop("Colour preference not granted to: %(players)s.")
        notes.append(Message(text, {"players": listed(refused)}))
    return notes
