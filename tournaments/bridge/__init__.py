"""The one bridge between the database and the pairing engine: every conversion, both ways.

Nothing else in `tournaments` or `pairing` imports `swiss`:

- `state`: the database as the engine's `TournamentState` (results, absences, forbidden
  pairs, scoring, acceleration) and a round's boards as the engine's `Pairing`;
- `drafts`: what the round workflow asks of the engine: pair, check, explain, and the
  digest of the input a draft was paired from;
- `trf`: TRF files out (public and arbiter's) and in;
- `tiebreaks`: engine records in, FIDE C.07 standings out; `us_tiebreaks` the same for US
  Chess rule 34E, and `us_chess` the names of the US variations and tie-breaks.
"""
