from __future__ import annotations

import json
import uuid
from datetime import timedelta
from urllib.parse import urlencode

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import exceptions
from accounts.models import User

pytestmark = pytest.mark.django_db

# The documented default of LOGIN_RATE_LIMIT (tests/conftest.py turns the
# limits off everywhere else).
RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}


@pytest.fixture
def limits(settings):
    settings.ACCOUNT_RATE_LIMITS = RATE_LIMITS


def _token(client, username, password, **extra):
    return client.post(
        "/api/token/",
        {"username": username, "password": password},
        format="json",
        **extra,
    )


def _log_in_page(client, login, password):
    return client.post("/accounts/login/", {"login": login, "password": password})


def _nobody():
    return f"nobody{uuid.uuid4().hex[:10]}"


# ---------------------------------------------------------------------------
# Who may get a token: the log-in page's rules


def test_a_verified_player_gets_the_token(anon_api, eve, password):
    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=eve).key}


def test_the_email_address_works_as_the_username(anon_api, eve, password):
    response = _token(anon_api(), eve.email, password)

    assert response.status_code == 200


def test_an_unverified_account_gets_no_token(anon_api, eve, password, client):
    EmailAddress.objects.filter(user=eve).update(verified=False)

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 401
    assert response.json() == {"detail": str(exceptions.EMAIL_UNVERIFIED)}
    assert not Token.objects.filter(user=eve).exists()
    # The log-in page refuses the account as well: the same rule.
    _log_in_page(client, eve.username, password)
    assert "_auth_user_id" not in client.session


def test_without_mandatory_verification_an_unverified_account_gets_its_token(
    settings, anon_api, eve, password
):
    settings.ACCOUNT_EMAIL_VERIFICATION = "optional"
    EmailAddress.objects.filter(user=eve).update(verified=False)

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 200


def test_an_unverified_address_used_to_log_in_gets_no_token(anon_api, eve, password):
    # Verified username, but the address typed is another, unverified one.
    EmailAddress.objects.create(
        user=eve, email="second@example.com", verified=False, primary=False
    )

    response = _token(anon_api(), "second@example.com", password)

    assert response.status_code == 401
    assert response.json() == {"detail": str(exceptions.EMAIL_UNVERIFIED)}


def test_an_inactive_account_gets_no_token(anon_api, eve, password):
    User.objects.filter(pk=eve.pk).update(is_active=False)

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 401
    assert response.json() == {"detail": str(exceptions.ACCOUNT_INACTIVE)}


def test_an_account_that_must_log_in_by_code_gets_no_token(
    settings, anon_api, eve, password
):
    settings.ACCOUNT_LOGIN_BY_CODE_ENABLED = True
    settings.ACCOUNT_LOGIN_BY_CODE_REQUIRED = True

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 401
    assert response.json() == {"detail": str(exceptions.LOG_IN_CODE_REQUIRED)}


@pytest.mark.parametrize("who", ["known", "unknown"])
def test_wrong_credentials_are_401_with_a_message(anon_api, eve, who):
    username = eve.username if who == "known" else _nobody()

    response = _token(anon_api(), username, "wrong password")

    assert response.status_code == 401
    # The same answer for both: the endpoint does not tell who exists.
    assert response.json() == {"detail": str(exceptions.WRONG_CREDENTIALS)}


# ---------------------------------------------------------------------------
# Rate limits, shared with the log-in page


def test_a_locked_account_is_429_without_its_password_being_tried(
    limits, anon_api, eve, password, monkeypatch
):
    # Five failures, each from another address: the per-account limit.
    for _ in range(5):
        assert _token(anon_api(), eve.username, "wrong").status_code == 401
    checked = []
    original = User.check_password
    monkeypatch.setattr(
        User,
        "check_password",
        lambda user, raw: checked.append(user) or original(user, raw),
    )

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 429
    assert response.json() == {"detail": str(exceptions.TOO_MANY_FAILED_LOG_INS)}
    assert checked == []
    assert not Token.objects.filter(user=eve).exists()


def test_the_account_lock_lifts_after_five_minutes(limits, anon_api, eve, password):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        for _ in range(5):
            _token(anon_api(), eve.username, "wrong")
        assert _token(anon_api(), eve.username, password).status_code == 429

        traveller.shift(timedelta(minutes=5, seconds=1))

        assert _token(anon_api(), eve.username, password).status_code == 200


def test_failures_on_the_log_in_page_lock_the_api(
    limits, client_for, new_address, anon_api, eve, password
):
    for _ in range(5):
        _log_in_page(client_for(REMOTE_ADDR=new_address()), eve.username, "wrong")

    response = _token(anon_api(), eve.username, password)

    assert response.status_code == 429


def test_failures_on_the_api_lock_the_log_in_page(
    limits, client_for, new_address, anon_api, eve, password
):
    for _ in range(5):
        _token(anon_api(), eve.username, "wrong")
    client = client_for(REMOTE_ADDR=new_address())

    response = _log_in_page(client, eve.username, password)

    assert "_auth_user_id" not in client.session
    assert "Too many failed login attempts" in response.content.decode()


def test_one_address_is_limited_across_accounts(limits, anon_api, eve, password):
    client = anon_api()
    for _ in range(10):
        assert _token(client, _nobody(), "wrong").status_code == 401

    response = _token(client, eve.username, password)

    assert response.status_code == 429
    # Another address is not affected.
    assert _token(anon_api(), eve.username, password).status_code == 200


def test_a_forged_forwarded_for_does_not_escape_the_address_limit(
    limits, anon_api, eve, password
):
    client = anon_api()
    for n in range(10):
        _token(client, _nobody(), "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")

    response = _token(client, eve.username, password, HTTP_X_FORWARDED_FOR="192.0.2.99")

    assert response.status_code == 429


def test_a_right_password_does_not_count_as_a_failure(limits, anon_api, eve, password):
    client = anon_api()
    for _ in range(12):
        assert _token(client, eve.username, password).status_code == 200


# ---------------------------------------------------------------------------
# Bad input: always 400 with a message, never a 500


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"username": "alice"},
        {"password": "secret"},
        {"username": "", "password": "secret"},
        {"username": "alice", "password": ""},
        {"username": None, "password": "secret"},
        {"username": ["alice"], "password": "secret"},
        {"username": {"name": "alice"}, "password": "secret"},
        {"username": True, "password": "secret"},
        {"username": "alice", "password": 12.5},
        {"username": "a" * 100_000, "password": "secret"},
        {"username": "alice", "password": "p" * 1_000_000},
        {"username": "al\x00ice", "password": "secret"},
        {"username": "alice", "password": "sec\x00ret"},
        {"username": "\ud800", "password": "secret"},
        ["alice", "secret"],
        "alice",
        17,
        None,
    ],
)
def test_malformed_json_bodies_are_400_with_a_message(anon_api, alice, body):
    response = anon_api().post(
        "/api/token/",
        json.dumps(body),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert isinstance(response.json()["detail"], str)
    assert "token" not in response.json()


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        ("{not json", "application/json"),
        (b"\xff\xfe", "application/json"),
        ("username=al%00ice&password=x", "application/x-www-form-urlencoded"),
        ("username=alice", "application/x-www-form-urlencoded"),
        ("&".join(["x=1"] * 2000), "application/x-www-form-urlencoded"),
    ],
)
def test_unreadable_bodies_are_400_with_a_message(
    anon_api, alice, content, content_type
):
    response = anon_api().post("/api/token/", content, content_type=content_type)

    assert response.status_code == 400
    assert isinstance(response.json()["detail"], str)


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/x-www-form-urlencoded"]
)
def test_a_body_over_djangos_size_limit_is_400_with_a_message(
    settings, anon_api, content_type
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = {"username": "alice", "password": "p" * 2000}
    content = (
        json.dumps(body) if content_type == "application/json" else urlencode(body)
    )

    response = anon_api().post("/api/token/", content, content_type=content_type)

    assert response.status_code == 400
    assert response.json() == {"detail": str(exceptions.REQUEST_TOO_LARGE)}


def test_a_body_of_another_type_is_415_with_a_message(anon_api):
    response = anon_api().post(
        "/api/token/", "username=alice", content_type="text/plain"
    )

    assert response.status_code == 415
    assert isinstance(response.json()["detail"], str)


def test_a_form_post_works_like_json(anon_api, alice, password):
    response = anon_api().post(
        "/api/token/", {"username": "alice", "password": password}
    )

    assert response.status_code == 200
