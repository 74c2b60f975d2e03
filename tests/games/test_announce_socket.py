"""A pushed move carries its sentence for the other viewer's live region (issue 25).

The push renders the board's live part for each viewer; its first fragment
fills the polite region (`#announce`) out of band with the new log
entries as that viewer may read them: a secret only the mover may see
(here a card the Toy's mover peeks at, visible to that seat alone) is in
neither the sentence nor anything else pushed to another seat.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from channels.db import database_sync_to_async

from games import services
from games.rules.base import Event, Message
from tests.games.sockets import connected
from tests.games.toy import toy_position
from tests.games.toy.engine import ToyRules

pytestmark = [
    pytest.mark.usefixtures("toy"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("own_channel_layer"),
]

SECRET = "Queen of Spades"
POLITE = re.compile(r'<div hx-swap-oob="innerHTML:#announce">(.*?)</div>', re.S)


@pytest.fixture
def peeking(monkeypatch):
    """Every Toy move also shows its mover (and nobody else) a secret card."""
    apply, describe = ToyRules.apply, ToyRules.describe_event

    def apply_peeking(self, state, seat, move):
        state, events = apply(self, state, seat, move)
        secret = Event("peeked", {"seat": seat}, visible_to=frozenset({seat}))
        return state, [*events, secret]

    def describe_peeking(self, event):
        if event.kind == "peeked":
            return Message(f"%(player)s peeked at the {SECRET}", {"player": 0})
        return describe(self, event)

    monkeypatch.setattr(ToyRules, "apply", apply_peeking)
    monkeypatch.setattr(ToyRules, "describe_event", describe_peeking)


def _text(fragment):
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", fragment).split()))


async def test_a_pushed_move_carries_the_sentence_for_the_other_viewer(
    socket_for, started_match, alice, bob, peeking
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", bob)
    )
    try:
        await database_sync_to_async(toy_position)(started_match, pending=5)
        await database_sync_to_async(services.move_submit)(
            match_id=started_match.id,
            user=alice,
            move_data={"kind": "bank"},
            expected_version=0,
        )
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    found = POLITE.search(html)
    assert found, html[:500]
    assert _text(found.group(1)) == "Alice banked. Your turn."
    assert 'data-announce-entry="log-1"' in found.group(1)
    # Before the log's new entries: the page can tell which are new.
    assert html.index("#announce") < html.index('id="log-1"')
    assert SECRET not in html


async def test_the_mover_reads_their_secret_in_the_log_but_hears_only_whose_turn(
    socket_for, started_match, alice, bob, peeking
):
    socket = await connected(
        await socket_for(f"/ws/matches/{started_match.id}/?version=0", alice)
    )
    try:
        await database_sync_to_async(toy_position)(started_match, pending=5)
        await database_sync_to_async(services.move_submit)(
            match_id=started_match.id,
            user=alice,
            move_data={"kind": "bank"},
            expected_version=0,
        )
        html = await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()

    assert SECRET in html  # her own log line
    found = POLITE.search(html)
    assert found
    assert _text(found.group(1)) == "Bob's turn."
