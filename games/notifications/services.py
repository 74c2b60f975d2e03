"""Writing notices: `notify` at the game services' seams; reading them as read.

A notice is a row (`games.models.Notification`) written in the same
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

from accounts.models import EmailDelivery, User
from games.models import Notification
from games.models.writes import WriteBatch

# Kinds of which a person has at most one unread notice per match: a new one
# replaces the unread one (its text, time, e-mail plan) instead of stacking.
# A turn notice tells "it is your turn in this match"; the turn before is
# over, and a person playing live would otherwise collect one per move.
REPLACING_KINDS = frozenset({Notification.Kind.YOUR_TURN})
# What replacing an unread notice changes (`_replace_unread`).
REPLACED_FIELDS = (
    "params",
    "created_at",
    "email_state",
    "email_due_at",
    "email_delivery",
)


def notify(
    users: Iterable[User | None],
    kind: str,
    *,
    match: Any = None,
    params: dict[str, Any] | None = None,
    now: datetime | None = None,
    writes: WriteBatch | None = None,
) -> list[Notification]:
    """Write a notice of `kind` (a Notification.Kind) for each of `users`.

    `match`: the games.models.Match it is about, if any; `params`: what its
    text needs (JSON, see `texts`). None entries (free seats, robots) and
    deleted accounts are skipped, and each person gets one notice. Each notice's e-mail is
    planned from the person's preferences (`schedule.email_plan`). On
    commit the persons' open pages are told (the bell).

    A kind of `REPLACING_KINDS` about a match replaces the person's unread
    notice of that kind and match (`_replace_unread`: one UPDATE) and is
    written only when there is none. Returns the notices written: one
    INSERT for all, plus one UPDATE per person for a replacing kind.

    `writes`: a batch of the caller's (a move's, games/models/writes.py)
    to queue the notices on instead, which the caller sends: one
    statement per person, the replacing kinds' UPDATE and INSERT in one;
    the notices returned then have no ids.
    """
    from games.notifications.schedule import email_plan

    # A deleted account (issue 24) is told nothing any more.
    people = {
        user.pk: user for user in users if user is not None and user.deleted_at is None
    }
    if not people:
        return []
    moment = now or timezone.now()
    replacing = kind in REPLACING_KINDS and match is not None
    rows = []
    for user in people.values():
        state, due = email_plan(user, kind, now=moment)
        notice = Notification(
            user=user,
            kind=kind,
            match=match,
            params=params or {},
            email_state=state,
            email_due_at=due,
        )
        if writes is not None:
            if replacing:
                writes.update_or_insert(
                    notice,
                    where=["user", "kind", "match"],
                    unset=["read_at"],
                    fields=REPLACED_FIELDS,
                )
            else:
                writes.insert(notice)
            rows.append(notice)
        elif not (
            replacing
            and _replace_unread(
                user=user,
                kind=kind,
                match=match,
                params=params or {},
                email=(state, due),
                now=moment,
            )
        ):
            rows.append(notice)
    if writes is not None:
        created = rows
    else:
        created = Notification.objects.bulk_create(rows) if rows else []
    _bell_push_on_commit(sorted(people))
    return created


def _replace_unread(
    *,
    user: User,
    kind: str,
    match: Any,
    params: dict[str, Any],
    email: tuple[str, datetime | None],
    now: datetime,
) -> bool:
    """Make `user`'s unread `kind` notice of `match` tell the new news; return whether one was there.

    It takes the new params, the time `now` (so it moves to the top and
    its e-mail's grace starts anew: "seen since" counts from it) and the
    new e-mail plan `email` (state, due). It leaves the e-mail it was in,
    if any (`email_delivery`): the turn that e-mail told of is over, so a
    retry of that e-mail tells only what else it holds; the new turn is
    e-mailed by the plan, and `schedule`'s one-e-mail-per-turn rule counts
    it as a turn of its own (its `version` differs). One UPDATE; a notice
    read meanwhile (the list opened on another page) is not touched (the
    condition is re-checked under the row lock), and a new one is written.
    """
    state, due = email
    return bool(
        Notification.objects.filter(
            user=user, kind=kind, match=match, read_at__isnull=True
        ).update(
            params=params,
            created_at=now,
            email_state=state,
            email_due_at=due,
            email_delivery=None,
        )
    )


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

    The e-mails (EmailDelivery) as old go too, but those still queued,
    through their created_at index: one query more when there are none
    (Django reads them first, to unlink any notice still in them).
    """
    cutoff = (now or timezone.now()) - timedelta(
        days=settings.NOTIFICATION_RETENTION_DAYS
    )
    deleted, _by_model = Notification.objects.filter(created_at__lt=cutoff).delete()
    EmailDelivery.objects.filter(created_at__lt=cutoff).exclude(
        state=EmailDelivery.State.QUEUED
    ).delete()
    return deleted
