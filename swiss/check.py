"""Rule findings for any proposed pairing: what the review page shows after a manual change.

The checker does not pair.  It reads a pairing (the engine's or an arbiter's) against
the state it was made for and lists, board by board, the absolute rules it breaks and,
given the engine's own pairing for comparison, where it is worse on colours or scores.
Messages are written for the arbiter: "Board 4: 12 and 31 already played each other in
round 2".  Players are named by their pairing numbers; `names` may give display names. Each
message is a template with its values (`swiss.messages`), which a caller words in its language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from swiss.articles import article
from swiss.colours import ColourState, colour_state
from swiss.messages import Message, Value, colour_word, gettext_noop
from swiss.model import Board, Code, Colour, Pairing, Player, TournamentState
from swiss.scores import PairingScores, score, topscorer_threshold
from swiss.unplayed import blocks_bye

_MANUAL = Message(gettext_noop("manual"))


@dataclass(frozen=True)
class Finding:
    """One problem: `board` is the 1-based position in the pairing checked, None for the whole round."""

    board: int | None
    rule: str
    message: Message
    absolute: bool = True

    def __str__(self) -> str:
        return str(self.as_message())

    def as_message(self) -> Message:
        """ "Board 4: <the message> (C.04.3 A.7)", worded as its message is."""
        # A board changed by hand cites no article: "manual" is a word, worded like the message.
        rule: Value = _MANUAL if self.rule == "manual" else self.rule
        values: dict[str, Value] = {"message": self.message, "rule": rule}
        if self.board is None:
            return Message("%(message)s (%(rule)s)", values)
        return Message(
            gettext_noop("Board %(board)s: %(message)s (%(rule)s)"), {**values, "board": self.board}
        )


def check(
    state: TournamentState,
    pairing: Pairing,
    *,
    reference: Pairing | None = None,
    names: Mapping[int, str] | None = None,
) -> list[Finding]:
    """Every finding for `pairing` of the round after `state`, absolute rules first."""
    checker = PairingContext(state, names or {})
    findings = checker.seating(pairing)
    for index, board in enumerate(pairing.boards, start=1):
        if board.white not in checker.players or (
            board.black is not None and board.black not in checker.players
        ):
            continue  # already reported as an unknown player
        if board.black is None:
            findings.extend(checker.bye(index, board.white))
        else:
            findings.extend(checker.meeting(index, board))
            findings.extend(checker.colours(index, board))
    if reference is not None:
        findings.extend(checker.compare(pairing, reference))
    return findings


def granted(state: ColourState, colour: Colour) -> bool:
    """The player gets their colour preference (or has none)."""
    return state.preference is None or state.preference is colour


class PairingContext:
    """The facts about each player that the checks and explanations read."""

    def __init__(self, state: TournamentState, names: Mapping[int, str]) -> None:
        self.state = state
        self.players: dict[int, Player] = {p.number: p for p in state.players}
        self.names = names
        self.colour_states = {n: colour_state(p.history) for n, p in self.players.items()}
        self.round = state.round_to_pair
        self._pairing_score = PairingScores(state)
        # Read once: finding it scans every player, and the checks ask for it per board.
        self.topscorer_threshold = topscorer_threshold(state)

    def rule(self, rule: str) -> str:
        """The article number of `rule` in the edition that pairs the event."""
        return article(self.state.edition, rule)

    def name(self, number: int) -> str:
        return self.names.get(number, str(number))

    def score(self, number: int) -> Fraction:
        return self._pairing_score(number, self.round)

    def topscorer(self, number: int) -> bool:
        """Dutch 1.8: in the last round, more than half the maximum possible score."""
        threshold = self.topscorer_threshold
        return threshold is not None and score(self.players[number], self.state.scoring) > threshold

    def seating(self, pairing: Pairing) -> list[Finding]:
        """C.04.1: every present player on exactly one board, no absentee, at most one bye."""
        findings = []
        seen: Counter[int] = Counter()
        for index, board in enumerate(pairing.boards, start=1):
            for number in (board.white, board.black):
                if number is None:
                    continue
                seen[number] += 1
                if number not in self.players:
                    findings.append(
                        Finding(
                            index,
                            self.rule("meetings"),
                            Message(
                                gettext_noop("%(player)s is not a player of this tournament"),
                                {"player": number},
                            ),
                        )
                    )
                elif number in self.state.absences:
                    text = Message(
                        gettext_noop("%(player)s is absent this round"), {"player": self.name(number)}
                    )
                    findings.append(Finding(index, "GHR 3.3", text))
        for number, count in sorted(seen.items()):
            if count > 1:
                boards = [i for i, b in enumerate(pairing.boards, start=1) if number in (b.white, b.black)]
                where = ", ".join(str(b) for b in boards)
                findings.append(
                    Finding(
                        boards[-1],
                        self.rule("meetings"),
                        Message(
                            gettext_noop("%(player)s is on more than one board (%(boards)s)"),
                            {"player": self.name(number), "boards": where},
                        ),
                    )
                )
        missing = sorted(set(self.players) - set(self.state.absences) - set(seen))
        if missing:
            who = ", ".join(self.name(n) for n in missing)
            findings.append(
                Finding(
                    None,
                    self.rule("meetings"),
                    Message(gettext_noop("not paired: %(players)s"), {"players": who}),
                )
            )
        byes = [i for i, b in enumerate(pairing.boards, start=1) if b.black is None]
        if len(byes) > 1:
            text = Message(gettext_noop("more than one pairing-allocated bye"))
            findings.append(Finding(byes[-1], "C.04.1 Art. 3", text))
        return findings

    def bye(self, index: int, number: int) -> list[Finding]:
        """C2 (C.04.1 Art. 4): no second PAB, nor one after scoring a win without playing."""
        for rnd, result in enumerate(self.players[number].history, start=1):
            if blocks_bye(result, self.state.scoring, self.state.edition):
                text = (
                    gettext_noop("%(player)s already had the bye in round %(round)s")
                    if result.code is Code.PAB
                    else gettext_noop("%(player)s already won without playing in round %(round)s")
                )
                message = Message(text, {"player": self.name(number), "round": rnd})
                return [Finding(index, self.rule("bye"), message)]
        return []

    def meeting(self, index: int, board: Board) -> list[Finding]:
        """C1: no rematch of a game actually played, no forbidden pair."""
        assert board.black is not None
        white, black = board.white, board.black
        if white == black:
            text = Message(gettext_noop("%(player)s is paired with themselves"), {"player": self.name(white)})
            return [Finding(index, self.rule("meetings"), text)]
        findings = []
        for rnd, result in enumerate(self.players[white].history, start=1):
            if result.opponent == black and result.code.played:
                findings.append(
                    Finding(
                        index,
                        self.rule("meetings"),
                        Message(
                            gettext_noop(
                                "%(white)s and %(black)s already played each other in round %(round)s"
                            ),
                            {"white": self.name(white), "black": self.name(black), "round": rnd},
                        ),
                    )
                )
        if (min(white, black), max(white, black)) in self.state.forbidden:
            findings.append(
                Finding(
                    index,
                    self.rule("meetings"),
                    Message(
                        gettext_noop("%(white)s and %(black)s must not be paired"),
                        {"white": self.name(white), "black": self.name(black)},
                    ),
                )
            )
        return findings

    def colours(self, index: int, board: Board) -> list[Finding]:
        """C3 and C.04.1 Art. 6-7: absolute colour rules, topscorers excepted in the last round."""
        assert board.black is not None
        white, black = self.colour_states[board.white], self.colour_states[board.black]
        exempt = self.topscorer(board.white) or self.topscorer(board.black)
        if white.absolute and black.absolute and white.preference is black.preference and not exempt:
            assert white.preference is not None
            return [
                Finding(
                    index,
                    self.rule("colours"),
                    Message(
                        gettext_noop("%(white)s and %(black)s both must have %(colour)s"),
                        {
                            "white": self.name(board.white),
                            "black": self.name(board.black),
                            "colour": colour_word(white.preference),
                        },
                    ),
                )
            ]
        findings = []
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            if self.topscorer(number):
                continue
            state = self.colour_states[number]
            history = (*state.history, colour)
            difference = abs(sum(1 if c is Colour.WHITE else -1 for c in history))
            if history[-3:] == (colour, colour, colour):
                findings.append(
                    Finding(
                        index,
                        "C.04.1 Art. 7",
                        Message(
                            gettext_noop("%(player)s gets %(colour)s a third time in a row"),
                            {"player": self.name(number), "colour": colour_word(colour)},
                        ),
                    )
                )
            elif difference > 2:
                findings.append(
                    Finding(
                        index,
                        "C.04.1 Art. 6",
                        Message(
                            gettext_noop(
                                "%(player)s would have %(difference)s more games with %(colour)s "
                                "than with %(other)s"
                            ),
                            {
                                "player": self.name(number),
                                "difference": difference,
                                "colour": colour_word(colour),
                                "other": colour_word(colour.opposite),
                            },
                        ),
                    )
                )
        return findings

    def compare(self, pairing: Pairing, reference: Pairing) -> list[Finding]:
        """Every board that is not the engine's, then C6-C7 and C12 (2017: C.5-C.6 and C.10)
        against the engine's pairing.

        A board changed by hand is named even when no criterion gets worse (in round 1, for
        one): the rules give one pairing, so any other is the arbiter's to justify.
        """
        findings = self.manual_boards(pairing, reference)
        reference_pairs = {frozenset((b.white, b.black)) for b in reference.boards if b.black is not None}
        if _score_gaps(self, pairing) > _score_gaps(self, reference):
            for index, board in enumerate(pairing.boards, start=1):
                if board.black is None or frozenset((board.white, board.black)) in reference_pairs:
                    continue
                if board.white not in self.players or board.black not in self.players:
                    continue
                a, b = self.score(board.white), self.score(board.black)
                if a != b:
                    findings.append(
                        Finding(
                            index,
                            self.rule("scores"),
                            Message(
                                gettext_noop(
                                    "%(white)s (%(white_score)s) and %(black)s (%(black_score)s) "
                                    "have different "
                                    "scores; the engine's pairing has fewer score differences"
                                ),
                                {
                                    "white": self.name(board.white),
                                    "white_score": points_text(a),
                                    "black": self.name(board.black),
                                    "black_score": points_text(b),
                                },
                            ),
                            absolute=False,
                        )
                    )
        granted_by_reference = _granted(self, reference)
        if len(_granted(self, pairing)) < len(granted_by_reference):
            proposal = _granted(self, pairing)
            for index, board in enumerate(pairing.boards, start=1):
                for number in (board.white, board.black):
                    if number is None or number not in self.players:
                        continue
                    if number in granted_by_reference and number not in proposal:
                        preference = self.colour_states[number].preference
                        assert preference is not None
                        findings.append(
                            Finding(
                                index,
                                self.rule("preference"),
                                Message(
                                    gettext_noop(
                                        "%(player)s does not get %(colour)s, which the engine's "
                                        "pairing gives them"
                                    ),
                                    {"player": self.name(number), "colour": colour_word(preference)},
                                ),
                                absolute=False,
                            )
                        )
        return findings

    def manual_boards(self, pairing: Pairing, reference: Pairing) -> list[Finding]:
        """A finding for each board of `pairing` that `reference` does not have, colours included."""
        engine = {(b.white, b.black) for b in reference.boards}
        partner: dict[int, int | None] = {}
        for b in reference.boards:
            partner[b.white] = b.black
            if b.black is not None:
                partner[b.black] = b.white
        findings = []
        for index, board in enumerate(pairing.boards, start=1):
            if (board.white, board.black) in engine:
                continue
            if board.black is not None and (board.black, board.white) in engine:
                text = Message(
                    gettext_noop("colours exchanged by hand: the engine gives %(player)s white"),
                    {"player": self.name(board.black)},
                )
            else:
                text = self._engine_partners(
                    [(n, partner[n]) for n in (board.white, board.black) if n is not None and n in partner]
                )
            findings.append(Finding(index, "manual", text, absolute=False))
        return findings

    def _engine_partners(self, pairs: list[tuple[int, int | None]]) -> Message:
        """ "paired by hand: the engine pairs 3 with 8 and 5 with the bye", for the board's players."""
        partners = [
            Message(gettext_noop("%(player)s with the bye"), {"player": self.name(n)})
            if other is None
            else Message(
                gettext_noop("%(player)s with %(other)s"), {"player": self.name(n), "other": self.name(other)}
            )
            for n, other in pairs
        ]
        if len(partners) == 2:
            return Message(
                gettext_noop("paired by hand: the engine pairs %(first)s and %(second)s"),
                {"first": partners[0], "second": partners[1]},
            )
        return Message(
            gettext_noop("paired by hand: the engine pairs %(first)s"),
            {"first": partners[0]} if partners else {"first": ""},
        )


def _score_gaps(checker: PairingContext, pairing: Pairing) -> Fraction:
    """The sum of the score differences of all pairs."""
    total = Fraction(0)
    for board in pairing.boards:
        if board.black is not None and board.white in checker.players and board.black in checker.players:
            total += abs(checker.score(board.white) - checker.score(board.black))
    return total


def _granted(checker: PairingContext, pairing: Pairing) -> set[int]:
    """The players with a colour preference who get it."""
    result = set()
    for board in pairing.boards:
        if board.black is None:
            continue
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            state = checker.colour_states.get(number)
            if state is not None and state.preference is not None and granted(state, colour):
                result.add(number)
    return result


def points_text(value: Fraction) -> str:
    """3, 2½ or 1.3: an exact score as an arbiter writes it."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole or ''}½"
    return f"{float(value):g}"
