"""Findings for any proposed pairing under the 1998 rules (the shared `Finding` type).

Absolute: everyone present on one board (F5), no rematch or forbidden pair (B1a), no bye
for a player who already scored without playing (B1b), colour differences within two and
no colour three times running (B2a, B2b), these last waived in the last round for players
over 50 %. Relative (`absolute=False`): repeated floats (B5, B6) and, given the engine's
pairing, boards changed by hand and more score differences (B3) or colour misses (B4).
"""

from __future__ import annotations

from collections.abc import Mapping

from swiss.check import Finding, PairingContext
from swiss.dutch1998.criteria import Entrant, Float, b2_allows, colours_met, entrants
from swiss.messages import Message, Value, colour_word, gettext_noop
from swiss.model import Board, Colour, Pairing, TournamentState

# The shared checks' rules, in the 1998 text's numbering.
_MEETING = {"C1": "B1a"}
_SEATING = {"C1": "F5", "GHR 3.3": "F5", "C.04.1 Art. 3": "A5"}
_BYE = {"C2": "B1b"}


def _renamed(findings: list[Finding], rules: Mapping[str, str]) -> list[Finding]:
    return [Finding(f.board, rules.get(f.rule, f.rule), f.message, f.absolute) for f in findings]


def floats(board: Board, players: Mapping[int, Entrant]) -> list[tuple[Entrant, Float]]:
    """A4-A5: who floats on this board, and which way (the bye is a downfloat)."""
    if board.black is None:
        return [(players[board.white], Float.DOWN)]
    a, b = players[board.white], players[board.black]
    if a.score == b.score:
        return []
    high, low = (a, b) if a.score > b.score else (b, a)
    return [(high, Float.DOWN), (low, Float.UP)]


_REPEATED = {
    ("B5", Float.DOWN): gettext_noop("%(player)s floats down again, as last round"),
    ("B5", Float.UP): gettext_noop("%(player)s floats up again, as last round"),
    ("B6", Float.DOWN): gettext_noop("%(player)s floats down again, as two rounds ago"),
    ("B6", Float.UP): gettext_noop("%(player)s floats up again, as two rounds ago"),
}


def _repeated_floats(index: int, board: Board, players: Mapping[int, Entrant]) -> list[Finding]:
    """B5 (no identical float in two rounds running) and B6 (nor as two rounds before)."""
    findings = []
    for player, direction in floats(board, players):
        if player.exempt:
            continue
        for rule, earlier in (("B5", player.floats[0]), ("B6", player.floats[1])):
            if earlier is direction:
                text = Message(_REPEATED[rule, direction], {"player": player.number})
                findings.append(Finding(index, rule, text, absolute=False))
    return findings


def _colours(index: int, board: Board, players: Mapping[int, Entrant]) -> list[Finding]:
    """B2a and B2b for both players of a board."""
    assert board.black is not None
    findings = []
    for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
        player = players[number]
        if b2_allows(player, colour):
            continue
        values: dict[str, Value] = {"player": number, "colour": colour_word(colour)}
        if player.colours.history[-2:] == (colour, colour):
            text = Message(gettext_noop("%(player)s gets %(colour)s a third time running"), values)
            findings.append(Finding(index, "B2b", text))
        else:
            text = Message(
                gettext_noop("%(player)s's colour difference would go beyond 2 with %(colour)s"), values
            )
            findings.append(Finding(index, "B2a", text))
    return findings


def _gaps_and_misses(pairing: Pairing, players: Mapping[int, Entrant]) -> tuple[int, int]:
    """The sum of score differences (in the smallest unit, as a count of pairs with one) and
    the colour misses of a pairing."""
    gaps = misses = 0
    for board in pairing.boards:
        if board.black is None or board.white not in players or board.black not in players:
            continue
        a, b = players[board.white], players[board.black]
        gaps += a.score != b.score
        misses += not colours_met(a, b)
    return gaps, misses


def check(
    state: TournamentState,
    pairing: Pairing,
    *,
    reference: Pairing | None = None,
    names: Mapping[int, str] | None = None,
) -> list[Finding]:
    """Every finding for `pairing` of the round after `state` under the 1998 rules."""
    context = PairingContext(state, names or {})
    players = {p.number: p for p in entrants(state)}
    findings = _renamed(context.seating(pairing), _SEATING)
    for index, board in enumerate(pairing.boards, start=1):
        if board.white not in players or (board.black is not None and board.black not in players):
            continue  # reported by the seating check
        if board.black is None:
            findings += _renamed(context.bye(index, board.white), _BYE)
        else:
            findings += _renamed(context.meeting(index, board), _MEETING)
            findings += _colours(index, board, players)
        findings += _repeated_floats(index, board, players)
    if reference is not None:
        findings += context.manual_boards(pairing, reference)
        (gaps, misses), (engine_gaps, engine_misses) = (
            _gaps_and_misses(pairing, players),
            _gaps_and_misses(reference, players),
        )
        if gaps > engine_gaps:
            text = Message(
                gettext_noop("%(count)s pairs join different scores, the procedure's pairing %(engine)s"),
                {"count": gaps, "engine": engine_gaps},
            )
            findings.append(Finding(None, "B3", text, absolute=False))
        if misses > engine_misses:
            text = Message(
                gettext_noop("%(count)s pairs miss a colour preference, the procedure's pairing %(engine)s"),
                {"count": misses, "engine": engine_misses},
            )
            findings.append(Finding(None, "B4", text, absolute=False))
    return findings
