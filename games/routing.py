"""Websocket URLs (STYLE.md B7).

The last route catches every other path: its handshake is refused with an
HTTP 404 (`websocket_not_found`), not a 500 from Channels' URLRouter.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from django.urls import path, re_path

from games.consumers import LobbyConsumer, MatchConsumer, PlayConsumer

# The ASGI extension that lets an application answer the upgrade request
# with an HTTP response (Daphne learns it in config/websocket_denial.py).
DENIAL_RESPONSE = "websocket.http.response"

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


async def websocket_not_found(
    scope: dict[str, Any], receive: Receive, send: Send
) -> None:
    """Refuse the handshake of a path without a socket: HTTP 404.

    A server without the denial-response extension gets a close before
    accept instead (a refused handshake: 403 on a stock Daphne).
    """
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if DENIAL_RESPONSE in scope.get("extensions", {}):
        body = b"There is no websocket at this address.\n"
        await send(
            {
                "type": "websocket.http.response.start",
                "status": 404,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
        return
    await send({"type": "websocket.close"})


# django-stubs types path()'s view as a Django view, not an ASGI app such as
# a consumer's as_asgi() (Channels' documented use), hence the ignores.
websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/lobby/", LobbyConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/play/", PlayConsumer.as_asgi()),  # type: ignore[arg-type]
    re_path(r"", websocket_not_found),  # type: ignore[arg-type]
]
