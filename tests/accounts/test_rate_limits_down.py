"""With the rate limits' store (Redis) down, the doors refuse clearly, never with 500.

Before, `POST /api/token/`, the log-in and sign-up forms, every anonymous
API request (DRF's throttle) and /ws/play/'s AUTH raised Redis's
ConnectionError: a 500. The cache here points at a closed port.
"""

from __future__ import annotations

import json
import socket

import pytest
from channels.testing import WebsocketCommunicator

from accounts.ratelimits import (
    API_UNAVAILABLE,
    LOG_IN_UNAVAILABLE,
    RETRY_AFTER_SECONDS,
    SIGN_UP_UNAVAILABLE,
)
from config.asgi import application
from games.api.views import TokenView

pytestmark = pytest.mark.django_db

LIMITS = {"login_failed": "10/m/ip,5/5m/key"}


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def redis_down(settings):
    """The production cache (settings.py with REDIS_URL), on a Redis that is down."""
    settings.CACHES = {
        "default": {
            "BACKEND": "accounts.ratelimits.FailClosedRedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
        }
    }
    settings.ACCOUNT_RATE_LIMITS = LIMITS


def test_the_token_endpoint_answers_503_with_retry_after(redis_down, anon_api, eve):
    response = anon_api().post(
        "/api/token/", {"username": eve.username, "password": "x"}, format="json"
    )

    assert response.status_code == 503
    assert response.json() == {"detail": str(LOG_IN_UNAVAILABLE)}
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)


def test_the_token_log_in_fails_closed_behind_its_throttle(
    redis_down, anon_api, eve, password, monkeypatch
):
    # Past DRF's throttle, allauth's log-in limits cannot be counted either:
    # the password is not tried.
    monkeypatch.setattr(TokenView, "throttle_classes", [])
    response = anon_api().post(
        "/api/token/", {"username": eve.username, "password": password}, format="json"
    )

    assert response.status_code == 503
    assert response.json() == {"detail": str(LOG_IN_UNAVAILABLE)}
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)


def test_every_anonymous_api_request_answers_503(redis_down, anon_api):
    response = anon_api().get("/api/games/")

    assert response.status_code == 503
    assert response.json() == {"detail": str(API_UNAVAILABLE)}


def test_the_log_in_form_says_log_in_is_unavailable(redis_down, client, eve, password):
    response = client.post(
        "/accounts/login/", {"login": eve.username, "password": password}
    )

    assert response.status_code == 503
    assert str(LOG_IN_UNAVAILABLE) in response.content.decode()
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "_auth_user_id" not in client.session


def test_the_sign_up_form_answers_503(redis_down, client):
    response = client.post(
        "/accounts/signup/",
        {
            "email": "new@example.com",
            "username": "newcomer",
            "password1": "a long enough secret 42",
            "password2": "a long enough secret 42",
        },
    )

    assert response.status_code == 503
    assert str(SIGN_UP_UNAVAILABLE) in response.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_an_anonymous_play_command_is_answered_unavailable(redis_down):
    socket_ = WebsocketCommunicator(
        application, "/ws/play/", headers=[(b"origin", b"http://testserver")]
    )
    accepted, _ = await socket_.connect()
    assert accepted
    try:
        await socket_.send_to(text_data=json.dumps({"command": "AUTH", "id": 1}))
        answer = json.loads(await socket_.receive_from(timeout=10))
        still_open = await socket_.receive_nothing(timeout=0.1)
    finally:
        await socket_.disconnect()

    assert answer["error"]["code"] == "unavailable"
    assert answer["error"]["message"] == str(LOG_IN_UNAVAILABLE)
    assert still_open
