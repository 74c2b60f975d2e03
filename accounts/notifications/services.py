"""Writing notices: `notify` at the game services' seams; reading them as read.

A notice is a row (`accounts.models.Notification`) written in the same
transaction as the change it tells of, so a change that rolls back tells
nobody. After commit the person's open pages hear of it (their bell), and
its e-mail, if any, is planned by `schedule.email_plan`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Notification, User


def notify(
    users: Iterable[User | None],
    kind: str,
    *,
    match: Any = None,
    params: dict[str, Any] | None = None,
    now: datetime | None = None,
) -> list[Notification]:
    """Write a notice of `kind` (a Notification.Kind) for each of `users`.

    `match`: the games.models.Match it is about, if any; `params`: what its
    text needs (JSON, see `texts`). None entries (free seats, robots) are
    skipped, and each person gets one notice. Each notice's e-mail is
    planned from the person's preferences (`schedule.email_plan`). On
    commit the persons' open pages are told (the bell). Returns the notices
    written (one query).
    """
    from accounts.notifications.schedule import email_plan

    people = {user.pk: user for user in users if user is not None}
    if not people:
        return []
    moment = now or timezone.now()
    rows = []
    for user in people.values():
        state, due = email_plan(user, kind, now=moment)
        rows.append(
            Notification(
                user=user,
                kind=kind,
                match=match,
                params=params or {},
                email_state=state,
                email_due_at=due,
            )
        )
    created = Notification.objects.bulk_create(rows)
    _bell_push_on_commit(sorted(people))
    return created


def notifications_read(*, user: User, ids: Iterable[int] | None = None) -> int:
    """Mark `user`'s unread notices read (those in `ids`, or all); return how many.

    The person's other open pages are told on commit (their bell).
    """
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(id__in=list(ids))
    with transaction.atomic():
        count = unread.update(read_at=timezone.now())
        if count:
            _bell_push_on_commit([user.id])
    return count


def unread_count(*, user_id: int) -> int:
    """Return how many notices `user_id` has not read (one indexed query)."""
    return Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()


def _bell_push_on_commit(user_ids: list[int]) -> None:
    """Tell the persons' open pages, after commit, that their notices changed."""
    from games import broadcast

    broadcast.user_notifications_changed_on_commit(user_ids)


def notifications_prune(*, now: datetime | None = None) -> int:
    """Delete every notice older than settings.NOTIFICATION_RETENTION_DAYS days.

    Read or not, and whatever became of its e-mail: by then it tells
    nothing. One DELETE through the created_at index (the rows have no
    dependants, so Django needs no query per row); returns how many went.
    Nobody's bell is told: unread notices that old are not worth a push,
    and a page shows the new count when next loaded.
    """
    cutoff = (now or timezone.now()) - timedelta(
        days=settings.NOTIFICATION_RETENTION_DAYS
    )
    deleted, _by_model = Notification.objects.filter(created_at__lt=cutoff).delete()
    return deleted
