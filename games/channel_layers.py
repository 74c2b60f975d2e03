"""A Redis channel layer whose sockets outlive a Redis outage.

channels-redis raises from `receive` while Redis is unreachable, and a
consumer whose receive raises dies with its socket: every open board would
close at once. Here `receive` waits and tries again instead, so the
consumers stay connected, fall back to the version poll (see
games/consumers/match.py) and hear group messages again once Redis is back.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# What an unreachable or restarting Redis raises.
LAYER_DOWN_ERRORS: tuple[type[BaseException], ...] = (OSError, RedisError)

# Seconds between attempts to receive again while Redis is down.
RECEIVE_RETRY_SECONDS = 1.0
RECEIVE_RETRY_MAX_SECONDS = 10.0


class ResilientRedisChannelLayer(RedisChannelLayer):  # type: ignore[misc]
    """RedisChannelLayer whose `receive` retries while Redis is unreachable.

    `receive(channel)` returns the next message of `channel` (a dict), as
    channels-redis does; on a connection error it logs once per outage and
    tries again after 1 s, backing off to 10 s. Group operations and
    `send` still raise LAYER_DOWN_ERRORS: their callers decide.
    """

    async def receive(self, channel: str) -> dict[str, Any]:
        delay = RECEIVE_RETRY_SECONDS
        while True:
            try:
                message: dict[str, Any] = await super().receive(channel)
            except LAYER_DOWN_ERRORS as error:
                if delay == RECEIVE_RETRY_SECONDS:
                    logger.warning("channel layer unreachable, retrying: %s", error)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RECEIVE_RETRY_MAX_SECONDS)
            else:
                return message
