"""Thin Celery tasks of accounts: one service call each (STYLE.md B8)."""

from __future__ import annotations

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


# Sending the e-mails (accounts/notifications/emails/): each is a row
# (EmailDelivery) until the mail server took it; retries are the sweep's.


@shared_task
def resume_email_deliveries() -> int:
    """Hand out again the e-mails due and not delivered (beat, every 30 s)."""
    from accounts.notifications.emails import deliveries_resume

    return deliveries_resume()


@shared_task
def send_notification_emails(delivery_id: int, attempt: int = 0) -> bool:
    """Make attempt `attempt + 1` at e-mail `delivery_id`; return whether it was delivered.

    Enqueued on commit by the sweeps, never inside a move's transaction.
    No Celery retry: a retry that waits in a worker dies with it, so a
    failed attempt puts its next one on the row, for the sweep.
    """
    from accounts.notifications.emails import email_deliver

    return email_deliver(delivery_id=delivery_id, attempt=attempt)
