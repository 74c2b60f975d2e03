"""A program plays Rat um Rad by the seed's commands over /ws/play/.

Moved from tests/games/test_play_protocol.py: the platform's protocol tests
run on the Toy; Rat um Rad's own commands (the seed text) are its own.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Match
from tests.games.test_play_protocol import _ask, _pushes, _socket

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


def _robots_play(match_id: int) -> int:
    """Let the robot seats play until a person is to move; return their moves."""
    played = 0
    while True:
        version = Match.objects.values_list("version", flat=True).get(id=match_id)
        if (
            services.robot_move_play(match_id=match_id, expected_version=version)
            is None
        ):
            return played
        played += 1


def _seed_command(body: dict) -> tuple[str, object]:
    """Choose the next seed command from the seat's view and legal moves."""
    view, legal = body["view"], body["legal_moves"]
    kinds = {move["kind"] for move in legal}
    if view["phase"] == "setup":
        return "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION", [
            card["id"] for card in view["offer"]
        ]
    if view["offer"]:
        return "KEEP_DESTINATION_CARDS", [view["offer"][0]["id"]]
    builds = [move for move in legal if move["kind"] == "build"]
    if builds and view["picks"] == 0:
        return "BUILD_ROAD", builds[0]["road"]
    if "take_deck" in kinds:
        return "TAKE_WHEEL", None
    if "take_display" in kinds:
        colour = next(m["colour"] for m in legal if m["kind"] == "take_display")
        return "REQUEST_WHEEL_CARDS", colour
    if "draw_destinations" in kinds:
        return "DRAW_DESTINATION_CARDS", None
    return "PASS", None


async def test_a_program_plays_a_whole_rat_um_rad_match_with_the_seeds_commands(alice):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="rat-um-rad", seats=2
    )
    socket = await _socket(alice)
    used: set[str] = set()
    try:
        games = await _ask(socket, "REQUEST_GAMES", "open")
        assert [m["id"] for m in games["result"]] == [match.id]
        await database_sync_to_async(services.seat_robot_add)(
            match_id=match.id, user=alice
        )
        body = (await _ask(socket, "VIEW", match.id))["result"]
        assert body["status"] == "active"
        for _ in range(1500):
            if body["status"] != "active":
                break
            if 0 not in body["to_move"]:
                await database_sync_to_async(_robots_play)(match.id)
                body = (await _ask(socket, "VIEW"))["result"]
                continue
            command, data = _seed_command(body)
            used.add(command)
            answer = await _ask(socket, command, data)
            assert answer["ok"], (command, data, answer)
            body = answer["result"]
        pushes = await _pushes(socket, timeout=0.5)
        # A loaded machine may push the last view after a quiet half second.
        while not pushes or pushes[-1]["status"] != "finished":
            later = await _pushes(socket, timeout=3)
            if not later:
                break
            pushes += later
    finally:
        await socket.disconnect()
    assert body["status"] == "finished", body["view"]
    assert body["outcome"] is not None
    assert body["view"]["results"]
    assert {
        "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION",
        "BUILD_ROAD",
        "TAKE_WHEEL",
    } <= used
    assert pushes
    assert pushes[-1]["status"] == "finished"
    assert all(p["your_seat"] == 0 for p in pushes)


async def test_rat_um_rad_commands_refuse_what_is_not_possible(alice):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="rat-um-rad", seats=2
    )
    await database_sync_to_async(services.seat_robot_add)(match_id=match.id, user=alice)
    socket = await _socket(alice)
    try:
        build = await _ask(socket, "BUILD_ROAD", "Nowhere-to-Nothing", match=match.id)
        take = await _ask(socket, "TAKE_WHEEL", None)
        keep = await _ask(
            socket, "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION", "not a list"
        )
    finally:
        await socket.disconnect()
    assert build["error"]["code"] == "invalid_command"
    assert "Nowhere-to-Nothing" in build["error"]["message"]
    assert take["error"]["code"] == "invalid_command"
    assert keep["error"]["code"] == "invalid_command"
    await database_sync_to_async(match.refresh_from_db)()
    assert match.version == 0
