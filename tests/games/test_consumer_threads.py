"""Where the consumers' database work runs (games/consumers/threads.py, issue 27).

On PostgreSQL two sockets' calls run at once in the event loop's thread
pool (a move does not wait behind another socket's render); on SQLite,
one writer at a time, they stay in the process's one sync thread. Handling
a message needs no thread at all (`PerCallConnections`).
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections

from accounts.services import api_token_get_or_create
from config.asgi import application
from games.consumers.threads import database_call

on_postgresql = connections["default"].vendor == "postgresql"


@pytest.mark.skipif(not on_postgresql, reason="PostgreSQL only")
@pytest.mark.django_db
async def test_two_calls_run_at_once_on_postgresql():
    # Each call waits for the other: in one thread, one after another,
    # the first would wait alone until the barrier breaks.
    barrier = threading.Barrier(2, timeout=5)

    def meet() -> int:
        barrier.wait()
        return threading.get_ident()

    first, second = await asyncio.gather(database_call(meet)(), database_call(meet)())

    assert first != second


@pytest.mark.skipif(on_postgresql, reason="SQLite only")
@pytest.mark.django_db
async def test_calls_share_one_thread_on_sqlite():
    calls = [database_call(threading.get_ident)() for _ in range(4)]

    assert len(set(await asyncio.gather(*calls))) == 1


@pytest.mark.usefixtures("toy", "own_channel_layer")
@pytest.mark.django_db(transaction=True)
async def test_a_socket_answers_while_the_sync_thread_is_busy(alice):
    # channels' own dispatch waits for the one sync thread before every
    # handler (its connection sweep): a busy sync thread held every socket.
    token = await database_call(api_token_get_or_create)(user=alice)
    headers = [
        (b"origin", b"http://testserver"),
        (b"authorization", f"Token {token.key}".encode()),
    ]
    socket = WebsocketCommunicator(application, "/ws/play/", headers=headers)
    socket.scope["client"] = ("10.27.0.1", 12345)
    accepted, _ = await socket.connect()
    assert accepted
    await socket.send_json_to({"command": "WHOAMI", "id": "before"})
    while (await socket.receive_json_from(timeout=15)).get("id") != "before":
        pass
    release = threading.Event()
    busy = asyncio.ensure_future(sync_to_async(release.wait)())
    try:
        await socket.send_json_to({"command": "WHOAMI", "id": "during"})
        answer = await socket.receive_json_from(timeout=5)
        while answer.get("id") != "during":
            answer = await socket.receive_json_from(timeout=5)
        assert answer["ok"]
        assert answer["result"]["name"] == alice.name
    finally:
        release.set()
        await busy
        await socket.disconnect()
