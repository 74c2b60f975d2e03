"""Fewer Redis round trips per channel-layer message (games/layer_trips.py, issue 27).

The layer must store and deliver exactly what channels-redis does (a
process with the plain layer and one with ours share a Redis), with fewer
trips: a group message in two, a busy process's queue in one per batch.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio.client
import time_machine
from channels_redis.core import RedisChannelLayer

from games import layer_trips
from games.channel_layers import ResilientRedisChannelLayer

REDIS_URL = os.environ.get("REDIS_URL", "")

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis")


@pytest.fixture
async def layers() -> AsyncIterator[tuple[Any, Any]]:
    """Ours and channels-redis's own, on one Redis under one fresh prefix."""
    prefix = f"test-{uuid.uuid4().hex}"
    # Channels named "tiny..." hold 5 messages, the rest channels-redis's 100.
    capacity = {"channel_capacity": {"tiny*": 5}}
    ours = ResilientRedisChannelLayer(hosts=[REDIS_URL], prefix=prefix, **capacity)
    theirs = RedisChannelLayer(hosts=[REDIS_URL], prefix=prefix, **capacity)
    # Known to Redis, as after a process's first sends: the counts of round
    # trips leave out the one-off load after NOSCRIPT.
    for script in (
        layer_trips.GROUP_MEMBERS,
        layer_trips.GROUP_DELIVER,
        layer_trips.RECEIVE,
    ):
        await ours.connection(0).script_load(script.text)
    yield ours, theirs
    await ours.flush()
    await theirs.flush()


class Trips:
    """Counts the Redis commands a layer's connections send (a round trip each)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, layer: Any) -> None:
        self.count = 0
        connection = layer.connection(0)
        original = connection.execute_command

        async def counted(*args: Any, **options: Any) -> Any:
            self.count += 1
            return await original(*args, **options)

        monkeypatch.setattr(connection, "execute_command", counted)


async def test_a_group_message_takes_two_round_trips_and_reaches_every_channel(
    layers, monkeypatch
):
    ours, _ = layers
    channels = [await ours.new_channel() for _ in range(3)]
    for channel in channels:
        await ours.group_add("match-1", channel)
    trips = Trips(monkeypatch, ours)

    await ours.group_send("match-1", {"type": "match.changed", "version": 7})

    assert trips.count == 2
    received = [await ours.receive(channel) for channel in channels]
    assert received == [{"type": "match.changed", "version": 7}] * 3


async def test_a_group_of_nobody_takes_one_round_trip(layers, monkeypatch):
    ours, _ = layers
    trips = Trips(monkeypatch, ours)

    await ours.group_send("match-2", {"type": "match.changed"})

    assert trips.count == 1


async def test_a_busy_process_receives_a_queue_of_messages_in_one_round_trip(
    layers, monkeypatch
):
    ours, theirs = layers
    channels = [await ours.new_channel() for _ in range(4)]
    for n in range(20):
        await theirs.send(channels[n % 4], {"type": "match.changed", "n": n})
    trips = Trips(monkeypatch, ours)

    received = {channel: [] for channel in channels}
    for _ in range(5):
        for channel in channels:
            received[channel].append((await ours.receive(channel))["n"])

    # The whole queue came in one script; each channel in its order.
    assert trips.count == 1
    assert received == {
        channel: list(range(i, 20, 4)) for i, channel in enumerate(channels)
    }


async def test_a_group_refresh_takes_one_round_trip_and_says_if_it_was_lost(
    layers, monkeypatch
):
    ours, _ = layers
    channel = await ours.new_channel()
    await ours.group_add("match-3", channel)
    trips = Trips(monkeypatch, ours)
    pipelines = []
    execute = redis.asyncio.client.Pipeline.execute

    async def counted(pipeline: Any, *args: Any, **kwargs: Any) -> Any:
        pipelines.append(len(pipeline.command_stack))
        return await execute(pipeline, *args, **kwargs)

    monkeypatch.setattr(redis.asyncio.client.Pipeline, "execute", counted)

    kept = await ours.group_refresh("match-3", channel)
    # Redis restarted empty: the membership is gone.
    await ours.connection(0).delete(ours._group_key("match-3"))
    lost = await ours.group_refresh("match-3", channel)

    assert (kept, lost) == (False, True)
    # The delete, then each refresh's ZADD and EXPIRE in one pipeline.
    assert trips.count == 1
    assert pipelines == [2, 2]
    ttl = await ours.connection(0).ttl(ours._group_key("match-3"))
    assert 0 < ttl <= ours.group_expiry


async def test_plain_channel_layer_and_ours_read_each_others_messages(layers):
    ours, theirs = layers
    mine, their = await ours.new_channel(), await theirs.new_channel()
    await ours.group_add("user-1", their)
    await theirs.group_add("user-2", mine)

    await ours.group_send("user-1", {"type": "lobby.changed", "from": "ours"})
    await theirs.group_send("user-2", {"type": "lobby.changed", "from": "theirs"})

    assert await theirs.receive(their) == {"type": "lobby.changed", "from": "ours"}
    assert await ours.receive(mine) == {"type": "lobby.changed", "from": "theirs"}


async def test_a_channel_at_capacity_drops_the_group_message_as_channels_redis_does(
    layers, caplog
):
    caplog.set_level(logging.INFO, logger="games.layer_trips")
    ours, _ = layers
    channel = await ours.new_channel("tiny")
    await ours.group_add("match-3", channel)

    for n in range(8):
        await ours.group_send("match-3", {"type": "match.changed", "n": n})

    # The first five are kept, the rest dropped (and logged).
    received = [(await ours.receive(channel))["n"] for _ in range(5)]
    assert received == [0, 1, 2, 3, 4]
    assert caplog.text.count("at capacity") == 3
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.3):
            await ours.receive(channel)


async def test_a_batch_whose_receive_was_cancelled_is_delivered_by_the_next(layers):
    ours, theirs = layers
    channel = await ours.new_channel()
    for n in range(3):
        await theirs.send(channel, {"type": "match.changed", "n": n})
    # The script ran in Redis but its answer never reached the consumers:
    # the batch waits in the backup queue, not handed over.
    key = ours.prefix + ours.non_local_name(channel)
    await layer_trips.RECEIVE.run(
        ours.connection(0), [key, ours._backup_channel_name(key)], ["0", 64, 60]
    )

    received = [(await ours.receive(channel))["n"] for _ in range(3)]

    assert received == [0, 1, 2]


async def test_a_handed_over_batch_is_not_delivered_again(layers):
    ours, theirs = layers
    channel = await ours.new_channel()
    await theirs.send(channel, {"type": "match.changed", "n": 0})
    assert (await ours.receive(channel))["n"] == 0
    await theirs.send(channel, {"type": "match.changed", "n": 1})

    # The next trip drops the batch handed over before and pops the new one.
    assert (await ours.receive(channel))["n"] == 1
    key = ours.prefix + ours.non_local_name(channel)
    backup = await ours.connection(0).zrange(ours._backup_channel_name(key), 0, -1)
    assert len(backup) == 1  # only the message just handed over


async def test_a_script_unknown_to_redis_is_loaded_again(layers):
    ours, _ = layers
    channel = await ours.new_channel()
    await ours.group_add("match-4", channel)
    await ours.connection(0).script_flush()

    await ours.group_send("match-4", {"type": "match.changed"})

    assert await ours.receive(channel) == {"type": "match.changed"}


async def test_a_commits_messages_to_several_groups_take_two_round_trips_in_order(
    layers, monkeypatch
):
    ours, _ = layers
    # One process's sockets: a board watching the match, and its player's page.
    board, page = await ours.new_channel(), await ours.new_channel()
    await ours.group_add("match-5", board)
    await ours.group_add("match-5", page)
    await ours.group_add("user-1", page)
    trips = Trips(monkeypatch, ours)

    await ours.group_send_many(
        [
            ("match-5", {"type": "match.changed", "n": 0}),
            ("user-1", {"type": "user.matches_changed", "n": 1}),
            ("user-2", {"type": "user.matches_changed", "n": 2}),  # nobody's
            ("user-1", {"type": "user.notifications_changed", "n": 3}),
        ]
    )

    assert trips.count == 2
    assert (await ours.receive(board))["n"] == 0
    assert [(await ours.receive(page))["n"] for _ in range(3)] == [0, 1, 3]


async def test_an_unreadable_message_is_dropped_not_its_batch(layers, caplog):
    ours, theirs = layers
    channel = await ours.new_channel()
    key = ours.prefix + ours.non_local_name(channel)
    # Older than the message after it, and not expired.
    await ours.connection(0).zadd(key, {b"not a message at all": time.time() - 1})
    await theirs.send(channel, {"type": "match.changed", "n": 1})

    assert (await ours.receive(channel))["n"] == 1
    assert "could not be read" in caplog.text


async def test_a_clock_that_was_ahead_expires_no_fresh_message(layers):
    # A test travelling in time, or a clock set back: the scores after it
    # follow the clock again, and expiry goes by the clock, never by a score
    # (a later send had dropped every message of the present as expired).
    ours, theirs = layers
    elsewhere = await ours.new_channel()
    await ours.group_add("user-9", elsewhere)
    with time_machine.travel(time.time() + 3600, tick=False):
        await ours.group_send("user-9", {"type": "user.matches_changed"})
    channel = await theirs.new_channel()  # another process's
    await ours.group_add("match-6", channel)
    await theirs.send(channel, {"type": "match.changed", "n": 0})

    await ours.group_send("match-6", {"type": "match.changed", "n": 1})

    assert [(await theirs.receive(channel))["n"] for _ in range(2)] == [0, 1]
