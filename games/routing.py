"""Websocket URLs (STYLE.md B7)."""

from __future__ import annotations

from django.urls import path

from games.consumers import LobbyConsumer, MatchConsumer, PlayConsumer

# django-stubs types path()'s view as a Django view, not an ASGI app such as
# a consumer's as_asgi() (Channels' documented use), hence the two ignores.
websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/lobby/", LobbyConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/play/", PlayConsumer.as_asgi()),  # type: ignore[arg-type]
]
