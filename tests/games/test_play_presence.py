"""Who has a program socket open (REQUEST_ALL_CONNECTED_PLAYERS), across processes.

The socket tests run on the back-end the environment picks (REDIS_URL or
the in-process registry). The back-end tests run on both; the Redis one is
skipped without a Redis. Time is travelled, never slept: an entry lives
PRESENCE_TTL seconds past its last heartbeat.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
import redis
import time_machine
from channels.db import database_sync_to_async

from games.consumers import presence as presence_hooks
from games.consumers.play import presence as play_presence
from games.notifications import presence
from tests.games import test_play_protocol as protocol

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
TTL = 90
TEST_REDIS_URL = os.environ.get("TEST_PRESENCE_REDIS_URL", "redis://127.0.0.1:6379/15")


def _forget_everyone():
    play_presence._SOCKETS.clear()
    from django.conf import settings

    if settings.REDIS_URL:
        presence.redis_client().delete(play_presence._key())


@pytest.fixture
def nobody_connected(db):
    _forget_everyone()
    yield
    _forget_everyone()


@pytest.fixture(params=["process", "redis"])
def backend(request, settings, nobody_connected):
    settings.PRESENCE_TTL = TTL
    if request.param == "process":
        settings.REDIS_URL = ""
    else:
        url = settings.REDIS_URL or TEST_REDIS_URL
        try:
            redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        except redis.exceptions.RedisError:
            pytest.skip("no Redis at " + url)
        settings.REDIS_URL = url
    _forget_everyone()
    yield request.param
    _forget_everyone()


@pytest.fixture
def on_redis(backend):
    if backend != "redis":
        pytest.skip("Redis only: processes share nothing else")
    return backend


def _at(moment):
    return time_machine.travel(moment, tick=False)


def _players_of(answer):
    assert answer["ok"], answer
    return [player["id"] for player in answer["result"]]


# The sockets


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer", "nobody_connected")
async def test_two_people_see_each_other_until_one_leaves(alice, bob):
    first = await protocol._socket(alice)
    second = await protocol._socket(bob)
    try:
        seen_by_alice = await protocol._ask(first, "REQUEST_ALL_CONNECTED_PLAYERS")
        seen_by_bob = await protocol._ask(second, "REQUEST_ALL_CONNECTED_PLAYERS")
        await second.disconnect()
        after = await protocol._ask(first, "REQUEST_ALL_CONNECTED_PLAYERS")
    finally:
        await first.disconnect()
    expected = [{"id": alice.pk, "name": "Alice"}, {"id": bob.pk, "name": "Bob"}]
    assert seen_by_alice["result"] == expected
    assert seen_by_bob["result"] == expected
    assert _players_of(after) == [alice.pk]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer", "nobody_connected")
async def test_two_sockets_of_one_person_list_her_once(alice, bob):
    first = await protocol._socket(alice)
    second = await protocol._socket(alice)
    third = await protocol._socket(bob)
    try:
        both = await protocol._ask(third, "REQUEST_ALL_CONNECTED_PLAYERS")
        await first.disconnect()
        one_left = await protocol._ask(third, "REQUEST_ALL_CONNECTED_PLAYERS")
    finally:
        await second.disconnect()
        await third.disconnect()
    assert _players_of(both) == [alice.pk, bob.pk]
    assert _players_of(one_left) == [alice.pk, bob.pk]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer", "nobody_connected")
async def test_one_heartbeat_keeps_the_page_and_the_program_entry(alice, monkeypatch):
    # The socket's one heartbeat task beats its program entry too.
    started = []

    async def heartbeat(user_id, channel_name, also=None):
        started.append((user_id, also))

    monkeypatch.setattr(presence_hooks, "presence_heartbeat", heartbeat)
    socket = await protocol._socket(alice)
    await socket.disconnect()

    assert started == [(alice.pk, play_presence.program_beat)]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_channel_layer")
async def test_a_socket_of_another_process_is_listed(on_redis, alice, bob):
    await database_sync_to_async(play_presence.program_join)(
        bob.pk, "specific.other-process!abc"
    )
    socket = await protocol._socket(alice)
    try:
        answer = await protocol._ask(socket, "REQUEST_ALL_CONNECTED_PLAYERS")
    finally:
        await socket.disconnect()
    assert answer["result"] == [
        {"id": alice.pk, "name": "Alice"},
        {"id": bob.pk, "name": "Bob"},
    ]


# The back-ends


def test_a_joined_socket_counts_until_it_leaves(backend, alice, bob):
    with _at(T0):
        play_presence.program_join(alice.pk, "chan-a")
        play_presence.program_join(bob.pk, "chan-b")
        play_presence.program_join(alice.pk, "chan-c")
        assert play_presence.connected_user_ids() == [alice.pk, bob.pk]

        play_presence.program_leave(alice.pk, "chan-a")
        assert play_presence.connected_user_ids() == [alice.pk, bob.pk]
        play_presence.program_leave(alice.pk, "chan-c")
        assert play_presence.connected_user_ids() == [bob.pk]


def test_an_entry_without_heartbeat_ends_after_the_ttl(on_redis, alice, bob):
    with _at(T0):
        play_presence.program_join(alice.pk, "crashed-process!1")
        play_presence.program_join(bob.pk, "live-process!2")
    with _at(T0 + timedelta(seconds=TTL - 30)):
        play_presence.program_beat(bob.pk, "live-process!2")
        assert play_presence.connected_user_ids() == [alice.pk, bob.pk]
    with _at(T0 + timedelta(seconds=TTL + 1)):
        assert play_presence.connected_user_ids() == [bob.pk]
    with _at(T0 + timedelta(seconds=2 * TTL - 29)):
        assert play_presence.connected_user_ids() == []


def test_a_join_prunes_long_ended_entries(on_redis, alice, bob):
    with _at(T0):
        play_presence.program_join(alice.pk, "crashed-process!1")
    with _at(T0 + play_presence.PRUNE + timedelta(minutes=5)):
        play_presence.program_join(bob.pk, "live-process!2")
    members = presence.redis_client().zrange(play_presence._key(), 0, -1)
    assert members == [f"{bob.pk}:live-process!2".encode()]


def test_the_players_names_come_from_the_database(backend, alice, bob):
    bob.display_name = "Robert"
    bob.save()
    play_presence.program_join(bob.pk, "chan-b")
    play_presence.program_join(alice.pk, "chan-a")

    assert play_presence.connected_players() == [
        {"id": alice.pk, "name": "Alice"},
        {"id": bob.pk, "name": "Robert"},
    ]
