"""A chat line is pushed live as its own event, never as a board (issue 24)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from accounts import community
from games.chat.services import chat_post
from tests.games.sockets import connected, frames_until_quiet

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


async def test_a_line_reaches_the_board_without_the_board(
    socket_for, started_match, alice, bob
):
    socket = await connected(await socket_for(f"/ws/matches/{started_match.id}/", bob))
    try:
        await database_sync_to_async(chat_post)(
            user=alice, match=started_match, text="<i>gl</i> hf"
        )
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    (frame,) = frames
    assert 'hx-swap-oob="beforeend:#chat-lines"' in frame
    assert "&lt;i&gt;gl&lt;/i&gt; hf" in frame
    assert 'id="board"' not in frame


async def test_a_lobby_line_reaches_the_lobby_but_not_the_blocker(
    socket_for, alice, bob, carol
):
    await database_sync_to_async(community.block)(owner=carol, other=alice)
    bob_socket = await connected(await socket_for("/ws/lobby/", bob))
    carol_socket = await connected(await socket_for("/ws/lobby/", carol))
    try:
        await database_sync_to_async(chat_post)(user=alice, match=None, text="hello")
        bob_frames = await frames_until_quiet(bob_socket)
        carol_quiet = await carol_socket.receive_nothing(timeout=0.5)
    finally:
        await bob_socket.disconnect()
        await carol_socket.disconnect()

    assert any("hello" in frame for frame in bob_frames)
    assert carol_quiet
