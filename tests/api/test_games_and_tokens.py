from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from games.rules.registry import ROBOTS_BY_SLUG

pytestmark = pytest.mark.django_db


def test_lists_the_games_without_login(api_for):
    response = api_for().get("/api/games/")

    assert response.status_code == 200
    race = next(game for game in response.json() if game["slug"] == "race")
    assert (race["min_seats"], race["max_seats"]) == (2, 4)
    assert race["robots"] == list(ROBOTS_BY_SLUG["race"])
    assert {o["key"] for o in race["options"]} == {"win_bet", "superpowers"}


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

    assert response.status_code == 400
    assert "token" not in response.json()


def test_token_authentication_identifies_the_user(api_for, alice, race_match):
    response = api_for(alice).get(f"/api/matches/{race_match.id}/")

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
def test_match_endpoints_need_authentication(api_for, race_match, method, path):
    response = getattr(api_for(), method)(
        path.format(id=race_match.id), {}, format="json"
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
