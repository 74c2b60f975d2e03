"""Private matches at the sockets' doors: the board socket and /ws/play/.

A stranger without the secret is answered as for an unknown match (the
board socket closes with 4403, /ws/play/ says `not_found`); the seats,
staff and whoever brings the secret get in (games.selectors.access).
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.consumers.play import presence as play_presence
from tests.games.test_play_protocol import _ask, _socket

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


@pytest.fixture(autouse=True)
def _nobody_connected():
    play_presence._SOCKETS.clear()


async def _board_socket(path, client):
    """Connect to the board socket with `client`'s session cookie (or none)."""
    headers = [(b"origin", b"http://testserver")]
    if "sessionid" in client.cookies:
        cookie = f"sessionid={client.cookies['sessionid'].value}"
        headers.append((b"cookie", cookie.encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    answer = await socket.connect()
    await socket.disconnect()
    return answer


def _client(user=None, link=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    if link is not None:
        client.get(link)
    return client


async def test_the_board_socket_closes_for_a_stranger_as_for_no_match(
    alice, bob, staff, private
):
    make = database_sync_to_async(_client)
    link = f"/matches/{private.id}/?invite={private.invite_secret}"
    path = f"/ws/matches/{private.id}/"

    unknown = await _board_socket("/ws/matches/987654/", await make(bob))
    assert unknown == (False, 4403)
    assert await _board_socket(path, await make(bob)) == unknown
    assert await _board_socket(path, await make()) == unknown
    assert await _board_socket(path, await make(bob, f"{link[:-1]}x")) == unknown

    assert (await _board_socket(path, await make(alice)))[0]
    assert (await _board_socket(path, await make(staff)))[0]
    # The link's secret, kept in the session, opens it to a guest too.
    assert (await _board_socket(path, await make(None, link)))[0]
    assert (await _board_socket(path, await make(bob, link)))[0]


async def test_play_answers_a_stranger_not_found(bob, private):
    socket = await _socket(bob)
    try:
        unknown = await _ask(socket, "VIEW", 987654)
        answers = [
            await _ask(socket, "VIEW", private.id),
            await _ask(socket, "WATCH", private.id),
            await _ask(socket, "LEGAL_MOVES", private.id),
            await _ask(socket, "WANT_TO_JOIN_GAME", private.id),
            await _ask(
                socket, "WANT_TO_JOIN_GAME", {"match": private.id, "invite": "x"}
            ),
            await _ask(socket, "VIEW", private.id, invite="x"),
        ]
        games = await _ask(socket, "REQUEST_GAMES")
    finally:
        await socket.disconnect()

    assert unknown["error"]["code"] == "not_found"
    for answer in answers:
        assert answer["error"] == unknown["error"], answer
    assert private.id not in {m["id"] for m in games["result"]}
    assert await database_sync_to_async(
        lambda: set(private.seats.exclude(user=None).values_list("user_id", flat=True))
    )() == {private.created_by_id}


async def test_play_joins_and_views_with_the_secret(bob, carol, private):
    socket = await _socket(bob)
    watcher = await _socket(carol)
    try:
        joined = await _ask(
            socket,
            "WANT_TO_JOIN_GAME",
            {"match": private.id, "invite": private.invite_secret},
        )
        seen = await _ask(watcher, "VIEW", private.id, invite=private.invite_secret)
        # The socket keeps the secret for that match.
        again = await _ask(watcher, "LEGAL_MOVES", private.id)
    finally:
        await socket.disconnect()
        await watcher.disconnect()

    assert joined["ok"], joined
    assert joined["result"]["your_seat"] == 1
    assert seen["ok"]
    assert seen["result"]["your_seat"] is None
    assert again["ok"], again


async def test_play_lets_seats_and_staff_view(alice, staff, private):
    mine = await _socket(alice)
    moderator = await _socket(staff)
    try:
        seated = await _ask(mine, "VIEW", private.id)
        moderated = await _ask(moderator, "VIEW", private.id)
    finally:
        await mine.disconnect()
        await moderator.disconnect()

    assert seated["ok"]
    assert seated["result"]["invite"] == private.invite_secret
    assert moderated["ok"], moderated
