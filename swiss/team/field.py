"""What every team system reads from the state: scores, the teams present, who has met whom."""

from __future__ import annotations

from swiss.team.model import Primary, TeamState


class TeamField:
    """Scores (primary and secondary), the teams to pair, and the pairs that may not meet.

    Two teams have met when they played a match; a forfeited match is no
    meeting (corpus README, [C1]), and forbidden pairs never meet.
    """

    def __init__(self, state: TeamState, primary: Primary | None = None) -> None:
        """`primary` overrides the state's primary score (the ECU and the Olympiad use match points)."""
        self.state = state
        self.round = state.round_to_pair
        self.teams = {t.number: t for t in state.teams}
        primary = primary or state.primary
        secondary = Primary.GAME_POINTS if primary is Primary.MATCH_POINTS else Primary.MATCH_POINTS
        self.score = {n: t.score(primary) for n, t in self.teams.items()}
        self.secondary = {n: t.score(secondary) for n, t in self.teams.items()}
        self.present = sorted(n for n in self.teams if n not in state.absent)
        self.met: set[tuple[int, int]] = set(state.forbidden)
        for team in state.teams:
            for r in team.played:
                assert r.opponent is not None
                self.met.add((min(team.number, r.opponent), max(team.number, r.opponent)))

    def compatible(self, a: int, b: int) -> bool:
        """The two teams have not played each other and are not a forbidden pair."""
        return (min(a, b), max(a, b)) not in self.met
