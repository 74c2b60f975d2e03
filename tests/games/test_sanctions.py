"""Sanctions through their services (issue 24, "Sanctions"), audited, at every door.

Each sanction records who, what, when, why and until; bad input is
refused and changes nothing. A suspended person is refused play by the
services (so page, API token and socket alike); a suspension or a ban
hands their running seats to robots as after timeouts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.services import api_token_get_or_create
from games import exceptions, services
from games.models import (
    ChatLine,
    LeaveReason,
    MatchEvent,
    Notification,
    Sanction,
    Seat,
)
from games.notifications import texts
from games.services import moderation_sanctions as sanctions
from tests.games.helpers import legal_json

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture
def moderator(staff):
    return staff


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def test_hiding_a_line_sets_hidden_and_records_it(alice, moderator):
    line = ChatLine.objects.create(author=alice, text="rude", created_at=NOW)
    sanction = sanctions.chat_line_hide(line_id=line.id, actor=moderator, reason="rude")
    line.refresh_from_db()
    assert (line.hidden_at, line.hidden_by) == (NOW, moderator)
    assert (sanction.person, sanction.actor, sanction.kind, sanction.reason) == (
        alice,
        moderator,
        Sanction.Kind.LINE_HIDDEN,
        "rude",
    )
    assert sanction.created_at == NOW
    with pytest.raises(sanctions.ModerationRefused) as refusal:
        sanctions.chat_line_hide(line_id=line.id, actor=moderator, reason="again")
    assert refusal.value.message == sanctions.ALREADY_HIDDEN


def test_a_sanction_without_a_reason_is_refused_and_changes_nothing(alice, moderator):
    with pytest.raises(sanctions.ModerationRefused) as refusal:
        sanctions.chat_mute(
            user=alice, actor=moderator, reason="  ", until=NOW + timedelta(days=1)
        )
    assert refusal.value.message == sanctions.NO_REASON
    alice.refresh_from_db()
    assert alice.chat_muted_until is None
    assert not Sanction.objects.exists()


@pytest.mark.parametrize(
    ("until", "message"),
    [
        (NOW, sanctions.UNTIL_PAST),
        (NOW + timedelta(days=400), sanctions.UNTIL_TOO_FAR),
    ],
)
def test_an_end_not_ahead_within_a_year_is_refused(alice, moderator, until, message):
    with pytest.raises(sanctions.ModerationRefused) as refusal:
        sanctions.suspend(user=alice, actor=moderator, reason="x", until=until)
    assert refusal.value.message == message
    alice.refresh_from_db()
    assert alice.suspended_until is None


def test_a_moderator_does_not_sanction_themself(moderator):
    with pytest.raises(sanctions.ModerationRefused) as refusal:
        sanctions.ban(user=moderator, actor=moderator, reason="x")
    assert refusal.value.message == sanctions.NOT_YOURSELF


def test_a_mute_records_until(alice, moderator):
    until = NOW + timedelta(hours=3)
    sanction = sanctions.chat_mute(
        user=alice, actor=moderator, reason="spam", until=until
    )
    alice.refresh_from_db()
    assert alice.chat_muted_until == until
    assert (sanction.kind, sanction.until) == (Sanction.Kind.MUTED, until)


def test_suspension_hands_running_seats_to_robots(
    started_match, alice, bob, moderator, django_capture_on_commit_callbacks
):
    until = NOW + timedelta(days=7)
    with django_capture_on_commit_callbacks():
        sanctions.suspend(user=alice, actor=moderator, reason="abuse", until=until)
    seat = started_match.seats.get(user=alice)
    assert seat.controller == Seat.Controller.STAND_IN
    assert seat.robot
    assert (seat.left_at, seat.left_reason) == (NOW, LeaveReason.SANCTIONED)
    # Bob keeps his seat; the match runs on.
    assert started_match.seats.get(user=bob).controller == Seat.Controller.PERSON
    started_match.refresh_from_db()
    assert started_match.status == started_match.Status.ACTIVE
    event = MatchEvent.objects.get(
        match=started_match, kind=MatchEvent.Kind.SEAT_HANDED
    )
    assert event.actor == moderator
    assert Sanction.objects.get(person=alice).until == until
    # Alice is told, on her next visit, why and until when.
    notice = Notification.objects.get(user=alice, kind=Notification.Kind.SANCTIONED)
    assert notice.params == {
        "sanction": "suspended",
        "reason": "abuse",
        "until": "2026-12-03 12:00",
    }
    assert "abuse" in texts.line(notice)


def test_a_suspended_person_cannot_move_join_or_create(
    started_match, open_match, alice, bob, carol, moderator
):
    sanctions.suspend(
        user=bob, actor=moderator, reason="x", until=NOW + timedelta(days=1)
    )
    bob.refresh_from_db()
    with pytest.raises(exceptions.Suspended):
        services.seat_claim(match_id=open_match.id, user=bob)
    with pytest.raises(exceptions.Suspended):
        services.match_create(user=bob, game_slug="toy", seats=2)
    with pytest.raises(exceptions.Suspended):
        services.move_submit(
            match_id=started_match.id,
            user=bob,
            move_data=legal_json(started_match, 0)[0],
            expected_version=started_match.version,
        )


def test_a_suspended_person_is_refused_at_the_api_token_door(
    open_match, bob, moderator
):
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {api_token_get_or_create(user=bob).key}"
    )
    sanctions.suspend(
        user=bob, actor=moderator, reason="x", until=NOW + timedelta(days=1)
    )
    answer = client.post(f"/api/matches/{open_match.id}/join/", {}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"detail": str(exceptions.SUSPENDED)}


def test_a_suspension_ends_at_its_date(open_match, bob, moderator):
    sanctions.suspend(
        user=bob, actor=moderator, reason="x", until=NOW + timedelta(days=1)
    )
    bob.refresh_from_db()
    with time_machine.travel(NOW + timedelta(days=1, seconds=1), tick=False):
        services.seat_claim(match_id=open_match.id, user=bob)


def test_a_ban_deactivates_revokes_the_token_and_closes_sockets(
    started_match, bob, moderator, monkeypatch, django_capture_on_commit_callbacks
):
    from games import broadcast

    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "_send", sent.extend)
    api_token_get_or_create(user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(user=bob, actor=moderator, reason="cheating")
    bob.refresh_from_db()
    assert not bob.is_active
    assert not Token.objects.filter(user=bob).exists()
    assert (broadcast.user_group(bob.id), {"type": "user.closed"}) in sent
    assert started_match.seats.get(user=bob).controller == Seat.Controller.STAND_IN
    notice = Notification.objects.get(user=bob, kind=Notification.Kind.SANCTIONED)
    assert texts.line(notice) == "Why: cheating"
    assert notice.email_state == Notification.EmailState.PENDING
    with pytest.raises(sanctions.ModerationRefused):
        sanctions.ban(user=bob, actor=moderator, reason="again")


def test_renaming_checks_the_name_rules_and_keeps_the_old_name(alice, bob, moderator):
    with pytest.raises(sanctions.ModerationRefused):
        sanctions.display_name_change(
            user=alice, actor=moderator, reason="offensive", name="Bob"
        )
    sanction = sanctions.display_name_change(
        user=alice, actor=moderator, reason="offensive", name="Player 7"
    )
    alice.refresh_from_db()
    assert alice.display_name == "Player 7"
    assert sanction.detail == {"from": "Alice", "to": "Player 7"}


def test_the_ban_notice_renders_as_an_e_mail(bob, moderator):
    from games.notifications.emails.compose import turn_email

    sanctions.ban(user=bob, actor=moderator, reason="cheating")
    notice = Notification.objects.get(user=bob)
    email = turn_email(bob, [notice])
    assert email.subject.startswith("A moderator has closed your account")
    assert "cheating" in email.body
