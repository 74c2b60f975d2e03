"""Two Daphne workers on one port (issue 27): program moves cross between them.

One node (bench/nodebench/cluster.py) whose Daphne runs `--workers 2`
(config/wsserver.py): both workers accept on the one port and share
nothing but the channel layer. The kernel picks each connection's worker;
the test finds it in /proc (which worker holds the server's end of the
connection) and reconnects until the two players' program sockets sit in
different workers. Then each move one makes reaches the other as a pushed
view, and presence sees both.
"""

from __future__ import annotations

import contextlib
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from websockets.asyncio.client import ClientConnection

from tests.sockets import children
from tests.stack.conftest import cluster_started, require_stack

pytestmark = pytest.mark.stack

require_stack()

from tests.stack.clients import (  # noqa: E402
    command,
    command_raw,
    match_start,
    play_open,
    view_event,
    ws,
)

# Connections tried before two land in different workers: each lands in
# either, so 30 in one worker alone would mean the other accepts nothing.
ATTEMPTS = 30


@pytest.fixture(scope="module")
def node() -> Iterator[Any]:
    """One node whose Daphne runs two workers, behind HAProxy."""
    with cluster_started(pairs=1, nodes=1, ws_workers=2) as running:
        yield running


async def test_program_moves_cross_between_two_workers_on_one_port(node):
    players = node.pairs[0]
    daphne = node.nodes["a"]
    port = urllib.parse.urlsplit(daphne.ws).port
    workers = children(daphne.processes["daphne"].pid)
    assert len(workers) == 2
    async with aiohttp.ClientSession() as http:
        match = await match_start(http, daphne.http, *players)
    sockets = [await play_open(ws(daphne.ws), players[0].token)]
    try:
        first_worker = _worker_of(workers, port, sockets[0])
        for _attempt in range(ATTEMPTS):
            conn = await play_open(ws(daphne.ws), players[1].token)
            if _worker_of(workers, port, conn) != first_worker:
                sockets.append(conn)
                break
            await conn.close()
        else:
            pytest.fail(f"{ATTEMPTS} connections all landed in one worker")

        me = [await command(conn, "WHOAMI") for conn in sockets]
        for conn in sockets:
            connected = await command(conn, "REQUEST_ALL_CONNECTED_PLAYERS")
            assert {me[0]["id"], me[1]["id"]} <= {p["id"] for p in connected}

        for _turn in range(4):
            # Each seat's legal moves are in its own view.
            bodies = [await command(conn, "VIEW", match["id"]) for conn in sockets]
            if bodies[0]["status"] != "active":
                break
            seat = bodies[0]["to_move"][0]
            mine = bodies[seat]
            answer = await command_raw(
                sockets[seat],
                "MOVE",
                match=match["id"],
                version=mine["version"],
                data=mine["legal_moves"][0],
            )
            assert answer["ok"], answer
            version = answer["result"]["version"]
            # The other seat's socket, in the other worker, is told.
            pushed = await view_event(sockets[1 - seat], match["id"], version)
            assert pushed["version"] == version
    finally:
        for conn in sockets:
            await conn.close()


def _worker_of(workers: list[int], port: int | None, conn: ClientConnection) -> int:
    """Return which of `workers` holds the server's end of `conn` (Linux /proc)."""
    client_port = conn.local_address[1]
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if (
            int(local.rsplit(":", 1)[1], 16) == port
            and int(remote.rsplit(":", 1)[1], 16) == client_port
        ):
            inode = fields[9]
    assert inode is not None, "no server end of the connection"
    for worker in workers:
        for fd in Path(f"/proc/{worker}/fd").iterdir():
            with contextlib.suppress(OSError):
                if os.readlink(fd) == f"socket:[{inode}]":
                    return worker
    raise AssertionError("no worker holds the connection")
