"""The consumers record who has a page open (issue 11, "Presence").

A logged-in person's board or lobby socket joins on connect, beats every
PRESENCE_TTL / 3 seconds and leaves on disconnect; anonymous viewers are
not recorded. A presence back-end that fails never closes a socket.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from redis.exceptions import ConnectionError as RedisConnectionError

from games.consumers import presence as presence_hooks
from games.notifications import presence

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


@pytest.fixture(autouse=True)
def _database_presence(settings):
    settings.REDIS_URL = ""


def _paths(match):
    return [f"/ws/matches/{match.id}/", "/ws/lobby/"]


@pytest.mark.parametrize("page", [0, 1], ids=["board", "lobby"])
async def test_an_open_page_makes_its_person_present_until_it_closes(
    socket_for, started_match, alice, page
):
    socket = await socket_for(_paths(started_match)[page], alice)
    connected, _ = await socket.connect()
    assert connected
    try:
        assert await database_sync_to_async(presence.is_present)(alice.id)
    finally:
        await socket.disconnect()

    assert not await database_sync_to_async(presence.is_present)(alice.id)


@pytest.mark.parametrize("page", [0, 1], ids=["board", "lobby"])
async def test_an_anonymous_page_records_nobody(socket_for, started_match, page):
    socket = await socket_for(_paths(started_match)[page])
    connected, _ = await socket.connect()
    assert connected
    try:
        count = await database_sync_to_async(presence.Presence.objects.count)()
    finally:
        await socket.disconnect()

    assert count == 0


@pytest.mark.parametrize("page", [0, 1], ids=["board", "lobby"])
async def test_a_failing_presence_back_end_does_not_close_the_socket(
    socket_for, started_match, alice, monkeypatch, caplog, page
):
    def down(user_id, channel_name):
        raise RedisConnectionError("Redis is down")

    monkeypatch.setattr(presence, "presence_join", down)
    monkeypatch.setattr(presence, "presence_leave", down)
    socket = await socket_for(_paths(started_match)[page], alice)

    connected, _ = await socket.connect()
    try:
        # The page still works: it is accepted, and closes normally below.
        assert connected
    finally:
        await socket.disconnect()

    assert "presence not recorded" in caplog.text


def _sleeps(monkeypatch, until: int) -> list[float]:
    """Let the heartbeat sleep without waiting; the `until`-th sleep cancels it.

    Returns the list the sleeps' seconds are recorded in.
    """
    sleeps: list[float] = []

    async def sleep(seconds):
        sleeps.append(seconds)
        if len(sleeps) == until:
            raise asyncio.CancelledError

    # The heartbeat's module sees asyncio.sleep through its own import.
    monkeypatch.setattr("games.consumers.presence.asyncio.sleep", sleep)
    return sleeps


async def test_the_heartbeat_beats_every_third_of_the_ttl(settings, monkeypatch):
    settings.PRESENCE_TTL = 90
    sleeps, beats = _sleeps(monkeypatch, until=3), []
    monkeypatch.setattr(
        presence, "presence_beat", lambda user_id, name: beats.append((user_id, name))
    )

    with pytest.raises(asyncio.CancelledError):
        await presence_hooks.presence_heartbeat(7, "chan-1")

    assert sleeps == [30, 30, 30]
    assert beats == [(7, "chan-1"), (7, "chan-1")]


async def test_one_heartbeat_also_beats_a_program_sockets_entry(settings, monkeypatch):
    # A /ws/play/ socket is a page and a program: one task keeps both alive.
    settings.PRESENCE_TTL = 90
    _sleeps(monkeypatch, until=2)
    beats = []
    monkeypatch.setattr(
        presence, "presence_beat", lambda *args: beats.append(("page", *args))
    )

    with pytest.raises(asyncio.CancelledError):
        await presence_hooks.presence_heartbeat(
            7, "chan-1", lambda *args: beats.append(("program", *args))
        )

    assert beats == [("page", 7, "chan-1"), ("program", 7, "chan-1")]


async def test_a_failing_heartbeat_goes_on_beating(settings, monkeypatch):
    settings.PRESENCE_TTL = 90
    sleeps = _sleeps(monkeypatch, until=3)

    def down(user_id, channel_name):
        raise RedisConnectionError("Redis is down")

    monkeypatch.setattr(presence, "presence_beat", down)

    with pytest.raises(asyncio.CancelledError):
        await presence_hooks.presence_heartbeat(7, "chan-1")

    # Two failed beats were logged, and the loop lived on to a third sleep.
    assert len(sleeps) == 3
