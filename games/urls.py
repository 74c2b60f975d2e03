"""URLs of the lobby, boards and rules pages."""

from __future__ import annotations

from django.urls import path

from games import (
    fairness_views,
    player_views,
    ranking_views,
    replay_views,
    report_views,
    views,
)
from games.chat import views as chat_views
from games.friends import views as friends_views

app_name = "games"
urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/<slug:game_slug>/new/", views.match_create, name="match_create"),
    path("matches/<int:match_id>/", views.match_detail, name="match_detail"),
    path("matches/<int:match_id>/join/", views.match_join, name="match_join"),
    path("matches/<int:match_id>/chat/", chat_views.match_chat, name="match_chat"),
    path("chat/", chat_views.lobby_chat, name="lobby_chat"),
    path(
        "matches/<int:match_id>/robots/", views.match_robot_add, name="match_robot_add"
    ),
    path("matches/<int:match_id>/leave/", views.match_leave, name="match_leave"),
    path(
        "matches/<int:match_id>/autoplay/", views.match_autoplay, name="match_autoplay"
    ),
    path(
        "matches/<int:match_id>/autoplay/decline/",
        views.match_autoplay_decline,
        name="match_autoplay_decline",
    ),
    path(
        "matches/<int:match_id>/take-back/",
        views.match_take_back,
        name="match_take_back",
    ),
    path("matches/<int:match_id>/resign/", views.match_resign, name="match_resign"),
    path("matches/<int:match_id>/cancel/", views.match_cancel, name="match_cancel"),
    path("matches/<int:match_id>/back/", views.match_back, name="match_back"),
    path("matches/<int:match_id>/moves/", views.move_create, name="move_create"),
    path(
        "matches/<int:match_id>/verify/",
        fairness_views.match_verify,
        name="match_verify",
    ),
    path("games/<slug:game_slug>/rules/", views.game_rules, name="game_rules"),
    # Replays and records of ended matches, a person's history (issue 23).
    path(
        "matches/<int:match_id>/replay/",
        replay_views.match_replay,
        name="match_replay",
    ),
    path(
        "matches/<int:match_id>/record.json",
        replay_views.match_record,
        name="match_record",
    ),
    path("me/history.json", replay_views.my_history, name="my_history"),
    path(
        "games/<slug:game_slug>/rankings/",
        ranking_views.rankings,
        name="rankings",
    ),
    # Before player_profile, whose <path:> would take it too.
    path(
        "players/<path:name>/relation/",
        player_views.player_relation,
        name="player_relation",
    ),
    # <path:>: a display name may hold a slash (accounts.names allows it).
    path("reports/", report_views.report_submit, name="report_submit"),
    path(
        "reports/chat-line/<int:line_id>/",
        report_views.chat_line_report,
        name="report_chat_line",
    ),
    path(
        "players/<path:name>/",
        player_views.player_profile_page,
        name="player_profile",
    ),
    # Friends and invitations (issue 24).
    path("friends/", friends_views.friends_page, name="friends"),
    path(
        "matches/<int:match_id>/invite/",
        friends_views.match_invite,
        name="match_invite",
    ),
    path(
        "invitations/<int:invitation_id>/accept/",
        friends_views.invitation_accept,
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        friends_views.invitation_decline,
        name="invitation_decline",
    ),
    path(
        "invitations/<int:invitation_id>/withdraw/",
        friends_views.invitation_withdraw,
        name="invitation_withdraw",
    ),
]
