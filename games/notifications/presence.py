"""Whether a person has a page of Spielpost open (issue 11, "Presence").

Every open page holds a websocket (games/consumers/); its consumer calls
`presence_join` on connect, `presence_beat` every PRESENCE_TTL / 3 seconds
and `presence_leave` on disconnect. An entry is one socket (its channel
name) with the moment (UTC) until which it counts as open: now +
PRESENCE_TTL on join and on every heartbeat, the moment it closed on
leave. A process that crashes leaves its entries behind, but without
heartbeats they stop counting after PRESENCE_TTL seconds: nobody stays
"online" for ever.

Entries are kept for `KEEP` after they end, so `seen_since` can tell whether
the person had a page open at any moment since a notice was written even
after quiet hours postponed its e-mail (at most a day). Older ones are
pruned when the person connects again.

Back-ends: with settings.REDIS_URL a sorted set per person (member: the
channel name, score: the end as a Unix epoch in seconds), whose key expires
KEEP after its last write; without, `accounts.models.Presence` rows. The
clock is `django.utils.timezone.now` in both, so tests travel in time.
Errors of the back-end (Redis unreachable: `redis.exceptions.RedisError`,
OSError; database errors) are raised to the caller.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from datetime import datetime, timedelta

import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.models import Presence

# How long an ended entry still answers `seen_since`: longer than the
# longest quiet hours (a day) that may postpone a notice's e-mail.
KEEP = timedelta(days=2)
# Seconds a Redis command may take before the call fails: a consumer's
# connect must not hang on an unreachable Redis.
REDIS_TIMEOUT = 2.0


def presence_join(user_id: int, channel_name: str) -> None:
    """Record that the page behind `channel_name` is open for PRESENCE_TTL s.

    Also prunes the person's entries that ended more than KEEP ago.
    """
    now = timezone.now()
    if settings.REDIS_URL:
        _redis_set(user_id, channel_name, until=now + _ttl(), prune_before=now - KEEP)
        return
    Presence.objects.filter(user_id=user_id, expires_at__lt=now - KEEP).delete()
    _row_set(user_id, channel_name, until=now + _ttl())


def presence_beat(user_id: int, channel_name: str) -> None:
    """Extend the page's entry to PRESENCE_TTL seconds from now (heartbeat).

    An entry pruned meanwhile is written again.
    """
    now = timezone.now()
    if settings.REDIS_URL:
        _redis_set(user_id, channel_name, until=now + _ttl())
        return
    _row_set(user_id, channel_name, until=now + _ttl())


def presence_leave(user_id: int, channel_name: str) -> None:
    """Record that the page behind `channel_name` closed now.

    The entry is kept, ended, so `seen_since` still knows the person was
    here until now.
    """
    now = timezone.now()
    if settings.REDIS_URL:
        _redis_set(user_id, channel_name, until=now)
        return
    _row_set(user_id, channel_name, until=now)


def is_present(user_id: int) -> bool:
    """Return whether the person has a page open now (one command or query)."""
    now = timezone.now()
    if settings.REDIS_URL:
        count: int = redis_client().zcount(_key(user_id), f"({now.timestamp()}", "+inf")
        return count > 0
    return Presence.objects.filter(user_id=user_id, expires_at__gt=now).exists()


def present_among(user_ids: Collection[int]) -> set[int]:
    """Return which of `user_ids` have a page open now (`is_present` for many).

    One round trip (a Redis pipeline) or one query, however many people:
    the friends list (games.friends) asks it per page view.
    """
    ids = sorted(set(user_ids))
    if not ids:
        return set()
    now = timezone.now()
    if settings.REDIS_URL:
        pipe = redis_client().pipeline(transaction=False)
        for user_id in ids:
            pipe.zcount(_key(user_id), f"({now.timestamp()}", "+inf")
        counts = pipe.execute()
        return {user_id for user_id, count in zip(ids, counts, strict=True) if count}
    return set(
        Presence.objects.filter(user_id__in=ids, expires_at__gt=now).values_list(
            "user_id", flat=True
        )
    )


def seen_since(user_id: int, since: datetime) -> bool:
    """Return whether the person had a page open at any moment since `since`.

    True when a page is open now, or one was open at or after `since`
    (an aware datetime); answers reliably for `since` up to KEEP ago.
    One Redis command or one query.
    """
    if settings.REDIS_URL:
        count: int = redis_client().zcount(_key(user_id), since.timestamp(), "+inf")
        return count > 0
    return Presence.objects.filter(user_id=user_id, expires_at__gte=since).exists()


# Helpers


def _ttl() -> timedelta:
    return timedelta(seconds=settings.PRESENCE_TTL)


def _row_set(user_id: int, channel_name: str, *, until: datetime) -> None:
    Presence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"user_id": user_id, "expires_at": until},
    )


def _key(user_id: int) -> str:
    # The database's name keeps apart sites (and test runs) that share one
    # Redis while counting their users from 1.
    database = connection.settings_dict["NAME"]
    return f"spielpost:presence:{database}:{user_id}"


def _redis_set(
    user_id: int,
    channel_name: str,
    *,
    until: datetime,
    prune_before: datetime | None = None,
) -> None:
    """Set the entry's end and renew the key's expiry, in one round trip."""
    mark_sorted_set(
        _key(user_id), channel_name, until=until, keep=KEEP, prune_before=prune_before
    )


def mark_sorted_set(
    key: str,
    member: str,
    *,
    until: datetime,
    keep: timedelta,
    prune_before: datetime | None = None,
) -> None:
    """Give `member` of the Redis sorted set `key` the score `until` (Unix seconds).

    Also drops members that ended before `prune_before`, and renews the
    key's expiry to `keep` + PRESENCE_TTL, in one round trip. Raises
    redis.exceptions.RedisError or OSError when Redis is unreachable.
    """
    pipe = redis_client().pipeline(transaction=True)
    pipe.zadd(key, {member: until.timestamp()})
    if prune_before is not None:
        pipe.zremrangebyscore(key, "-inf", f"({prune_before.timestamp()}")
    # Redis expires the key on its own clock: it only needs to outlive the
    # newest entry by `keep` (the scores, not the key's TTL, say what counts).
    pipe.expire(key, int((keep + _ttl()).total_seconds()))
    pipe.execute()


def redis_client() -> redis.Redis:
    return _client(settings.REDIS_URL)


@functools.lru_cache(maxsize=4)
def _client(url: str) -> redis.Redis:
    """Return a client (with its connection pool) per URL, made once."""
    return redis.Redis.from_url(
        url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
    )
