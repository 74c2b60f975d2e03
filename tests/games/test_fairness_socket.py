"""The /ws/play/ door takes a client seed too (issue 23, provably fair randomness)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Seat
from tests.games.test_play_protocol import _ask, _socket
from tests.games.test_play_protocol import pytestmark as protocol_marks

pytestmark = protocol_marks


async def _open_match(alice):
    return await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )


async def _client_seed(match, user):
    seat = await database_sync_to_async(Seat.objects.get)(match=match, user=user)
    return seat.client_seed


async def test_want_to_join_game_takes_a_client_seed(alice, bob):
    match = await _open_match(alice)
    socket = await _socket(bob)
    try:
        answer = await _ask(
            socket, "WANT_TO_JOIN_GAME", {"match": match.id, "client_seed": "ws seed"}
        )
    finally:
        await socket.disconnect()
    assert answer["ok"]
    assert await _client_seed(match, bob) == "ws seed"


@pytest.mark.parametrize("seed", ["x" * 65, "tab\there", 7, None])
async def test_want_to_join_game_refuses_a_malformed_client_seed(alice, bob, seed):
    match = await _open_match(alice)
    socket = await _socket(bob)
    try:
        answer = await _ask(
            socket, "WANT_TO_JOIN_GAME", {"match": match.id, "client_seed": seed}
        )
    finally:
        await socket.disconnect()
    assert not answer["ok"]
    assert "64 printable ASCII" in answer["error"]["message"]
    seated = await database_sync_to_async(
        Seat.objects.filter(match=match, user=bob).exists
    )()
    assert not seated
