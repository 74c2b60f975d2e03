"""Fewer Redis round trips for channels-redis's core layer (issue 27).

channels-redis 4.3 pays four round trips for each group message it sends
(drop the group's expired members, read the members, drop each channel's
expired messages, add the message by a Lua script sent in full) and four
for each message a process receives (a clean-up script, BZPOPMIN, ZADD
to the backup queue, ZPOPMIN from it afterwards). A move sends four group
messages, so a move cost Daphne about 32 round trips, each a few hundred
microseconds of CPU in redis-py, in Redis and in the event loop.

`FewerRoundTrips` keeps the layer's storage, its guarantees and its wire
format (the same keys, scores, capacities, expiries and serialized
messages, so processes with and without it share one Redis), and:

- `group_send` reads the group in one script (expired members dropped, the
  rest returned) and delivers to each shard's channels in one more (each
  channel's expired messages dropped, then the message added unless the
  channel is at capacity): 2 round trips instead of 4. `group_send_many`
  does the same for several messages at once (a commit's, games/broadcast.py
  `batch()`): still 2 round trips, not 4 per message. Messages sent at
  once get increasing scores (Redis would order equal scores by their
  bytes); expiry goes by the clock, as channels-redis's;
- `receive_single` pops up to RECEIVE_BATCH messages of the process's
  channel in one script, which also keeps them in the backup queue until
  they are handed to the consumers' buffers and drops the batch handed over
  before, so a busy process pays one round trip per batch instead of four
  per message; an idle one waits in BZPOPMIN as before (2 round trips per
  message). A receive cancelled while its script runs leaves the batch in
  the backup queue, which the next receive puts back in front of the
  channel, as channels-redis does: a message may then arrive twice (the
  consumers compare versions) but is not lost.

Scripts run by EVALSHA (their text is sent once per Redis, and again after
a restart, on NOSCRIPT).
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import TYPE_CHECKING, Any

from redis.exceptions import NoScriptError

logger = logging.getLogger(__name__)

# Messages popped by one receive script: enough to drain a busy process's
# channel in a few trips, small enough to keep a reply well under a MiB.
RECEIVE_BATCH = 64

# Seconds between the scores of two messages sent at once: a few units in
# the last place of a double near today's Unix time (about 2.4e-7 s).
SCORE_STEP = 1e-6

# KEYS: group keys. ARGV[1]: the score below which members expired.
# Returns each group's members.
_GROUP_MEMBERS = """
local members = {}
for i = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, ARGV[1])
    members[i] = redis.call('ZRANGE', KEYS[i], 0, -1)
end
return members
"""

# KEYS: channel keys (one may come more than once). ARGV: a message, a
# capacity and a score (the time sent, increasing) per key, then the time
# (Unix seconds) before which messages expired and the expiry in seconds.
# Returns how many messages met a channel at capacity (and were dropped, as
# channels-redis does).
_GROUP_DELIVER = """
local n = #KEYS
local expired = tonumber(ARGV[3 * n + 1])
local expiry = tonumber(ARGV[3 * n + 2])
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, expired)
    if redis.call('ZCARD', KEYS[i]) < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[2 * n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""

# KEYS[1]: the channel, KEYS[2]: its backup queue. ARGV[1]: '1' if the
# batch in the backup queue was handed over (drop it), else put it back in
# front of the channel; ARGV[2]: how many to pop; ARGV[3]: the backup
# queue's expiry in seconds. Returns the popped messages, oldest first.
_RECEIVE_BATCH = """
if ARGV[1] == '1' then
    redis.call('DEL', KEYS[2])
else
    local backed_up = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
    for i = #backed_up, 1, -2 do
        redis.call('ZADD', KEYS[1], backed_up[i], backed_up[i - 1])
    end
    redis.call('DEL', KEYS[2])
end
local popped = redis.call('ZPOPMIN', KEYS[1], ARGV[2])
local messages = {}
for i = 1, #popped, 2 do
    redis.call('ZADD', KEYS[2], popped[i + 1], popped[i])
    messages[#messages + 1] = popped[i]
end
if #messages > 0 then
    redis.call('EXPIRE', KEYS[2], ARGV[3])
end
return messages
"""


class _Script:
    """A Lua script run by its SHA1, loaded again when Redis answers NOSCRIPT."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.sha = hashlib.sha1(text.encode()).hexdigest()

    async def run(self, connection: Any, keys: list[Any], args: list[Any]) -> Any:
        """Run on `connection` (a redis.asyncio.Redis); raises what Redis raises."""
        try:
            return await connection.evalsha(self.sha, len(keys), *keys, *args)
        except NoScriptError:
            # EVAL runs it and caches it for the next EVALSHA.
            return await connection.eval(self.text, len(keys), *keys, *args)


GROUP_MEMBERS = _Script(_GROUP_MEMBERS)
GROUP_DELIVER = _Script(_GROUP_DELIVER)
RECEIVE = _Script(_RECEIVE_BATCH)


class FewerRoundTrips:
    """Mixin for channels-redis's RedisChannelLayer: fewer round trips (see module).

    Overrides `group_send(group, message)` and `receive_single(channel)`
    with the layer's own arguments, results and errors (redis-py's, e.g.
    ConnectionError while Redis is away), and adds `group_send_many`.
    """

    # What RedisChannelLayer provides.
    prefix: str
    expiry: int
    group_expiry: int
    brpop_timeout: int
    receive_buffer: Any
    receive_clean_locks: Any
    _receive_index_generator: Any

    if TYPE_CHECKING:

        def connection(self, index: int) -> Any: ...
        def consistent_hash(self, value: str) -> int: ...
        def require_valid_group_name(self, name: str) -> bool: ...
        def require_valid_channel_name(
            self, name: str, receive: bool = False
        ) -> bool: ...
        def deserialize(self, message: bytes) -> Any: ...
        def _group_key(self, group: str) -> bytes: ...
        def _backup_channel_name(self, channel: str) -> str: ...
        def _map_channel_keys_to_connection(
            self, channel_names: list[str], message: dict[str, Any]
        ) -> tuple[dict[int, list[str]], dict[str, bytes], dict[str, int]]: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Channel keys whose backup queue holds a batch already handed over.
        self.handed_over: set[str] = set()
        self.last_score = 0.0

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self.group_send_many([(group, message)])

    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Send each (group, message) of `messages`, in their order.

        As `group_send` for each, in one round trip per Redis host holding
        a group and one per host holding a channel they reach (usually 2,
        however many messages). A channel receives them in their order.
        """
        groups = list(dict.fromkeys(group for group, _ in messages))
        by_host: dict[int, list[str]] = {}
        for group in groups:
            assert self.require_valid_group_name(group), "Group name not valid"
            by_host.setdefault(self.consistent_hash(group), []).append(group)
        members: dict[str, list[str]] = {}
        for index, host_groups in by_host.items():
            found = await GROUP_MEMBERS.run(
                self.connection(index),
                [self._group_key(group) for group in host_groups],
                [int(time.time()) - self.group_expiry],
            )
            for group, names in zip(host_groups, found, strict=True):
                members[group] = [name.decode("utf8") for name in names]
        deliveries: dict[int, list[tuple[str, bytes, int, float]]] = {}
        for group, message in messages:
            if not members[group]:
                continue
            keys_by_host, serialized, capacities = self._map_channel_keys_to_connection(
                members[group], message
            )
            for index, keys in keys_by_host.items():
                deliveries.setdefault(index, []).extend(
                    (key, serialized[key], capacities[key], self._score())
                    for key in keys
                )
        for index, entries in deliveries.items():
            over_capacity = await GROUP_DELIVER.run(
                self.connection(index),
                [key for key, _, _, _ in entries],
                [
                    *(content for _, content, _, _ in entries),
                    *(capacity for _, _, capacity, _ in entries),
                    *(score for _, _, _, score in entries),
                    # By the clock, as channels-redis: never by a score.
                    int(time.time()) - int(self.expiry),
                    self.expiry,
                ],
            )
            if over_capacity:
                # As channels-redis: a consumer that stopped reading.
                logger.info(
                    "%s of %s messages dropped: their channel is at capacity",
                    over_capacity,
                    len(entries),
                )

    def _score(self) -> float:
        """Return the time now (a channel's order), after the score given before.

        A batch's messages must not share a score: Redis orders equal scores
        by the (random-prefixed) message, not by the order sent. A clock set
        back by more than a second is followed (a score stays near the
        time, as other processes' are).
        """
        now, last = time.time(), self.last_score
        self.last_score = last + SCORE_STEP if now <= last < now + 1 else now
        return self.last_score

    async def receive_single(self, channel: str) -> tuple[Any, dict[str, Any]]:
        assert self.require_valid_channel_name(channel, receive=True), (
            "Channel name invalid"
        )
        # A process's channel ("!") has buffers for the messages of a batch
        # that are not this call's result; another channel gets them one by one.
        if "!" in channel:
            assert channel.endswith("!")
            index, batch = self.consistent_hash(channel), RECEIVE_BATCH
        else:
            index, batch = next(self._receive_index_generator), 1
        channel_key = self.prefix + channel
        backup_key = self._backup_channel_name(channel_key)
        connection = self.connection(index)
        await self.receive_clean_locks.acquire(channel_key)
        try:
            while True:
                contents = await self._pop(connection, channel_key, backup_key, batch)
                # No await from here on: the batch reaches the buffers whole.
                self.handed_over.add(channel_key)
                unpacked = [
                    found
                    for content in contents
                    if (found := self._unpack(content, channel)) is not None
                ]
                if unpacked:
                    break
            *earlier, last = unpacked
            for to, message in earlier:
                for name in to if isinstance(to, list) else [to]:
                    self.receive_buffer[name].put_nowait(message)
            return last
        finally:
            self.receive_clean_locks.release(channel_key)

    async def _pop(
        self, connection: Any, channel_key: str, backup_key: str, batch: int
    ) -> list[bytes]:
        """Return the next messages of `channel_key` (at least one), oldest first."""
        while True:
            handed_over = channel_key in self.handed_over
            # Cleared before the trip: if it is cancelled after Redis ran the
            # script, the new batch waits in the backup queue and the next
            # trip must put it back, not drop it.
            self.handed_over.discard(channel_key)
            contents: list[bytes] = await RECEIVE.run(
                connection,
                [channel_key, backup_key],
                ["1" if handed_over else "0", batch, self.expiry],
            )
            if contents:
                return contents
            popped = await connection.bzpopmin(channel_key, timeout=self.brpop_timeout)
            if popped is not None:
                return [popped[1]]

    def _unpack(
        self, content: bytes, channel: str
    ) -> tuple[Any, dict[str, Any]] | None:
        """Return (its channel or channels, the message) of a stored message.

        None for a message that cannot be read (a wrong encryption key, a
        foreign format): logged and dropped, not the rest of its batch.
        """
        try:
            message = self.deserialize(content)
        except Exception:
            message = None
        if not isinstance(message, dict):
            logger.error("channel layer: a message could not be read, dropped")
            return None
        to: Any = message.pop("__asgi_channel__", channel)
        return to, message
