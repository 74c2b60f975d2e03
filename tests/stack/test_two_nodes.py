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

import json
import random
import time

import aiohttp
import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.stack.conftest import require_stack

pytestmark = pytest.mark.stack

require_stack()

from tests.stack.clients import (  # noqa: E402
    api,
    api_move,
    board_version,
    command,
    command_raw,
    match_start,
    play_on_node,
    play_open,
    play_reconnect,
    until_closed,
    view_event,
    ws,
)


async def test_a_move_through_node_a_reaches_sockets_on_node_b(cluster):
    first, second = cluster.pairs[0]
    a, b = cluster.nodes["a"], cluster.nodes["b"]
    async with aiohttp.ClientSession() as http:
        match = await match_start(http, a.http, first, second)
        board = await connect(
            ws(b.ws) + f"/ws/matches/{match['id']}/",
            origin=Origin(b.ws),
            additional_headers={"Cookie": first.cookie},
        )
        program = await play_open(ws(b.ws), second.token)
        try:
            seat = match["to_move"][0]
            player = (first, second)[seat]
            status, moved = await api(
                http,
                "POST",
                a.http + f"/api/matches/{match['id']}/moves/",
                player,
                {"version": match["version"], "move": match["legal_moves"][0]},
            )
            assert status == 200, moved
            version = moved["version"]
            assert await board_version(board, version) == version
            pushed = await view_event(program, match["id"], version)
            assert pushed["version"] == version
        finally:
            await board.close()
            await program.close()


async def test_presence_sees_program_sockets_on_both_nodes(cluster):
    on_a, on_b = cluster.pairs[1]
    socket_a = await play_open(ws(cluster.nodes["a"].ws), on_a.token)
    socket_b = await play_open(ws(cluster.nodes["b"].ws), on_b.token)
    try:
        me_a = await command(socket_a, "WHOAMI")
        me_b = await command(socket_b, "WHOAMI")
        for conn in (socket_a, socket_b):
            players = await command(conn, "REQUEST_ALL_CONNECTED_PLAYERS")
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
        match = await match_start(http, cluster.url, zero, one)
        match_id = match["id"]
        conn = await play_on_node(cluster, zero.token, "a")
        acknowledged: list[int] = []  # versions the players were told of
        killed_at: int | None = None  # the version seat 0 moved against
        refused_again = 0  # the move sent to A, sent again: had been played
        began = time.monotonic()
        while time.monotonic() - began < 40:
            body = await command(conn, "VIEW", match_id)
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
                    await until_closed(conn)
                    conn = await play_reconnect(cluster, zero.token)
                    caught_up = await command(conn, "VIEW", match_id)
                    assert caught_up["version"] >= body["version"]
                answer = await command_raw(
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
                await api_move(http, cluster.url, match_id, one, rng, acknowledged)
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
