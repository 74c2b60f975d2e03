"""Chat on the program socket /ws/play/ (issue 24): the same rules as people's.

A program writes through the one write path (chat_post), so each refusal
answers what the API answers (its status as a code, its message); lines are
pushed as their own event, only to those who may read them.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import community
from accounts.services import api_token_get_or_create
from games import services
from games.chat.services import CHAT_RATE_LINES
from games.models import ChatLine
from games.services import moderation_sanctions as sanctions
from tests.games.test_play_protocol import _socket

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


async def _ask(socket, command, data=None, **fields):
    """Send a command; return its answer (events meanwhile kept in `socket.events`)."""
    ident = uuid.uuid4().hex
    await socket.send_json_to({"command": command, "data": data, "id": ident, **fields})
    while True:
        message = await socket.receive_json_from(timeout=5)
        if message.get("id") == ident and "command" in message:
            return message
        socket.events = [*getattr(socket, "events", []), message]


async def _events(socket, kind=None, timeout=1.0):
    """Return the events that arrived and arrive until the socket is quiet.

    `kind`: only events of this name ("chat", "chat_hidden", ...).
    """
    found = getattr(socket, "events", [])
    socket.events = []
    while not await socket.receive_nothing(timeout=timeout):
        found.append(await socket.receive_json_from(timeout=1))
        timeout = 0.3
    return [e for e in found if kind is None or e.get("event") == kind]


async def _api_post(user, url, text):
    """POST `text` to the API's chat `url` with `user`'s token: the same door's answer."""

    def post():
        client = APIClient()
        token = api_token_get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client.post(url, {"text": text}, format="json")

    return await database_sync_to_async(post)()


async def test_a_line_is_answered_and_pushed_to_the_other_seat(
    started_match, alice, bob
):
    alice_socket = await _socket(alice)
    bob_socket = await _socket(bob)
    try:
        await _events(bob_socket)  # the greeting's views
        answer = await _ask(
            alice_socket, "CHAT", "<b>gl</b> hf", match=started_match.id
        )
        pushes = await _events(bob_socket)
    finally:
        await alice_socket.disconnect()
        await bob_socket.disconnect()

    assert answer["ok"], answer
    line = answer["result"]
    stored = await database_sync_to_async(ChatLine.objects.get)()
    assert line["id"] == stored.id
    assert line["author"] == "Alice"
    assert line["text"] == "<b>gl</b> hf"
    assert line["at"].endswith("Z")
    assert datetime.fromisoformat(line["at"]) == stored.created_at
    # Its own event: the board is not pushed again for a chat line.
    assert pushes == [{"event": "chat", "match": started_match.id, "line": line}]


async def test_the_current_match_is_the_chats_match(started_match, alice):
    socket = await _socket(alice)
    try:
        # Alice's only running match: no "match" needed, as for MOVE.
        answer = await _ask(socket, "CHAT", "hi")
        page = await _ask(socket, "REQUEST_CHAT")
    finally:
        await socket.disconnect()

    assert answer["ok"], answer
    assert [line["text"] for line in page["result"]["lines"]] == ["hi"]
    assert page["result"]["older"] is None


async def test_refusals_answer_what_the_api_answers(started_match, alice, carol):
    url = f"/api/matches/{started_match.id}/chat/"
    alice_socket = await _socket(alice)
    carol_socket = await _socket(carol)
    try:
        not_seated = await _ask(carol_socket, "CHAT", "hey", match=started_match.id)
        empty = await _ask(alice_socket, "CHAT", "  \n ", match=started_match.id)
        too_long = await _ask(alice_socket, "CHAT", "x" * 501, match=started_match.id)
        not_text = await _ask(alice_socket, "CHAT", ["hi"], match=started_match.id)
        with time_machine.travel(NOW, tick=False):
            for _ in range(CHAT_RATE_LINES):
                written = await _ask(alice_socket, "CHAT", "hi", match=started_match.id)
                assert written["ok"], written
            too_fast = await _ask(alice_socket, "CHAT", "hi", match=started_match.id)
            api_too_fast = await _api_post(alice, url, "hi")
        api_not_seated = await _api_post(carol, url, "hey")
        api_empty = await _api_post(alice, url, "  \n ")
    finally:
        await alice_socket.disconnect()
        await carol_socket.disconnect()

    assert not_seated["error"]["code"] == "not_seated"
    assert api_not_seated.status_code == 403
    assert not_seated["error"]["message"] == api_not_seated.json()["detail"]
    assert empty["error"]["code"] == "bad_data"
    assert api_empty.status_code == 400
    assert empty["error"]["message"] == api_empty.json()["detail"]
    assert too_long["error"]["code"] == "bad_data"
    assert "500" in too_long["error"]["message"]
    assert not_text["error"]["code"] == "bad_data"
    assert too_fast["error"]["code"] == "throttled"
    assert api_too_fast.status_code == 429
    assert too_fast["error"]["message"] == api_too_fast.json()["detail"]
    texts = await database_sync_to_async(
        lambda: list(ChatLine.objects.values_list("text", flat=True))
    )()
    assert texts == ["hi"] * CHAT_RATE_LINES


async def test_a_person_muted_after_auth_is_refused_with_the_date(
    started_match, alice, staff
):
    socket = await _socket(alice)
    try:
        with time_machine.travel(NOW, tick=False):
            await database_sync_to_async(sanctions.chat_mute)(
                user=alice, actor=staff, reason="rude", until=NOW + timedelta(hours=1)
            )
            sanctioned = await _events(socket, "sanctioned")
            answer = await _ask(socket, "CHAT", "hi", match=started_match.id)
            lobby = await _ask(socket, "LOBBY_CHAT", "hi")
    finally:
        await socket.disconnect()

    assert sanctioned == [
        {"event": "sanctioned", "kind": "muted", "until": "2026-05-01T13:00:00Z"}
    ]
    assert answer["error"]["code"] == "muted"
    assert "You may not chat until 2026-05-01" in answer["error"]["message"]
    assert lobby["error"]["code"] == "muted"
    assert not await database_sync_to_async(ChatLine.objects.exists)()


async def test_a_suspended_person_is_refused_as_by_the_api(started_match, alice, staff):
    socket = await _socket(alice)
    try:
        await database_sync_to_async(sanctions.suspend)(
            user=alice,
            actor=staff,
            reason="abuse",
            until=timezone.now() + timedelta(days=2),
        )
        sanctioned = await _events(socket, "sanctioned")
        answer = await _ask(socket, "CHAT", "hi", match=started_match.id)
        api = await _api_post(alice, f"/api/matches/{started_match.id}/chat/", "hi")
    finally:
        await socket.disconnect()

    assert sanctioned[0]["kind"] == "suspended"
    assert answer["error"]["code"] == "suspended"
    assert api.status_code == 403
    assert answer["error"]["message"] == api.json()["detail"]
    assert not await database_sync_to_async(ChatLine.objects.exists)()


async def test_a_blocked_or_muted_authors_line_is_not_pushed(
    started_match, alice, bob, carol
):
    await database_sync_to_async(community.block)(owner=alice, other=bob)
    await database_sync_to_async(community.mute)(owner=carol, other=bob)
    alice_socket = await _socket(alice)
    carol_socket = await _socket(carol)
    bob_socket = await _socket(bob)
    try:
        await _ask(carol_socket, "WATCH", started_match.id)
        answer = await _ask(bob_socket, "CHAT", "psst", match=started_match.id)
        to_alice = await _events(alice_socket, "chat")
        to_carol = await _events(carol_socket, "chat")
        to_bob = await _events(bob_socket, "chat")
        alice_page = await _ask(alice_socket, "REQUEST_CHAT", started_match.id)
    finally:
        await alice_socket.disconnect()
        await carol_socket.disconnect()
        await bob_socket.disconnect()

    assert answer["ok"]  # the block is silent
    assert to_alice == []
    assert to_carol == []
    assert [push["line"]["text"] for push in to_bob] == ["psst"]
    assert alice_page["result"]["lines"] == []


async def test_a_hidden_line_is_pushed_as_hidden(started_match, alice, bob, staff):
    bob_socket = await _socket(bob)
    alice_socket = await _socket(alice)
    try:
        answer = await _ask(alice_socket, "CHAT", "rude", match=started_match.id)
        line_id = answer["result"]["id"]
        await _events(bob_socket)
        await database_sync_to_async(sanctions.chat_line_hide)(
            line_id=line_id, actor=staff, reason="rude"
        )
        hidden = await _events(bob_socket, "chat_hidden")
        page = await _ask(bob_socket, "REQUEST_CHAT", match=started_match.id)
    finally:
        await bob_socket.disconnect()
        await alice_socket.disconnect()

    assert hidden == [
        {"event": "chat_hidden", "match": started_match.id, "line": line_id}
    ]
    assert page["result"]["lines"] == []


@pytest.mark.parametrize("spectators", [True, False])
async def test_spectators_read_as_the_match_lets_them(
    started_match, alice, carol, spectators
):
    started_match.chat_spectators = spectators
    await database_sync_to_async(started_match.save)(update_fields=["chat_spectators"])
    alice_socket = await _socket(alice)
    carol_socket = await _socket(carol)
    try:
        await _ask(carol_socket, "WATCH", started_match.id)
        await _ask(alice_socket, "CHAT", "gg", match=started_match.id)
        pushed = await _events(carol_socket, "chat")
        page = await _ask(carol_socket, "REQUEST_CHAT", {"match": started_match.id})
    finally:
        await alice_socket.disconnect()
        await carol_socket.disconnect()

    if spectators:
        assert [push["line"]["text"] for push in pushed] == ["gg"]
        assert [line["text"] for line in page["result"]["lines"]] == ["gg"]
    else:
        # The API's 403 for a players-only chat.
        assert pushed == []
        assert page["error"]["code"] == "not_seated"


async def test_a_page_goes_back_with_before_and_a_private_match_is_not_found(
    started_match, private, alice, carol
):
    def write():
        for n in range(55):
            ChatLine.objects.create(
                match=started_match, author=alice, text=str(n), created_at=NOW
            )

    await database_sync_to_async(write)()
    socket = await _socket(alice)
    stranger = await _socket(carol)
    try:
        first = await _ask(socket, "REQUEST_CHAT", match=started_match.id)
        second = await _ask(
            socket,
            "REQUEST_CHAT",
            {"before": first["result"]["older"]},
            match=started_match.id,
        )
        bad = await _ask(socket, "REQUEST_CHAT", {"before": "x"}, match=1)
        hidden = await _ask(stranger, "REQUEST_CHAT", private.id)
        write_hidden = await _ask(stranger, "CHAT", "hi", match=private.id)
        invited = await _ask(
            stranger,
            "REQUEST_CHAT",
            {"match": private.id, "invite": private.invite_secret},
        )
    finally:
        await socket.disconnect()
        await stranger.disconnect()

    assert first["result"]["lines"][0]["text"] == "5"
    assert [line["text"] for line in second["result"]["lines"]] == [
        str(n) for n in range(5)
    ]
    assert second["result"]["older"] is None
    assert bad["error"]["code"] == "bad_data"
    assert hidden["error"]["code"] == "not_found"
    assert write_hidden["error"]["code"] == "not_found"
    assert invited["ok"], invited


async def test_the_lobby_chat_is_pushed_only_when_asked(alice, bob, carol):
    await database_sync_to_async(community.block)(owner=carol, other=bob)
    alice_socket = await _socket(alice)
    carol_socket = await _socket(carol)
    bob_socket = await _socket(bob)
    try:
        quiet = await _ask(bob_socket, "LOBBY_CHAT", "before anyone listens")
        unasked = await _events(alice_socket, "chat")
        await _ask(alice_socket, "WATCH_LOBBY_CHAT")
        await _ask(carol_socket, "WATCH_LOBBY_CHAT")
        answer = await _ask(bob_socket, "LOBBY_CHAT", "hello")
        # The lobby's own changes reach the lobby's group too: ignored.
        await database_sync_to_async(services.match_create)(
            user=bob, game_slug="toy", seats=2
        )
        to_alice = await _events(alice_socket, "chat")
        to_carol = await _events(carol_socket, "chat")
        await _ask(alice_socket, "UNWATCH_LOBBY_CHAT")
        await _ask(bob_socket, "LOBBY_CHAT", "bye")
        after = await _events(alice_socket, "chat")
        page = await _ask(alice_socket, "REQUEST_LOBBY_CHAT")
        bad_page = await _ask(alice_socket, "REQUEST_LOBBY_CHAT", "x")
    finally:
        await alice_socket.disconnect()
        await carol_socket.disconnect()
        await bob_socket.disconnect()

    assert quiet["ok"]
    assert unasked == []
    assert to_alice == [{"event": "chat", "match": None, "line": answer["result"]}]
    assert to_carol == []
    assert after == []
    assert [line["text"] for line in page["result"]["lines"]] == [
        "before anyone listens",
        "hello",
        "bye",
    ]
    assert bad_page["error"]["code"] == "bad_data"


async def test_a_refusal_is_in_the_players_language(carol):
    carol.language = "de"
    await database_sync_to_async(carol.save)()
    socket = await _socket(carol)
    try:
        empty = await _ask(socket, "LOBBY_CHAT", " ")
        not_text = await _ask(socket, "LOBBY_CHAT", 5)
    finally:
        await socket.disconnect()

    assert empty["error"] == {"code": "bad_data", "message": "Schreib zuerst etwas."}
    assert not_text["error"]["message"] == "Schick die Chatzeile als Text."
