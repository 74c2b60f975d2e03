"""/ws/play/ on the real Daphne, as a program written from the README talks to it.

The `websockets` package sends no Origin header; Daphne (autobahn) itself
refuses messages over its --websocket-max-message-size (1 MiB by default)
before Spielpost sees them. No browser here: the real server is the point.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from games.consumers.play.messages import MAX_MESSAGE
from tests.browser import Stack

pytestmark = pytest.mark.browser

# Daphne's default --websocket-max-message-size, in bytes (daphne/server.py).
DAPHNE_MAX_MESSAGE = 1024 * 1024


def _program(stack: Stack, token: str) -> ClientConnection:
    url = stack.url.replace("http://", "ws://") + "/ws/play/"
    # No Origin header, as the websockets package sends none.
    return connect(
        url,
        additional_headers={"Authorization": f"Token {token}"},
        max_size=None,
        open_timeout=10,
    )


def _answer(socket: ClientConnection) -> dict[str, Any]:
    """Return the next answer, passing over pushes (views of alice's matches,
    which earlier tests on this stack may have left running); header
    authentication itself is never answered."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        assert message.get("command") != "AUTH", message
        if "event" not in message:
            return message


def test_a_program_without_origin_and_the_message_limits(stack: Stack) -> None:
    token = stack.token("alice")
    with _program(stack, token) as socket:
        socket.send(json.dumps({"command": "WHOAMI", "id": 1}))
        # The first answer is WHOAMI's: no AUTH answer nobody asked for.
        who = _answer(socket)
        socket.send(json.dumps({"command": "VIEW", "data": "x" * MAX_MESSAGE}))
        too_large = _answer(socket)
        socket.send(json.dumps({"command": "WHOAMI", "id": 2}))
        alive = _answer(socket)
        # Over Daphne's limit the server drops the connection itself.
        socket.send(json.dumps({"command": "VIEW", "data": "x" * DAPHNE_MAX_MESSAGE}))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert who["id"] == 1
    assert who["result"]["name"] == "Alice"
    assert too_large["error"]["code"] == "too_large"
    assert str(MAX_MESSAGE) in too_large["error"]["message"]
    assert alive["ok"]
    # Measured: autobahn fails by drop, no close frame (the client's 1006).
    assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    # A new connection works as before.
    with _program(stack, token) as socket:
        socket.send(json.dumps({"command": "WHOAMI", "id": 3}))
        assert _answer(socket)["id"] == 3
