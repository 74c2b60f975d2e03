"""URLs of the JSON API, its OpenAPI schema and its documentation."""

from __future__ import annotations

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games.api import errors
from games.api import views as api
from games.notifications import api as notices_api

urlpatterns = [
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("me/vacation/", api.VacationView.as_view(), name="api-vacation"),
    path(
        "me/notifications/",
        notices_api.NoticeListView.as_view(),
        name="api-notifications",
    ),
    path(
        "me/notifications/read/",
        notices_api.NoticesReadView.as_view(),
        name="api-notifications-read",
    ),
    path("me/history/", api.HistoryView.as_view(), name="api-history"),
    path("me/", api.AccountView.as_view(), name="api-me"),
    path("me/export/", api.AccountExportView.as_view(), name="api-me-export"),
    path("games/", api.GameListView.as_view(), name="api-games"),
    path(
        "games/<slug:slug>/rankings/",
        api.RankingsView.as_view(),
        name="api-game-rankings",
    ),
    path("matches/", api.MatchListView.as_view(), name="api-matches"),
    path("matches/<int:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path(
        "matches/<int:match_id>/join/",
        api.MatchJoinView.as_view(),
        name="api-match-join",
    ),
    path(
        "matches/<int:match_id>/robots/",
        api.MatchRobotView.as_view(),
        name="api-match-robots",
    ),
    path(
        "matches/<int:match_id>/autoplay/",
        api.MatchAutoplayView.as_view(),
        name="api-match-autoplay",
    ),
    path(
        "matches/<int:match_id>/autoplay/decline/",
        api.MatchAutoplayDeclineView.as_view(),
        name="api-match-autoplay-decline",
    ),
    path(
        "matches/<int:match_id>/back/",
        api.MatchBackView.as_view(),
        name="api-match-back",
    ),
    path(
        "matches/<int:match_id>/take-back/",
        api.MatchTakeBackView.as_view(),
        name="api-match-take-back",
    ),
    path(
        "matches/<int:match_id>/resign/",
        api.MatchResignView.as_view(),
        name="api-match-resign",
    ),
    path(
        "matches/<int:match_id>/cancel/",
        api.MatchCancelView.as_view(),
        name="api-match-cancel",
    ),
    path(
        "matches/<int:match_id>/moves/",
        api.MoveSubmitView.as_view(),
        name="api-match-moves",
    ),
    path(
        "matches/<int:match_id>/chat/",
        api.MatchChatView.as_view(),
        name="api-match-chat",
    ),
    path("chat/", api.LobbyChatView.as_view(), name="api-lobby-chat"),
    path(
        "matches/<int:match_id>/record/",
        api.MatchRecordView.as_view(),
        name="api-match-record",
    ),
    # Before api-player, whose <path:> would take these too.
    path(
        "players/<path:name>/follow/",
        api.PlayerFollowView.as_view(),
        name="api-player-follow",
    ),
    path(
        "players/<path:name>/mute/",
        api.PlayerMuteView.as_view(),
        name="api-player-mute",
    ),
    path(
        "players/<path:name>/block/",
        api.PlayerBlockView.as_view(),
        name="api-player-block",
    ),
    # Friends and invitations (issue 24).
    path("me/friends/", api.FriendListView.as_view(), name="api-friends"),
    path("me/invitations/", api.InvitationListView.as_view(), name="api-invitations"),
    path(
        "matches/<int:match_id>/invitations/",
        api.MatchInvitationView.as_view(),
        name="api-match-invitations",
    ),
    path(
        "invitations/<int:invitation_id>/",
        api.InvitationDetailView.as_view(),
        name="api-invitation",
    ),
    path(
        "invitations/<int:invitation_id>/accept/",
        api.InvitationAcceptView.as_view(),
        name="api-invitation-accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        api.InvitationDeclineView.as_view(),
        name="api-invitation-decline",
    ),
    # <path:>: a display name may hold a slash (accounts.names allows it).
    path("reports/", api.ReportListView.as_view(), name="api-reports"),
    path("players/<path:name>/", api.PlayerDetailView.as_view(), name="api-player"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script from ?script, not inline:
    # the Content-Security-Policy (config/security.py) allows no inline script.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    # Last: any other path under /api/ is a JSON 404, not the site's HTML
    # page. Only paths ending in a slash, so APPEND_SLASH still redirects
    # `/api/matches` to `/api/matches/`; [\s\S], as a path may hold a newline.
    re_path(r"^(?:[\s\S]*/)?$", errors.not_found, name="api-not-found"),
]
