"""Websocket URLs (STYLE.md B7)."""

from __future__ import annotations

from django.urls import path

from games.consumers import LobbyConsumer, MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
