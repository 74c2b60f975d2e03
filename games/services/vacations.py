"""Vacations: a person's clocks stand still in all their running matches.

Every account has settings.VACATION_DAYS_PER_YEAR days of vacation per
calendar year (UTC). A vacation of whole days starts on the profile page or
through the API (`vacation_start`); it ends when its days run out (the
`vacations_expire` sweep), when the person ends it, or when they move
(`vacation_end`, which the move's caller runs after commit). Only the time
actually taken is charged (`User.vacation_used`, seconds), counted in whole
hours rounded down: a vacation shorter than an hour costs nothing (one
started and ended after 10 s was charged 0.1 day, issue 21). The unused part
is kept for a later vacation.

While `User.vacation_until` lies ahead, the person's clocks are frozen
(games/services/clocks.py `_frozen`): a running clock stops when the
vacation starts, keeping what was left, and a turn that starts during the
vacation does not start the clock. Each running match is changed in a
transaction of its own, with its row locked, after the person's row has
been committed: a match's lock is never held while waiting for the
person's row, so these never deadlock with a move.

A vacation that straddles New Year is charged in full to the year it
started (`User.vacation_year`): the new year's days are untouched.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts import exceptions
from accounts.models import User
from games import broadcast
from games.clocks import DAY, HOUR
from games.models import Match

from .clocks import clocks_freeze, clocks_thaw
from .core import match_lock

_VACATION_FIELDS = [
    "vacation_started_at",
    "vacation_until",
    "vacation_used",
    "vacation_year",
]


@dataclass(frozen=True, slots=True)
class VacationState:
    """A person's vacation as the profile page and the API show it.

    `until` (UTC) is set while the person is on vacation. `days_left`:
    days of `year`'s allowance (`days_per_year`) not yet taken, counting
    the running vacation up to now, rounded down to a tenth of a day;
    `hours_left`: the same in whole hours (the unit vacations are charged
    in). `days_startable`: the longest vacation (whole days) that may start now;
    0 while on vacation.
    """

    on_vacation: bool
    until: datetime | None
    days_left: float
    hours_left: int
    days_per_year: int
    year: int
    days_startable: int


def vacation_days_left(user: User, *, now: datetime) -> float:
    """Return the days (fractional) of `user`'s vacation left in `now`'s year.

    The allowance of the calendar year of `now` (UTC) minus what was taken
    in that year, including the running vacation up to `now` if it started
    in that year. A new year starts from the full allowance: `vacation_used`
    counts for `vacation_year` only. Never below 0.
    """
    return _seconds_left(user, now=now) / DAY


def vacation_state(*, user: User, now: datetime | None = None) -> VacationState:
    """Return `user`'s vacation state at `now` (UTC, default: the present)."""
    now = now or timezone.now()
    on_vacation = _on_vacation(user, now)
    left = _seconds_left(user, now=now)
    return VacationState(
        on_vacation=on_vacation,
        until=user.vacation_until if on_vacation else None,
        days_left=math.floor(left / DAY * 10) / 10,
        hours_left=left // HOUR,
        days_per_year=settings.VACATION_DAYS_PER_YEAR,
        year=now.astimezone(UTC).year,
        days_startable=0 if on_vacation else left // DAY,
    )


def vacation_start(*, user: User, days: int) -> User:
    """Start a vacation of `days` whole days for `user` now; return the user.

    1. Lock the person's row. Refuse (VacationRefused) while a vacation
       runs (ALREADY_ON_VACATION), when less than a whole day is left this
       year (NO_VACATION_DAYS_LEFT), or when `days` is not within 1 and the
       whole days left (VACATION_DAYS_RANGE). A vacation whose days ran out
       but which the sweep has not ended yet is ended first.
    2. A new calendar year (UTC) starts from the full allowance. Set
       `vacation_started_at` = now and `vacation_until` = now + `days`.
    3. For each running match of the person, in match id order, each in a
       transaction of its own with the match row locked: stop the person's
       running clocks, keeping what was left, and announce the match on
       commit (boards and lobbies show the vacation).

    `user` is updated in place too.
    """
    now = timezone.now()
    # A vacation whose days ran out, which the sweep has not ended yet, must
    # not stand in the way of the next one.
    _vacation_finish(user.id, now=now, due_only=True)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(id=user.id)
        if locked.vacation_until is not None:
            raise exceptions.VacationRefused(exceptions.ALREADY_ON_VACATION)
        whole_days = _seconds_left(locked, now=now) // DAY
        if whole_days < 1:
            raise exceptions.VacationRefused(exceptions.NO_VACATION_DAYS_LEFT)
        if not 1 <= days <= whole_days:
            raise exceptions.VacationRefused(
                exceptions.VACATION_DAYS_RANGE % {"days": whole_days}
            )
        year = now.astimezone(UTC).year
        if locked.vacation_year != year:
            locked.vacation_used = 0
            locked.vacation_year = year
        locked.vacation_started_at = now
        locked.vacation_until = now + timedelta(days=days)
        locked.save(update_fields=_VACATION_FIELDS)
    _fields_copy(locked, user)
    for match_id in _running_match_ids(user.id):
        with transaction.atomic():
            match = match_lock(match_id)
            if match.status != Match.Status.ACTIVE:
                continue
            clocks_freeze(match, now=now, user_id=user.id)
            _match_announce(match)
    return user


def vacation_end(*, user: User, now: datetime | None = None) -> User:
    """End `user`'s vacation at `now` (UTC, default: the present); return the user.

    Does nothing when `user` (as passed: no query) is not on vacation, so
    it is cheap to call after every move. Call outside any transaction
    that holds a match lock (after a move's commit, for instance): it locks
    the person's row, then one match row at a time.

    1. Lock the person's row; charge the time taken (from
       `vacation_started_at` to `now`, at most to `vacation_until`, in
       seconds) to the year the vacation started; clear the vacation.
    2. For each running match of the person, in match id order, each in a
       transaction of its own with the match row locked: start the clocks
       of the seats to move that are stopped and not otherwise frozen, and
       announce the match on commit.

    `user` is updated in place too.
    """
    if user.vacation_until is None:
        return user
    ended = _vacation_finish(user.id, now=now or timezone.now(), due_only=False)
    if ended is not None:
        _fields_copy(ended, user)
    else:
        user.refresh_from_db(fields=_VACATION_FIELDS)
    return user


def vacations_expire() -> int:
    """End every vacation whose `vacation_until` has passed; return how many.

    One query over the partial index `user_vacation_idx` finds them; each
    is ended as by `vacation_end`, unless the person ended it (or started
    another) meanwhile.
    """
    now = timezone.now()
    due = User.objects.filter(
        vacation_until__isnull=False, vacation_until__lte=now
    ).values_list("id", flat=True)
    return sum(
        _vacation_finish(user_id, now=now, due_only=True) is not None
        for user_id in list(due)
    )


# Helpers


def _vacation_finish(user_id: int, *, now: datetime, due_only: bool) -> User | None:
    """End the vacation of the person `user_id`; return them, or None if none ran.

    `due_only`: end it only if its `vacation_until` is not after `now`.
    Call outside any transaction holding a match lock (see `vacation_end`).
    """
    with transaction.atomic():
        user = User.objects.select_for_update().filter(id=user_id).first()
        if user is None or user.vacation_until is None:
            return None
        if due_only and user.vacation_until > now:
            return None
        user.vacation_used += _taken(user, now)
        user.vacation_started_at = None
        user.vacation_until = None
        user.save(update_fields=_VACATION_FIELDS)
    # The clocks start now, not at `vacation_until`: a sweep that ran late
    # must not cost anyone time their board showed as stopped.
    for match_id in _running_match_ids(user_id):
        with transaction.atomic():
            match = match_lock(match_id)
            if match.status != Match.Status.ACTIVE:
                continue
            clocks_thaw(match, now=now)
            _match_announce(match)
    return user


def _seconds_left(user: User, *, now: datetime) -> int:
    """Return the seconds of `now`'s year's allowance that `user` has not taken."""
    year = now.astimezone(UTC).year
    taken = user.vacation_used if user.vacation_year == year else 0
    started = user.vacation_started_at
    # A running vacation counts against the year it started in only.
    if (
        user.vacation_until is not None
        and started is not None
        and started.astimezone(UTC).year == year
    ):
        taken += _taken(user, now)
    return max(0, settings.VACATION_DAYS_PER_YEAR * DAY - taken)


def _taken(user: User, now: datetime) -> int:
    """Return the seconds to charge for `user`'s running vacation at `now`.

    The time it has lasted, in whole hours rounded down (a multiple of
    HOUR): trying the button costs nothing. Precondition: the vacation's
    fields are set. Time after `vacation_until` (a sweep running late) is
    not charged.
    """
    assert user.vacation_started_at is not None
    assert user.vacation_until is not None
    end = min(now, user.vacation_until)
    lasted = max(0, int((end - user.vacation_started_at).total_seconds()))
    return lasted // HOUR * HOUR


def _on_vacation(user: User, now: datetime) -> bool:
    return user.vacation_until is not None and user.vacation_until > now


def _running_match_ids(user_id: int) -> list[int]:
    """Return the ids of the active matches where `user_id` has a seat, in order."""
    return list(
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user_id=user_id)
        .order_by("id")
        .values_list("id", flat=True)
        .distinct()
    )


def _match_announce(match: Match) -> None:
    """On commit, tell the match's boards and its people's lobbies it changed."""
    broadcast.match_changed_on_commit(match)
    broadcast.user_matches_changed_on_commit(
        match, match.seats.values_list("user_id", flat=True), pages_only=True
    )


def _fields_copy(source: User, target: User) -> None:
    for field in _VACATION_FIELDS:
        setattr(target, field, getattr(source, field))
