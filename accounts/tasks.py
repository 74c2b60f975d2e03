"""Thin Celery tasks of accounts: one service call each (STYLE.md B8)."""

from __future__ import annotations

import smtplib

from celery import shared_task

# E-mail scheduling (accounts/notifications/schedule/): the beat's sweeps.


@shared_task
def send_due_notification_emails() -> int:
    """Enqueue the notice e-mails whose grace period is over (beat, every 30 s)."""
    from accounts.notifications.schedule import emails_send_due

    return emails_send_due()


@shared_task
def send_digests() -> int:
    """Enqueue the daily digests whose hour has come (beat, every 5 minutes)."""
    from accounts.notifications.schedule import digests_send

    return digests_send()


@shared_task
def prune_notifications() -> int:
    """Delete the notices past their retention (beat, daily); return how many."""
    from accounts.notifications.services import notifications_prune

    return notifications_prune()


# Sending the e-mails (accounts/notifications/emails/).


@shared_task(
    acks_late=True,
    # smtplib.SMTPException is an OSError; both named, as both are retried:
    # the server refused or failed (4xx/5xx), or could not be reached.
    autoretry_for=(smtplib.SMTPException, OSError),
    # Full-jitter back-off from 60 s, doubling up to an hour: five retries
    # span about half an hour on average, enough for a mail server restart.
    retry_backoff=60,
    retry_backoff_max=3600,
    max_retries=5,
)
def send_notification_emails(
    user_id: int, notification_ids: list[int], digest: bool = False
) -> bool:
    """Compose and send one person's e-mail about `notification_ids` (or digest).

    Enqueued on commit by the scheduler, never inside a move's transaction.
    Returns whether an e-mail went out.
    """
    from accounts.notifications.emails import emails_deliver

    return emails_deliver(
        user_id=user_id, notification_ids=notification_ids, digest=digest
    )
