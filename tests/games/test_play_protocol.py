"""The program socket /ws/play/: token auth, JSON commands, answers and view pushes."""

from __future__ import annotations

import itertools
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from rest_framework.throttling import AnonRateThrottle

from accounts.services import api_token_get_or_create
from config.asgi import application
from games import services
from games.broadcast import match_group
from games.consumers import play
from games.consumers.play import presence as play_presence
from games.notifications import presence
from tests.games.helpers import legal_json, state_of
from tests.games.toy import toy_position
from tests.games.toy.engine import MAX_TURNS

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]

# The anonymous rate limit counts per address: each socket gets its own.
_ADDRESSES = (
    f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    for n in itertools.count(uuid.uuid4().int % 2**24)
)


async def _token(user):
    return (await database_sync_to_async(api_token_get_or_create)(user=user)).key


async def _socket(user=None, *, header=True, address=None):
    """Connect to /ws/play/, authenticated by header as `user` (None: not)."""
    headers = [(b"origin", b"http://testserver")]
    if user is not None and header:
        headers.append((b"authorization", f"Token {await _token(user)}".encode()))
    socket = WebsocketCommunicator(application, "/ws/play/", headers=headers)
    socket.scope["client"] = (address or next(_ADDRESSES), 12345)
    accepted, _ = await socket.connect()
    assert accepted
    if user is not None and header:
        # The header is not answered: WHOAMI's answer says the socket is
        # authenticated (the views pushed meanwhile wait in passed_pushes).
        who = await _ask(socket, "WHOAMI")
        assert who["ok"], who
    return socket


async def _ask(socket, command, data=None, **fields):
    """Send a command; return its answer.

    View pushes that arrive meanwhile are kept in `socket.passed_pushes`:
    a robot's last move may be pushed while the test waits for an answer.
    """
    ident = uuid.uuid4().hex
    await socket.send_json_to({"command": command, "data": data, "id": ident, **fields})
    while True:
        message = await socket.receive_json_from(timeout=5)
        if message.get("id") == ident:
            return message
        if message.get("event") == "view":
            socket.passed_pushes = [*getattr(socket, "passed_pushes", []), message]


async def _pushes(socket, timeout=1.0):
    """Return the view pushes that arrived, and arrive until the socket is quiet.

    The pushes kept while waiting for an answer (`_ask`) come first.
    """
    found = getattr(socket, "passed_pushes", [])
    socket.passed_pushes = []
    while not await socket.receive_nothing(timeout=timeout):
        message = await socket.receive_json_from(timeout=1)
        if message.get("event") == "view":
            found.append(message)
        timeout = 0.3
    return found


@pytest.fixture(autouse=True)
def _nobody_connected(settings):
    play_presence._SOCKETS.clear()
    if settings.REDIS_URL:
        presence.redis_client().delete(play_presence._key())


async def test_auth_by_header_answers_who_is_connected(alice):
    socket = await _socket(alice)
    try:
        answer = await _ask(socket, "REQUEST_ALL_CONNECTED_PLAYERS")
    finally:
        await socket.disconnect()
    assert answer["ok"]
    assert answer["result"] == [{"id": alice.pk, "name": "Alice"}]


async def test_auth_by_first_message(alice, bob):
    token = await _token(alice)
    socket = await _socket()
    other = await _socket(bob)
    try:
        refused = await _ask(socket, "REQUEST_GAMES")
        answer = await _ask(socket, "AUTH", token=token)
        players = await _ask(socket, "REQUEST_ALL_CONNECTED_PLAYERS")
    finally:
        await socket.disconnect()
        await other.disconnect()
    assert not refused["ok"]
    assert refused["error"]["code"] == "unauthenticated"
    assert answer["ok"]
    assert answer["result"]["id"] == alice.pk
    assert {p["id"] for p in players["result"]} == {alice.pk, bob.pk}


async def test_a_bad_token_is_an_error_answer_and_the_socket_stays(alice):
    socket = await _socket()
    try:
        malformed = await _ask(socket, "AUTH", token="nope")
        unknown = await _ask(socket, "AUTH", token="0" * 40)
        not_a_string = await _ask(socket, "AUTH", token=42)
        still = await _ask(socket, "AUTH", token=await _token(alice))
    finally:
        await socket.disconnect()
    for answer in (malformed, unknown, not_a_string):
        assert not answer["ok"]
        assert answer["error"]["code"] == "auth_failed"
        assert answer["error"]["message"]
    assert still["ok"]


async def test_a_bad_header_is_answered_and_auth_by_message_still_works(alice):
    headers = [(b"origin", b"http://testserver"), (b"authorization", b"Bearer x")]
    socket = WebsocketCommunicator(application, "/ws/play/", headers=headers)
    socket.scope["client"] = (next(_ADDRESSES), 1)
    assert (await socket.connect())[0]
    try:
        first = await socket.receive_json_from(timeout=5)
        answer = await _ask(socket, "AUTH", token=await _token(alice))
    finally:
        await socket.disconnect()
    assert first["command"] == "AUTH"
    assert first["error"]["code"] == "auth_failed"
    assert answer["ok"]


async def test_an_inactive_account_is_refused_as_by_the_api(alice):
    token = await _token(alice)
    alice.is_active = False
    await database_sync_to_async(alice.save)()
    socket = await _socket()
    try:
        answer = await _ask(socket, "AUTH", token=token)
    finally:
        await socket.disconnect()
    assert answer["error"]["code"] == "auth_failed"


async def test_unauthenticated_commands_are_rate_limited_as_the_api(monkeypatch):
    # The API's anonymous throttle, with a smaller rate.
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/minute"})
    socket = await _socket()
    codes = [(await _ask(socket, "REQUEST_GAMES"))["error"]["code"] for _ in range(3)]
    for _ in range(3):
        await socket.send_json_to({"command": "REQUEST_GAMES"})
    closed = None
    for _ in range(4):
        message = await socket.receive_output(timeout=5)
        if message["type"] == "websocket.close":
            closed = message
            break
    assert codes == ["unauthenticated", "unauthenticated", "throttled"]
    assert closed is not None
    assert closed["code"] == play.consumer.CLOSE_THROTTLED


async def test_malformed_messages_get_error_answers(alice):
    socket = await _socket(alice)
    try:
        await socket.send_to(text_data="{not json")
        bad_json = await socket.receive_json_from(timeout=5)
        await socket.send_to(text_data="[" * 100 + "]" * 100)
        too_deep = await socket.receive_json_from(timeout=5)
        await socket.send_to(text_data='{"data": 1}')
        no_command = await socket.receive_json_from(timeout=5)
        await socket.send_to(text_data="42")
        number = await socket.receive_json_from(timeout=5)
        unknown = await _ask(socket, "FLY_TO_THE_MOON")
        bad_id = await _ask(socket, "WATCH", {"a": 1})
        no_match = await _ask(socket, "VIEW", 999999)
        alive = await _ask(socket, "REQUEST_GAMES")
    finally:
        await socket.disconnect()
    assert bad_json["error"]["code"] == "bad_json"
    assert too_deep["error"]["code"] == "bad_json"
    assert no_command["error"]["code"] == "bad_message"
    assert number["error"]["code"] == "bad_message"
    assert unknown["error"]["code"] == "unknown_command"
    assert bad_id["error"]["code"] == "bad_data"
    assert no_match["error"]["code"] == "not_found"
    assert alive["ok"]


async def test_messages_are_in_the_players_language(started_match, carol):
    carol.language = "de"
    await database_sync_to_async(carol.save)()
    socket = await _socket(carol)
    try:
        answer = await _ask(socket, "MOVE", {"kind": "x"}, match=started_match.id)
    finally:
        await socket.disconnect()
    assert answer["error"]["code"] == "not_seated"
    assert answer["error"]["message"] == "Du hast keinen Platz in dieser Partie."


async def test_request_games_lists_matches_with_a_status_filter(alice, bob):
    open_match = await database_sync_to_async(services.match_create)(
        user=bob, game_slug="toy", seats=3
    )
    socket = await _socket(alice)
    try:
        all_games = await _ask(socket, "REQUEST_GAMES")
        started = await _ask(socket, "REQUEST_GAMES", "STARTED")
        waiting = await _ask(socket, "REQUEST_GAMES", {"status": "open"})
        bad = await _ask(socket, "REQUEST_GAMES", "SOMETIME")
    finally:
        await socket.disconnect()
    assert [m["id"] for m in all_games["result"]] == [open_match.id]
    assert started["result"] == []
    assert waiting["result"][0]["status"] == "open"
    assert waiting["result"][0]["seats"][0]["name"] == "Bob"
    assert bad["error"]["code"] == "bad_data"


async def test_want_to_join_game_takes_a_free_seat(alice, bob):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=2
    )
    socket = await _socket(bob)
    try:
        answer = await _ask(socket, "WANT_TO_JOIN_GAME", str(match.id))
        again = await _ask(socket, "WANT_JOIN_GAME", match.id)
        pushes = await _pushes(socket)
    finally:
        await socket.disconnect()
    assert answer["ok"]
    assert answer["result"]["your_seat"] == 1
    assert answer["result"]["status"] == "active"
    # Joining again is answered with the seat (test_play_protocol_seed.py).
    assert again["ok"]
    assert again["result"]["your_seat"] == 1
    # The start of the match is pushed to the new seat.
    assert pushes
    assert pushes[-1]["match"] == match.id
    assert pushes[-1]["your_seat"] == 1


async def _bank_and_pushes_to_other(match, mover, other):
    """Have `mover`'s socket bank in Toy `match`; return its answer and `other`'s pushes."""
    await database_sync_to_async(toy_position)(match, pending=5)
    mover_socket = await _socket(mover)
    other_socket = await _socket(other)
    try:
        answer = await _ask(mover_socket, "MOVE", {"kind": "bank"}, match=match.id)
        pushes = await _pushes(other_socket)
    finally:
        await mover_socket.disconnect()
        await other_socket.disconnect()
    return answer, pushes


async def test_a_move_is_played_and_another_seats_socket_gets_its_own_view(
    started_match, alice, bob
):
    answer, pushes = await _bank_and_pushes_to_other(started_match, alice, bob)
    assert answer["ok"], answer
    assert answer["result"]["version"] == 1
    assert pushes[-1]["version"] == 1
    assert pushes[-1]["your_seat"] == 1
    # Bob's own view, and his turn now (another seat's secrets over the
    # protocol: tests/games/race/test_platform_race_sockets.py).
    state = await database_sync_to_async(state_of)(started_match)
    assert pushes[-1]["view"] == started_match.rules.view(state, 1)
    assert pushes[-1]["legal_moves"] == [{"kind": "roll"}]


async def test_a_seat_taken_through_another_door_is_watched_and_pushed(alice, bob):
    socket = await _socket(bob)
    try:
        match = await database_sync_to_async(services.match_create)(
            user=alice, game_slug="toy", seats=2
        )
        # Through the API or the lobby: not this socket's command.
        await database_sync_to_async(services.seat_claim)(match_id=match.id, user=bob)
        pushes = await _pushes(socket)
    finally:
        await socket.disconnect()
    assert pushes
    assert pushes[-1]["match"] == match.id
    assert pushes[-1]["your_seat"] == 1


async def test_a_move_tells_the_other_program_no_bell_and_no_list_change(
    started_match, alice, bob, monkeypatch
):
    # A program gets neither (it watches the match itself): each would be
    # a layer message per move to each seat's socket for nothing.
    heard = []

    async def hear(consumer, event):
        heard.append(event["type"])

    for handler in ("user_matches_changed", "user_notifications_changed"):
        monkeypatch.setattr(play.PlayConsumer, handler, hear)
    answer, pushes = await _bank_and_pushes_to_other(started_match, alice, bob)
    assert answer["ok"], answer
    # Bob's turn: his view is pushed, nothing else.
    assert pushes[-1]["to_move"] == [1]
    assert heard == []


async def test_the_movers_own_push_is_its_answer_not_a_new_render(
    started_match, alice, monkeypatch
):
    await database_sync_to_async(toy_position)(started_match, pending=5)
    alice_socket = await _socket(alice)
    await _pushes(alice_socket)  # the greeting's view of version 0
    rendered = []
    render = play.requests.body

    def counted(*args, **kwargs):
        rendered.append(args)
        return render(*args, **kwargs)

    monkeypatch.setattr(play.requests, "body", counted)
    try:
        answer = await _ask(
            alice_socket, "MOVE", {"kind": "bank"}, match=started_match.id, version=0
        )
        pushes = await _pushes(alice_socket)
    finally:
        await alice_socket.disconnect()
    assert answer["ok"], answer
    # Each version is still pushed once: version 1, as the MOVE was answered.
    assert [p["version"] for p in pushes] == [1]
    for field in ("status", "state", "your_seat", "to_move", "view", "legal_moves"):
        assert pushes[0][field] == answer["result"][field], field
    assert rendered == []


async def test_an_illegal_move_is_an_error_and_changes_nothing(started_match, alice):
    socket = await _socket(alice)
    try:
        answer = await _ask(
            socket, "MOVE", {"kind": "no_such_move"}, match=started_match.id
        )
        not_object = await _ask(socket, "MOVE", "roll", match=started_match.id)
        stale = await _ask(
            socket, "MOVE", {"kind": "x"}, match=started_match.id, version=99
        )
    finally:
        await socket.disconnect()
    assert answer["error"]["code"] == "illegal_move"
    assert not_object["error"]["code"] == "illegal_move"
    assert stale["error"]["code"] == "stale"
    await database_sync_to_async(started_match.refresh_from_db)()
    assert started_match.version == 0


async def test_a_spectator_watching_gets_the_spectator_view(
    started_match, alice, carol
):
    watcher = await _socket(carol)
    try:
        watched = await _ask(watcher, "WATCH", started_match.id)
        moves = await database_sync_to_async(legal_json)(started_match, 0)
        await database_sync_to_async(services.move_submit)(
            match_id=started_match.id,
            user=alice,
            move_data=moves[0],
            expected_version=0,
        )
        pushes = await _pushes(watcher)
        not_seated = await _ask(watcher, "MOVE", moves[0])
    finally:
        await watcher.disconnect()
    assert watched["result"]["your_seat"] is None
    assert pushes[-1]["version"] == 1
    state = await database_sync_to_async(state_of)(started_match)
    assert pushes[-1]["view"] == started_match.rules.view(state, None)
    assert pushes[-1]["legal_moves"] == []
    assert not_seated["error"]["code"] == "not_seated"


async def test_an_ended_match_is_let_go_with_its_last_view_unless_watched(
    started_match, alice, bob, carol
):
    # The last turn's bank ends the Toy.
    await database_sync_to_async(toy_position)(
        started_match, pending=5, turns=MAX_TURNS - 1
    )
    sockets = [await _socket(user) for user in (alice, bob, carol)]
    group, layer = match_group(started_match.id), get_channel_layer()
    later = {"type": "match.changed", "match_id": started_match.id, "moved": False}
    try:
        await _ask(sockets[2], "WATCH", started_match.id)
        answer = await _ask(
            sockets[0], "MOVE", {"kind": "bank"}, match=started_match.id
        )
        ends = [await _pushes(socket) for socket in sockets]
        # Whatever comes after the end reaches the socket that asked to WATCH.
        await layer.group_send(group, later)
        after = [await _pushes(socket, timeout=0.5) for socket in sockets]
        # A command about the ended match does not watch it again.
        viewed = await _ask(sockets[1], "VIEW", started_match.id)
        await layer.group_send(group, later)
        after_view = await _pushes(sockets[1], timeout=0.5)
    finally:
        for socket in sockets:
            await socket.disconnect()
    assert answer["result"]["status"] == "finished"
    assert [pushes[-1]["status"] for pushes in ends] == ["finished"] * 3
    # Each version once: the end's "user.matches_changed" does not watch
    # the ended match again (and push its last view twice).
    assert all(len({p["version"] for p in pushes}) == len(pushes) for pushes in ends)
    assert [len(pushes) for pushes in after] == [0, 0, 1]
    assert viewed["result"]["status"] == "finished"
    assert after_view == []


async def test_the_seeds_positional_form_is_accepted(alice):
    socket = await _socket(alice)
    try:
        await socket.send_json_to(["REQUEST_ALL_CONNECTED_PLAYERS", None, "NONE"])
        answer = await socket.receive_json_from(timeout=5)
    finally:
        await socket.disconnect()
    assert answer["ok"]
    assert answer["command"] == "REQUEST_ALL_CONNECTED_PLAYERS"


async def test_a_game_command_for_another_game_is_refused(started_match, alice):
    socket = await _socket(alice)
    try:
        answer = await _ask(socket, "BUILD_ROAD", "A-to-B", match=started_match.id)
    finally:
        await socket.disconnect()
    assert answer["error"]["code"] == "unknown_command"
    await database_sync_to_async(started_match.refresh_from_db)()
    assert started_match.version == 0
