"""The beat's two sweeps, which send the e-mails that are due.

`emails_send_due` sends a person's pending notices once their grace
period is over, as one e-mail; `digests_send` sends the daily digests
whose hour has come. Each person is handled in a transaction of their own
(`_person_emails_send`, `_person_digest_send`), which marks the notices
and records the e-mail (`emails.email_queue`: a row until delivered,
handed to a worker on commit); what still matters is `relevance`'s,
local times `accounts.local_time`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.local_time import digest_day, quiet_end, quiet_now
from accounts.models import User
from games.models import Notification
from games.notifications.emails.delivery import email_queue

from .relevance import (
    has_verified_address,
    relevant_only,
    sort_out,
    to_move_anywhere,
    user_on_vacation,
)

State = Notification.EmailState

# The farthest a local date runs ahead of UTC (Kiribati, UTC+14).
_MAX_AHEAD = timedelta(hours=14)


def emails_send_due(now: datetime | None = None) -> int:
    """Send the pending e-mails that are due by `now` (UTC; default: now).

    1. Find the persons with a pending notice due (one indexed query).
    2. For each, in a transaction of their own, lock their pending notices
       (a concurrent sweep skips them): the due ones, and those still in
       their grace period, which join the same e-mail.
    3. Skip ("skipped") those that no longer matter (`_still_relevant`),
       those the person had a page open for since they were written, turn
       notices whose match and turn already had an e-mail (of two about one
       turn the more urgent is kept), and every notice of a person without
       a verified address or with the kind now switched off.
    4. Nothing goes out unless one notice that stayed was due: a turn
       still in its grace period does not leave early with notices that
       were skipped. During the person's quiet hours, postpone the rest
       to their end.
    5. Otherwise put the rest into one e-mail (`emails.email_queue`: an
       `EmailDelivery` row, the notices "sent" with it), handed to the
       task `send_notification_emails` on commit.

    Returns the number of e-mails recorded. Running it again sends nothing
    twice: what it put into an e-mail is no longer pending. Presence errors (Redis down)
    are raised; the notices stay pending for the next run.
    """
    moment = now or timezone.now()
    persons = (
        Notification.objects.filter(email_state=State.PENDING, email_due_at__lte=moment)
        .order_by("user_id")
        .values_list("user_id", flat=True)
        .distinct()
    )
    return sum(_person_emails_send(user_id, moment) for user_id in list(persons))


def digests_send(now: datetime | None = None) -> int:
    """Send the daily digests that are due by `now` (UTC; default: now).

    1. For each person who chose the digest, the digest of their local date
       D is due at `digest_hour` on D in their time zone; the latest one
       due (`digest_day`) goes out unless `digest_sent_on` is D or later.
    2. During their quiet hours it waits (a later run sends it when they
       end, even if that is after midnight).
    3. In a transaction, with the person's row locked: if they are to move
       anywhere (`to_move_anywhere`), are not on vacation and have a
       verified address, record one digest e-mail (`emails.email_queue`,
       handed to the task on commit); their "digest" notices become "sent"
       (in it) or "skipped" (the turn is over). With nothing to do there is no e-mail that day.
    4. Set `digest_sent_on` to D either way.

    Returns the number of digests recorded.
    """
    moment = now or timezone.now()
    latest_possible = (moment + _MAX_AHEAD).date()
    persons = User.objects.filter(email_digest=True).exclude(
        digest_sent_on__gte=latest_possible
    )
    sent = 0
    for person in persons:
        day = digest_day(person, moment)
        if person.digest_sent_on is not None and person.digest_sent_on >= day:
            continue
        if quiet_now(person, moment):
            continue
        sent += _person_digest_send(person.pk, day, moment)
    return sent


# Helpers


def _person_emails_send(user_id: int, now: datetime) -> bool:
    """Handle one person's pending notices (steps 2-5 of `emails_send_due`).

    Returns whether an e-mail was enqueued.
    """
    with transaction.atomic():
        notices = list(
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("match")
            .filter(user_id=user_id, email_state=State.PENDING)
            .order_by("created_at", "id")
        )
        if not any(_due(notice, now) for notice in notices):
            return False
        user = User.objects.get(pk=user_id)
        keep, drop = sort_out(user, notices, now)
        _state_set(drop, State.SKIPPED)
        if not any(_due(notice, now) for notice in keep):
            # What fell due was no longer needed; the rest waits its grace.
            return False
        if quiet_now(user, now):
            Notification.objects.filter(id__in=[n.pk for n in keep]).update(
                email_due_at=quiet_end(user, now)
            )
            return False
        email_queue(user_id=user_id, notification_ids=[n.pk for n in keep], now=now)
    return True


def _person_digest_send(user_id: int, day: date, now: datetime) -> bool:
    """Send one person's digest of local date `day` (step 3-4 of `digests_send`).

    Returns whether a digest was enqueued.
    """
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if not user.email_digest or (
            user.digest_sent_on is not None and user.digest_sent_on >= day
        ):
            return False
        notices = list(
            Notification.objects.select_related("match")
            .filter(user_id=user_id, email_state=State.DIGEST)
            .order_by("created_at", "id")
        )
        relevant = relevant_only(user, notices, now)
        send = (
            not user_on_vacation(user, now)
            and has_verified_address(user)
            and to_move_anywhere(user_id)
        )
        kept = relevant if send else []
        _state_set([n for n in notices if n not in kept], State.SKIPPED)
        user.digest_sent_on = day
        user.save(update_fields=["digest_sent_on"])
        if send:
            email_queue(
                user_id=user_id,
                notification_ids=[n.pk for n in kept],
                digest=True,
                now=now,
            )
    return send


def _due(notice: Notification, now: datetime) -> bool:
    return notice.email_due_at is not None and notice.email_due_at <= now


def _state_set(notices: Iterable[Notification], state: str) -> None:
    ids = [notice.pk for notice in notices]
    if ids:
        Notification.objects.filter(id__in=ids).update(email_state=state)
