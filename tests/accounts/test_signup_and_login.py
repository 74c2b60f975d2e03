from __future__ import annotations

import re
import uuid

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import User
from accounts.names import (
    INVISIBLE_CHARACTERS,
    LOOKS_LIKE_A_PLAYER,
    LOOKS_LIKE_A_ROBOT,
    LOOKS_LIKE_STAFF,
)

pytestmark = pytest.mark.django_db

PASSWORD = "a long and unusual passphrase 42"
LINK = re.compile(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+/)")


def _sign_up(client, username="dora", email="dora@example.com", display_name="Dora D."):
    return client.post(
        "/accounts/signup/",
        {
            "email": email,
            "username": username,
            "password1": PASSWORD,
            "password2": PASSWORD,
            "display_name": display_name,
        },
    )


def _log_in(client, login, password=PASSWORD, **extra):
    return client.post(
        "/accounts/login/", {"login": login, "password": password}, **extra
    )


def _logged_in(client):
    return "_auth_user_id" in client.session


def test_sign_up_creates_the_user_and_sends_a_verification_mail(client):
    response = _sign_up(client)

    assert response.status_code == 302
    user = User.objects.get(username="dora")
    assert user.display_name == "Dora D."
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dora@example.com"]
    assert mail.outbox[0].subject.startswith("[Spielpost] ")
    assert LINK.search(mail.outbox[0].body)
    # Mandatory verification: signing up does not log in.
    assert not _logged_in(client)


def test_an_unverified_user_cannot_log_in(client_for):
    _sign_up(client_for())
    client = client_for()

    response = _log_in(client, "dora")

    assert not _logged_in(client)
    assert response.status_code == 302
    assert "/accounts/confirm-email/" in response["Location"]


def test_after_confirming_the_link_log_in_works(client_for):
    _sign_up(client_for())
    path = LINK.search(mail.outbox[0].body).group(1)

    confirm = client_for().post(path)
    client = client_for()
    response = _log_in(client, "dora")

    assert confirm.status_code == 302
    assert EmailAddress.objects.get(email="dora@example.com").verified
    assert _logged_in(client)
    assert response["Location"] == "/play/"


def test_log_in_also_works_with_the_email_address(client, alice, password):
    _log_in(client, "alice@example.com", password)

    assert _logged_in(client)


def test_a_taken_username_is_refused(client, alice):
    response = _sign_up(client, username="alice", email="other@example.com")

    assert response.status_code == 200
    assert User.objects.filter(username="alice").count() == 1
    assert mail.outbox == []


def test_password_reset_sends_a_mail(client, alice):
    response = client.post("/accounts/password/reset/", {"email": "alice@example.com"})

    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.com"]
    assert "/accounts/password/reset/key/" in mail.outbox[0].body


def test_repeated_failed_log_ins_are_blocked(client_for, settings, alice, password):
    settings.ACCOUNT_RATE_LIMITS = {"login_failed": "3/m/ip"}
    # An address of its own: the counts live in the cache, which (with
    # Redis) outlives this test; no need to clear anyone else's keys.
    address = (
        f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"
    )
    client = client_for(REMOTE_ADDR=address)

    for _ in range(3):
        _log_in(client, "alice", "wrong password")
    response = _log_in(client, "alice", password)

    # Even the right password is refused until the window has passed.
    assert not _logged_in(client)
    assert response.status_code in (200, 429)
    assert "Too many failed login attempts" in response.content.decode()
    # Another address is not affected.
    other = client_for(
        REMOTE_ADDR="192.0.2.1" if address != "192.0.2.1" else "192.0.2.2"
    )
    _log_in(other, "alice", password)
    assert _logged_in(other)


@pytest.mark.parametrize(
    ("field", "name", "message"),
    [
        ("display_name", "Robot 2 (Random robot)", LOOKS_LIKE_A_ROBOT),
        ("display_name", "Spielpost Team", LOOKS_LIKE_STAFF),
        ("display_name", "АLICE", LOOKS_LIKE_A_PLAYER),  # Cyrillic А
        ("display_name", "Do\u200bra", INVISIBLE_CHARACTERS),
        ("username", "аlice", LOOKS_LIKE_A_PLAYER),  # Cyrillic а
        ("username", "Roboter_3", LOOKS_LIKE_A_ROBOT),
        ("username", "admin_dora", LOOKS_LIKE_STAFF),
    ],
)
def test_sign_up_refuses_a_name_that_passes_for_someone_else(
    client, alice, field, name, message
):
    data = {"username": "dora", "display_name": "Dora D.", field: name}

    response = _sign_up(client, **data)

    assert response.status_code == 200
    assert not User.objects.filter(email="dora@example.com").exists()
    assert mail.outbox == []
    form = response.context["form"]
    assert form.errors[field] == [str(message)]


@pytest.mark.parametrize(
    "data",
    [
        {"login": "a" * 100_000, "password": "x"},
        {"login": "alice", "password": "x" * 100_000},
        {"login": "al\x00ice", "password": "x"},
    ],
    ids=["long login", "long password", "NUL"],
)
def test_the_log_in_page_refuses_oversized_input(client, alice, data):
    # A 100,000-character login made SQLite refuse allauth's lookup: a 500.
    # Now the form comes back (allauth answers an invalid form with 200).
    response = client.post("/accounts/login/", data)

    assert response.status_code == 200
    assert response.context["form"].errors
    assert not response.wsgi_request.user.is_authenticated


def test_confirming_the_address_in_the_signing_up_browser_logs_in(client):
    # Issue 9: after the link, people expect to be signed in, not asked to.
    _sign_up(client)
    path = LINK.search(mail.outbox[0].body).group(1)

    response = client.post(path)

    assert EmailAddress.objects.get(email="dora@example.com").verified
    assert _logged_in(client)
    assert response.status_code == 302
    assert response["Location"] == "/play/"


def test_signing_up_with_a_taken_address_says_to_check_the_mail(client, alice):
    # allauth does not reveal on the form that the address is taken (no one
    # can probe whose address is registered); it mails the address, and the
    # page says honestly what that mail holds in either case.
    response = _sign_up(client, username="zed", email=alice.email)
    page = client.get(response["Location"]).content.decode()

    assert not User.objects.filter(username="zed").exists()
    assert [m.to for m in mail.outbox] == [[alice.email]]
    assert "exists already" in mail.outbox[0].body
    assert "Check your mail" in page
    assert "If the address already has an account" in page
    assert "check your mail" in page  # the flash message


def test_the_log_in_message_is_in_the_profile_language(client, alice, password):
    # Issue 9: "Successfully signed in as carol." appeared in English for a
    # German profile; the log-in request was anonymous (browser language).
    alice.language = "de"
    alice.save(update_fields=["language"])

    response = _log_in(client, "alice", password, HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(response["Location"]).content.decode()

    assert "Erfolgreich als alice angemeldet." in page
    assert "Successfully signed in" not in page


def test_after_logging_out_the_site_keeps_the_profile_language(client, alice, password):
    # The "signed out" message is rendered while still logged in (German);
    # the page after it is anonymous: the language cookie keeps it German.
    alice.language = "de"
    alice.save(update_fields=["language"])
    _log_in(client, "alice", password, HTTP_ACCEPT_LANGUAGE="en")

    response = client.post("/accounts/logout/", HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")

    assert client.cookies["django_language"].value == "de"
    assert "Du hast dich abgemeldet." in page.content.decode()
    assert "Brettspiele wie per Post." in page.content.decode()
