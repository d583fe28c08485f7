"""The pairing engine: pure Python, no Django, no database, no HTTP.

Callers build a `TournamentState` (directly or with `swiss.trf.read_trf`) and ask
`swiss.pair(state)` for the next round.
"""
