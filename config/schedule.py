"""Celery beat's schedule: the periodic tasks (settings.CELERY_BEAT_SCHEDULE).

Deadlines, vacations and e-mails are rows with a moment, not task ETAs
(a turn may last days), so sweeps find what has fallen due; each entry
says why it runs as often as it does.
"""

from __future__ import annotations

BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # "Your time is running out" at 80 % of a clock: a minute late at most.
    "time-warnings-send": {
        "task": "games.tasks.send_time_warnings",
        "schedule": 60.0,
    },
    # "Your vacation ends tomorrow": a day's notice needs no finer grain.
    "vacation-endings-notify": {
        "task": "games.tasks.notify_vacation_endings",
        "schedule": 3600.0,
    },
    # A vacation's end is a row (User.vacation_until), not a task ETA: it
    # may be weeks ahead. Clocks start again at most a minute late, and
    # that minute is not charged to the vacation.
    "vacations-expire": {
        "task": "games.tasks.expire_vacations",
        "schedule": 60.0,
    },
    # A turn deadline is a row, not a task ETA (a turn may last days); a
    # timeout is played at most this late after the clock ran out.
    "turns-expire": {
        "task": "games.tasks.expire_overdue_turns",
        "schedule": 30.0,
    },
    # Pending notice e-mails whose grace period is over: a "your turn" goes
    # out at most 30 s after NOTIFY_EMAIL_GRACE.
    "notification-emails-send": {
        "task": "games.tasks.send_due_notification_emails",
        "schedule": 30.0,
    },
    # E-mails not delivered whose next attempt is due: retries after their
    # back-off, and those of a worker killed mid-attempt once its claim
    # (emails.delivery.CLAIM) ran out. Every 30 s, as the e-mail sweep.
    "email-deliveries-resume": {
        "task": "games.tasks.resume_email_deliveries",
        "schedule": 30.0,
    },
    # Daily digests at each person's hour in their time zone: at most five
    # minutes late, and most runs find nobody whose hour has come.
    "digests-send": {
        "task": "games.tasks.send_digests",
        "schedule": 300.0,
    },
    # Robots whose task was lost (a worker died mid-task, a broker restart)
    # would stall a match for good; the sweep re-enqueues those that waited
    # ROBOT_RESUME_AFTER (30 s), so a robot turn lost with its node is
    # played by another node's worker within a minute.
    "robot-turns-resume": {
        "task": "games.tasks.resume_robot_turns",
        "schedule": 30.0,
    },
    # Old notices go after NOTIFICATION_RETENTION_DAYS days: a retention
    # counted in days needs no finer grain than once a day, and one delete
    # a day keeps each run small.
    "notifications-prune": {
        "task": "games.tasks.prune_notifications",
        "schedule": 86400.0,
    },
}
