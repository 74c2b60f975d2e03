"""Every socket type polls while the channel layer is down and rejoins when it is back.

Before, a socket opened before a Redis outage got no pushes during it (it
never started polling), and none ever again if Redis came back empty (its
group memberships were gone); a /ws/play/ socket opened during an outage
never got pushes. The fake layer here fails like a Redis that is down and
forgets its groups like one that restarted empty; the test drives each
socket's beat (`games.consumers.shared._wait`) instead of sleeping.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from socket import socket as tcp_socket
from typing import Any

import pytest
import redis
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import channel_layers, services
from games.consumers.shared import GROUP_REFRESH_SECONDS
from tests.games.sockets import connected
from tests.games.test_consumers import _play_first

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy")]

FALLBACK = 3.0


class FlakyMemoryLayer(InMemoryChannelLayer):
    """The in-memory layer, failing like an unreachable Redis while `down`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.down = False
        self.outages: set[asyncio.Future[None]] = set()

    def go_down(self) -> None:
        """Fail every call from now on, the receives waiting now too."""
        self.down = True
        for outage in self.outages:
            if not outage.done():
                outage.set_result(None)

    def come_back(self, *, empty: bool) -> None:
        """Answer again; `empty`: as a Redis restarted without its groups."""
        self.down = False
        if empty:
            self.groups.clear()

    def _check(self) -> None:
        if self.down:
            raise ConnectionError("redis is down")

    async def receive(self, channel: str) -> dict[str, Any]:
        self._check()
        outage = asyncio.get_running_loop().create_future()
        self.outages.add(outage)
        receiving = asyncio.ensure_future(super().receive(channel))
        try:
            await asyncio.wait({receiving, outage}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.outages.discard(outage)
            if not receiving.done():
                receiving.cancel()
        if receiving.done() and not receiving.cancelled():
            return receiving.result()
        raise ConnectionError("redis went down")

    async def group_add(self, group: str, channel: str) -> None:
        self._check()
        await super().group_add(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        self._check()
        await super().group_discard(group, channel)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self._check()
        await super().group_send(group, message)


class FakeRedisLayer(channel_layers.OutageSignalling, FlakyMemoryLayer):
    """What ResilientRedisChannelLayer adds, on the flaky in-memory layer."""

    async def group_refresh(self, group: str, channel: str) -> bool:
        self._check()
        lost = channel not in self.groups.get(group, {})
        await self.group_add(group, channel)
        return lost


@dataclass
class Wait:
    seconds: float
    go: asyncio.Event = field(default_factory=asyncio.Event)


class Beats:
    """Stands in for the sockets' beat wait: each waits until the test lets it go."""

    def __init__(self) -> None:
        self.waits: list[Wait] = []
        self.arrived = asyncio.Event()

    async def wait(self, seconds: float) -> None:
        wait = Wait(seconds)
        self.waits.append(wait)
        self.arrived.set()
        try:
            await wait.go.wait()
        finally:
            self.waits.remove(wait)

    async def until_waiting(self, seconds: float) -> None:
        """Return once the (one) beat waits for `seconds`."""
        while not (self.waits and self.waits[0].seconds == seconds):
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), timeout=5)

    async def beat(self) -> None:
        """Let the beat take one step, up to its next wait."""
        while not self.waits:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), timeout=5)
        wait = self.waits[0]
        wait.go.set()
        while not self.waits or self.waits[0] is wait:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), timeout=5)


@pytest.fixture
def layer(settings, monkeypatch):
    settings.LIVE_POLL_SECONDS = 0
    settings.LIVE_FALLBACK_POLL_SECONDS = FALLBACK
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "tests.games.test_layer_outages.FakeRedisLayer"}
    }
    # The layer's own receive retries, not driven by the test: kept short.
    monkeypatch.setattr(channel_layers, "RECEIVE_RETRY_SECONDS", 0.01)
    monkeypatch.setattr(channel_layers, "RECEIVE_RETRY_MAX_SECONDS", 0.01)
    return get_channel_layer()


@pytest.fixture
def beats(monkeypatch):
    beats = Beats()
    monkeypatch.setattr("games.consumers.shared._wait", beats.wait)
    return beats


async def _frames(socket) -> list[str]:
    """Return what the socket was sent until it is quiet."""
    frames = []
    while not await socket.receive_nothing(timeout=0.2):
        frames.append(await socket.receive_from(timeout=1))
    return frames


def _board_versions(frames: list[str]) -> list[int]:
    found = (re.search(r'id="board"[^>]*data-version="(\d+)"', f) for f in frames)
    return [int(m.group(1)) for m in found if m]


async def test_a_board_polls_through_an_outage_and_rejoins_a_redis_back_empty(
    socket_for, layer, beats, started_match, alice, bob
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        layer.go_down()
        # The failed receive switched the socket to polling.
        await beats.until_waiting(FALLBACK)
        await _play_first(started_match, alice, 0)  # its group message is lost
        await beats.beat()
        during = await _frames(socket)
        await beats.beat()
        nothing_new = await _frames(socket)

        layer.come_back(empty=True)
        await beats.beat()
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        rejoined = await _frames(socket)
        await _play_first(started_match, alice, 0)  # by group message again
        after = await _frames(socket)
    finally:
        await socket.disconnect()

    assert _board_versions(during) == [1]
    # The bell and the turn count came once, with the board.
    assert any('id="bell"' in f for f in during)
    assert nothing_new == rejoined == []
    assert _board_versions(after) == [2]


async def test_a_board_finds_the_groups_a_quick_restart_lost(
    socket_for, layer, beats, started_match, alice, bob
):
    # Redis restarted empty between two beats: no call ever failed.
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        layer.come_back(empty=True)
        await _play_first(started_match, alice, 0)  # nobody in the group
        lost = await _frames(socket)
        await beats.beat()
        caught_up = await _frames(socket)
        await _play_first(started_match, alice, 0)
        after = await _frames(socket)
    finally:
        await socket.disconnect()

    assert lost == []
    assert _board_versions(caught_up) == [1]
    assert _board_versions(after) == [2]


async def test_a_board_opened_during_an_outage_polls_and_then_joins(
    socket_for, layer, beats, started_match, alice, bob
):
    layer.go_down()
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", None)
    )
    try:
        await beats.until_waiting(FALLBACK)
        await _play_first(started_match, alice, 0)
        await beats.beat()
        during = await _frames(socket)
        layer.come_back(empty=False)
        await beats.beat()
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await _play_first(started_match, alice, 0)
        after = await _frames(socket)
    finally:
        await socket.disconnect()

    assert _board_versions(during) == [1]
    assert _board_versions(after) == [2]


async def test_the_lobby_polls_its_lists_and_bell_through_an_outage(
    socket_for, layer, beats, alice, bob
):
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        layer.go_down()
        await beats.until_waiting(FALLBACK)
        await beats.beat()
        first = await _frames(socket)
        match = await database_sync_to_async(services.match_create)(
            user=bob, game_slug="toy", seats=3, options={}
        )
        await beats.beat()
        changed = await _frames(socket)
        await beats.beat()
        nothing_new = await _frames(socket)
        layer.come_back(empty=True)
        await beats.beat()
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=alice)
        after = await _frames(socket)
    finally:
        await socket.disconnect()

    # The first poll of an outage sends each list once: what changed
    # before it cannot be told apart.
    assert len(first) == 3
    assert len(changed) == 1
    assert f"/matches/{match.id}/" in changed[0]
    assert nothing_new == []
    # Back in both groups: the open list and alice's own matches follow.
    assert any('id="my-matches"' in f for f in after)


# /ws/play/


async def _play_socket(user):
    from tests.games.test_play_protocol import _socket

    return await _socket(user)


async def _views(socket) -> list[tuple[int, int]]:
    found = []
    for frame in await _frames(socket):
        message = json.loads(frame)
        if message.get("event") == "view":
            found.append((message["match"], message["version"]))
    return found


async def test_a_program_socket_polls_through_an_outage_and_rejoins(
    layer, beats, started_match, alice, bob
):
    socket = await _play_socket(bob)
    try:
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await _frames(socket)  # what is pushed on connect
        layer.go_down()
        await beats.until_waiting(FALLBACK)
        await _play_first(started_match, alice, 0)
        await beats.beat()
        during = await _views(socket)
        await beats.beat()
        nothing_new = await _views(socket)
        layer.come_back(empty=True)
        await beats.beat()
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await _play_first(started_match, alice, 0)
        after = await _views(socket)
    finally:
        await socket.disconnect()

    assert during == [(started_match.id, 1)]
    assert nothing_new == []
    assert after == [(started_match.id, 2)]


async def test_a_program_socket_opened_during_an_outage_gets_pushes(
    layer, beats, started_match, alice, bob
):
    layer.go_down()
    socket = await _play_socket(bob)
    try:
        await beats.until_waiting(FALLBACK)
        await _frames(socket)
        await _play_first(started_match, alice, 0)
        await beats.beat()
        during = await _views(socket)
        layer.come_back(empty=False)
        await beats.beat()
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await _play_first(started_match, alice, 0)
        after = await _views(socket)
    finally:
        await socket.disconnect()

    assert during == [(started_match.id, 1)]
    assert after == [(started_match.id, 2)]


# A real Redis, stopped and started again empty.


def _free_port() -> int:
    with tcp_socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class OwnRedis:
    """A redis-server of the test's own, without persistence (never the machine's)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: Any = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        # Ready when it answers (polled, not slept: it starts in milliseconds).
        for _ in range(500):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.process.poll() is not None:
                    raise
                time.sleep(0.01)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def own_redis():
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    server = OwnRedis(_free_port())
    server.start()
    yield server
    if server.process.poll() is None:
        server.stop()


async def test_a_board_lives_through_a_real_redis_restarted_empty(
    socket_for, settings, monkeypatch, beats, own_redis, started_match, alice, bob
):
    settings.LIVE_POLL_SECONDS = 0
    settings.LIVE_FALLBACK_POLL_SECONDS = FALLBACK
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{own_redis.port}/0"]},
        }
    }
    monkeypatch.setattr(channel_layers, "RECEIVE_RETRY_SECONDS", 0.01)
    monkeypatch.setattr(channel_layers, "RECEIVE_RETRY_MAX_SECONDS", 0.01)
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0")
    )
    try:
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await asyncio.to_thread(own_redis.stop)
        await beats.until_waiting(FALLBACK)  # the receive failed
        await _play_first(started_match, alice, 0)
        await beats.beat()
        during = await _frames(socket)

        await asyncio.to_thread(own_redis.start)  # empty: no groups
        # A pooled connection to the stopped server may fail one more beat.
        for _ in range(3):
            await beats.beat()
            if beats.waits[0].seconds == GROUP_REFRESH_SECONDS:
                break
        await beats.until_waiting(GROUP_REFRESH_SECONDS)
        await _play_first(started_match, alice, 0)
        after = await socket.receive_from(timeout=5)
        more = await _frames(socket)
    finally:
        await socket.disconnect()

    assert _board_versions(during) == [1]
    assert _board_versions([after, *more]) == [2]


@pytest.mark.parametrize(
    "host",
    ["redis://127.0.0.1:1/0", {"address": "redis://127.0.0.1:1/0"}],
    ids=["url", "dict"],
)
def test_an_idle_sockets_blocking_receive_ends_before_its_connection_times_out(host):
    # redis-py's default socket timeout (5 s) equalled channels-redis's
    # blocking receive (BZPOPMIN, 5 s): on a busy machine an idle board's
    # receive raised "Timeout reading" and closed it.
    from channels_redis.utils import create_pool

    layer = channel_layers.ResilientRedisChannelLayer(hosts=[host])

    [decoded] = layer.hosts
    pool = create_pool(decoded)
    assert pool.connection_kwargs["socket_timeout"] > layer.brpop_timeout + 5


def test_a_hosts_own_socket_timeout_is_kept():
    layer = channel_layers.ResilientRedisChannelLayer(
        hosts=[{"address": "redis://127.0.0.1:1/0", "socket_timeout": 12}]
    )

    assert layer.hosts[0]["socket_timeout"] == 12
