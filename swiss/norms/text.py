"""The command line's words: `python -m swiss norms FILE.trf [--explain] [--player N]`."""

from __future__ import annotations

from swiss.norms import Norms, PlayerNorms, Status, describe, rules
from swiss.norms.player import Check, Condition, Game

_RESULT = {"1": "1", "=": "½", "0": "0", "W": "1", "D": "½", "L": "0", "+": "+", "-": "-"}


def achieved_lines(norms: Norms) -> list[str]:
    """`<pairing number> <title>`, one line per norm made, in pairing-number order."""
    return [f"{p.player.number} {title.value}" for p in norms.players for title in p.achieved]


def explain_lines(norms: Norms, only: int | None = None) -> list[str]:
    """The event's conditions, then every listed player's (or player `only`'s) in full."""
    event = norms.event
    lines = [
        f"event: {norms.rounds_played} of {norms.total_rounds} rounds played; "
        + (f"federation rules exempt ({event.exemption})" if event.exemption else "federation rules apply")
    ]
    lines += [f"  {_condition(c)}" for c in event.conditions]
    lines += [f"  note: {n}" for n in event.notes]
    for player in norms.players:
        if (only is None and player.listed) or player.player.number == only:
            lines += player_lines(player)
    return lines


def player_lines(norms: PlayerNorms) -> list[str]:
    p = norms.player
    head = f"player {p.number} {p.name}".rstrip()
    lines = [f"{head} ({p.federation.strip() or 'no federation'}, {p.rating or 'unrated'})"]
    first = norms.checks[0] if norms.checks else None
    if first is not None:
        lines += [f"  {_game(g)}" for g in first.games]
    for check in norms.checks:
        lines += _check_lines(check, norms.complete)
    lines += [f"  reach: {describe(r)}" for r in norms.reach]
    lines += [f"  note: {n}" for n in norms.notes]
    return lines


def _check_lines(check: Check, complete: bool) -> list[str]:
    state = check.status.value if complete else f"after {len(check.games)} rounds, {check.status.value}"
    if complete and check.status is Status.REVIEW:
        state = "possible, needs manual review (8 games and an unrequested unplayed round, 1.4.1)"
    lines = [f"  {check.title.value} norm: {state}"]
    if check.dropped:
        lines.append(f"    won games left out (1.4.1): rounds {', '.join(map(str, check.dropped))}")
    if check.raised is not None:
        game = next(g for g in check.counted if g.round == check.raised)
        floor = rules.REQUIREMENTS[check.title].floor
        lines.append(
            f"    round {game.round} opponent raised from {game.rating or f'unrated ({rules.UNRATED_AS})'} "
            f"to the floor {floor} (1.4.6)"
        )
    if not check.federation_rules:
        lines.append("    federation rules 1.4.3, 1.4.4 do not apply (exempt event)")
    lines += [f"    {_condition(c)}" for c in check.conditions]
    return lines


def _condition(condition: Condition) -> str:
    return f"[{'met' if condition.met else 'NOT met'}] {condition.article} {condition.text}"


def _game(game: Game) -> str:
    if game.opponent is None:
        return f"round {game.round}: {game.code.value} bye, not counted"
    title = game.title or "-"
    rating = game.rating or "unrated"
    text = (
        f"round {game.round}: v {game.opponent} {title} {game.federation or '(no federation)'} "
        f"{rating}, {_RESULT.get(game.code.value, game.code.value)}"
    )
    return text + (f", not counted ({game.excluded})" if game.excluded else "")
