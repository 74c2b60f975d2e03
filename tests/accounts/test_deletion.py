"""Account deletion and data export by the person, at the page door (issue 24, GDPR).

The export holds the person's own data and nobody else's address or
secret; deleting needs the password and the username typed again, empties
the row (it stays, as "deleted player") and ends every way back in.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user
from rest_framework.authtoken.models import Token

from accounts import community
from accounts.deletion import (
    ALREADY_DELETED,
    WRONG_PASSWORD,
    DeletionRefused,
    account_delete,
)
from accounts.deletion_forms import NOT_CONFIRMED
from accounts.exceptions import TOO_MANY_FAILED_LOG_INS
from accounts.models import Block, Follow, Mute, Presence, User
from accounts.services import api_token_get_or_create
from games.models import ChatLine, Notification, Report

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def _export(client) -> dict:
    answer = client.get("/profile/export/")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    assert "attachment" in answer["Content-Disposition"]
    return json.loads(answer.content)


def test_the_profile_offers_the_export_and_the_deletion(alice_client):
    page = alice_client.get("/profile/").content.decode()
    assert 'href="/profile/export/"' in page
    assert 'href="/profile/delete/"' in page


def test_the_export_holds_the_persons_data_and_no_one_elses_address(
    alice_client, alice, bob, started_match
):
    community.follow(owner=alice, other=bob)
    community.mute(owner=alice, other=bob)
    ChatLine.objects.create(
        author=alice, text="good luck", created_at=NOW, match=started_match
    )
    ChatLine.objects.create(author=bob, text="bob says", created_at=NOW)
    Report.objects.create(
        reporter=alice,
        reported=bob,
        kind=Report.Kind.PROFILE,
        reason=Report.Reason.OTHER,
        text="odd",
        context={"lines": ["bob's quoted line"]},
        created_at=NOW,
    )
    # Bob's seat's secret and the match's seeds must not travel.
    started_match.seats.filter(user=bob).update(client_seed="bobs-own-seed")
    data = _export(alice_client)
    assert data["format"] == "spielpost-export-1"
    assert data["account"]["username"] == "alice"
    assert data["account"]["display_name"] == "Alice"
    assert data["account"]["email"] == "alice@example.com"
    assert data["account"]["email_addresses"] == [
        {"email": "alice@example.com", "verified": True}
    ]
    assert data["preferences"]["language"] == "en"
    assert data["relations"] == {"follows": ["Bob"], "mutes": ["Bob"], "blocks": []}
    [match] = data["matches"]
    assert (match["id"], match["game"], match["status"], match["position"]) == (
        started_match.id,
        "toy",
        "active",
        0,
    )
    assert [line["text"] for line in data["chat_lines"]] == ["good luck"]
    assert data["chat_lines"][0]["match"] == started_match.id
    [report] = data["reports_filed"]
    assert (report["reported"], report["text"]) == ("Bob", "odd")
    text = json.dumps(data)
    assert "bob@example.com" not in text
    assert "bob says" not in text
    assert "bob's quoted line" not in text
    assert "bobs-own-seed" not in text
    started_match.refresh_from_db()
    assert started_match.server_seed not in text


def test_the_export_needs_a_login(client):
    answer = client.get("/profile/export/")
    assert answer.status_code == 302


def test_the_delete_page_explains_and_offers_the_export_first(alice_client):
    page = alice_client.get("/profile/delete/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "robot" in html
    assert 'href="/profile/export/"' in html
    assert 'name="password"' in html


@pytest.mark.parametrize(
    ("typed", "confirm", "field", "message"),
    [
        ("wrong", "alice", "password", WRONG_PASSWORD),
        (None, "Alice", "confirm", NOT_CONFIRMED),
    ],
)
def test_a_wrong_password_or_confirmation_deletes_nothing(
    alice_client, alice, started_match, password, typed, confirm, field, message
):
    answer = alice_client.post(
        "/profile/delete/", {"password": typed or password, "confirm": confirm}
    )
    assert answer.status_code == 400
    assert str(message) in answer.context["form"].errors[field]
    alice.refresh_from_db()
    assert (alice.deleted_at, alice.is_active, alice.username) == (None, True, "alice")
    assert started_match.seats.get(user=alice).left_at is None


def test_deleting_by_the_page_empties_the_row_and_logs_out(
    alice_client, alice, bob, password
):
    token = api_token_get_or_create(user=alice)
    community.follow(owner=alice, other=bob)
    community.follow(owner=bob, other=alice)
    community.mute(owner=bob, other=alice)
    community.block(owner=alice, other=bob)
    Presence.objects.create(user=alice, channel_name="x.1", expires_at=NOW)
    alice.email_digest = True
    alice.time_zone = "Europe/Berlin"
    alice.save()
    answer = alice_client.post(
        "/profile/delete/", {"password": password, "confirm": "alice"}
    )
    assert answer.status_code == 302
    assert not get_user(alice_client).is_authenticated
    alice.refresh_from_db()
    assert alice.username == f"deleted-{alice.pk}"
    assert (alice.display_name, alice.email, alice.first_name) == ("", "", "")
    assert not alice.has_usable_password()
    assert not alice.is_active
    assert alice.deleted_at == NOW
    assert (alice.email_digest, alice.time_zone) == (False, "UTC")
    assert alice.name == "deleted player"
    assert not Token.objects.filter(key=token.key).exists()
    assert not EmailAddress.objects.filter(user=alice).exists()
    for model in (Follow, Mute, Block):
        assert not model.objects.filter(owner=alice).exists()
        assert not model.objects.filter(other=alice).exists()
    assert not Presence.objects.filter(user=alice).exists()
    # Bob's own follows of others are untouched.
    assert User.objects.filter(pk=bob.pk, is_active=True).exists()


def test_a_deleted_person_cannot_log_in(client, alice, password):
    account_delete(user=alice, now=NOW)
    answer = client.post("/accounts/login/", {"login": "alice", "password": password})
    assert not get_user(client).is_authenticated
    assert answer.status_code in (200, 400)
    answer = client.post(
        "/accounts/login/", {"login": "alice@example.com", "password": password}
    )
    assert not get_user(client).is_authenticated


def test_an_old_session_of_a_deleted_person_ends(client_for, alice):
    other_browser = client_for(alice)
    assert get_user(other_browser).is_authenticated
    account_delete(user=alice, now=NOW)
    assert not get_user(other_browser).is_authenticated


def test_deleting_twice_is_refused(alice):
    account_delete(user=alice, now=NOW)
    with pytest.raises(DeletionRefused) as refusal:
        account_delete(user=alice, now=NOW)
    assert refusal.value.message == ALREADY_DELETED


def test_no_notice_reaches_a_deleted_person(alice):
    from games.notifications.services import notify

    Notification.objects.create(user=alice, kind=Notification.Kind.SANCTIONED)
    account_delete(user=alice, now=NOW)
    assert not Notification.objects.filter(user=alice).exists()
    alice.refresh_from_db()
    assert notify([alice], Notification.Kind.SANCTIONED, params={}) == []


def test_the_email_sweeps_pass_over_a_deleted_person(alice, bob, started_match):
    from accounts.models import EmailDelivery
    from games.notifications.schedule.sweeps import digests_send, emails_send_due

    alice.email_digest = True
    alice.save()
    Notification.objects.create(
        user=alice,
        kind=Notification.Kind.SANCTIONED,
        email_state=Notification.EmailState.PENDING,
        email_due_at=NOW,
    )
    account_delete(user=alice, now=NOW)
    with time_machine.travel(NOW.replace(hour=23), tick=False):
        emails_send_due()
        digests_send()
    assert not EmailDelivery.objects.filter(user=alice).exists()


def test_the_export_takes_a_bounded_number_of_queries(
    alice_client, alice, bob, carol, django_assert_max_num_queries
):
    for other in (bob, carol):
        community.follow(owner=alice, other=other)
        ChatLine.objects.create(author=alice, text="x", created_at=NOW)
    with django_assert_max_num_queries(16):
        _export(alice_client)


# The log-in's limits, on for these tests only (tests/conftest.py turns
# them off); their counts outlive a test in Redis, so each test has an
# account and an address of its own (as tests/accounts/test_login_limit.py).
LOG_IN_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}


@pytest.fixture
def stranger(make_user):
    return make_user(f"del-{uuid.uuid4().hex[:12]}")


def test_the_page_s_wrong_passwords_count_as_failed_log_ins(
    settings, client, stranger, password, new_address
):
    # A borrowed session must not guess the password here without end.
    settings.ACCOUNT_RATE_LIMITS = LOG_IN_LIMITS
    client.force_login(stranger)
    address = new_address()
    for _ in range(5):
        client.post(
            "/profile/delete/",
            {"password": "no", "confirm": stranger.username},
            REMOTE_ADDR=address,
        )

    answer = client.post(
        "/profile/delete/",
        {"password": password, "confirm": stranger.username},
        REMOTE_ADDR=address,
    )

    assert answer.status_code == 400
    assert str(TOO_MANY_FAILED_LOG_INS) in answer.context["form"].errors["password"]
    stranger.refresh_from_db()
    assert stranger.deleted_at is None


def test_the_api_s_wrong_passwords_count_as_failed_log_ins(
    settings, api_for_token, stranger, password, new_address
):
    # Nor a leaked token: the same counters as the log-in page's.
    settings.ACCOUNT_RATE_LIMITS = LOG_IN_LIMITS
    client = api_for_token(Token.objects.create(user=stranger).key)
    address = new_address()
    for _ in range(5):
        answer = client.delete(
            "/api/me/", {"password": "wrong"}, format="json", REMOTE_ADDR=address
        )
        assert answer.status_code == 403

    answer = client.delete(
        "/api/me/", {"password": password}, format="json", REMOTE_ADDR=address
    )

    assert answer.status_code == 429
    assert answer.json() == {"detail": str(TOO_MANY_FAILED_LOG_INS)}
    stranger.refresh_from_db()
    assert (stranger.deleted_at, stranger.is_active) == (None, True)
