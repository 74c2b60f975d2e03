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
