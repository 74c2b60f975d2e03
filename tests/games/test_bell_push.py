"""The bell follows the person's notices live (issue 11).

Both sockets of a page (the lobby's and the board's) are in the person's
own group, `user-<id>`; on "user.notifications_changed" each sends the
navigation's bell again, with the unread count, for htmx to swap by id.
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from games import broadcast, services
from games.models import Notification
from tests.games.sockets import connected, frames_until_quiet

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


def _bells(frames):
    return [f for f in frames if 'id="bell"' in f]


def _count(bell):
    return int(re.search(r'class="bell-count" data-count="(\d+)"', bell).group(1))


@database_sync_to_async
def _unread_for(user, count):
    Notification.objects.bulk_create(
        Notification(user=user, kind=Notification.Kind.YOUR_TURN, params={})
        for _ in range(count)
    )


@database_sync_to_async
def _announce(user_ids):
    # Outside a transaction (transaction=True tests): on_commit runs at once.
    broadcast.user_notifications_changed_on_commit(user_ids)


@pytest.mark.parametrize("path", ["/ws/lobby/", "board"])
async def test_a_page_gets_its_bell_again_when_my_notices_change(
    socket_for, started_match, alice, path
):
    path = f"/ws/matches/{started_match.id}/" if path == "board" else path
    socket = await connected(await socket_for(path, alice))
    try:
        # Drop what the board may push on connect.
        await socket.receive_nothing(timeout=0.3)
        await _unread_for(alice, 2)
        before = await database_sync_to_async(
            Notification.objects.filter(user=alice, read_at__isnull=True).count
        )()
        await _announce([alice.id])
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    [bell] = _bells(frames)
    assert 'hx-swap-oob="true"' in bell
    assert _count(bell) == before
    assert f'aria-label="Notifications, {before} unread"' in bell


async def test_someone_elses_notices_do_not_ring_my_bell(socket_for, alice, bob):
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await _announce([bob.id])
        # Nothing for alice: bob's group is not hers.
        assert await socket.receive_nothing(timeout=0.5)
    finally:
        await socket.disconnect()


async def test_a_guest_page_has_no_bell_to_ring(socket_for, alice):
    socket = await connected(await socket_for("/ws/lobby/"))
    try:
        await _announce([alice.id])
        assert await socket.receive_nothing(timeout=0.5)
    finally:
        await socket.disconnect()


async def test_reading_on_another_page_empties_the_bell(socket_for, alice):
    from games.notifications.services import notifications_read

    await _unread_for(alice, 3)
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await database_sync_to_async(notifications_read)(user=alice)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    [bell] = _bells(frames)
    assert _count(bell) == 0
    assert re.search(r'data-count="0" hidden', bell)


async def test_someone_joining_my_match_rings_my_bell_in_the_lobby(
    socket_for, alice, bob
):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        # bob takes the last seat: alice is told he joined and that it is
        # her turn (she moves first).
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=bob)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    unread = await database_sync_to_async(
        Notification.objects.filter(user=alice, read_at__isnull=True).count
    )()
    assert unread >= 1
    assert _count(_bells(frames)[-1]) == unread
