"""E-mails are rows until the mail server took them (issue 21).

An e-mail whose Celery retry waited in a worker that was killed stayed
stuck for an hour while the database said "sent". Now each e-mail is an
`EmailDelivery` row: "delivered" only once the SMTP server (aiosmtpd on
loopback) accepted it; a failure puts the next attempt on the row; the
sweep (`deliveries_resume`) hands out what is due and not delivered,
including an attempt whose worker died; a claim (a conditional update)
makes every e-mail go out once. Time is travelled, never slept.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.db import connection, connections

from accounts.models import EmailDelivery
from games import services
from games.models import Notification
from games.notifications.emails import (
    deliveries_resume,
    email_deliver,
    email_queue,
)
from games.notifications.emails import delivery as delivery_module
from games.tasks import resume_email_deliveries, send_notification_emails

pytestmark = pytest.mark.usefixtures("toy")

Kind = Notification.Kind
Delivery = EmailDelivery.State
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
CLAIM = delivery_module.CLAIM


class WorkerKilled(BaseException):
    """What a SIGKILL looks like from inside: nothing of the attempt after it runs."""


def _turn(alice, bob):
    """A running 2-seat Toy match and alice's "your turn" notice."""
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return Notification.objects.get(user=alice, match=match, kind=Kind.YOUR_TURN)


@pytest.fixture
def handed_out(monkeypatch):
    """Record the tasks handed out, `(delivery_id, attempt)`, without running them."""
    calls = []
    monkeypatch.setattr(
        send_notification_emails, "delay", lambda *args: calls.append(args)
    )
    return calls


@pytest.fixture
def sweep(django_capture_on_commit_callbacks):
    """Run `deliveries_resume` at `moment`, its hand-outs on commit."""

    def run(moment):
        with (
            time_machine.travel(moment, tick=False),
            django_capture_on_commit_callbacks(execute=True),
        ):
            return deliveries_resume()

    return run


def _run(calls, moment):
    """Run the tasks handed out so far at `moment`, as a worker would; clear them."""
    results = []
    with time_machine.travel(moment, tick=False):
        for args in calls:
            results.append(send_notification_emails(*args))
    calls.clear()
    return results


def _queued(user, notice, moment, django_capture_on_commit_callbacks):
    with (
        time_machine.travel(moment, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        return email_queue(user_id=user.id, notification_ids=[notice.id])


@pytest.mark.django_db
def test_delivered_only_after_the_server_accepted(
    smtp, alice, bob, handed_out, django_capture_on_commit_callbacks
):
    notice = _turn(alice, bob)
    smtp.refuse = 1

    delivery = _queued(alice, notice, START, django_capture_on_commit_callbacks)
    notice.refresh_from_db()
    assert handed_out == [(delivery.id, 0)]
    assert (notice.email_state, notice.email_delivery_id) == ("sent", delivery.id)
    assert _run(handed_out, START) == [False]

    # Refused: the database says so, and when to try again.
    delivery.refresh_from_db()
    assert delivery.state == Delivery.QUEUED
    assert delivery.delivered_at is None
    assert delivery.attempts == 1
    assert START < delivery.next_attempt_at <= START + timedelta(seconds=60)
    assert "451" in delivery.last_error
    alice.refresh_from_db()
    assert alice.email_failures == 1


@pytest.mark.django_db
def test_a_refused_e_mail_is_sent_again_by_the_sweep_after_its_back_off(
    smtp, alice, bob, handed_out, sweep, django_capture_on_commit_callbacks
):
    notice = _turn(alice, bob)
    smtp.refuse = 2
    delivery = _queued(alice, notice, START, django_capture_on_commit_callbacks)
    _run(handed_out, START)

    moment = START
    for _ in range(6):
        moment += timedelta(hours=1)
        sweep(moment)
        _run(handed_out, moment)

    # Two refusals, then accepted once; later sweeps find nothing due.
    assert smtp.attempts == 3
    assert len(smtp.messages) == 1
    delivery.refresh_from_db()
    assert delivery.state == Delivery.DELIVERED
    assert delivery.attempts == 3
    assert delivery.delivered_at == START + timedelta(hours=2)
    alice.refresh_from_db()
    # The failures were recorded; the success set the count back.
    assert alice.email_failures == 0
    assert alice.email_failed_at == START + timedelta(hours=1)


@pytest.mark.django_db
def test_a_failing_address_fails_after_six_attempts_each_recorded(
    smtp, alice, bob, handed_out, sweep, django_capture_on_commit_callbacks
):
    notice = _turn(alice, bob)
    smtp.refuse = -1
    delivery = _queued(alice, notice, START, django_capture_on_commit_callbacks)
    _run(handed_out, START)

    moment = START
    for _ in range(10):
        moment += timedelta(hours=1)
        sweep(moment)
        _run(handed_out, moment)

    # The first attempt and five retries, as before.
    assert smtp.attempts == 6
    assert smtp.messages == []
    delivery.refresh_from_db()
    assert delivery.state == Delivery.FAILED
    alice.refresh_from_db()
    assert alice.email_failures == 6
    assert alice.email_failures >= settings.EMAIL_FAILURES_SHOWN


@pytest.mark.django_db
def test_a_worker_killed_after_claiming_is_resent_once_its_claim_expires(
    smtp, alice, bob, handed_out, sweep, monkeypatch, django_capture_on_commit_callbacks
):
    notice = _turn(alice, bob)
    delivery = _queued(alice, notice, START, django_capture_on_commit_callbacks)
    real_send = delivery_module.email_send

    def killed(user, message):
        raise WorkerKilled

    # The worker claims the attempt, then dies before the server answers.
    monkeypatch.setattr(delivery_module, "email_send", killed)
    with pytest.raises(WorkerKilled):
        _run(handed_out, START + timedelta(seconds=5))
    handed_out.clear()
    monkeypatch.setattr(delivery_module, "email_send", real_send)
    delivery.refresh_from_db()
    assert delivery.state == Delivery.QUEUED
    assert delivery.attempts == 1

    # Within its claim nobody sends it again: the worker might still.
    assert sweep(START + timedelta(seconds=5) + CLAIM - timedelta(seconds=1)) == 0
    assert handed_out == []
    # Then the sweep hands it out, and it goes out once.
    expired = START + timedelta(seconds=5) + CLAIM
    assert sweep(expired) == 1
    assert _run(handed_out, expired) == [True]
    for minutes in (1, 30, 120):
        sweep(expired + timedelta(minutes=minutes))
        _run(handed_out, expired + timedelta(minutes=minutes))

    assert [recipients for recipients, message_render in smtp.messages] == [
        [alice.email]
    ]
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts) == (Delivery.DELIVERED, 2)


@pytest.mark.django_db
def test_a_lost_task_is_handed_out_again_and_the_late_one_sends_nothing(
    smtp, alice, bob, handed_out, sweep, django_capture_on_commit_callbacks
):
    notice = _turn(alice, bob)
    _queued(alice, notice, START, django_capture_on_commit_callbacks)
    (first,) = handed_out
    handed_out.clear()

    # The broker lost it (or it waits behind a long queue): the sweep hands
    # it out again when the hand-out runs out.
    moment = START + CLAIM
    assert sweep(moment) == 1
    assert handed_out == [first]
    # Both tasks run: one claims and sends, the other finds it claimed.
    assert sorted(_run([first, *handed_out], moment)) == [False, True]

    assert len(smtp.messages) == 1


@pytest.mark.django_db
def test_an_attempt_that_died_at_the_limit_fails_instead_of_a_seventh(
    alice, bob, handed_out, sweep
):
    delivery = EmailDelivery.objects.create(
        user=alice, attempts=delivery_module.MAX_ATTEMPTS, next_attempt_at=START
    )

    assert sweep(START) == 0

    delivery.refresh_from_db()
    assert delivery.state == Delivery.FAILED
    assert handed_out == []


@pytest.mark.django_db
def test_nothing_left_to_tell_is_dropped(smtp, alice, bob, handed_out):
    notice = _turn(alice, bob)
    delivery = email_queue(user_id=alice.id, notification_ids=[notice.id])
    alice.email_off = [Kind.YOUR_TURN]
    alice.save(update_fields=["email_off"])

    assert email_deliver(delivery_id=delivery.id, attempt=0) is False

    delivery.refresh_from_db()
    assert delivery.state == Delivery.DROPPED
    assert smtp.messages == []


@pytest.mark.django_db
def test_the_beat_hands_out_due_e_mails_every_30_seconds(alice, bob, monkeypatch):
    calls = []
    monkeypatch.setattr(
        "games.notifications.emails.deliveries_resume",
        lambda **kwargs: calls.append(kwargs) or 2,
    )

    assert resume_email_deliveries() == 2
    assert calls == [{}]
    entry = settings.CELERY_BEAT_SCHEDULE["email-deliveries-resume"]
    assert entry["task"] == resume_email_deliveries.name
    assert entry["schedule"] == 30


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_workers_sending_the_same_e_mail_at_once_send_it_once(smtp, alice, bob):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: SQLite serialises writers on the whole file")
    notice = _turn(alice, bob)
    delivery = email_queue(user_id=alice.id, notification_ids=[notice.id])
    barrier = threading.Barrier(4)
    results = []

    def send():
        try:
            barrier.wait(timeout=10)
            results.append(email_deliver(delivery_id=delivery.id, attempt=0))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(results) == [False, False, False, True]
    assert len(smtp.messages) == 1
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts) == (Delivery.DELIVERED, 1)


@pytest.mark.django_db
def test_the_admin_lists_the_e_mails_and_edits_none(client, make_user, alice):
    EmailDelivery.objects.create(user=alice, next_attempt_at=START)
    admin = make_user("root", is_staff=True, is_superuser=True)
    client.force_login(admin)

    listing = client.get("/admin/accounts/emaildelivery/")

    assert listing.status_code == 200
    assert "to be sent" in listing.content.decode()
    assert client.get("/admin/accounts/emaildelivery/add/").status_code == 403
