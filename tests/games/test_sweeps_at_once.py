"""Beat on every node: a periodic sweep run at once on two nodes acts once (issue 27).

Every node may run Celery beat (README, "Many machines"): nothing elects
one. Each sweep claims what it acts on in the transaction that acts (a row
lock and a re-check, `skip_locked`, or a conditional update), so two runs
at the same moment cost two reads and never double a notice, an e-mail, a
timeout, a robot move or a vacation's end. Each test runs one sweep, or
the task a sweep hands out, in two threads on their own connections,
released by a barrier at the same moment (PostgreSQL: SQLite has no row
locks). The last test holds config/schedule.py to this module: a new sweep
comes with its test.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connections

from accounts.models import EmailDelivery
from config.schedule import BEAT_SCHEDULE
from games import services, tasks
from games.models import Move, Notification
from games.notifications.emails import deliveries_resume
from games.notifications.schedule import digests_send, emails_send_due
from games.notifications.services import notifications_prune
from games.services import notices
from games.services.notices import time_warnings_send, vacation_endings_notify

# postgres_only: an autouse fixture, applied to this module by the import.
from tests.games.concurrency import postgres_only  # noqa: F401
from tests.games.helpers import live_match
from tests.games.toy import toy_position

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("toy"),
]

Kind = Notification.Kind
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

# Each beat task and the test below that runs it twice at once.
COVERED = {
    "games.tasks.send_time_warnings": "test_time_warnings",
    "games.tasks.notify_vacation_endings": "test_vacation_endings",
    "games.tasks.expire_vacations": "test_vacations_expire",
    # It only enqueues apply_turn_timeout: tests/games/test_concurrency.py
    # plays that task on three workers at once.
    "games.tasks.expire_overdue_turns": "test_overdue_turns",
    "games.tasks.send_due_notification_emails": "test_notice_emails",
    "games.tasks.resume_email_deliveries": "test_email_deliveries_resume",
    "games.tasks.send_digests": "test_digests",
    "games.tasks.resume_robot_turns": "test_robot_turns_resume",
    "games.tasks.prune_notifications": "test_prune",
}


@pytest.fixture(autouse=True)
def _quiet_queue(settings, monkeypatch):
    """Presence in the database; the tasks the sweeps hand out are not sent."""
    settings.REDIS_URL = ""
    settings.NOTIFY_EMAIL_GRACE = 180
    monkeypatch.setattr(tasks.send_notification_emails, "delay", lambda *a, **k: None)
    monkeypatch.setattr(tasks.play_robot_turn, "delay", lambda *a, **k: None)
    monkeypatch.setattr(tasks.apply_turn_timeout, "delay", lambda *a, **k: None)


def at_once(sweep: Callable[[], Any], runs: int = 2) -> list[Any]:
    """Run `sweep` in `runs` threads released at the same moment; return their results.

    Each thread has its own database connection (as each node has); an
    exception in a thread is raised here.
    """
    barrier = threading.Barrier(runs)
    results: list[Any] = [None] * runs
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = sweep()
        except BaseException as error:  # noqa: BLE001 - raised below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(runs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    if errors:
        raise errors[0]
    return results


def _kinds(user: Any, kind: str) -> int:
    return Notification.objects.filter(user=user, kind=kind).count()


def test_time_warnings(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        live_match(alice, bob)
        # 300 s bank: the warning falls due after 240 s.
        traveller.shift(timedelta(seconds=241))
        results = at_once(time_warnings_send)

    assert sorted(results) == [0, 1]
    assert _kinds(alice, Kind.TIME_LOW) == 1


def test_vacation_endings(alice, monkeypatch):
    # Both runs find the vacation before either writes its notice: each
    # waits for the other at `notify` (at most a second). Before the fix
    # both told it; now the first holds the person's row until it commits
    # and the second, let in after, finds the notice.
    told = threading.Barrier(2, timeout=1)
    notify = notices.notify

    def notify_when_both_arrive(*args: Any, **kwargs: Any) -> Any:
        with contextlib.suppress(threading.BrokenBarrierError):
            told.wait()
        return notify(*args, **kwargs)

    monkeypatch.setattr(notices, "notify", notify_when_both_arrive)
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(days=2, hours=1))
        results = at_once(vacation_endings_notify)

    assert sorted(results) == [0, 1]
    assert _kinds(alice, Kind.VACATION_ENDING) == 1


def test_vacations_expire(alice):
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=1)
        traveller.shift(timedelta(days=1, minutes=1))
        results = at_once(services.vacations_expire)

    assert sorted(results) == [0, 1]
    alice.refresh_from_db()
    assert alice.vacation_until is None
    # The day is counted once (twice would be 172,800 s).
    assert alice.vacation_used == 24 * 3600


def test_overdue_turns(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(seconds=301))
        # Both runs hand out the timeout; the version keeps it to one play.
        assert at_once(services.expire_overdue_turns) == [1, 1]
        played = at_once(
            lambda: services.turn_timeout_apply(match_id=match.id, expected_version=0)
        )

    assert sum(result is not None for result in played) == 1
    assert {m.seat for m in Move.objects.filter(match=match)} == {0}


def _turn_notice_due(alice: Any, bob: Any) -> None:
    with time_machine.travel(START, tick=False):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)


def test_notice_emails(alice, bob):
    _turn_notice_due(alice, bob)
    with time_machine.travel(START + timedelta(seconds=181), tick=False):
        results = at_once(emails_send_due)

    # alice's turn and bob's "match started": one e-mail each, whichever
    # node sent it.
    assert sum(results) == 2
    assert EmailDelivery.objects.filter(user=alice).count() == 1
    assert EmailDelivery.objects.filter(user=bob).count() == 1


def test_email_deliveries_resume(alice, bob):
    _turn_notice_due(alice, bob)
    with time_machine.travel(START + timedelta(seconds=181), tick=False):
        emails_send_due()
    # The hand-out was lost (its worker died): the claim runs out.
    with time_machine.travel(START + timedelta(hours=1), tick=False):
        results = at_once(deliveries_resume)

    # Each queued e-mail is handed out again once, by one node or the other.
    assert sum(results) == EmailDelivery.objects.count() == 2


def test_digests(alice, bob):
    alice.email_digest = True
    alice.digest_hour = 8
    alice.time_zone = "Europe/Berlin"
    alice.digest_sent_on = date(2026, 11, 23)
    alice.save()
    with time_machine.travel(datetime(2026, 11, 23, 20, tzinfo=UTC), tick=False):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
    # 08:00 in Berlin (CET) is 07:00 UTC.
    with time_machine.travel(datetime(2026, 11, 24, 7, tzinfo=UTC), tick=False):
        results = at_once(digests_send)

    assert sorted(results) == [0, 1]
    assert EmailDelivery.objects.filter(user=alice, digest=True).count() == 1


def test_robot_turns_resume(started_match):
    toy_position(started_match, current=2)
    # Both nodes re-enqueue the waiting robot; the version keeps it to one move.
    played = at_once(
        lambda: services.robot_move_play(match_id=started_match.id, expected_version=0)
    )

    assert sum(result is not None for result in played) == 1
    assert Move.objects.filter(match=started_match).count() == 1


def test_prune(alice, settings):
    settings.NOTIFICATION_RETENTION_DAYS = 30
    with time_machine.travel(START, tick=False):
        for _ in range(3):
            notices.notify([alice], Kind.VACATION_ENDING, params={})
    with time_machine.travel(START + timedelta(days=31), tick=False):
        results = at_once(notifications_prune)

    assert sum(results) == 3
    assert not Notification.objects.filter(user=alice).exists()


def test_every_beat_task_has_its_test_here():
    tasks_scheduled = {entry["task"] for entry in BEAT_SCHEDULE.values()}

    assert tasks_scheduled == set(COVERED)
    assert all(name in globals() for name in COVERED.values())
