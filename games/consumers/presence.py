"""The consumers' presence hooks: who has a page open.

A logged-in person's socket records its page on connect
(`presence_start`), beats every PRESENCE_TTL / 3 seconds
(`presence_heartbeat`) and records its closing on disconnect
(`presence_stop`), through games/notifications/presence.py.
`presence_call` logs a failing back-end instead of raising.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.notifications import presence

from .shared import scope_viewer_id
from .threads import database_call

logger = logging.getLogger(__name__)

# Presence (games/notifications/presence.py): "your turn" e-mails wait
# while the person has a page open. Best effort: a back-end that fails
# (Redis down) is logged, and the socket lives on.


async def presence_start(
    consumer: AsyncWebsocketConsumer,
    user_id: int | None,
    *,
    also: Callable[[int, str], None] | None = None,
) -> asyncio.Task[None] | None:
    """Record the logged-in person's open page; return its heartbeat task.

    None for anonymous viewers, who get no e-mails. `also(user_id,
    channel_name)` beats with the page (a program socket's entry in
    play.presence), so one socket runs one heartbeat.
    """
    if user_id is None:
        return None
    await presence_call(presence.presence_join, user_id, consumer.channel_name)
    return asyncio.create_task(presence_heartbeat(user_id, consumer.channel_name, also))


async def presence_stop(
    consumer: AsyncWebsocketConsumer, heartbeat: asyncio.Task[None] | None
) -> None:
    """Stop the heartbeat and record that the page closed (if it was recorded)."""
    if heartbeat is None:
        return
    heartbeat.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await heartbeat
    user_id = scope_viewer_id(consumer.scope)
    if user_id is not None:
        await presence_call(presence.presence_leave, user_id, consumer.channel_name)


async def presence_heartbeat(
    user_id: int, channel_name: str, also: Callable[[int, str], None] | None = None
) -> None:
    # Three beats per PRESENCE_TTL: one lost beat does not end the presence.
    while True:
        await asyncio.sleep(settings.PRESENCE_TTL / 3)
        await presence_call(presence.presence_beat, user_id, channel_name)
        if also is not None:
            await presence_call(also, user_id, channel_name)


async def presence_call(
    record: Callable[[int, str], None], user_id: int, channel_name: str
) -> None:
    try:
        await database_call(record)(user_id, channel_name)
    except Exception:
        # Any failure: presence only delays e-mails, it must not close boards.
        logger.warning("presence not recorded for user %s", user_id, exc_info=True)
