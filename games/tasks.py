"""Thin Celery tasks: ids and versions in, one service call (STYLE.md B8)."""

from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True)
def play_robot_turn(match_id: int, expected_version: int) -> None:
    """Let the robot to move play, unless the match has moved on since."""
    from games.services import robot_move_play

    robot_move_play(match_id=match_id, expected_version=expected_version)


@shared_task(acks_late=True)
def apply_turn_timeout(match_id: int, expected_version: int) -> None:
    """Let the robot play for a seat whose clock ran out, unless the match moved on."""
    from games.services import turn_timeout_apply

    turn_timeout_apply(match_id=match_id, expected_version=expected_version)


@shared_task
def expire_overdue_turns() -> int:
    """Enqueue a timeout for every match past its turn deadline (beat, every 30 s)."""
    from games.services import expire_overdue_turns as expire

    return expire()


@shared_task
def resume_robot_turns() -> int:
    """Re-enqueue robot turns that a lost task left waiting (beat, every minute)."""
    from games.services import robot_turns_resume

    return robot_turns_resume()


@shared_task
def expire_vacations() -> int:
    """End the vacations whose days ran out (beat, every minute)."""
    from games.services import vacations_expire

    return vacations_expire()


@shared_task
def send_time_warnings() -> int:
    """Tell persons whose clock is past 80 % of its bank (beat, every minute)."""
    from games.services.notices import time_warnings_send

    return time_warnings_send()


@shared_task
def notify_vacation_endings() -> int:
    """Tell persons whose vacation ends within a day (beat, every hour)."""
    from games.services.notices import vacation_endings_notify

    return vacation_endings_notify()


# Notice e-mails (games/notifications/schedule/): the beat's sweeps. Named
# accounts.tasks.* until issue 22: beat's DatabaseScheduler rewrites its rows
# from config/schedule.py when it starts, and an e-mail whose task was lost
# in the queue is handed out again by resume_email_deliveries.


@shared_task
def send_due_notification_emails() -> int:
    """Enqueue the notice e-mails whose grace period is over (beat, every 30 s)."""
    from games.notifications.schedule import emails_send_due

    return emails_send_due()


@shared_task
def send_digests() -> int:
    """Enqueue the daily digests whose hour has come (beat, every 5 minutes)."""
    from games.notifications.schedule import digests_send

    return digests_send()


@shared_task
def prune_notifications() -> int:
    """Delete the notices past their retention (beat, daily); return how many."""
    from games.notifications.services import notifications_prune

    return notifications_prune()


# Sending the e-mails (games/notifications/emails/): each is a row
# (EmailDelivery) until the mail server took it; retries are the sweep's.


@shared_task
def resume_email_deliveries() -> int:
    """Hand out again the e-mails due and not delivered (beat, every 30 s)."""
    from games.notifications.emails import deliveries_resume

    return deliveries_resume()


@shared_task
def send_notification_emails(delivery_id: int, attempt: int = 0) -> bool:
    """Make attempt `attempt + 1` at e-mail `delivery_id`; return whether it was delivered.

    Enqueued on commit by the sweeps, never inside a move's transaction.
    No Celery retry: a retry that waits in a worker dies with it, so a
    failed attempt puts its next one on the row, for the sweep.
    """
    from games.notifications.emails import email_deliver

    return email_deliver(delivery_id=delivery_id, attempt=attempt)
