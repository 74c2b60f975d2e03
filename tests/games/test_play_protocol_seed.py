"""The program socket /ws/play/ held against the seed text (issue 21), on the Toy.

A client written from the seed and the README alone: no Origin header,
answers paired by order, the positional form. The tests built on a game's
own seed commands and states live in its folder
(tests/games/rat_um_rad/test_protocol_seed.py).
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games import services
from games.consumers.play import messages as play_messages
from games.consumers.play import presence as play_presence
from games.notifications import presence
from tests.games.test_play_protocol import _ADDRESSES, _ask, _pushes, _socket, _token

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


async def _connect(path, headers):
    """Return whether the upgrade of `path` with `headers` is accepted, and the socket."""
    socket = WebsocketCommunicator(application, path, headers=headers)
    socket.scope["client"] = (next(_ADDRESSES), 1)
    accepted, _ = await socket.connect()
    return accepted, socket


async def _send(socket, message):
    """Send a message (any JSON, the positional form too); return the next answer."""
    await socket.send_json_to(message)
    while True:
        answer = await socket.receive_json_from(timeout=5)
        if "event" not in answer:
            return answer


# 1. Origin


async def test_a_program_needs_no_origin_but_a_cookie_session_does(alice, socket_for):
    token = (b"authorization", f"Token {await _token(alice)}".encode())
    by_token, program = await _connect("/ws/play/", [token])
    try:
        who = await _send(program, {"command": "WHOAMI", "id": 1})
    finally:
        await program.disconnect()
    by_message, anonymous = await _connect("/ws/play/", [])
    await anonymous.disconnect()
    cookie = (b"cookie", b"sessionid=abc")
    with_cookie, _ = await _connect("/ws/play/", [token, cookie])
    foreign, _ = await _connect(
        "/ws/play/", [token, (b"origin", b"http://evil.example")]
    )
    page_socket, _ = await _connect("/ws/lobby/", [])
    own = await socket_for("/ws/lobby/", alice)
    own_page, _ = await own.connect()
    await own.disconnect()
    assert by_token
    assert who["result"]["id"] == alice.pk
    assert by_message
    assert not with_cookie
    assert not foreign
    assert not page_socket
    assert own_page


# 2. No answer nobody asked for


async def test_header_authentication_sends_no_answer(alice):
    token = (b"authorization", f"Token {await _token(alice)}".encode())
    accepted, socket = await _connect("/ws/play/", [token])
    try:
        await socket.send_json_to({"command": "REQUEST_GAMES", "id": "first"})
        first = await socket.receive_json_from(timeout=5)
        who = await _ask(socket, "WHOAMI")
        again = await _ask(socket, "AUTH", token=await _token(alice))
        bare = await _ask(socket, "AUTH")
        quiet = await socket.receive_nothing(timeout=0.3)
    finally:
        await socket.disconnect()
    assert accepted
    # The first message is the first command's answer: nothing unasked.
    assert first["id"] == "first"
    assert first["command"] == "REQUEST_GAMES"
    assert first["ok"]
    for answer in (who, again, bare):
        assert answer["ok"], answer
        assert answer["result"] == {"id": alice.pk, "name": "Alice", "language": "en"}
    assert quiet


async def test_auth_with_another_accounts_token_is_refused(alice, bob):
    socket = await _socket(alice)
    try:
        other = await _ask(socket, "AUTH", token=await _token(bob))
        who = await _ask(socket, "WHOAMI")
    finally:
        await socket.disconnect()
    assert other["error"]["code"] == "bad_message"
    assert who["result"]["id"] == alice.pk


# 3. Pushes on connect


async def test_on_connect_the_view_of_each_running_match_is_pushed(started_match, bob):
    socket = await _socket(bob)
    try:
        pushes = await _pushes(socket)
    finally:
        await socket.disconnect()
    assert [(p["match"], p["version"]) for p in pushes] == [(started_match.id, 0)]
    assert pushes[0]["your_seat"] == 1
    # Bob's own view of the match.
    state = await database_sync_to_async(started_match.game_state)()
    assert pushes[0]["view"] == started_match.rules.view(state, 1)


async def test_auth_by_message_pushes_after_its_answer(started_match, bob):
    socket = await _socket()
    try:
        await socket.send_json_to({"command": "AUTH", "token": await _token(bob)})
        answer = await socket.receive_json_from(timeout=5)
        pushes = await _pushes(socket)
    finally:
        await socket.disconnect()
    assert answer["ok"]
    assert [(p["match"], p["your_seat"]) for p in pushes] == [(started_match.id, 1)]


# 4. The positional form: three elements, the type checked


@pytest.mark.parametrize(
    "message",
    [
        ["REQUEST_GAMES"],
        ["REQUEST_GAMES", None],
        ["REQUEST_GAMES", None, "NONE", 1],
        ["REQUEST_GAMES", "STARTED", "NONE"],
        ["REQUEST_GAMES", None, "STRING"],
        ["REQUEST_GAMES", None, "FLOAT"],
        ["REQUEST_GAMES", None, None],
        ["WANT_TO_JOIN_GAME", 5, "STRING"],
        ["SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION", ["a", 1], "STRING_LIST"],
    ],
)
async def test_the_positional_form_checks_its_length_and_type(alice, message):
    socket = await _socket(alice)
    try:
        answer = await _send(socket, message)
        alive = await _send(socket, ["REQUEST_GAMES", "STARTED", "GAME_STATUS"])
    finally:
        await socket.disconnect()
    assert not answer["ok"]
    assert answer["error"]["code"] == "bad_message"
    assert answer["command"] == message[0]
    assert alive["ok"]


async def test_the_positional_forms_types(alice):
    socket = await _socket(alice)
    try:
        answers = [
            await _send(socket, message)
            for message in (
                ["REQUEST_ALL_CONNECTED_PLAYERS", None, "NONE"],
                ["REQUEST_GAMES", "STARTED", "GAME_STATUS"],
                ["REQUEST_GAMES", "open", "STRING"],
                ["REQUEST_GAMES", {"mine": True}, "OBJECT"],
                ["VIEW", 999999, "INTEGER"],
            )
        ]
    finally:
        await socket.disconnect()
    assert [a["ok"] for a in answers] == [True, True, True, True, False]
    assert answers[-1]["error"]["code"] == "not_found"


# 5. Too large


async def test_a_message_over_the_limit_is_answered_too_large(alice):
    socket = await _socket(alice)
    try:
        filler = "x" * play_messages.MAX_MESSAGE
        await socket.send_to(text_data=f'{{"command": "VIEW", "data": "{filler}"}}')
        too_large = await socket.receive_json_from(timeout=5)
        alive = await _ask(socket, "WHOAMI")
    finally:
        await socket.disconnect()
    assert too_large["ok"] is False
    assert too_large["error"]["code"] == "too_large"
    assert "65536" in too_large["error"]["message"]
    assert alive["ok"]


# 6. Stale, joining again, the refusals' language


async def test_stale_includes_the_current_board(started_match, alice):
    socket = await _socket(alice)
    try:
        stale = await _ask(
            socket, "MOVE", {"kind": "x"}, match=started_match.id, version=99
        )
    finally:
        await socket.disconnect()
    assert stale["error"]["code"] == "stale"
    board = stale["error"]["board"]
    assert board["id"] == started_match.id
    assert board["version"] == 0
    assert board["your_seat"] == 0
    assert board["legal_moves"]


async def test_joining_again_while_seated_answers_the_seat(alice, bob):
    match = await database_sync_to_async(services.match_create)(
        user=alice, game_slug="toy", seats=3
    )
    socket = await _socket(bob)
    try:
        joined = await _ask(socket, "WANT_TO_JOIN_GAME", match.id)
        again = await _ask(socket, "WANT_TO_JOIN_GAME", str(match.id))
    finally:
        await socket.disconnect()
    assert joined["ok"]
    assert again["ok"], again
    assert again["result"]["your_seat"] == joined["result"]["your_seat"] == 1
    await database_sync_to_async(match.refresh_from_db)()
    assert await database_sync_to_async(match.seats.filter(user=bob).count)() == 1


async def test_the_new_refusals_are_in_the_players_language(carol):
    carol.language = "de"
    await database_sync_to_async(carol.save)()
    socket = await _socket(carol)
    try:
        no_match = await _send(socket, ["LEGAL_MOVES", None, "NONE"])
        short = await _send(socket, ["LEGAL_MOVES", None])
        typed = await _send(socket, ["LEGAL_MOVES", None, "STRING"])
        await socket.send_to(text_data="x" * (play_messages.MAX_MESSAGE + 1))
        too_large = await socket.receive_json_from(timeout=5)
    finally:
        await socket.disconnect()
    assert no_match["error"]["message"].startswith("Gib die Partie an")
    assert short["error"]["message"].startswith("Schick die Listenform")
    assert typed["error"]["message"] == "Die Daten sind nicht vom Typ STRING."
    assert too_large["error"]["message"] == (
        "Eine Nachricht darf höchstens 65536 Zeichen haben."
    )
