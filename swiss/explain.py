"""Plain-language reading of a pairing: why a board looks as it does, and what had to give.

These sentences are read back from the result and the state (C.04.1 Art. 9: the
pairing must be explainable): the score groups of the two players, who floats, and who
gets the colour they prefer. The engine adds, for a board it made itself, which rule
kept a player from the opponent the pairing order gave first (`swiss.dutch.pair_with_notes`).
"""

from __future__ import annotations

from collections.abc import Mapping

from swiss.abcd import acceleration_rule, is_rule_6_pair
from swiss.check import PairingContext, granted, points_text
from swiss.colours import ColourState
from swiss.model import Board, Colour, Pairing, TournamentState


def _preference(state: ColourState) -> str:
    if state.preference is None:
        return "no colour preference"
    strength = "absolute" if state.absolute else "strong" if state.strong else "mild"
    return f"a {strength} preference for {state.preference.name.lower()}"


def explain_board(
    state: TournamentState,
    board: Board,
    engine_notes: Mapping[int, list[str]] | None = None,
    engine: Pairing | None = None,
) -> list[str]:
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
        text = checker.manual_boards(Pairing((board,)), engine)[0].message
        sentences.append(f"{text[0].upper()}{text[1:]}.")
        engine_notes = None
    if board.black is None:
        if by_hand:
            return [*sentences, f"{board.white} gets the pairing-allocated bye."]
        return [
            f"{board.white} gets the pairing-allocated bye: an odd number of players is paired, and the "
            f"bye goes to a player in the lowest score group who has not had one (C.04.1 Art. 3-4, "
            f"{checker.rule('bye')}).",
        ]
    white, black = board.white, board.black
    scores = {n: checker.score(n) for n in (white, black)}
    if scores[white] == scores[black]:
        sentences.append(f"Both players are in the {points_text(scores[white])}-point score group.")
    elif by_hand:
        sentences.append(
            f"{white} ({points_text(scores[white])}) and {black} ({points_text(scores[black])}) "
            "come from different score groups."
        )
    elif rule := acceleration_rule(state, white, black):
        high, low = (white, black) if scores[white] > scores[black] else (black, white)
        sentences.append(
            f"{high} ({points_text(scores[high])}), of the bottom half, meets {low} "
            f"({points_text(scores[low])}), of the top half, by rule {rule} of the A/B/C/D "
            "acceleration (national / non-FIDE): a pair made before the score groups, not a float."
        )
    elif is_rule_6_pair(state, white, black):
        high, low = (white, black) if scores[white] > scores[black] else (black, white)
        sentences.append(
            f"{high} ({points_text(scores[high])}) is the floater of the top-half leaders and meets "
            f"{low} ({points_text(scores[low])}), half a point below, by rule 6 of the A/B/C/D "
            "acceleration (national / non-FIDE)."
        )
    else:
        high, low = (white, black) if scores[white] > scores[black] else (black, white)
        sentences.append(
            f"{high} ({points_text(scores[high])}) floats down to meet {low} ({points_text(scores[low])}), "
            "who floats up: no compatible opponent was left on the same score "
            f"(C.04.3 {checker.rule('scores')})."
        )
    for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        colours = checker.colour_states[number]
        got = "gets it" if granted(colours, colour) else f"gets {colour.name.lower()} instead"
        if colours.preference is None:
            got = f"gets {colour.name.lower()}"
        sentences.append(f"{number} has {_preference(colours)} and {got}.")
    for number in (white, black):
        sentences += [f"{number}: {note}." for note in (engine_notes or {}).get(number, [])]
    return sentences


def relaxations(state: TournamentState, pairing: Pairing) -> list[str]:
    """What the pairing could not give everyone: floats between score groups and colours not granted."""
    checker = PairingContext(state, {})
    notes = []
    floats = [
        b for b in pairing.boards if b.black is not None and checker.score(b.white) != checker.score(b.black)
    ]
    if floats:
        pairs = ", ".join(f"{b.white}–{b.black}" for b in floats)
        notes.append(f"{len(floats)} pair(s) join different score groups: {pairs}.")
    refused = []
    for board in pairing.boards:
        if board.black is None:
            continue
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            colours = checker.colour_states[number]
            if not granted(colours, colour):
                refused.append(f"{number}{' (absolute)' if colours.absolute else ''}")
    if refused:
        notes.append(f"Colour preference not granted to: {', '.join(refused)}.")
    return notes
