"""The arbiter's pages, under /arbiter/ (namespace `arbiter`)."""

from __future__ import annotations

from django.urls import path

from . import fide_list, norms_views, round_robin_views, views

app_name = "arbiter"

urlpatterns = [
    path("", views.tournament_list, name="tournaments"),
    path("new/", views.tournament_create, name="tournament-create"),
    path("<slug:slug>/", views.tournament_detail, name="tournament"),
    path("<slug:slug>/edit/", views.tournament_edit, name="tournament-edit"),
    path("<slug:slug>/public/", views.tournament_make_public, name="tournament-public"),
    path("<slug:slug>/arbiters/", views.arbiters, name="arbiters"),
    path("<slug:slug>/entrants/", views.entrants, name="entrants"),
    path("<slug:slug>/print/", views.print_lists, name="print"),
    path("<slug:slug>/entrants/import/", views.entrants_import, name="entrants-import"),
    path("<slug:slug>/entrants/<int:entrant_id>/edit/", views.entrant_edit, name="entrant-edit"),
    path("<slug:slug>/entrants/fide-lookup/", fide_list.fide_lookup, name="fide-lookup"),
    path("<slug:slug>/entrants/fide-refresh/", fide_list.fide_refresh, name="fide-refresh"),
    path("<slug:slug>/entrants/<int:entrant_id>/<str:kind>/", views.entrant_absence, name="entrant-absence"),
    path("<slug:slug>/teams/", views.teams, name="teams"),
    path("<slug:slug>/teams/import/", views.teams_import, name="teams-import"),
    path("<slug:slug>/teams/reseed/", views.teams_reseed, name="teams-reseed"),
    path("<slug:slug>/teams/<int:team_id>/number/", views.team_number, name="team-number"),
    path("<slug:slug>/teams/<int:team_id>/absence/", views.team_absence, name="team-absence"),
    path("<slug:slug>/draw/", round_robin_views.draw_page, name="round-robin-draw"),
    path("<slug:slug>/forbidden-pairs/", views.forbidden_pairs, name="forbidden-pairs"),
    path("<slug:slug>/recheck/", views.recheck, name="recheck"),
    path("<slug:slug>/pair/", views.pair_round, name="pair"),
    path("<slug:slug>/rounds/<int:number>/", views.round_review, name="round"),
    path("<slug:slug>/rounds/<int:number>/job/", views.round_job, name="round-job"),
    path("<slug:slug>/rounds/<int:number>/check/", views.round_check, name="round-check"),
    path("<slug:slug>/rounds/<int:number>/job/cancel/", views.round_job_cancel, name="round-job-cancel"),
    path("<slug:slug>/rounds/<int:number>/change/", views.round_change, name="round-change"),
    path("<slug:slug>/rounds/<int:number>/undo/", views.round_undo, name="round-undo"),
    path("<slug:slug>/rounds/<int:number>/publish/", views.round_publish, name="round-publish"),
    path("<slug:slug>/rounds/<int:number>/keep/", views.round_keep, name="round-keep"),
    path("<slug:slug>/rounds/<int:number>/unpublish/", views.round_unpublish, name="round-unpublish"),
    path("<slug:slug>/rounds/<int:number>/boards/<int:board>/", views.board_explain, name="board-explain"),
    path("<slug:slug>/rounds/<int:number>/results/", views.round_results, name="results"),
    path("<slug:slug>/rounds/<int:number>/results/clear/", views.result_clear, name="result-clear"),
    path("<slug:slug>/rounds/<int:number>/lineups/", views.round_lineups, name="lineups"),
    path("<slug:slug>/rounds/<int:number>/lineups/close/", views.round_lineups_close, name="lineups-close"),
    path("<slug:slug>/rounds/<int:number>/results/forfeit/", views.match_forfeit, name="match-forfeit"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/export.trf", views.export_trf, name="export-trf"),
    path("<slug:slug>/us-chess-report/", views.rating_report, name="rating-report"),
    path("<slug:slug>/board-results.csv", views.export_board_results, name="export-board-results"),
    path("<slug:slug>/schedule/", views.schedule, name="schedule"),
    path("<slug:slug>/announcements/", views.announcements, name="announcements"),
    path("<slug:slug>/prize-money/", views.prize_money, name="prize-money"),
    path("<slug:slug>/norms/", norms_views.norms_page, name="norms"),
    path("<slug:slug>/norms/<int:entrant_id>/<str:title>/", norms_views.norm_report, name="norm-report"),
    path(
        "<slug:slug>/norms/<int:entrant_id>/<str:title>.csv",
        norms_views.norm_report_csv,
        name="norm-report-csv",
    ),
]
