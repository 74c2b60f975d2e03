"""Websocket pushes (STYLE.md B7): each viewer gets its own board, nothing else."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import selectors, services
from games.rules.rng import Rng
from tests.games.helpers import DATA_CARD, legal_json
from tests.games.sockets import connected
from tests.games.toy import toy_position

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


async def _submit(match, user, move):
    await database_sync_to_async(match.refresh_from_db)()
    await database_sync_to_async(services.move_submit)(
        match_id=match.id, user=user, move_data=move, expected_version=match.version
    )


async def _play_first(match, user, seat):
    """Submit `seat`'s first legal move (a roll) as `user`.

    The die is set to show 5 (and the turn's sum to 0, so no roll reaches
    the target): the seat stays to move, so no other seat's bell is pushed
    ("your turn") before the board, and the same seat may play again.
    """
    await database_sync_to_async(toy_position)(match, rng=Rng(seed=0), pending=0)
    moves = await database_sync_to_async(legal_json)(match, seat)
    await _submit(match, user, moves[0])


def _player_row(html, seat, name):
    found = re.search(
        rf"<tr[^>]*>\s*<td[^>]*>\s*{seat + 1}\.\s*{name}.*?</tr>", html, re.S
    )
    assert found
    return found.group(0)


async def test_a_seat_receives_its_own_board_after_a_move_is_committed(
    socket_for, started_match, alice, bob
):
    socket = await connected(await socket_for(f"/ws/matches/{started_match.id}/", bob))
    try:
        await _play_first(started_match, alice, 0)

        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    # Out-of-band swaps by id, rendered for bob: his seat is the viewer.
    assert 'id="board"' in html
    assert 'hx-swap-oob="true"' in html
    assert 'data-version="1"' in html
    assert re.search(
        r'class="seat\b[^"]*\bviewer\b[^"]*">\s*<span class="seat-name">[^<]*'
        r"(<a [^>]*>)?Bob",
        html,
    )


async def test_a_move_between_page_render_and_connect_is_pushed_at_once(
    socket_for, started_match, alice, bob
):
    # bob's page was rendered at version 0; alice moves before his socket opens.
    await _play_first(started_match, alice, 0)
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert 'data-version="1"' in html


async def _stamp(match):
    def read():
        return selectors.board_stamp(selectors.match_with_seats(match_id=match.id))

    return await database_sync_to_async(read)()


async def test_a_change_without_a_move_between_render_and_connect_is_pushed(
    socket_for, started_match, alice, bob
):
    # bob's page was rendered before alice proposed to cancel (no new
    # version: only the board stamp tells); his socket must show it.
    stamp = await _stamp(started_match)
    await database_sync_to_async(services.match_cancel_agree)(
        match_id=started_match.id, user=alice
    )
    assert await _stamp(started_match) != stamp
    socket = await connected(
        await socket_for(
            f"/ws/matches/{started_match.id}/?version=0&stamp={stamp}", bob
        )
    )
    try:
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert "Agree to cancel" in html


async def test_a_socket_opened_at_the_current_stamp_waits_quietly(
    socket_for, started_match, bob
):
    # The socket URL as bob's board page names it.
    def page_socket_url():
        client = Client()
        client.force_login(bob)
        html = client.get(f"/matches/{started_match.id}/").content.decode()
        found = re.search(r'ws-connect="([^"]+)"', html)
        assert found is not None
        return found.group(1).replace("&amp;", "&")

    url = await database_sync_to_async(page_socket_url)()
    assert f"stamp={await _stamp(started_match)}" in url
    socket = await connected(await socket_for(url, bob))
    try:
        assert await socket.receive_nothing(timeout=0.5)
    finally:
        await socket.disconnect()


async def test_a_socket_opened_at_the_current_version_waits_quietly(
    socket_for, started_match, bob
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        assert await socket.receive_nothing(timeout=0.5)
    finally:
        await socket.disconnect()


async def test_a_spectator_receives_the_spectator_board(
    socket_for, started_match, alice, carol
):
    sockets = [
        await connected(await socket_for(f"/ws/matches/{started_match.id}/", carol)),
        await connected(await socket_for(f"/ws/matches/{started_match.id}/")),
    ]
    try:
        await _play_first(started_match, alice, 0)
        pages = [await s.receive_from(timeout=5) for s in sockets]
    finally:
        for s in sockets:
            await s.disconnect()

    for html in pages:
        assert 'data-version="1"' in html
        assert " viewer" not in html
        assert DATA_CARD.findall(html) == []
        assert "move-form" not in html


async def test_an_unknown_match_closes_with_4403(socket_for, alice):
    socket = await socket_for("/ws/matches/987654/", alice)

    connected, code = await socket.connect()

    assert (connected, code) == (False, 4403)
    await socket.disconnect()


async def test_a_foreign_origin_is_refused(started_match):
    socket = WebsocketCommunicator(
        application,
        f"/ws/matches/{started_match.id}/",
        headers=[(b"origin", b"http://evil.example")],
    )

    connected, _ = await socket.connect()

    # Cross-site pages must not read boards with the player's cookies.
    assert not connected
    await socket.disconnect()


async def test_an_old_version_is_not_pushed_again(socket_for, started_match, alice):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/", alice)
    )
    try:
        await _play_first(started_match, alice, 0)
        await socket.receive_from(timeout=5)
        # A late duplicate of the announcement for version 1.
        from channels.layers import get_channel_layer

        await get_channel_layer().group_send(
            f"match-{started_match.id}",
            {
                "type": "match.changed",
                "match_id": started_match.id,
                "version": 1,
                "moved": True,
            },
        )
        assert await socket.receive_nothing(timeout=0.3)
    finally:
        await socket.disconnect()


async def test_the_lobby_socket_gets_the_open_matches_when_a_match_is_created(
    socket_for, alice, bob
):
    socket = await connected(await socket_for("/ws/lobby/", bob))
    try:
        match = await database_sync_to_async(services.match_create)(
            user=alice, game_slug="toy", seats=2
        )
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert 'id="open-matches"' in html
    assert 'hx-swap-oob="true"' in html
    assert f'href="/matches/{match.id}/"' in html


async def test_the_lobby_socket_drops_a_match_once_it_starts(socket_for, alice, bob):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await connected(await socket_for("/ws/lobby/"))
    try:
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=bob)
        pages = [await socket.receive_from(timeout=5)]
        while not await socket.receive_nothing(timeout=0.2):
            pages.append(await socket.receive_from(timeout=1))
    finally:
        await socket.disconnect()

    assert f'href="/matches/{match.id}/"' not in pages[-1]


async def test_the_version_poll_pushes_moves_committed_elsewhere(
    socket_for, settings, started_match, alice, bob, monkeypatch
):
    # Without Redis, moves the worker commits only reach boards by polling.
    settings.LIVE_POLL_SECONDS = 0.05
    monkeypatch.setattr("games.broadcast._send", lambda messages: None)
    socket = await connected(await socket_for(f"/ws/matches/{started_match.id}/", bob))
    try:
        await _play_first(started_match, alice, 0)
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert 'data-version="1"' in html


async def test_a_push_appends_the_new_log_entries_and_rebuilds_no_log(
    socket_for, started_match, alice, bob
):
    # The die shows 5, then 2: alice rolls twice and stays to move (so bob
    # gets no "your turn" on his bell in between).
    await database_sync_to_async(toy_position)(started_match, rng=Rng(seed=0))
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        await _submit(started_match, alice, {"kind": "roll"})
        first = await socket.receive_from(timeout=5)
        await _submit(started_match, alice, {"kind": "roll"})
        second = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    for html, seq in ((first, 1), (second, 2)):
        # Only the entries the page lacks, added on top of the list.
        assert 'hx-swap-oob="afterbegin:#log-entries"' in html
        assert re.findall(r'id="log-(\d+)"', html) == [str(seq)]
        assert 'id="move-log"' not in html


async def test_a_seat_change_without_a_move_is_pushed(
    socket_for, started_match, alice, bob, monkeypatch
):
    from tests.games.toy.engine import ToyRules

    monkeypatch.setattr(ToyRules, "autoplay_offered", lambda self, state, seat: True)
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        await database_sync_to_async(services.seat_autoplay_start)(
            match_id=started_match.id, user=alice
        )
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    # Same version, new seat panel: a robot plays alice's seat now.
    assert 'data-version="0"' in html
    assert "robot plays" in html


async def test_a_page_version_from_the_future_does_not_silence_the_socket(
    socket_for, started_match, alice, bob
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=999", bob)
    )
    try:
        await _play_first(started_match, alice, 0)
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert 'data-version="1"' in html
