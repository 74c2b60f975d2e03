"""The program socket's JSON (games/consumers/play/consumer.py `_JSON`).

msgspec encodes what json.dumps(default=str) encoded before it, for what
bodies hold: text (lazy translations and SafeString too), numbers beyond
64 bits, int keys (as strings), tuples (arrays), None and booleans.
"""

from __future__ import annotations

import json

from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from games.consumers.play.consumer import _JSON


def test_a_body_encodes_to_the_json_it_had():
    with override("de"):
        payload = {
            "message": gettext_lazy("Your turn."),
            "html": mark_safe("<b>Zug</b>"),
            "text": "Grüße €",
            "scores": {0: 12, 1: -3},
            "big": 2**70,
            "share": 0.5,
            "pair": (1, 2),
            "outcome": None,
            "ok": True,
            "nested": [{"name": mark_safe("a")}],
        }
        ours = json.loads(_JSON.encode(payload))
        before = json.loads(json.dumps(payload, default=str))

    assert ours == before
    assert ours["message"] == "Du bist am Zug."
    assert type(ours["html"]) is str


async def test_a_lone_surrogate_in_a_body_is_sent_escaped():
    from games.consumers.play.consumer import PlayConsumer

    sent = []
    consumer = PlayConsumer()

    async def send(text_data):
        sent.append(text_data)

    consumer.send = send
    await consumer._send({"name": "x\ud800y", "n": 1})

    assert sent == ['{"name": "x\\ud800y", "n": 1}']
