"""A websocket path without a socket is refused with 404, not 500.

Before, Channels' URLRouter raised for `/ws/nope/` and Daphne answered the
handshake with 500 Internal server error.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from channels.testing import ApplicationCommunicator, WebsocketCommunicator

from config.asgi import application

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = (b"origin", b"http://testserver")


async def test_an_unknown_path_refuses_the_handshake():
    socket_ = WebsocketCommunicator(application, "/ws/nope/", headers=[ORIGIN])

    accepted, _code = await socket_.connect()

    assert not accepted


async def test_an_unknown_path_answers_404_where_the_server_can_say_so():
    scope = {
        "type": "websocket",
        "path": "/ws/nope/",
        "headers": [ORIGIN],
        "query_string": b"",
        "subprotocols": [],
        "extensions": {"websocket.http.response": {}},
    }
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "websocket.connect"})

    start = await communicator.receive_output(timeout=5)
    body = await communicator.receive_output(timeout=5)

    assert start["type"] == "websocket.http.response.start"
    assert start["status"] == 404
    assert body["type"] == "websocket.http.response.body"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _status_line(port: int, path: str) -> bytes:
    request = (
        f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:{port}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(request)
        return client.recv(4096).split(b"\r\n", 1)[0]


@pytest.fixture(scope="module")
def daphne_port():
    """A Daphne serving the site on a free port (as `make run` does)."""
    port = _free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    process = subprocess.Popen(
        [sys.executable, "-m", "config.wsserver", "-b", "127.0.0.1", "-p", str(port)]
        + ["config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Ready once it accepts connections (polled: it starts in a second).
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, "daphne did not start"
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_daphne_answers_an_unknown_websocket_path_with_404(daphne_port):
    assert _status_line(daphne_port, "/ws/nope/").startswith(b"HTTP/1.1 404")


def test_daphne_still_opens_the_known_sockets(daphne_port):
    assert _status_line(daphne_port, "/ws/lobby/").startswith(b"HTTP/1.1 101")
