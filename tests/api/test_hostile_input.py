"""Small hostile requests to the API: each a 400 or 404 with `detail`, never a 500.

Run on PostgreSQL too (CI's DATABASE_URL): it refuses NUL in strings, so a
NUL that reached a query there was a 500 (on SQLite the filter just matched
nothing).
"""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from games.models import Match, Move
from games.parsers import MAX_DEPTH
from games.rules.registry import game_slugs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

# A thousand levels: past Python's recursion limit, so the parser itself
# raised RecursionError before the depth limit.
DEEP = "[" * 1000 + "]" * 1000


def _post_json(client, path, text):
    return client.post(path, text, content_type="application/json")


def _assert_refused_as_too_deep(response):
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"detail"}
    assert f"more than {MAX_DEPTH} levels" in body["detail"]


@pytest.mark.parametrize(
    "text",
    [
        DEEP,
        '{"game": "toy", "seats": 2, "options": {"x": ' + DEEP + "}}",
        '{"game": "toy", "seats": 2, "options": ' + '{"a": ' * 33 + "1" + "}" * 34,
    ],
)
def test_deeply_nested_json_creating_a_match_is_400(api_for, alice, text):
    client = api_for(alice)
    client.raise_request_exception = True

    response = _post_json(client, "/api/matches/", text)

    _assert_refused_as_too_deep(response)
    assert not Match.objects.exists()


def test_deeply_nested_json_as_a_move_is_400(api_for, alice, started_match):
    client = api_for(alice)
    client.raise_request_exception = True

    response = _post_json(
        client,
        f"/api/matches/{started_match.id}/moves/",
        '{"version": 0, "move": {"kind": ' + DEEP + "}}",
    )

    _assert_refused_as_too_deep(response)
    assert not Move.objects.exists()
    started_match.refresh_from_db()
    assert started_match.version == 0


def test_deeply_nested_json_for_a_token_is_400(api_for, alice, password):
    client = api_for()
    client.raise_request_exception = True

    response = _post_json(
        client,
        "/api/token/",
        json.dumps({"username": "alice", "password": password})[:-1]
        + ', "x": '
        + DEEP
        + "}",
    )

    _assert_refused_as_too_deep(response)
    assert not Token.objects.filter(user=alice).exists()


def test_nesting_up_to_the_limit_is_read(api_for, alice):
    # Options nested exactly MAX_DEPTH levels (with the body): read, and
    # then refused by the game as unknown options, with its reason.
    options = '{"a": ' * (MAX_DEPTH - 1) + "1" + "}" * (MAX_DEPTH - 1)

    response = _post_json(
        api_for(alice),
        "/api/matches/",
        '{"game": "toy", "seats": 2, "options": ' + options + "}",
    )

    assert response.status_code == 400
    assert "levels" not in response.json()["detail"]


def test_brackets_inside_strings_do_not_count(api_for, alice):
    response = _post_json(
        api_for(alice),
        "/api/matches/",
        json.dumps({"game": "toy", "seats": 2, "options": {"[" * 100: "{" * 100}}),
    )

    assert response.status_code == 400
    assert "levels" not in response.json()["detail"]


# ---------------------------------------------------------------------------
# The list's filters


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("status=%00", "status"),
        ("status=open%00", "status"),
        ("game=%00", "game"),
        ("game=toy%00", "game"),
        ("game=chess", "game"),
        ("status=paused", "status"),
        ("mine=%00", "mine"),
        ("mine=maybe", "mine"),
        ("mine=True", "mine"),
    ],
)
def test_a_bad_list_filter_is_400_naming_it(
    api_for, alice, started_match, query, parameter
):
    client = api_for(alice)
    client.raise_request_exception = True

    response = client.get(f"/api/matches/?{query}")

    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"detail"}
    assert body["detail"].startswith(f"{parameter}: ")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", {"running", "open"}),
        ("status=&game=&mine=", {"running", "open"}),
        ("status=active&game=toy", {"running"}),
        ("mine=1", {"running"}),
        ("mine=true", {"running"}),
        ("mine=false", {"running", "open"}),
        # Another registered game: none of its matches exist.
        (f"game={next(slug for slug in game_slugs() if slug != 'toy')}", set()),
    ],
)
def test_the_list_filters_accept_their_documented_values(
    api_for, alice, bob, started_match, query, expected
):
    from games import services

    open_match = services.match_create(user=bob, game_slug="toy", seats=2)
    names = {started_match.id: "running", open_match.id: "open"}

    response = api_for(alice).get(f"/api/matches/?{query}")

    assert response.status_code == 200
    assert {names[m["id"]] for m in response.json()} == expected


# ---------------------------------------------------------------------------
# Unknown paths


@pytest.mark.parametrize(
    "path",
    [
        "/api/",
        "/api/nope/",
        "/api/matches/-1/",
        "/api/matches/x/moves/",
        "/api/a/b/c/",
        "/api/matches/%0A1/",
        "/api/matches/%00/join/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_unknown_path_under_api_is_a_json_404(api_for, alice, path, method):
    client = api_for(alice)
    client.raise_request_exception = True

    response = getattr(client, method)(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"detail"}


def test_a_missing_slash_still_redirects(api_for, alice):
    response = api_for(alice).get("/api/matches")

    assert (response.status_code, response["Location"]) == (301, "/api/matches/")


def test_a_json_body_over_the_upload_limit_is_400(api_for, alice, settings):
    # Django refuses it (DATA_UPLOAD_MAX_MEMORY_SIZE) with an HTML page.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = api_for(alice)
    body = json.dumps({"game": "toy", "seats": 2, "options": {"x": "y" * 2000}})

    response = _post_json(client, "/api/matches/", body)

    assert response.status_code == 400
    assert response.json() == {"detail": "The request is too large."}
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "header", ["Token a\x00b", "Token " + "g" * 40, "Token " + "a" * 400]
)
def test_a_malformed_token_is_401_without_a_lookup(
    client, header, django_assert_num_queries
):
    # A NUL byte reached PostgreSQL in the token lookup: a 500.
    with django_assert_num_queries(0):
        response = client.get("/api/matches/", HTTP_AUTHORIZATION=header)

    assert response.status_code == 401
    assert response.json() == {"detail": "Invalid token."}


def test_a_session_cookie_with_a_nul_byte_is_no_session(client, alice):
    # PostgreSQL refused the NUL in the session lookup: every page was a 500.
    client.cookies["sessionid"] = "aaaaaaaaaa\x00bbb"

    response = client.get("/play/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
