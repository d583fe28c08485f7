"""The one bridge between the database and the pairing engine: every conversion, both ways.

Nothing else in `tournaments` or `pairing` imports `swiss`. The engine's systems are asked by
name (`swiss.systems`); the bridge never chooses a system's functions itself.

- `state`: the database as the engine's `TournamentState` (results, absences, forbidden
  pairs, scoring, acceleration), a round's boards as the engine's `Pairing`, and the
  tournament's system (`engine_system`);
- `drafts`: what the round workflow asks of the engine for players: pair, order, check,
  explain, and the digest of the input a draft was paired from; `team_drafts` the same for
  teams; `drafting` what the workflow asks, one `Drafting` per kind of event; `recheck` a
  whole event paired again and compared;
- `teams`, `lineups`: a team event as the engine's `TeamState`, match and game points, and
  each team's lineup of a round;
- `trf`, `team_trf`: TRF files out (public and arbiter's) and in;
- `tiebreaks`, `ranking`: engine records in, FIDE C.07 standings out; `us_tiebreaks` the same
  for US Chess rule 34E; `team_tiebreaks`, `team_standings` a team event's standings and
  public tables.
"""
