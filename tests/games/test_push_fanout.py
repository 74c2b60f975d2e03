"""Pushes render once per distinct view, and boards outlive a channel layer outage."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import channel_layers, consumers, services
from tests.games.sockets import connected
from tests.games.test_consumers import _play_first

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


@pytest.fixture
def renders(monkeypatch):
    """Record the arguments of every board render the consumers run."""
    calls: list[tuple] = []
    render = consumers.match.board_render

    def spy(*args):
        calls.append(args)
        return render(*args)

    monkeypatch.setattr(consumers.match, "board_render", spy)
    return calls


@pytest.fixture
def lobby_renders(monkeypatch):
    calls: list[str] = []
    render = consumers.lobby.lobby_render

    def spy(language):
        calls.append(language)
        return render(language)

    monkeypatch.setattr(consumers.lobby, "lobby_render", spy)
    return calls


async def _receive_all(sockets):
    try:
        return [await s.receive_from(timeout=5) for s in sockets]
    finally:
        for s in sockets:
            await s.disconnect()


async def test_spectators_share_one_render_of_a_move(
    socket_for, renders, started_match, alice, carol
):
    path = f"/ws/matches/{started_match.id}/?version=0"
    spectators = [await connected(await socket_for(path)) for _ in range(5)]
    logged_in = [await connected(await socket_for(path, carol)) for _ in range(2)]

    await _play_first(started_match, alice, 0)
    pages = await _receive_all(spectators + logged_in)

    # One render for the guests, one for logged-in spectators: not seven.
    assert sorted(call[2] for call in renders) == [False, True]
    assert len(set(pages[:5])) == 1
    assert len(set(pages[5:])) == 1


async def test_each_seat_and_language_gets_a_render_of_its_own(
    socket_for, renders, started_match, alice, bob
):
    path = f"/ws/matches/{started_match.id}/?version=0"
    await database_sync_to_async(type(bob).objects.filter(id=bob.id).update)(
        language="de"
    )
    bob_socket = await connected(await socket_for(path, bob))
    alice_sockets = [await connected(await socket_for(path, alice)) for _ in range(2)]
    guest = await connected(await socket_for(path))

    await _play_first(started_match, alice, 0)
    bob_html, *alice_pages, guest_html = await _receive_all(
        [bob_socket, *alice_sockets, guest]
    )

    # (position, logged in, language): bob's seat in German, alice's seat
    # (her two tabs share one), the guest.
    assert sorted((c[1] is None, c[1], c[3]) for c in renders) == [
        (False, 0, "en"),
        (False, 1, "de"),
        (True, None, "en"),
    ]
    assert alice_pages[0] == alice_pages[1]
    assert "(du)" in bob_html
    assert "(you)" in alice_pages[0]
    assert bob_html != guest_html


async def test_a_shared_render_shows_no_seat_secrets_to_spectators(
    socket_for, started_match, alice, bob
):
    # The seat's socket asks first; the spectators must not get its render.
    path = f"/ws/matches/{started_match.id}/?version=0"
    seat = await connected(await socket_for(path, bob))
    guest = await connected(await socket_for(path))

    await _play_first(started_match, alice, 0)
    seat_html, guest_html = await _receive_all([seat, guest])

    assert "move-form" in seat_html or " viewer" in seat_html
    assert " viewer" not in guest_html
    assert "move-form" not in guest_html


async def test_lobby_sockets_share_one_render_per_language(
    socket_for, lobby_renders, alice, bob, carol
):
    await database_sync_to_async(type(carol).objects.filter(id=carol.id).update)(
        language="de"
    )
    sockets = [await connected(await socket_for("/ws/lobby/", bob)) for _ in range(4)]
    sockets.append(await connected(await socket_for("/ws/lobby/", carol)))

    await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    pages = await _receive_all(sockets)

    assert sorted(lobby_renders) == ["de", "en"]
    assert len(set(pages[:4])) == 1
    assert pages[4] != pages[0]


async def test_render_share_runs_a_render_once_for_concurrent_askers():
    share = consumers.RenderShare(size=2)
    started = 0

    async def render():
        nonlocal started
        started += 1
        await asyncio.sleep(0)
        return started

    results = await asyncio.gather(*(share.get("k", render) for _ in range(10)))
    assert results == [1] * 10
    # A new key renders again; the oldest keys are forgotten beyond `size`.
    assert await share.get("k2", render) == 2
    assert await share.get("k3", render) == 3
    assert await share.get("k", render) == 4


async def test_a_board_opens_and_follows_moves_while_redis_is_down(
    socket_for, settings, started_match, alice, bob
):
    # Nothing listens on port 1: every Redis call fails at once, as when
    # Redis is down. Before, the handshake answered 500.
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},
        }
    }
    settings.LIVE_FALLBACK_POLL_SECONDS = 0.05
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        # The move's own group message is lost (robust on commit): the
        # fallback poll brings it.
        await _play_first(started_match, alice, 0)
        # The same poll may bring bob's bell (the move's "your turn"
        # notice) and the turn count first: frames come in no fixed order.
        frames = [await socket.receive_from(timeout=5)]
        while 'data-version="1"' not in frames[-1] and len(frames) < 5:
            frames.append(await socket.receive_from(timeout=5))
    finally:
        await socket.disconnect()

    assert 'data-version="1"' in frames[-1], frames


class FlakyLayer:
    """The test's channel layer, whose group_add (and group_refresh) fail while `down`."""

    def __init__(self, monkeypatch):
        self.down = True
        self.joined = asyncio.Event()
        layer = get_channel_layer()
        group_add = layer.group_add

        async def flaky_group_add(group, channel):
            if self.down:
                raise ConnectionError("redis is down")
            await group_add(group, channel)
            self.joined.set()

        monkeypatch.setattr(layer, "group_add", flaky_group_add)
        if hasattr(layer, "group_refresh"):
            # The Redis layer's: how a socket joins again after an outage.
            group_refresh = layer.group_refresh

            async def flaky_group_refresh(group, channel):
                if self.down:
                    raise ConnectionError("redis is down")
                lost = await group_refresh(group, channel)
                self.joined.set()
                return lost

            monkeypatch.setattr(layer, "group_refresh", flaky_group_refresh)


@pytest.fixture
def flaky_layer(settings, monkeypatch):
    settings.LIVE_FALLBACK_POLL_SECONDS = 0.02
    return FlakyLayer(monkeypatch)


async def test_a_board_rejoins_its_group_when_the_layer_is_back(
    socket_for, settings, flaky_layer, started_match, alice
):
    # A spectator: a person's catch-up sends their bell too.
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0")
    )
    try:
        flaky_layer.down = False
        await asyncio.wait_for(flaky_layer.joined.wait(), timeout=5)
        # Back in the group, the poll stops: a move arrives by group message.
        settings.LIVE_FALLBACK_POLL_SECONDS = 3600
        await _play_first(started_match, alice, 0)
        # The same poll may bring bob's bell (the move's "your turn"
        # notice) and the turn count first: frames come in no fixed order.
        frames = [await socket.receive_from(timeout=5)]
        while 'data-version="1"' not in frames[-1] and len(frames) < 5:
            frames.append(await socket.receive_from(timeout=5))
    finally:
        await socket.disconnect()

    assert 'data-version="1"' in frames[-1], frames


async def test_the_lobby_socket_stays_open_while_the_layer_is_down(
    socket_for, flaky_layer, alice
):
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        flaky_layer.down = False
        # Once back, it shows the list as it is then.
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert 'id="open-matches"' in html


async def test_the_resilient_layer_reports_an_outage_once_then_retries_with_backoff(
    monkeypatch,
):
    from channels_redis.core import RedisChannelLayer

    failures = [ConnectionError("down"), OSError("refused"), OSError("refused")]

    async def receive(self, channel):
        if failures:
            raise failures.pop(0)
        return {"type": "match.changed"}

    delays: list[float] = []

    async def no_sleep(seconds):
        delays.append(seconds)

    monkeypatch.setattr(RedisChannelLayer, "receive", receive)
    monkeypatch.setattr(channel_layers.asyncio, "sleep", no_sleep)
    layer = channel_layers.ResilientRedisChannelLayer(hosts=["redis://127.0.0.1:1"])

    # The consumer hears of the outage at once (and polls meanwhile).
    assert await layer.receive("specific.x!y") == {"type": "layer.down"}
    assert await layer.receive("specific.x!y") == {"type": "match.changed"}
    assert delays == [1.0, 2.0]
