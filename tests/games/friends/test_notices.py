"""The notices and e-mails of invitations (issue 24): told in the bell, mailed when away."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail
from django.utils import translation

from games.friends.invitations import invitation_decline, invitation_send
from games.models import Invitation, Notification
from games.notifications import presence, texts
from games.notifications.schedule import emails_send_due
from games.tasks import send_notification_emails

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def verified(alice, bob):
    for person in (alice, bob):
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
    monkeypatch.setattr(
        send_notification_emails,
        "delay",
        lambda *args, **kwargs: send_notification_emails(*args, **kwargs),
    )


def _sweep_after_grace(traveller, django_capture_on_commit_callbacks):
    traveller.shift(timedelta(seconds=settings.NOTIFY_EMAIL_GRACE + 1))
    with django_capture_on_commit_callbacks(execute=True):
        emails_send_due()


def test_the_notice_texts_in_english_and_german(open_match, alice, bob):
    invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
    invited = Notification.objects.get(user=bob)

    assert (
        texts.title(invited) == f"Alice invites you to Push Your Luck #{open_match.id}"
    )
    assert "Seated: Alice." in texts.line(invited)
    with translation.override("de"):
        assert (
            texts.title(invited)
            == f"Alice lädt dich zu Push Your Luck #{open_match.id} ein"
        )

    invitation_decline(invitation_id=Invitation.objects.get().id, user=bob)
    declined = Notification.objects.get(user=alice)
    assert texts.title(declined) == (
        f"Bob declined your invitation to Push Your Luck #{open_match.id}"
    )
    with translation.override("de"):
        assert texts.title(declined) == (
            f"Bob hat deine Einladung zu Push Your Luck #{open_match.id} abgelehnt"
        )


def test_an_invitation_is_mailed_when_away(
    open_match, alice, bob, verified, tasks_run, django_capture_on_commit_callbacks
):
    with time_machine.travel(START, tick=False) as traveller:
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
        _sweep_after_grace(traveller, django_capture_on_commit_callbacks)

    (message,) = mail.outbox
    assert message.to == [bob.email]
    assert message.subject == f"Alice invites you to Push Your Luck #{open_match.id}"
    assert f"/matches/{open_match.id}/" in message.body


def test_no_mail_to_who_is_here(
    open_match, alice, bob, verified, tasks_run, django_capture_on_commit_callbacks
):
    with time_machine.travel(START, tick=False) as traveller:
        presence.presence_join(bob.id, "bob-page")
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
        _sweep_after_grace(traveller, django_capture_on_commit_callbacks)

    assert mail.outbox == []


def test_no_mail_for_an_invitation_withdrawn_meanwhile(
    open_match, alice, bob, verified, tasks_run, django_capture_on_commit_callbacks
):
    from games.friends.invitations import invitation_withdraw

    with time_machine.travel(START, tick=False) as traveller:
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
        invitation_withdraw(invitation_id=Invitation.objects.get().id, user=alice)
        _sweep_after_grace(traveller, django_capture_on_commit_callbacks)

    assert mail.outbox == []


def test_a_decline_is_mailed_to_the_inviter_in_their_language(
    open_match, alice, bob, verified, tasks_run, django_capture_on_commit_callbacks
):
    alice.language = "de"
    alice.save(update_fields=["language"])
    with time_machine.travel(START, tick=False) as traveller:
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
        presence.presence_join(bob.id, "bob-page")  # bob reads his at once
        invitation_decline(invitation_id=Invitation.objects.get().id, user=bob)
        _sweep_after_grace(traveller, django_capture_on_commit_callbacks)

    (message,) = mail.outbox
    assert message.to == [alice.email]
    assert message.subject == (
        f"Bob hat deine Einladung zu Push Your Luck #{open_match.id} abgelehnt"
    )
