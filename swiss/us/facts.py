"""The facts about each player that the US Chess rules read: score, rank, rating, due colour, opponents."""

from __future__ import annotations

from fractions import Fraction

from swiss.matching import maximum_matching
from swiss.model import Player, TournamentState
from swiss.scores import PairingScores
from swiss.us.colours import Due, due
from swiss.us.options import USOptions


def added_score_half(state: TournamentState) -> frozenset[int]:
    """28R1: the top half of the field by rating (unrated last), who get one extra
    point for the pairings of rounds 1 and 2.  An odd field puts the middle player
    in the bottom half."""
    ranked = sorted(state.players, key=lambda p: (p.rating == 0, -p.rating, p.number))
    return frozenset(p.number for p in ranked[: len(ranked) // 2])


class Facts:
    """One round to pair: who plays, on what score, in which order.

    `forgotten` rounds, the first ones, do not count for 27A1 (when rematches must be allowed)."""

    def __init__(self, state: TournamentState, options: USOptions, *, forgotten: int = 0) -> None:
        self.state = state
        self.options = options
        self.round = state.round_to_pair
        self.forgotten = forgotten
        self.players: dict[int, Player] = {p.number: p for p in state.players}
        accelerated = added_score_half(state) if options.added_score and self.round <= 2 else frozenset()
        pairing_score = PairingScores(state)
        self.score: dict[int, Fraction] = {
            n: pairing_score(n, self.round) + (1 if n in accelerated else 0) for n in self.players
        }
        self.rating = {n: p.rating for n, p in self.players.items()}
        self.due: dict[int, Due] = {n: due(p.history) for n, p in self.players.items()}
        self.met: dict[int, set[int]] = {n: set() for n in self.players}
        for number, player in self.players.items():
            for result in player.history[forgotten:]:
                # 27A1: a game not played because the opponent did not appear does not count.
                if result.code.played and result.opponent in self.met:
                    self.met[number].add(result.opponent)
                    self.met[result.opponent].add(number)
        for a, b in state.forbidden:
            if a in self.met and b in self.met:
                self.met[a].add(b)
                self.met[b].add(a)
        self.teams = options.teams if options.avoid_teammates else {}

    def rank_key(self, number: int) -> tuple[Fraction, bool, int, int]:
        """29A-29B: score, then rating, unrated players last, then pairing number."""
        rating = self.rating[number]
        return (-self.score[number], rating == 0, -rating, number)

    def ranked(self, numbers: list[int] | set[int]) -> list[int]:
        return sorted(numbers, key=self.rank_key)

    def distance(self, a: int, b: int) -> int:
        """29E5: the rating difference a switch of a and b counts; 29E5g: none for an unrated player."""
        ra, rb = self.rating[a], self.rating[b]
        return 0 if ra == 0 or rb == 0 else abs(ra - rb)

    def can_meet(self, a: int, b: int) -> bool:
        """27A1 (and 28T requests written as forbidden pairs): they have not played each other."""
        return a != b and b not in self.met[a]

    def teammates(self, a: int, b: int) -> bool:
        """28N: both play for the same team (only when teammate avoidance is on)."""
        team = self.teams.get(a)
        return team is not None and team == self.teams.get(b)

    def name(self, number: int) -> str:
        name = self.players[number].name
        return f"{name} ({number})" if name else str(number)

    def pairable(self, numbers: list[int]) -> bool:
        """27A1: the players can all be paired without a rematch."""
        if len(numbers) % 2:
            return False
        left = list(numbers)
        while left:
            first = left.pop(0)
            partner = next((b for b in left if self.can_meet(first, b)), None)
            if partner is None:
                break
            left.remove(partner)
        else:
            return True
        # The greedy pass is only a shortcut; a maximum matching decides.
        edges = [(i, j, 1) for i, a in enumerate(numbers) for j in range(i) if self.can_meet(a, numbers[j])]
        return 2 * len(maximum_matching(len(numbers), edges)) == len(numbers)
