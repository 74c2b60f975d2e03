"""The only place that talks to the channel layer (STYLE.md B5).

Group messages carry ids and versions, never game state: the consumers
render each viewer's board from the database, so a group message cannot
leak a hand. Each message carries a `change` id of its own, under which the
sockets of one process share the render of each distinct view (see
games/consumers.py).
"""

from __future__ import annotations

import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.models import Match

LOBBY_GROUP = "lobby"


def match_group(match_id: int) -> str:
    """Return the channel-layer group of the sockets watching a match."""
    return f"match-{match_id}"


def match_changed_event(match: Match, *, moved: bool) -> dict[str, Any]:
    """Return the group message announcing a change of `match`.

    `moved`: a move produced `match.version`, which a socket that already
    showed that version may skip; otherwise seats or the status changed
    without a move, and every socket re-renders.
    """
    return {
        "type": "match.changed",
        "match_id": match.id,
        "version": match.version,
        "moved": moved,
        "change": uuid.uuid4().hex,
    }


def match_changed_on_commit(match: Match, *, moved: bool = False) -> None:
    """After commit, tell every socket watching `match` that it changed.

    `moved`: the change is the move that produced `match.version`.
    """
    # Captured now: the same object may change again before the commit.
    group, event = match_group(match.id), match_changed_event(match, moved=moved)
    # Robust: a channel layer that is down must not fail a committed move.
    transaction.on_commit(lambda: _group_send(group, event), robust=True)


def lobby_changed_on_commit() -> None:
    """After commit, tell open lobby pages that the list of matches changed."""
    event = {"type": "lobby.changed", "change": uuid.uuid4().hex}
    transaction.on_commit(lambda: _group_send(LOBBY_GROUP, event), robust=True)


def _group_send(group: str, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, event)
