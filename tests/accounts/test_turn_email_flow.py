"""The whole way of a turn e-mail (issue 11): a move, the sweep, the task, real SMTP.

A turn begins for alice while she is away: after the grace period the
sweep enqueues one task on commit, the task sends through Django's SMTP
backend to a real server on loopback, and the e-mail arrives exactly once,
however often the sweep runs. bob has the board open: he gets none.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.conf import settings

from games import services
from games.notifications import presence
from games.notifications.schedule import emails_send_due
from games.tasks import send_notification_emails
from tests.accounts.test_emails import START

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def verified(alice, bob, carol):
    for person in (alice, bob, carol):
        EmailAddress.objects.update_or_create(
            user=person,
            email=person.email or f"{person.username}@example.org",
            defaults={"verified": True, "primary": True},
        )
        if not person.email:
            person.email = f"{person.username}@example.org"
            person.save(update_fields=["email"])


@pytest.fixture
def tasks_run(monkeypatch):
    """Run the send task where the sweep enqueues it (after commit)."""
    sent = []

    def delay(*args, **kwargs):
        sent.append(args)
        send_notification_emails(*args, **kwargs)

    monkeypatch.setattr(send_notification_emails, "delay", delay)
    return sent


def test_a_turn_begun_while_away_is_mailed_once_and_not_to_who_is_here(
    alice, bob, verified, smtp, tasks_run, django_capture_on_commit_callbacks
):
    with time_machine.travel(START, tick=False) as traveller:
        # bob has the board open the whole time; alice is away.
        presence.presence_join(bob.id, "bob-board")
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        traveller.shift(timedelta(seconds=settings.NOTIFY_EMAIL_GRACE - 1))
        presence.presence_beat(bob.id, "bob-board")
        with django_capture_on_commit_callbacks(execute=True):
            emails_send_due()
        assert smtp.messages == []

        traveller.shift(timedelta(seconds=1))
        presence.presence_beat(bob.id, "bob-board")
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            emails_send_due()
            # Enqueued only on commit.
            assert tasks_run == []
        assert len(callbacks) == 1
        for _ in range(3):
            traveller.shift(timedelta(minutes=1))
            with django_capture_on_commit_callbacks(execute=True):
                emails_send_due()

    assert [recipients for recipients, message_render in smtp.messages] == [
        [alice.email]
    ]
    message = smtp.messages[0][1]
    assert f"Push Your Luck #{match.id}" in message["Subject"]
    assert "Bob" in message["Subject"]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"/matches/{match.id}/" in message.get_body(("plain",)).get_content()


def test_no_e_mail_once_the_person_moved_in_the_grace_period(
    alice, bob, verified, smtp, tasks_run, django_capture_on_commit_callbacks
):
    from tests.games.toy import toy_position

    with time_machine.travel(START, tick=False) as traveller:
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        traveller.shift(timedelta(minutes=1))
        # Alice banks, then bob: each ends the turn a notice told of.
        for person in (alice, bob):
            toy_position(match, pending=5)
            match.refresh_from_db()
            services.move_submit(
                match_id=match.id,
                user=person,
                move_data={"kind": "bank"},
                expected_version=match.version,
            )
        # Alice's first notice falls due now; the turns that began with the
        # moves are still within their grace period.
        traveller.shift(timedelta(seconds=settings.NOTIFY_EMAIL_GRACE - 30))
        with django_capture_on_commit_callbacks(execute=True):
            emails_send_due()

    # Both moved in time: those turns are not mailed, and the new turn is
    # not mailed early with them (bob hears that the match started: alice
    # moved first, so that was his news, not a turn).
    subjects = [message["Subject"] for _to, message in smtp.messages]
    assert not [subject for subject in subjects if "turn" in subject.lower()]
    assert [to for to, _message in smtp.messages] in ([], [["bob@example.com"]])
