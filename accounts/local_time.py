"""The person's local time: time zone, digest day and quiet hours.

Wall-clock times in the person's `time_zone` (IANA, via zoneinfo; an
unknown name counts as UTC), turned into instants (UTC) by `local_instant`:
a wall time the clocks skip (spring) means the moment they jump, one that
occurs twice (autumn) its first occurrence. `digest_day` says which
day's digest is due, `quiet_now` and `quiet_end` whether quiet hours hold
and when they end. No queries.
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from accounts.models import User

logger = logging.getLogger(__name__)


def user_zone(user: User) -> ZoneInfo:
    """Return the person's time zone; UTC if its name is unknown."""
    try:
        return ZoneInfo(user.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        logger.warning("unknown time zone %r of user %s", user.time_zone, user.pk)
        return ZoneInfo("UTC")


def local_instant(day: date, at: time, zone: ZoneInfo) -> datetime:
    """Return the first instant (UTC) at or after wall-clock `day` `at` in `zone`.

    A wall time that occurs twice (the clocks go back) is its first
    occurrence; one the clocks skip (they go forward) is the moment they
    jump, the first instant whose wall time is later.
    """
    wall = datetime.combine(day, at.replace(tzinfo=None))
    first = wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    second = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    if second >= first:
        return first
    # Skipped: fold=0 read it with the offset before the jump, fold=1 with
    # the one after, so the jump lies between; find its second.
    after = first.astimezone(zone).utcoffset()
    low, high = int(second.timestamp()), int(first.timestamp())
    while high - low > 1:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, zone).utcoffset() == after:
            high = middle
        else:
            low = middle
    return datetime.fromtimestamp(high, UTC)


def digest_day(user: User, now: datetime) -> date:
    """Return the local date of the person's latest digest due by `now`.

    Today's (in their time zone) once `digest_hour` has come, else
    yesterday's.
    """
    zone = user_zone(user)
    today = now.astimezone(zone).date()
    at = time(min(int(user.digest_hour), 23))
    if local_instant(today, at, zone) <= now:
        return today
    return today - timedelta(days=1)


def quiet_now(user: User, now: datetime) -> bool:
    """Return whether `now` falls in the person's quiet hours.

    From `quiet_from` (included) to `quiet_to` (excluded), local times;
    from later than to spans midnight. None unless both are set and differ.
    """
    start, end = user.quiet_from, user.quiet_to
    if start is None or end is None or start == end:
        return False
    wall = now.astimezone(user_zone(user)).time().replace(tzinfo=None)
    if start < end:
        return start <= wall < end
    return wall >= start or wall < end


def quiet_end(user: User, now: datetime) -> datetime:
    """Return when (UTC) the person's quiet hours that hold `now` end.

    Call only when `quiet_now(user, now)`: the next time the wall clock in
    their time zone shows `quiet_to` after `now`.
    """
    assert user.quiet_to is not None
    zone = user_zone(user)
    local = now.astimezone(zone)
    day = local.date()
    if local.time().replace(tzinfo=None) >= user.quiet_to:
        day += timedelta(days=1)
    end = local_instant(day, user.quiet_to, zone)
    # A wall time the clocks skipped can land on `now` itself.
    return max(end, now + timedelta(seconds=1))
