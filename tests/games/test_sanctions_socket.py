"""Sanctions at the socket door (issue 24): a suspended player's moves are
refused as by the API, and a ban closes the player's open sockets."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.services import moderation_sanctions as sanctions
from tests.games.helpers import legal_json
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
