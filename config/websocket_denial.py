"""Daphne answers a refused websocket handshake with the application's status.

The ASGI "websocket.http.response" extension lets an application answer
the upgrade request with an HTTP response instead of accepting the socket
(games/routing.py: 404 for a path without a socket). Daphne 4.2 does not
implement it: it ignores those messages, and answers every refusal (a close
before accept) with 403, and an unknown path (an exception) with 500.
`install()` makes Daphne advertise the extension and send the response's
status (the body is dropped: autobahn sends the status and its reason).
"""

from __future__ import annotations

from typing import Any

DENIAL_RESPONSE = "websocket.http.response"


def install() -> None:
    """Teach Daphne the extension's status line; a no-op without Daphne, or twice."""
    try:
        from autobahn.websocket.types import ConnectionDeny
        from daphne.server import Server  # type: ignore[import-untyped]
        from daphne.ws_protocol import WebSocketProtocol  # type: ignore[import-untyped]
    except ImportError:
        return
    if getattr(WebSocketProtocol, "denial_response_installed", False):
        return
    create_application = Server.create_application
    handle_reply = WebSocketProtocol.handle_reply

    def create_with_extension(self: Any, protocol: Any, scope: dict[str, Any]) -> Any:
        if scope.get("type") == "websocket":
            extensions = {**scope.get("extensions", {}), DENIAL_RESPONSE: {}}
            scope = {**scope, "extensions": extensions}
        return create_application(self, protocol, scope)

    def reply(self: Any, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "websocket.http.response.start":
            if self.state == self.STATE_CONNECTING:
                self.denial_status = int(message["status"])
            return
        if kind == "websocket.http.response.body":
            status = getattr(self, "denial_status", None)
            if status is not None and not message.get("more_body", False):
                self.denial_status = None
                # What serverReject does, with the application's status.
                self.handshake_deferred.errback(ConnectionDeny(code=status))  # type: ignore[no-untyped-call]
                del self.handshake_deferred
                self.server.protocol_disconnected(self)
            return
        handle_reply(self, message)

    Server.create_application = create_with_extension
    WebSocketProtocol.handle_reply = reply
    WebSocketProtocol.denial_response_installed = True
