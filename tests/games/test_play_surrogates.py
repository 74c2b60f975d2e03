"""/ws/play/ refuses a message holding a lone surrogate as unreadable JSON."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]


@pytest.mark.parametrize(
    "text",
    [
        '{"command": "\\ud800", "id": "a"}',
        '{"command": "REQUEST_GAMES", "id": "a", "data": {"\\udfff": 1}}',
    ],
)
async def test_a_lone_surrogate_is_bad_json(text):
    socket = WebsocketCommunicator(
        application, "/ws/play/", headers=[(b"origin", b"http://testserver")]
    )
    socket.scope["client"] = ("10.201.0.1", 12345)
    accepted, _ = await socket.connect()
    assert accepted
    try:
        await socket.send_to(text_data=text)
        answer = await socket.receive_json_from(timeout=5)
    finally:
        await socket.disconnect()
    assert not answer["ok"]
    assert answer["error"]["code"] == "bad_json"
