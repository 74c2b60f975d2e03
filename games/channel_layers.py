"""A Redis channel layer whose sockets outlive a Redis outage.

channels-redis raises from `receive` while Redis is unreachable, and a
consumer whose receive raises dies with its socket: every open board would
close at once. Here `receive` tells the consumer once that the layer is down
(a `{"type": "layer.down"}` message) and then waits and tries again, so the
consumers stay connected, poll the database while Redis is away and hear
group messages again once it is back (games/consumers/shared.py,
`LayerGroups`). `group_refresh` re-adds a channel to a group and says
whether its membership had been lost (a Redis that came back empty).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.exceptions import RedisError

from games.layer_trips import FewerRoundTrips

logger = logging.getLogger(__name__)

# What an unreachable or restarting Redis raises.
LAYER_DOWN_ERRORS: tuple[type[BaseException], ...] = (OSError, RedisError)

# The message a consumer's receive gets once per outage ("layer.down" is
# dispatched to its `layer_down` handler).
LAYER_DOWN = "layer.down"

# Seconds a Redis connection waits for an answer. redis-py's default (5 s)
# equals channels-redis's blocking receive (BZPOPMIN, 5 s): an idle socket's
# receive timed out as an error on a busy machine (a closed board).
SOCKET_TIMEOUT_SECONDS = 30.0

# Seconds between attempts to receive again while Redis is down.
RECEIVE_RETRY_SECONDS = 1.0
RECEIVE_RETRY_MAX_SECONDS = 10.0


class OutageSignalling:
    """Mixin for a channel layer: a failing `receive` reports the outage.

    `receive(channel)` returns the next message of `channel` (a dict), as
    the layer does; on its first connection error (LAYER_DOWN_ERRORS) it
    returns `{"type": "layer.down"}` instead, logs once, and from then on
    retries after 1 s, backing off to 10 s. A later `group_add` or
    `group_refresh` of the channel that succeeds (the layer is back) arms
    the report for the next outage. Group operations and `send` still
    raise LAYER_DOWN_ERRORS: their callers decide.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Channels told of the current outage.
        self.told_down: set[str] = set()

    async def receive(self, channel: str) -> dict[str, Any]:
        delay = RECEIVE_RETRY_SECONDS
        while True:
            try:
                message: dict[str, Any] = await super().receive(channel)  # type: ignore[misc]
            except LAYER_DOWN_ERRORS as error:
                if channel not in self.told_down:
                    logger.warning("channel layer unreachable, polling: %s", error)
                    self.told_down.add(channel)
                    return {"type": LAYER_DOWN}
                await asyncio.sleep(delay)
                delay = min(delay * 2, RECEIVE_RETRY_MAX_SECONDS)
            except asyncio.CancelledError:
                # The socket closed: forget it.
                self.told_down.discard(channel)
                raise
            else:
                return message

    async def group_add(self, group: str, channel: str) -> None:
        await super().group_add(group, channel)  # type: ignore[misc]
        self.told_down.discard(channel)


class ResilientRedisChannelLayer(
    OutageSignalling,
    FewerRoundTrips,
    RedisChannelLayer,  # type: ignore[misc]
):
    """RedisChannelLayer that reports outages instead of closing sockets.

    See `OutageSignalling`; `FewerRoundTrips` (games/layer_trips.py) sends
    and receives with fewer Redis round trips; `group_refresh` finds
    memberships that a restarted (empty) Redis lost. `hosts` as
    channels-redis takes them (URLs or dicts); a host that names no
    `socket_timeout` gets SOCKET_TIMEOUT_SECONDS.
    """

    def __init__(self, *args: Any, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, hosts=with_socket_timeout(hosts), **kwargs)

    async def group_refresh(self, group: str, channel: str) -> bool:
        """Add `channel` to `group` again; return True if it was not in it.

        channels-redis's group_add, but it reports whether Redis had lost
        the membership (restarted empty, or the group expired): then the
        group messages since were lost too. Raises LAYER_DOWN_ERRORS.
        """
        assert self.require_valid_group_name(group), "Group name not valid"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        group_key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        # One round trip, not two: every socket re-adds each of its groups
        # every GROUP_REFRESH_SECONDS (games/consumers/shared.py).
        async with connection.pipeline(transaction=False) as pipe:
            pipe.zadd(group_key, {channel: time.time()})
            pipe.expire(group_key, self.group_expiry)
            added, _expiring = await pipe.execute()
        self.told_down.discard(channel)
        return bool(added)


def with_socket_timeout(hosts: Any) -> Any:
    """Return channels-redis `hosts` with a socket timeout on each host.

    A URL becomes `{"address": url, "socket_timeout": 30.0}`; a dict keeps
    its own `socket_timeout` or gets SOCKET_TIMEOUT_SECONDS. None and
    other shapes pass through for channels-redis to judge (it defaults
    None to localhost and refuses a bare string).
    """
    if not isinstance(hosts, list | tuple):
        return hosts
    result: list[Any] = []
    for host in hosts:
        if isinstance(host, str):
            host = {"address": host}
        if isinstance(host, dict):
            host = {"socket_timeout": SOCKET_TIMEOUT_SECONDS, **host}
        result.append(host)
    return result
