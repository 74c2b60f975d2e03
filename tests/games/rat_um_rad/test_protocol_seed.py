"""The program socket /ws/play/ held against the Rat um Rad seed text (issue 21).

A client written from the seed ("Der Spielablauf": `BUILD_ROAD, roadId,
STRING`) and the README alone: the positional form without a match id, the
seed's states. Moved from tests/games/test_play_protocol_seed.py, whose
generic tests (origin, header auth, tokens, too large, stale, pushes on
connect) run on the Toy.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services
from games.consumers.play import presence as play_presence
from games.models import Match
from games.notifications import presence
from tests.games.test_play_protocol import _ask, _pushes, _socket
from tests.games.test_play_protocol_seed import _send

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


@pytest.fixture(autouse=True)
def _nobody_connected(settings):
    play_presence._SOCKETS.clear()
    if settings.REDIS_URL:
        presence.redis_client().delete(play_presence._key())


def _rat_um_rad_with_robot(user) -> Match:
    """A running two-seat Rat um Rad match: `user` (0) and a robot (1)."""
    match = services.match_create(user=user, game_slug="rat-um-rad", seats=2)
    services.seat_robot_add(match_id=match.id, user=user)
    match.refresh_from_db()
    return match


# Which match a command without a match means


async def test_seed_commands_with_several_running_matches_ask_to_choose(alice):
    first = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    second = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    socket = await _socket(alice)
    try:
        take = await _send(socket, ["TAKE_WHEEL", None, "NONE"])
        legal = await _send(socket, ["LEGAL_MOVES", None, "NONE"])
        chosen = await _send(socket, ["SELECT_GAME", str(first.id), "STRING"])
        legal_first = await _send(socket, ["LEGAL_MOVES", None, "NONE"])
        view = await _send(socket, ["VIEW", None, "NONE"])
    finally:
        await socket.disconnect()
    for answer in (take, legal):
        assert not answer["ok"]
        assert answer["error"]["code"] == "no_match"
        assert str(first.id) in answer["error"]["message"]
        assert str(second.id) in answer["error"]["message"]
        assert "SELECT_GAME" in answer["error"]["message"]
    assert chosen["ok"]
    assert chosen["result"]["id"] == first.id
    assert legal_first["result"] == chosen["result"]["legal_moves"]
    assert legal_first["result"]
    assert view["result"]["id"] == first.id
    for match in (first, second):
        await database_sync_to_async(match.refresh_from_db)()
        assert match.version == 0


async def test_seed_commands_mean_the_only_running_match(alice, carol):
    match = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    # An open match of alice's does not count: it is not running.
    await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=3
    )
    socket = await _socket(alice)
    nobody = await _socket(carol)
    try:
        legal = await _send(socket, ["LEGAL_MOVES", None, "NONE"])
        view = await _send(socket, ["VIEW", None, "NONE"])
        none_running = await _send(nobody, ["LEGAL_MOVES", None, "NONE"])
    finally:
        await socket.disconnect()
        await nobody.disconnect()
    assert legal["ok"], legal
    assert legal["result"]
    assert view["result"]["id"] == match.id
    assert view["result"]["legal_moves"] == legal["result"]
    assert none_running["error"]["code"] == "no_match"


# The colour of a grey road in the seed form


async def test_build_road_in_the_seed_form_may_name_the_colour(alice):
    match = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    socket = await _socket(alice)
    try:
        answer = await _send(
            socket, ["BUILD_ROAD", ["Nowhere-to-Nothing", "red"], "STRING_LIST"]
        )
        bad = await _send(
            socket, ["BUILD_ROAD", ["Nowhere", "red", "x"], "STRING_LIST"]
        )
    finally:
        await socket.disconnect()
    # The list reaches the game's command (not refused as a message), which
    # refuses the road: the match is still in its preparation.
    assert answer["error"]["code"] == "invalid_command"
    assert "Nowhere-to-Nothing" in answer["error"]["message"]
    assert bad["error"]["code"] == "invalid_command"
    await database_sync_to_async(match.refresh_from_db)()
    assert match.version == 0


# The seed's states


async def test_answers_and_pushes_name_the_seeds_states(alice, started_match):
    match = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    socket = await _socket(alice)
    try:
        pushes = await _pushes(socket)
        preparation = await _ask(socket, "VIEW", match.id)
        started = await _ask(socket, "VIEW", started_match.id)
    finally:
        await socket.disconnect()
    assert preparation["result"]["status"] == "active"
    assert preparation["result"]["state"] == "PREPARATION"
    assert started["result"]["state"] == "STARTED"
    assert {p["match"]: p["state"] for p in pushes} == {
        match.id: "PREPARATION",
        started_match.id: "STARTED",
    }


async def test_request_games_names_the_states_and_filters_the_preparation(
    alice, started_match
):
    match = await database_sync_to_async(_rat_um_rad_with_robot)(alice)
    waiting = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=3
    )
    socket = await _socket(alice)
    try:
        everything = await _send(socket, ["REQUEST_GAMES", None, "NONE"])
        preparation = await _send(
            socket, ["REQUEST_GAMES", "PREPARATION", "GAME_STATUS"]
        )
        started = await _send(socket, ["REQUEST_GAMES", "STARTED", "GAME_STATUS"])
    finally:
        await socket.disconnect()
    states = {m["id"]: (m["status"], m["state"]) for m in everything["result"]}
    assert states == {
        match.id: ("active", "PREPARATION"),
        started_match.id: ("active", "STARTED"),
        waiting.id: ("open", "WAITING"),
    }
    assert [m["id"] for m in preparation["result"]] == [match.id]
    assert {m["id"] for m in started["result"]} == {match.id, started_match.id}


# The rules page's protocol part says all of this, in English and German.


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_page_describes_the_seed_form(client, settings, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get("/games/rat-um-rad/rules/").content.decode()
    for text in (
        "<code>SELECT_GAME</code>",
        "<code>WHOAMI</code>",
        "<code>no_match</code>",
        "<code>too_large</code>",
        "<code>STRING_LIST</code>",
        "<code>PREPARATION</code>",
        "<code>STARTED</code>",
        "<code>error.board</code>",
        "<code>Origin</code>",
        '["SELECT_GAME", "42", "STRING"]',
    ):
        assert text in html, text
    assert '"red", "1"]' in html
