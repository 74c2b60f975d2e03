"""Sockets and Race's secrets (moved from tests/games/test_consumers.py).

The platform's socket tests run on the Toy, which hides nothing; that a
push carries no other seat's secret needs a game with secrets: Race's hands
and favourites.
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from games import services
from tests.games.helpers import DATA_CARD, legal_json, state_of
from tests.games.race.helpers import reach_play_phase
from tests.games.sockets import connected
from tests.games.test_play_protocol import _ask, _pushes, _socket

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


async def _submit(match, user, move):
    await database_sync_to_async(match.refresh_from_db)()
    await database_sync_to_async(services.move_submit)(
        match_id=match.id, user=user, move_data=move, expected_version=match.version
    )


def _player_row(html, seat, name):
    found = re.search(
        rf"<tr[^>]*>\s*<td[^>]*>\s*{seat + 1}\.\s*{name}.*?</tr>", html, re.S
    )
    assert found
    return found.group(0)


async def test_sockets_carry_no_other_seats_secrets(
    socket_for, race_match, alice, bob, carol
):
    await database_sync_to_async(reach_play_phase)(race_match, {0: alice, 1: bob})
    state = await database_sync_to_async(state_of)(race_match)
    mover = state.current
    users = {0: alice, 1: bob}
    if mover not in users:
        # The robot opens the race: let it play so a person is to move.
        await database_sync_to_async(services.robot_move_play)(
            match_id=race_match.id, expected_version=race_match.version
        )
        state = await database_sync_to_async(state_of)(race_match)
        mover = state.current
    viewer = 1 - mover
    viewer_user = users[viewer]
    watching = await connected(
        await socket_for(f"/ws/matches/{race_match.id}/", viewer_user)
    )
    spectating = await connected(
        await socket_for(f"/ws/matches/{race_match.id}/", carol)
    )
    try:
        move = next(
            m
            for m in await database_sync_to_async(legal_json)(race_match, mover)
            if m["kind"] == "play"
        )
        await _submit(race_match, users[mover], move)
        seat_html = await watching.receive_from(timeout=5)
        spectator_html = await spectating.receive_from(timeout=5)
    finally:
        await watching.disconnect()
        await spectating.disconnect()

    state = await database_sync_to_async(state_of)(race_match)
    mover_name = users[mover].display_name
    # The viewer's own hand, exactly; not one card only the mover holds.
    assert set(DATA_CARD.findall(seat_html)) == set(state.hands[viewer])
    assert DATA_CARD.findall(spectator_html) == []
    for html in (seat_html, spectator_html):
        row = _player_row(html, mover, mover_name)
        assert "♥" not in row
        assert "★" not in row


# ---------------------------------------------------------------------------
# From tests/games/test_play_protocol.py: no seat's secret over the protocol.


async def test_a_move_is_played_and_another_seats_socket_gets_its_own_view(
    race_match, alice, bob
):
    alice_socket = await _socket(alice)
    bob_socket = await _socket(bob)
    try:
        legal = await _ask(alice_socket, "LEGAL_MOVES", race_match.id)
        move = legal["result"][0]
        answer = await _ask(alice_socket, "MOVE", move, match=race_match.id)
        pushes = await _pushes(bob_socket)
    finally:
        await alice_socket.disconnect()
        await bob_socket.disconnect()
    assert answer["ok"], answer
    assert answer["result"]["version"] == 1
    assert pushes[-1]["version"] == 1
    assert pushes[-1]["your_seat"] == 1
    # Privacy: alice's secret favourites are not in bob's view.
    view = pushes[-1]["view"]
    assert view["seat"] == 1
    assert view["players"][0]["chosen"]
    assert not view["players"][0]["favourites"]
    assert view["favourites"] is None
    assert pushes[-1]["legal_moves"]


async def test_a_spectator_watching_gets_no_seats_secret(race_match, alice, carol):
    watcher = await _socket(carol)
    try:
        watched = await _ask(watcher, "WATCH", race_match.id)
        moves = await database_sync_to_async(legal_json)(race_match, 0)
        await database_sync_to_async(services.move_submit)(
            match_id=race_match.id, user=alice, move_data=moves[0], expected_version=0
        )
        pushes = await _pushes(watcher)
        not_seated = await _ask(watcher, "MOVE", moves[0])
    finally:
        await watcher.disconnect()
    assert watched["result"]["your_seat"] is None
    assert pushes[-1]["version"] == 1
    assert pushes[-1]["view"]["seat"] is None
    assert pushes[-1]["legal_moves"] == []
    assert pushes[-1]["view"]["favourites"] is None
    assert not pushes[-1]["view"]["players"][0]["favourites"]
    assert not_seated["error"]["code"] == "not_seated"
