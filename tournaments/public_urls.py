from __future__ import annotations

from django.urls import path

from . import public_team_views as team_views
from . import public_views as views

app_name = "public"

urlpatterns = [
    path("", views.index, name="index"),
    path("t/<slug:slug>/", views.tournament_home, name="tournament"),
    path("t/<slug:slug>/round/<int:number>/", views.round_pairings, name="round"),
    path("t/<slug:slug>/round/<int:number>/print/", views.round_print, name="round-print"),
    path("t/<slug:slug>/round/<int:number>/by-name/", views.round_alphabetical, name="round-by-name"),
    path("t/<slug:slug>/prizes/", views.prizes, name="prizes"),
    path("t/<slug:slug>/prizes/print/", views.prizes_print, name="prizes-print"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/standings/<int:number>/", views.standings, name="standings-after"),
    path("t/<slug:slug>/standings.csv", views.standings_csv, name="standings-csv"),
    path("t/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<slug:slug>/players/", views.players, name="players"),
    path("t/<slug:slug>/table/", views.round_robin_table, name="round-robin-table"),
    path("t/<slug:slug>/starting-list/", views.starting_list, name="starting-list"),
    # By the entrant's own id: pairing numbers change when late entries are renumbered (C.04.2).
    path("t/<slug:slug>/players/<int:entrant_id>/", views.player_card, name="player"),
    path("t/<slug:slug>/teams/", team_views.teams, name="teams"),
    path("t/<slug:slug>/teams/<int:team_id>/", team_views.team, name="team"),
    path("t/<slug:slug>/boards/", team_views.boards, name="boards"),
    path("t/<slug:slug>/export.trf", views.trf, name="trf"),
    path("t/<slug:slug>/qr.svg", views.qr_code, name="qr"),
    path("t/<slug:slug>/rounds.ics", views.schedule_ics, name="schedule-ics"),
]
