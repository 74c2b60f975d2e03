"""A person blocked by someone seated cannot take a seat there (issue 24).

The API's door: tests/api/test_community.py.

Silently: every door answers exactly as for a match without a free seat.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from accounts import community
from games import exceptions, services
from tests.games.test_play_protocol import _ask, _socket

NO_FREE_SEAT = "There is no free seat left."


@pytest.fixture
def blocked(db, alice, carol):
    community.block(owner=alice, other=carol)


@pytest.mark.django_db
def test_the_service_refuses_as_for_a_full_match(open_match, carol, blocked):
    with pytest.raises(exceptions.SeatUnavailable) as refused:
        services.seat_claim(match_id=open_match.id, user=carol)

    assert str(refused.value.message) == NO_FREE_SEAT
    assert not open_match.seats.filter(user=carol).exists()


@pytest.mark.django_db
def test_others_still_join_and_the_blocker_can_unblock(
    open_match, alice, bob, carol, blocked
):
    services.seat_claim(match_id=open_match.id, user=bob)
    community.unblock(owner=alice, other=carol)

    services.seat_claim(match_id=open_match.id, user=carol)


@pytest.mark.django_db
def test_the_page_shows_the_full_match_message(client_for, open_match, carol, blocked):
    response = client_for(carol).post(f"/matches/{open_match.id}/join/", follow=True)

    assert NO_FREE_SEAT in response.content.decode()
    assert not open_match.seats.filter(user=carol).exists()


@pytest.mark.usefixtures("toy", "own_channel_layer")
@pytest.mark.django_db(transaction=True)
async def test_the_socket_answers_as_for_a_full_match(alice, carol):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    await database_sync_to_async(community.block)(owner=alice, other=carol)
    socket = await _socket(carol)
    try:
        answer = await _ask(socket, "WANT_TO_JOIN_GAME", match.id)
    finally:
        await socket.disconnect()

    assert not answer["ok"]
    assert answer["error"]["message"] == NO_FREE_SEAT
