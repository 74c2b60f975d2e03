"""Helpers of the websocket tests: connect a communicator, read what it was sent."""

from __future__ import annotations

from typing import Any


async def connected(communicator: Any) -> Any:
    """Connect `communicator` (a channels WebsocketCommunicator); fail if refused."""
    accepted, _ = await communicator.connect()
    assert accepted
    return communicator


async def frames_until_quiet(socket: Any, first_timeout: float = 15.0) -> list[str]:
    """Return every frame that arrives until the socket is quiet.

    The first may take a while on a busy machine (CI: a push after a commit
    went past 5 s once); waiting longer only slows a test that fails.
    """
    frames = [await socket.receive_from(timeout=first_timeout)]
    while not await socket.receive_nothing(timeout=0.3):
        frames.append(await socket.receive_from(timeout=1))
    return frames
