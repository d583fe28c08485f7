"""Team Swiss systems over one team model: FIDE C.04.6 (the default), ECU N.6 and Olympiad D.02.

`swiss.pair(state, "team-c046")` (or "team-ecu", "team-olympiad") pairs a
`swiss.team.model.TeamState`; each system is an entry of `swiss.systems`.
"""
