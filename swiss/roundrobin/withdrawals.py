"""What a withdrawal leaves of a round robin's records for the standings (docs/round-robin.md 8,
after the FIDE Tournament Rules C.06 (2011) V.4).

The withdrawn player's later rounds are absences, and the table's opponent of each of those
rounds rested (a record without an opponent). For the standings: a player who completed fewer
than half of his games has every game with him left out, on both sides (V.4.1); otherwise each
rest against him is a forfeit, won by the opponent (V.4.2). V.6 applies both to team events: a
team's "games" are its matches (`team_standings_records`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from swiss.model import Code, Colour, Player, RoundResult
from swiss.roundrobin.berger import Pairs
from swiss.team.model import Outcome, Team, TeamRound

NOTHING = RoundResult(None, None, Code.ZERO_BYE)
NO_MATCH = TeamRound(Outcome.ZERO_BYE, None, None, Fraction(0), Fraction(0))


def games_of(number: int, rounds: list[Pairs], players: int) -> int:
    """The games the table gives `number` against real players (the dummy's are rests)."""
    return sum(1 for games in rounds for game in games if number in game and max(game) <= players)


def annulled(player: Player, rounds: list[Pairs], players: int) -> bool:
    """V.4.1: the withdrawn `player` completed fewer than half of the games the table gives him."""
    completed = sum(1 for result in player.history if result.code.played)
    return 2 * completed < games_of(player.number, rounds, players)


def standings_records(
    players: tuple[Player, ...], rounds: list[Pairs], withdrawn: Mapping[int, int], *, annul: bool = True
) -> tuple[Player, ...]:
    """`players` as the standings count them; `withdrawn` gives each withdrawn player's first
    round of absence. `rounds` is the event's table (`schedule`), round 1 first. Without `annul`,
    every withdrawal is read as V.4.2 (the crosstable, which keeps annulled games in view)."""
    field = len(players)
    void = {n for n in withdrawn if annul and annulled(_by_number(players, n), rounds, field)}
    return tuple(
        replace(
            player, history=tuple(_counted(player.number, rounds, withdrawn, void, field, player.history))
        )
        for player in players
    )


def _counted(
    number: int,
    rounds: list[Pairs],
    withdrawn: Mapping[int, int],
    void: set[int],
    field: int,
    history: tuple[RoundResult, ...],
) -> list[RoundResult]:
    """One player's records as the standings count them."""
    counted = []
    for index, record in enumerate(history):
        opponent, colour = _scheduled(rounds[index], number)
        after = opponent is not None and opponent in withdrawn and index + 1 >= withdrawn[opponent]
        gone = number in withdrawn and index + 1 >= withdrawn[number]
        if number in void or record.opponent in void or (record.code is Code.PAB and opponent in void):
            record = NOTHING
        elif record.code is Code.PAB and after:
            record = RoundResult(opponent, colour, Code.FORFEIT_WIN)
        elif gone and record.code is Code.ZERO_BYE and opponent is not None and opponent <= field:
            record = RoundResult(opponent, colour, Code.FORFEIT_LOSS)
        counted.append(record)
    return counted


def _by_number(players: tuple[Player, ...], number: int) -> Player:
    return next(p for p in players if p.number == number)


def _scheduled(games: Pairs, number: int) -> tuple[int | None, Colour | None]:
    """`number`'s opponent in a round of the table and his own colour; (None, None) if he has no game."""
    for white, black in games:
        if white == number:
            return black, Colour.WHITE
        if black == number:
            return white, Colour.BLACK
    return None, None


@dataclass(frozen=True)
class Forfeit:
    """What an unplayed match of a withdrawal (V.4.2) is worth: match and game points, per side."""

    win: tuple[Fraction, Fraction]
    loss: tuple[Fraction, Fraction]


def team_standings_records(
    teams: tuple[Team, ...],
    rounds: list[Pairs],
    withdrawn: Mapping[int, int],
    forfeit: Forfeit,
    *,
    annul: bool = True,
) -> tuple[Team, ...]:
    """`teams` as the standings count them (V.6: V.4 for teams, matches for games); `withdrawn`
    gives each withdrawn team's first round of absence, `rounds` the event's table. A team that
    completed fewer than half of its matches keeps nothing and every match with it is left out;
    otherwise each rest against it is a forfeit won by the opponent, and its own absences forfeits
    lost. Without `annul` every withdrawal is read as V.4.2 (the crosstable)."""
    void = annulled_teams(teams, rounds, withdrawn) if annul else set()
    return tuple(
        replace(team, history=tuple(_team_counted(team, rounds, withdrawn, void, len(teams), forfeit)))
        for team in teams
    )


def annulled_teams(teams: tuple[Team, ...], rounds: list[Pairs], withdrawn: Mapping[int, int]) -> set[int]:
    """The withdrawn teams whose matches V.4.1 leaves out of the standings."""
    field = len(teams)
    return {n for n in withdrawn if 2 * _completed_matches(_team(teams, n)) < games_of(n, rounds, field)}


def _completed_matches(team: Team) -> int:
    return sum(1 for record in team.history if record.outcome is Outcome.PLAYED)


def _team(teams: tuple[Team, ...], number: int) -> Team:
    return next(t for t in teams if t.number == number)


def _team_counted(
    team: Team,
    rounds: list[Pairs],
    withdrawn: Mapping[int, int],
    void: set[int],
    field: int,
    forfeit: Forfeit,
) -> list[TeamRound]:
    """One team's rounds as the standings count them."""
    counted = []
    for index, record in enumerate(team.history):
        opponent, colour = _scheduled(rounds[index], team.number)
        if opponent is None or opponent > field or record.opponent is not None:
            rested_against = None  # a match played (or forfeited), or the dummy's rest
        else:
            rested_against = opponent
        if team.number in void or record.opponent in void or rested_against in void:
            record = NO_MATCH
        elif rested_against is not None and index + 1 >= withdrawn.get(team.number, index + 2):
            # Absent himself: lost, even when the opponent withdrew too (V.4.1: two "−").
            record = TeamRound(Outcome.FORFEIT_LOSS, rested_against, colour, *forfeit.loss)
        elif rested_against is not None and index + 1 >= withdrawn.get(rested_against, index + 2):
            record = TeamRound(Outcome.FORFEIT_WIN, rested_against, colour, *forfeit.win)
        counted.append(record)
    return counted
