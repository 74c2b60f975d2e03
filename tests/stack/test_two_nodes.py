"""Two nodes as one site (issue 27): moves, presence and a node's death.

Starts two nodes on this machine (each gunicorn -w 1, Daphne and a Celery
worker with beat) on one throwaway PostgreSQL database and one Redis
database number, behind HAProxy on deploy/haproxy.cfg
(bench/nodebench/cluster.py), then shows that a move made through node A
reaches sockets on node B, that /ws/play/ presence sees both nodes, and
that killing node A mid-game loses and doubles no move while its socket
reconnects through HAProxy to B and catches up. The tests run in this
order on one cluster; the last one kills node A.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import shutil
import time
from typing import Any

import aiohttp
import psycopg
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from tests.stack.conftest import DATABASE_URL, REDIS_URL

pytestmark = pytest.mark.stack

WAIT = 15.0  # seconds a push, an answer or a reconnection may take
VERSION = re.compile(r'data-version="(\d+)"')

if shutil.which("haproxy") is None:
    pytest.skip("needs HAProxy (apt-get install haproxy)", allow_module_level=True)
if not DATABASE_URL.startswith(("postgres://", "postgresql://")):
    pytest.skip("needs DATABASE_URL on PostgreSQL", allow_module_level=True)
if not REDIS_URL:
    pytest.skip("needs REDIS_URL", allow_module_level=True)

from nodebench.cluster import Cluster  # noqa: E402


async def test_a_move_through_node_a_reaches_sockets_on_node_b(cluster):
    first, second = cluster.pairs[0]
    a, b = cluster.nodes["a"], cluster.nodes["b"]
    async with aiohttp.ClientSession() as http:
        match = await _match_start(http, a.http, first, second)
        board = await connect(
            _ws(b.ws) + f"/ws/matches/{match['id']}/",
            origin=Origin(b.ws),
            additional_headers={"Cookie": first.cookie},
        )
        program = await _play_open(_ws(b.ws), second.token)
        try:
            seat = match["to_move"][0]
            player = (first, second)[seat]
            status, moved = await _api(
                http,
                "POST",
                a.http + f"/api/matches/{match['id']}/moves/",
                player,
                {"version": match["version"], "move": match["legal_moves"][0]},
            )
            assert status == 200, moved
            version = moved["version"]
            assert await _board_version(board, version) == version
            event = await _event(program, match["id"], version)
            assert event["version"] == version
        finally:
            await board.close()
            await program.close()


async def test_presence_sees_program_sockets_on_both_nodes(cluster):
    on_a, on_b = cluster.pairs[1]
    socket_a = await _play_open(_ws(cluster.nodes["a"].ws), on_a.token)
    socket_b = await _play_open(_ws(cluster.nodes["b"].ws), on_b.token)
    try:
        me_a = await _command(socket_a, "WHOAMI")
        me_b = await _command(socket_b, "WHOAMI")
        for conn in (socket_a, socket_b):
            players = await _command(conn, "REQUEST_ALL_CONNECTED_PLAYERS")
            ids = {player["id"] for player in players}
            assert {me_a["id"], me_b["id"]} <= ids
    finally:
        await socket_a.close()
        await socket_b.close()


async def test_node_a_dies_mid_game_no_move_lost_or_doubled(cluster):
    """Seat 0 plays over /ws/play/ through HAProxy, landed on node A; seat 1
    over the API through HAProxy. Node A is SIGKILLed right after seat 0
    sent a move. Seat 0 reconnects through HAProxy (to B), asks for the
    match, and sends its move again against the version it had seen: it is
    played if it was lost, refused `stale` if it had been played. Both play
    on; the move log is gapless and the version is its length."""
    zero, one = cluster.pairs[2]
    rng = random.Random(27)
    async with aiohttp.ClientSession() as http:
        match = await _match_start(http, cluster.url, zero, one)
        match_id = match["id"]
        conn = await _play_on_node(cluster, zero.token, "a")
        acknowledged: list[int] = []  # versions the players were told of
        killed_at: int | None = None  # the version seat 0 moved against
        refused_again = 0  # the move sent to A, sent again: had been played
        began = time.monotonic()
        while time.monotonic() - began < 40:
            body = await _command(conn, "VIEW", match_id)
            if body["status"] != "active" or len(acknowledged) >= 16:
                break
            if 0 in body["to_move"]:
                move = rng.choice(body["legal_moves"])
                message = {"version": body["version"], "data": move}
                if killed_at is None and len(acknowledged) >= 5:
                    await conn.send(
                        json.dumps(
                            {"command": "MOVE", "match": match_id, "id": "k"} | message
                        )
                    )
                    cluster.nodes["a"].kill()
                    killed_at = body["version"]
                    await _until_closed(conn)
                    conn = await _play_reconnect(cluster, zero.token)
                    caught_up = await _command(conn, "VIEW", match_id)
                    assert caught_up["version"] >= body["version"]
                answer = await _command_raw(
                    conn, "MOVE", match=match_id, version=message["version"],
                    data=message["data"],
                )  # fmt: skip
                if answer["ok"]:
                    acknowledged.append(answer["result"]["version"])
                else:
                    # The move had been played before the node died (or
                    # seat 1 moved meanwhile): never played twice.
                    assert answer["error"]["code"] in {"stale", "illegal_move"}
                    if killed_at == message["version"]:
                        refused_again += 1
            if 1 in body["to_move"]:
                await _api_move(http, cluster.url, match_id, one, rng, acknowledged)
        await conn.close()
    assert killed_at is not None, "the match ended before node A was killed"
    with psycopg.connect(cluster.database_url) as db:
        seqs = [
            row[0]
            for row in db.execute(
                "SELECT seq FROM games_move WHERE match_id = %s ORDER BY seq",
                [match_id],
            )
        ]
        row = db.execute(
            "SELECT version FROM games_match WHERE id = %s", [match_id]
        ).fetchone()
    assert row is not None
    assert seqs == list(range(1, len(seqs) + 1))  # gapless, nothing doubled
    assert row[0] == len(seqs)
    # Nothing acknowledged was lost, and every move in the log is one the
    # players made once: the acknowledged ones, and the one sent to the dying
    # node if sending it again was refused because it had been played.
    assert len(set(acknowledged)) == len(acknowledged)
    assert set(acknowledged) <= set(seqs)
    assert len(seqs) == len(acknowledged) + refused_again
    assert len(seqs) > killed_at + 2  # the match went on, on node B


# ---------------------------------------------------------------------------
# Helpers


def _ws(http_url: str) -> str:
    return "ws" + http_url.removeprefix("http")


async def _api(
    http: aiohttp.ClientSession,
    method: str,
    url: str,
    player: Any,
    body: Any = None,
) -> tuple[int, Any]:
    headers = {"Authorization": f"Token {player.token}", "Accept": "application/json"}
    async with http.request(method, url, json=body, headers=headers) as response:
        return response.status, await response.json(content_type=None)


async def _match_start(
    http: aiohttp.ClientSession, base: str, first: Any, second: Any
) -> Any:
    status, match = await _api(
        http, "POST", base + "/api/matches/", first, {"game": "race", "seats": 2}
    )
    assert status == 201, match
    status, match = await _api(
        http, "POST", base + f"/api/matches/{match['id']}/join/", second
    )
    assert status == 200, match
    assert match["status"] == "active"
    return match


async def _api_move(
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
            status, body = await _api(http, "GET", url, player)
            if status != 200:
                raise aiohttp.ClientError(status)
            if body["status"] != "active" or body["your_seat"] not in body["to_move"]:
                return
            move = rng.choice(body["legal_moves"])
            status, moved = await _api(
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


async def _play_open(base: str, token: str) -> ClientConnection:
    return await connect(
        base + "/ws/play/", additional_headers={"Authorization": f"Token {token}"}
    )


async def _play_on_node(cluster: Cluster, token: str, node: str) -> ClientConnection:
    """Open /ws/play/ through HAProxy until it lands on `node`."""
    others = []
    try:
        for _attempt in range(6):
            conn = await _play_open(cluster.ws_url, token)
            if conn.response is not None and (
                conn.response.headers.get("X-Spielpost-Node") == node
            ):
                return conn
            others.append(conn)  # kept open, so HAProxy picks the other
        raise AssertionError(f"HAProxy never chose node {node}")
    finally:
        for other in others:
            await other.close()


async def _play_reconnect(cluster: Cluster, token: str) -> ClientConnection:
    """Reconnect through HAProxy with backoff, as the README tells programs."""
    deadline = time.monotonic() + WAIT
    delay = 0.1
    while True:
        try:
            return await _play_open(cluster.ws_url, token)
        except (InvalidStatus, OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)


_ids = itertools.count(1)


async def _command_raw(conn: ClientConnection, command: str, **fields: Any) -> Any:
    """Send a command; return its answer (pushed events are skipped)."""
    ident = next(_ids)
    await conn.send(json.dumps({"command": command, "id": ident, **fields}))
    async with asyncio.timeout(WAIT):
        while True:
            message = json.loads(await conn.recv())
            if message.get("id") == ident and "event" not in message:
                return message


async def _command(conn: ClientConnection, command: str, data: Any = None) -> Any:
    answer = await _command_raw(conn, command, data=data)
    assert answer["ok"], answer
    return answer["result"]


async def _until_closed(conn: ClientConnection) -> None:
    """Read (and drop) messages until the server's end closes the socket."""
    async with asyncio.timeout(WAIT):
        with contextlib.suppress(ConnectionClosed):
            while True:
                await conn.recv()


async def _board_version(conn: ClientConnection, version: int) -> int:
    """Read board fragments until one shows `version` or newer."""
    async with asyncio.timeout(WAIT):
        while True:
            found = VERSION.search(str(await conn.recv()))
            if found and int(found.group(1)) >= version:
                return int(found.group(1))


async def _event(conn: ClientConnection, match_id: int, version: int) -> Any:
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
