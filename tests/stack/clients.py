"""What the stack tests' clients do: the API, /ws/play/ commands, board sockets.

Shared by the modules of tests/stack/: each speaks to a running cluster
(bench/nodebench/cluster.py) as a program or a browser would, and waits at
most `WAIT` seconds for an answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import time
from typing import Any

import aiohttp
from nodebench.cluster import Cluster
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

WAIT = 15.0  # seconds a push, an answer or a reconnection may take
VERSION = re.compile(r'data-version="(\d+)"')


def ws(http_url: str) -> str:
    return "ws" + http_url.removeprefix("http")


async def api(
    http: aiohttp.ClientSession,
    method: str,
    url: str,
    player: Any,
    body: Any = None,
) -> tuple[int, Any]:
    headers = {"Authorization": f"Token {player.token}", "Accept": "application/json"}
    async with http.request(method, url, json=body, headers=headers) as response:
        return response.status, await response.json(content_type=None)


async def match_start(
    http: aiohttp.ClientSession, base: str, first: Any, second: Any
) -> Any:
    status, match = await api(
        http, "POST", base + "/api/matches/", first, {"game": "race", "seats": 2}
    )
    assert status == 201, match
    status, match = await api(
        http, "POST", base + f"/api/matches/{match['id']}/join/", second
    )
    assert status == 200, match
    assert match["status"] == "active"
    return match


async def api_move(
    http: aiohttp.ClientSession,
    base: str,
    match_id: int,
    player: Any,
    rng: random.Random,
    acknowledged: list[int],
) -> None:
    """GET the match as `player` and POST a move if it is their turn.

    A 502 or 503 (a request that reached node A as it died) or a refused
    connection is answered by reading again: the version decides.
    """
    url = base + f"/api/matches/{match_id}/"
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            status, body = await api(http, "GET", url, player)
            if status != 200:
                raise aiohttp.ClientError(status)
            if body["status"] != "active" or body["your_seat"] not in body["to_move"]:
                return
            move = rng.choice(body["legal_moves"])
            status, moved = await api(
                http,
                "POST",
                url + "moves/",
                player,
                {"version": body["version"], "move": move},
            )
        except (aiohttp.ClientError, json.JSONDecodeError):
            await asyncio.sleep(0.2)
            continue
        if status == 200:
            acknowledged.append(moved["version"])
            return
        if status != 409 and status < 500:
            raise AssertionError(f"{status} {moved}")
    raise AssertionError("seat 1 could not move")


async def play_open(base: str, token: str) -> ClientConnection:
    return await connect(
        base + "/ws/play/", additional_headers={"Authorization": f"Token {token}"}
    )


async def play_on_node(cluster: Cluster, token: str, node: str) -> ClientConnection:
    """Open /ws/play/ through HAProxy until it lands on `node`."""
    others = []
    try:
        for _attempt in range(6):
            conn = await play_open(cluster.ws_url, token)
            if conn.response is not None and (
                conn.response.headers.get("X-Spielpost-Node") == node
            ):
                return conn
            others.append(conn)  # kept open, so HAProxy picks the other
        raise AssertionError(f"HAProxy never chose node {node}")
    finally:
        for other in others:
            await other.close()


async def play_reconnect(cluster: Cluster, token: str) -> ClientConnection:
    """Reconnect through HAProxy with backoff, as the README tells programs."""
    deadline = time.monotonic() + WAIT
    delay = 0.1
    while True:
        try:
            return await play_open(cluster.ws_url, token)
        except (InvalidStatus, OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)


_ids = itertools.count(1)


async def command_raw(conn: ClientConnection, command: str, **fields: Any) -> Any:
    """Send a command; return its answer (pushed events are skipped)."""
    ident = next(_ids)
    await conn.send(json.dumps({"command": command, "id": ident, **fields}))
    async with asyncio.timeout(WAIT):
        while True:
            message = json.loads(await conn.recv())
            if message.get("id") == ident and "event" not in message:
                return message


async def command(conn: ClientConnection, command: str, data: Any = None) -> Any:
    answer = await command_raw(conn, command, data=data)
    assert answer["ok"], answer
    return answer["result"]


async def until_closed(conn: ClientConnection) -> None:
    """Read (and drop) messages until the server's end closes the socket."""
    async with asyncio.timeout(WAIT):
        with contextlib.suppress(ConnectionClosed):
            while True:
                await conn.recv()


async def board_version(conn: ClientConnection, version: int) -> int:
    """Read board fragments until one shows `version` or newer."""
    async with asyncio.timeout(WAIT):
        while True:
            found = VERSION.search(str(await conn.recv()))
            if found and int(found.group(1)) >= version:
                return int(found.group(1))


async def view_event(conn: ClientConnection, match_id: int, version: int) -> Any:
    """Read /ws/play/ messages until the view event of `version` or newer."""
    async with asyncio.timeout(WAIT):
        while True:
            message = json.loads(await conn.recv())
            if (
                message.get("event") == "view"
                and message["match"] == match_id
                and message["version"] >= version
            ):
                return message
