"""Sending the e-mails: the one service the task calls, and the backend.

`emails_deliver` loads the person and their notices (or the matches of
their digest), composes the e-mail (`compose`) and sends it with
`email_send`, through Django's configured backend, which records
failures on the person for the task to retry.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.mail import EmailMultiAlternatives
from django.db.models import F
from django.db.models.functions import Least
from django.utils import timezone

from accounts.models import Notification, User

from .compose import digest_email, digest_rows, turn_email

# The failure count is a small integer column; a dead address must not
# overflow it over the years.
_FAILURES_MAX = 1000


def email_send(user: User, message: EmailMultiAlternatives) -> bool:
    """Send `message` through the configured backend; return whether it went.

    A success sets the person's `email_failures` back to 0. An SMTP or
    network error (smtplib.SMTPException is an OSError) adds one to it and
    sets `email_failed_at`, then is raised again, for the task to retry.
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


def emails_deliver(
    *, user_id: int, notification_ids: Iterable[int], digest: bool = False
) -> bool:
    """Compose and send one person's e-mail; return whether one was sent.

    1. Load the person; nothing is sent to a deleted one or one without
       an address.
    2. Digest: the matches where they are to move now (`digest_rows`);
       nothing is sent when there are none, or they switched the digest
       off since it was planned. Otherwise: their notices among
       `notification_ids` (another person's ids are ignored), without the
       kinds they switched off since; nothing is sent when none is left.
    3. Compose (`turn_email`, `digest_email`) and send (`email_send`): an
       SMTP or network error (OSError) is recorded on the person and
       raised, for the task to retry with back-off.

    The notices' `email_state` is the scheduler's: it marked them "sent"
    when it enqueued this. Runs outside any transaction, so nothing is
    locked while the mail server answers and no move waits for it.
    """
    user = User.objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return False
    switched_off = set(user.email_off or [])
    if digest:
        if not user.email_digest:
            return False
        rows = digest_rows(user)
        if not rows:
            return False
        return email_send(user, digest_email(user, rows))
    notices = [
        notice
        for notice in Notification.objects.filter(
            user_id=user_id, id__in=list(notification_ids)
        )
        .select_related("match")
        .order_by("created_at", "id")
        if notice.kind not in switched_off
    ]
    if not notices:
        return False
    return email_send(user, turn_email(user, notices))
