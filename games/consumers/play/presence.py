"""Who has a program socket (/ws/play/) open: REQUEST_ALL_CONNECTED_PLAYERS.

Like page presence (games/notifications/presence.py): the consumer calls
`program_join` on authentication, `program_beat` every PRESENCE_TTL / 3
seconds and `program_leave` on disconnect. An entry is one socket (its
channel name) with the moment until which it counts as open: now +
PRESENCE_TTL on join and on every heartbeat. A process that crashes leaves
its entries behind, but without heartbeats they stop counting after
PRESENCE_TTL seconds.

Back-ends: with settings.REDIS_URL one sorted set per site (member:
"<user id>:<channel name>", score: the end as a Unix epoch in seconds), so
every Daphne process sees every socket; entries that ended more than PRUNE
ago are pruned on join. Without REDIS_URL the channel layer is in-memory,
which works in a single process only, so an in-process registry is enough
and `program_beat` does nothing. The clock is `django.utils.timezone.now`,
so tests travel in time. Errors of Redis are raised to the caller.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any, cast

from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.models import User
from games.consumers.presence import presence_call
from games.notifications import presence

# Entries of crashed processes stay in the set this long before a join
# prunes them; they stop counting after PRESENCE_TTL anyway.
PRUNE = timedelta(hours=1)

# Without Redis: the sockets of this (only) process, (user id, channel name).
_SOCKETS: set[tuple[int, str]] = set()
_LOCK = threading.Lock()


def program_join(user_id: int, channel_name: str) -> None:
    """Record that the program socket `channel_name` is open."""
    now = timezone.now()
    if settings.REDIS_URL:
        presence.mark_sorted_set(
            _key(),
            _member(user_id, channel_name),
            until=now + _ttl(),
            keep=PRUNE,
            prune_before=now - PRUNE,
        )
        return
    with _LOCK:
        _SOCKETS.add((user_id, channel_name))


def program_beat(user_id: int, channel_name: str) -> None:
    """Extend the socket's entry to PRESENCE_TTL seconds from now (heartbeat)."""
    if settings.REDIS_URL:
        presence.mark_sorted_set(
            _key(),
            _member(user_id, channel_name),
            until=timezone.now() + _ttl(),
            keep=PRUNE,
        )


def program_leave(user_id: int, channel_name: str) -> None:
    """Record that the program socket `channel_name` closed."""
    if settings.REDIS_URL:
        presence.redis_client().zrem(_key(), _member(user_id, channel_name))
        return
    with _LOCK:
        _SOCKETS.discard((user_id, channel_name))


def connected_user_ids() -> list[int]:
    """Return the ids of the people with a program socket open, sorted."""
    if settings.REDIS_URL:
        now = timezone.now().timestamp()
        found = presence.redis_client().zrangebyscore(_key(), f"({now}", "+inf")
        # Without decode_responses the members are bytes, never tuples.
        members = cast("list[bytes]", found)
        return sorted({int(member.split(b":", 1)[0]) for member in members})
    with _LOCK:
        return sorted({user_id for user_id, _ in _SOCKETS})


def connected_players() -> list[dict[str, Any]]:
    """Return `[{"id", "name"}]` of the connected people, by id (one query)."""
    ids = connected_user_ids()
    users = User.objects.filter(pk__in=ids).only("pk", "username", "display_name")
    return [{"id": u.pk, "name": u.name} for u in users.order_by("pk")]


# The consumer's hooks: best effort, like page presence. A failing back-end
# (Redis down) is logged, and the socket lives on.


async def program_start(user_id: int, channel_name: str) -> None:
    """Record the authenticated socket.

    Its beats ride on the socket's page-presence heartbeat
    (`presence_start(..., also=program_beat)`).
    """
    await presence_call(program_join, user_id, channel_name)


async def program_stop(user_id: int, channel_name: str) -> None:
    """Record that the socket closed."""
    await presence_call(program_leave, user_id, channel_name)


# Helpers


def _ttl() -> timedelta:
    return timedelta(seconds=settings.PRESENCE_TTL)


def _key() -> str:
    # The database's name keeps apart sites (and test runs) sharing a Redis.
    database = connection.settings_dict["NAME"]
    return f"spielpost:play-sockets:{database}"


def _member(user_id: int, channel_name: str) -> str:
    return f"{user_id}:{channel_name}"
