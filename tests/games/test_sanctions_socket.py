"""Sanctions at the socket door (issue 24): a suspended player's moves are
refused as by the API, a ban closes the player's open sockets, a suspension
or a mute reaches the person's open pages live, and a hidden chat line
leaves every open page by an event of its own."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.chat.services import chat_post
from games.services import moderation_sanctions as sanctions
from tests.games.helpers import legal_json
from tests.games.sockets import connected, frames_until_quiet
from tests.games.test_play_protocol import _ask, _socket

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


async def test_a_suspended_player_cannot_move_over_the_socket(
    started_match, alice, staff
):
    socket = await _socket(alice)
    try:
        await database_sync_to_async(sanctions.suspend)(
            user=alice,
            actor=staff,
            reason="abuse",
            until=timezone.now() + timedelta(days=1),
        )
        move = await database_sync_to_async(legal_json)(started_match, 0)
        answer = await _ask(socket, "MOVE", move[0], match=started_match.id)
    finally:
        await socket.disconnect()
    assert answer["error"]["code"] == "suspended"


async def test_a_ban_closes_the_players_socket(started_match, alice, staff):
    socket = await _socket(alice)
    try:
        await database_sync_to_async(sanctions.ban)(
            user=alice, actor=staff, reason="cheating"
        )
        closed = await socket.receive_output(timeout=2)
        while closed["type"] != "websocket.close":
            closed = await socket.receive_output(timeout=2)
    finally:
        await socket.disconnect()
    assert closed["code"] == 4003


async def _frames_with(socket, needle, tries=10):
    """Return the frames received until one holds `needle` (fail if none does)."""
    frames = []
    for _ in range(tries):
        frames.append(await socket.receive_from(timeout=3))
        if needle in frames[-1]:
            return frames
    raise AssertionError(f"no frame with {needle!r} in {frames}")


async def test_a_suspension_reaches_the_players_open_board_live(
    socket_for, started_match, alice, bob, staff
):
    board = await connected(await socket_for(f"/ws/matches/{started_match.id}/", alice))
    other = await connected(await socket_for(f"/ws/matches/{started_match.id}/", bob))
    try:
        await database_sync_to_async(sanctions.suspend)(
            user=alice,
            actor=staff,
            reason="abuse",
            until=timezone.now() + timedelta(days=2),
        )
        frames = await _frames_with(board, 'id="sanction-notice"')
        bob_frames = await frames_until_quiet(other)
    finally:
        await board.disconnect()
        await other.disconnect()

    notice = frames[-1]
    assert 'role="alert"' in notice
    assert "suspended your account until" in notice
    assert 'data-sanction="suspended"' in notice
    # The chat form is closed in the same frame; the page needs no reload.
    assert '<p id="chat-form" class="chat-closed muted" hx-swap-oob="true">' in notice
    # Only the person hears of their sanction.
    assert not any("sanction-notice" in frame for frame in bob_frames)


async def test_a_mute_closes_the_lobby_chat_form_in_the_persons_language(
    socket_for, alice, staff
):
    alice.language = "de"
    await database_sync_to_async(alice.save)(update_fields=["language"])
    lobby = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await database_sync_to_async(sanctions.chat_mute)(
            user=alice,
            actor=staff,
            reason="spam",
            until=timezone.now() + timedelta(hours=3),
        )
        frames = await _frames_with(lobby, 'id="sanction-notice"')
    finally:
        await lobby.disconnect()

    assert 'data-sanction="muted"' in frames[-1]
    assert "Ein Moderator hat dich bis" in frames[-1]
    assert '<p id="chat-form"' in frames[-1]


async def test_a_hidden_line_leaves_open_boards_without_the_board(
    socket_for, started_match, alice, bob, staff
):
    line = await database_sync_to_async(chat_post)(
        user=alice, match=started_match, text="rude"
    )
    socket = await connected(await socket_for(f"/ws/matches/{started_match.id}/", bob))
    try:
        await database_sync_to_async(sanctions.chat_line_hide)(
            line_id=line.id, actor=staff, reason="rude"
        )
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    assert frames == [f'<li id="chat-line-{line.id}" hx-swap-oob="delete"></li>']


async def test_a_hidden_lobby_line_leaves_the_lobby(socket_for, alice, bob, staff):
    line = await database_sync_to_async(chat_post)(user=alice, match=None, text="rude")
    socket = await connected(await socket_for("/ws/lobby/", bob))
    try:
        await database_sync_to_async(sanctions.chat_line_hide)(
            line_id=line.id, actor=staff, reason="rude"
        )
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    assert f'id="chat-line-{line.id}" hx-swap-oob="delete"' in frames[0]
