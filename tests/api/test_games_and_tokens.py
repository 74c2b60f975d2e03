from __future__ import annotations

import runpy
import uuid
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.throttling import AnonRateThrottle

from accounts.exceptions import WRONG_CREDENTIALS
from games.rules.registry import robots_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_lists_the_games_without_login(api_for):
    response = api_for().get("/api/games/")

    assert response.status_code == 200
    toy = next(game for game in response.json() if game["slug"] == "toy")
    assert (toy["min_seats"], toy["max_seats"]) == (1, 4)
    assert toy["robots"] == list(robots_for("toy")) == ["greedy", "timid"]
    assert {o["key"] for o in toy["options"]} == {"target"}


def test_the_token_endpoint_returns_the_users_token(api_for, alice, password):
    response = api_for().post(
        "/api/token/", {"username": "alice", "password": password}, format="json"
    )

    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=alice).key}


def test_the_token_endpoint_refuses_a_wrong_password(api_for, alice):
    response = api_for().post(
        "/api/token/", {"username": "alice", "password": "wrong"}, format="json"
    )

    assert response.status_code == 401
    assert response.json() == {"detail": str(WRONG_CREDENTIALS)}


def test_token_authentication_identifies_the_user(api_for, alice, started_match):
    response = api_for(alice).get(f"/api/matches/{started_match.id}/")

    assert response.status_code == 200
    assert response.json()["your_seat"] == 0


def test_a_wrong_token_is_401(api_for):
    client = api_for()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    assert client.get("/api/matches/").status_code == 401


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/matches/"),
        ("post", "/api/matches/"),
        ("get", "/api/matches/{id}/"),
        ("post", "/api/matches/{id}/join/"),
        ("post", "/api/matches/{id}/robots/"),
        ("post", "/api/matches/{id}/moves/"),
    ],
)
def test_match_endpoints_need_authentication(api_for, started_match, method, path):
    response = getattr(api_for(), method)(
        path.format(id=started_match.id), {}, format="json"
    )

    assert response.status_code in (401, 403)


def test_the_schema_is_openapi(api_for):
    response = api_for().get(
        "/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
    )

    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/matches/{match_id}/moves/" in schema["paths"]


def test_the_api_docs_page_renders(api_for):
    assert api_for().get("/api/docs/").status_code == 200


# ---------------------------------------------------------------------------
# Client addresses: X-Forwarded-For counts only behind trusted proxies


def _address():
    n = uuid.uuid4().int
    return f"10.{n % 256}.{n // 256 % 256}.{n // 65536 % 256}"


@pytest.fixture
def allowed(monkeypatch):
    """Set the anonymous throttle to a few requests a minute; return how many."""
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "5/minute"})
    return 5


def test_a_forged_forwarded_for_does_not_escape_the_throttle(api_for, allowed):
    client = api_for()

    statuses = [
        client.get("/api/games/", HTTP_X_FORWARDED_FOR=_address()).status_code
        for _ in range(allowed + 1)
    ]

    # A new header per request is still the same connection.
    assert statuses == [200] * allowed + [429]
    assert "detail" in client.get("/api/games/").json()


def test_behind_a_trusted_proxy_each_client_is_counted_on_its_own(
    settings, api_for, allowed
):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = api_for()
    busy, other = _address(), _address()

    # The client forges an entry; the proxy appends the address it saw.
    statuses = [
        proxy.get(
            "/api/games/", HTTP_X_FORWARDED_FOR=f"{_address()}, {busy}"
        ).status_code
        for _ in range(allowed + 1)
    ]
    response = proxy.get("/api/games/", HTTP_X_FORWARDED_FOR=other)

    assert statuses == [200] * allowed + [429]
    assert response.status_code == 200


@pytest.mark.parametrize(("value", "count"), [(None, 0), ("2", 2)])
def test_one_setting_tells_drf_and_allauth_how_many_proxies_to_trust(
    monkeypatch, value, count
):
    if value is None:
        monkeypatch.delenv("TRUSTED_PROXY_COUNT", raising=False)
    else:
        monkeypatch.setenv("TRUSTED_PROXY_COUNT", value)
    path = Path(__file__).resolve().parents[2] / "config" / "settings.py"

    module = runpy.run_path(str(path))

    assert module["REST_FRAMEWORK"]["NUM_PROXIES"] == count
    assert module["ALLAUTH_TRUSTED_PROXY_COUNT"] == count
