"""The person's own matches follow every change live (issue 9).

A player waiting in the lobby while someone joined their match saw
"Waiting for players" until a reload. Now each change of a person's matches
(a seat taken, the start, whose turn it is, the end) reaches their open
lobby as the re-rendered "my matches" list, and every page of theirs as the
count of matches waiting for their move (the tab title, "(1) Spielpost").
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from games import services
from tests.games.helpers import legal_json
from tests.games.sockets import connected, frames_until_quiet

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


async def _play_first(match, user):
    """Submit seat 0's first legal move as `user` (alice's roll)."""
    moves = await database_sync_to_async(legal_json)(match, 0)
    await database_sync_to_async(services.move_submit)(
        match_id=match.id,
        user=user,
        move_data=moves[0],
        expected_version=match.version,
    )


async def _end_turn(match, user):
    """Play seat 0's turn to its end as `user`: a roll, then a bank unless a 1 ended it."""
    await _play_first(match, user)
    await database_sync_to_async(match.refresh_from_db)()
    if 0 in await database_sync_to_async(_to_move)(match):
        moves = await database_sync_to_async(legal_json)(match, 0)
        await database_sync_to_async(services.move_submit)(
            match_id=match.id,
            user=user,
            move_data=moves[-1],
            expected_version=match.version,
        )


def _to_move(match):
    return match.rules.to_move(match.game_state())


def _my_matches(frames):
    found = [f for f in frames if 'id="my-matches"' in f]
    assert found, frames
    return found[-1]


def _turn_count(frames):
    counts = re.findall(r'id="turn-count" hidden data-count="(\d+)"', "".join(frames))
    assert counts, frames
    return int(counts[-1])


async def test_the_lobby_shows_at_once_that_a_joined_match_waits_for_my_move(
    socket_for, alice, bob
):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        # bob takes the last seat: the match starts, alice is to move.
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=bob)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    mine = _my_matches(frames)
    assert 'hx-swap-oob="true"' in mine
    assert f'href="/matches/{match.id}/"' in mine
    assert "Your turn" in mine
    assert _turn_count(frames) == 1


async def test_my_move_takes_the_turn_flag_off_my_list(
    socket_for, started_match, alice
):
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await _end_turn(started_match, alice)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    assert "Your turn" not in _my_matches(frames)
    assert _turn_count(frames) == 0


async def test_an_aborted_match_leaves_my_list(socket_for, started_match, alice):
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await database_sync_to_async(services.match_abort)(match_id=started_match.id)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    assert f'href="/matches/{started_match.id}/"' not in _my_matches(frames)


async def test_the_list_comes_in_the_persons_language(socket_for, alice, bob):
    alice.language = "de"
    await database_sync_to_async(alice.save)(update_fields=["language"])
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await connected(await socket_for("/ws/lobby/", alice))
    try:
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=bob)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    assert "Du bist am Zug" in _my_matches(frames)


async def test_a_board_page_gets_my_turn_count_from_my_other_matches(
    socket_for, started_match, alice, bob
):
    other = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/", alice)
    )
    try:
        await database_sync_to_async(services.seat_claim)(match_id=other.id, user=bob)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    # Her turn in the other match now: the board page counts that one (its
    # own match it counts from the board); the board is not re-sent.
    assert _turn_count(frames) == 1
    assert not any('id="board"' in f for f in frames)


async def test_a_board_page_takes_no_count_for_its_own_match(
    socket_for, started_match, alice
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/", alice)
    )
    try:
        await _play_first(started_match, alice)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    # Her turn here ended: the board says so; no count (and no query) rides along.
    assert any('id="board"' in f for f in frames)
    assert not any('id="turn-count"' in f for f in frames)


async def test_nobody_elses_list_is_sent(socket_for, started_match, alice, carol):
    socket = await connected(await socket_for("/ws/lobby/", carol))
    try:
        await database_sync_to_async(services.match_abort)(match_id=started_match.id)
        frames = await frames_until_quiet(socket)
    finally:
        await socket.disconnect()

    # carol's lobby gets the open matches (everyone's), never alice's list.
    assert not any('id="my-matches"' in f for f in frames)
    assert not any('id="turn-count"' in f for f in frames)
