"""Sending the e-mails, recorded in the database until the mail server took them.

An e-mail is an `accounts.models.EmailDelivery` row, written by the sweeps
in the transaction that marks its notices (`email_queue`), and handed to a
worker on commit (the task `send_notification_emails(delivery_id,
attempt)`). Every attempt is claimed first by a conditional update
(`attempts` from `attempt` to `attempt + 1`, `next_attempt_at` to the end
of the claim, `CLAIM` from now), so two workers, or a task and the sweep,
never send the same e-mail twice: the second finds `attempts` moved on.
It is "delivered" only once the SMTP server accepted the message
(`email_send` returned). A failure (OSError: refused, unreachable) is
counted on the person (`User.email_failures`, shown on the profile) and
puts the next attempt on the row with back-off (`_backoff`); after
`MAX_ATTEMPTS` the e-mail has "failed".

Nothing waits in a worker: `deliveries_resume` (beat, every 30 s) hands
out what is due and not delivered, the retries after their back-off and
the e-mails whose claim ran out because the worker died mid-attempt or
the task was lost. A worker killed after the server accepted a message
but before the row said so sends it once more when the claim runs out:
the one case of a second e-mail, and the reason a claim is long.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Least
from django.utils import timezone

from accounts.models import EmailDelivery, User
from games.models import Notification

from .compose import digest_email, digest_rows, turn_email

logger = logging.getLogger(__name__)

Delivery = EmailDelivery.State

# How long a hand-out or an attempt holds an e-mail before the sweep hands
# it out again: longer than a queue's wait and an SMTP conversation
# (EMAIL_TIMEOUT per command), short enough that a killed worker's e-mail
# is late by minutes, not by Celery's hour of visibility timeout.
CLAIM = timedelta(minutes=10)
# The first attempt and five retries, as the task's Celery retries were.
MAX_ATTEMPTS = 6
# Full-jitter back-off from 60 s, doubling up to an hour: five retries span
# about half an hour on average, enough for a mail server restart.
BACKOFF_BASE = 60
BACKOFF_MAX = 3600

# The failure count is a small integer column; a dead address must not
# overflow it over the years.
_FAILURES_MAX = 1000


def email_send(user: User, message: EmailMultiAlternatives) -> bool:
    """Send `message` through the configured backend; return whether it went.

    A success sets the person's `email_failures` back to 0. An SMTP or
    network error (smtplib.SMTPException is an OSError) adds one to it and
    sets `email_failed_at`, then is raised again (`email_deliver` puts the
    next attempt on the e-mail's row).
    Counts by update, not save: a profile saved meanwhile is not undone.
    """
    people = User.objects.filter(pk=user.pk)
    try:
        sent = message.send(fail_silently=False)
    except OSError:
        now = timezone.now()
        people.update(
            email_failures=Least(F("email_failures") + 1, _FAILURES_MAX),
            email_failed_at=now,
        )
        user.refresh_from_db(fields=["email_failures", "email_failed_at"])
        raise
    if user.email_failures:
        people.update(email_failures=0)
        user.email_failures = 0
    return sent > 0


def email_queue(
    *,
    user_id: int,
    notification_ids: Iterable[int],
    digest: bool = False,
    now: datetime | None = None,
) -> EmailDelivery:
    """Record an e-mail to `user_id` about `notification_ids` (or a digest); send on commit.

    Call inside the sweep's transaction: the row and its notices
    (`email_state` "sent", `email_delivery` set) commit with the sweep's
    other marks, and only then is it handed to a worker (`_hand_out_on_commit`,
    attempt 0). Until the worker claims it, `next_attempt_at` is the end of
    the hand-out (`CLAIM`): a lost task is handed out again by
    `deliveries_resume`. Only the person's own notices join it. Two
    queries.
    """
    moment = now or timezone.now()
    delivery = EmailDelivery.objects.create(
        user_id=user_id, digest=digest, next_attempt_at=moment + CLAIM
    )
    ids = list(notification_ids)
    if ids:
        Notification.objects.filter(id__in=ids, user_id=user_id).update(
            email_state=Notification.EmailState.SENT, email_delivery=delivery
        )
    _hand_out_on_commit(delivery.pk, 0)
    return delivery


def deliveries_resume(*, now: datetime | None = None) -> int:
    """Hand out again every queued e-mail whose `next_attempt_at` has come.

    Those are retries after their back-off and e-mails whose hand-out or
    claim ran out (a lost task, a killed worker). Each is handed out by a
    conditional update (still queued, at the same `attempts`, still due)
    that moves `next_attempt_at` to the end of a new hand-out, so a second
    sweep running at once skips it; then, on commit, the task gets its
    `attempts` as the attempt to claim. One whose MAX_ATTEMPTS attempts
    are spent (the last died unanswered) has "failed". Returns how many
    were handed out: one query to find them, one per e-mail.
    """
    moment = now or timezone.now()
    due = list(
        EmailDelivery.objects.filter(state=Delivery.QUEUED, next_attempt_at__lte=moment)
        .order_by("next_attempt_at")
        .values_list("id", "attempts")
    )
    handed = 0
    for delivery_id, attempts in due:
        if attempts >= MAX_ATTEMPTS:
            # Its last attempt died without an answer (a worker killed, a
            # crash while composing): no attempt beyond the limit.
            EmailDelivery.objects.filter(
                id=delivery_id, state=Delivery.QUEUED, attempts=attempts
            ).update(state=Delivery.FAILED)
            continue
        with transaction.atomic():
            taken = EmailDelivery.objects.filter(
                id=delivery_id,
                state=Delivery.QUEUED,
                attempts=attempts,
                next_attempt_at__lte=moment,
            ).update(next_attempt_at=moment + CLAIM)
            if taken:
                _hand_out_on_commit(delivery_id, attempts)
                handed += 1
    return handed


def email_deliver(*, delivery_id: int, attempt: int) -> bool:
    """Make attempt `attempt + 1` at e-mail `delivery_id`; return whether it was delivered.

    1. Claim the attempt: one conditional UPDATE from `attempts` ==
       `attempt` (still queued) to `attempt + 1`, `next_attempt_at` to
       the end of the claim. Another worker's claim, a delivered or
       failed e-mail, or a stale hand-out: nothing is done, False.
    2. Compose (`_compose`): nothing is sent to a deleted person or one
       without an address, no digest when they switched it off or are to
       move nowhere, no notices of kinds switched off since (another
       person's ids are ignored); with nothing left it is "dropped".
    3. Send (`email_send`). Accepted: "delivered" at now. An SMTP or
       network error (OSError) is counted on the person and the next
       attempt is put on the row after `_backoff`, or the e-mail has
       "failed" after MAX_ATTEMPTS; nothing is raised, as the sweep, not
       the worker, retries.

    Runs outside any transaction (autocommit: the claim is visible to
    every other worker at once), so nothing is locked while the mail
    server answers.
    """
    claimed_until = timezone.now() + CLAIM
    claimed = EmailDelivery.objects.filter(
        id=delivery_id, state=Delivery.QUEUED, attempts=attempt
    ).update(attempts=attempt + 1, next_attempt_at=claimed_until)
    if not claimed:
        return False
    mine = EmailDelivery.objects.filter(id=delivery_id, attempts=attempt + 1)
    delivery = EmailDelivery.objects.select_related("user").get(pk=delivery_id)
    message = _compose(delivery)
    if message is None:
        mine.update(state=Delivery.DROPPED)
        return False
    try:
        email_send(delivery.user, message)
    except OSError as error:
        now = timezone.now()
        if attempt + 1 >= MAX_ATTEMPTS:
            mine.update(state=Delivery.FAILED, last_error=_error_text(error))
        else:
            mine.update(
                next_attempt_at=now + _backoff(attempt + 1),
                last_error=_error_text(error),
            )
        logger.warning(
            "e-mail %s, attempt %s failed: %s", delivery_id, attempt + 1, error
        )
        return False
    mine.update(state=Delivery.DELIVERED, delivered_at=timezone.now(), last_error="")
    return True


# Helpers


def _compose(delivery: EmailDelivery) -> EmailMultiAlternatives | None:
    """Return the e-mail `delivery` stands for now, or None when nothing is left to tell.

    See step 2 of `email_deliver`.
    """
    user = delivery.user
    if not user.email:
        return None
    if delivery.digest:
        if not user.email_digest:
            return None
        rows = digest_rows(user)
        return digest_email(user, rows) if rows else None
    switched_off = set(user.email_off or [])
    notices = [
        notice
        for notice in Notification.objects.filter(
            user_id=user.pk, email_delivery=delivery
        )
        .select_related("match")
        .order_by("created_at", "id")
        if notice.kind not in switched_off
    ]
    return turn_email(user, notices) if notices else None


def _backoff(attempts: int) -> timedelta:
    """Return the wait after `attempts` failed attempts: full jitter, capped at an hour."""
    cap = min(BACKOFF_MAX, BACKOFF_BASE * 2 ** (attempts - 1))
    # Not a secret: a spread of retries across workers.
    return timedelta(seconds=random.randint(1, cap))


def _error_text(error: OSError) -> str:
    return str(error)[:200] or type(error).__name__


def _hand_out_on_commit(delivery_id: int, attempt: int) -> None:
    """Enqueue attempt `attempt + 1` of e-mail `delivery_id` after commit.

    robust: a broker that is down must not undo the sweep's other work;
    the row stays queued and the sweep hands it out again when its
    hand-out runs out.
    """
    from games.tasks import send_notification_emails

    transaction.on_commit(
        lambda: send_notification_emails.delay(delivery_id, attempt), robust=True
    )
