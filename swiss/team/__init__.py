"""Team Swiss systems over one team model: FIDE C.04.6 (the default), ECU N.6 and Olympiad D.02.

`swiss.team.systems.pair(state, system)` pairs a `swiss.team.model.TeamState`.
"""
