"""No POST endpoint answers junk with a 500 (STYLE.md B6: refusals are 4xx)."""

from __future__ import annotations

import pytest

from games import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

JUNK = [
    {},
    {"move": "", "expected_version": ""},
    {"move": "null", "expected_version": "-1"},
    {"move": '"roll"', "expected_version": "0"},
    {"move": "1e999", "expected_version": "1e999"},
    {"move": '{"kind": {"kind": "roll"}}', "expected_version": "0"},
    {"move": '{"kind": "roll", "times": [[], {}]}', "expected_version": "0"},
    {"move": "[" * 500 + "]" * 500, "expected_version": "0"},
    {"move": "x" * 5000, "expected_version": "99999999999999999999999"},
    {"seats": "-1", "robot": "\x00", "option_target": "maybe"},
    {"seats": "2.5", "option_target": "\u2603", "robot": "../../etc"},
    {"seats": ["2", "3"], "robot": ["a", "b"]},
]

ENDPOINTS = [
    "/play/toy/new/",
    "/play/%2e%2e/new/",
    "/matches/{open}/join/",
    "/matches/{open}/robots/",
    "/matches/{open}/leave/",
    "/matches/{running}/join/",
    "/matches/{running}/robots/",
    "/matches/{running}/leave/",
    "/matches/{running}/moves/",
    "/matches/{open}/moves/",
    "/matches/0/moves/",
    "/profile/",
    "/profile/token/",
    "/i18n/setlang/",
]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("htmx", [False, True])
def test_junk_posted_to_any_endpoint_never_causes_a_500(
    client_for, alice, bob, started_match, endpoint, htmx
):
    open_match = services.match_create(user=bob, game_slug="toy", seats=4)
    url = endpoint.format(open=open_match.id, running=started_match.id)
    client = client_for(alice, raise_request_exception=True)
    headers = {"HX-Request": "true"} if htmx else {}

    for data in JUNK:
        response = client.post(url, data, headers=headers)
        assert response.status_code < 500, (url, data, response.status_code)


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe\x00", b"move=%ff%fe&expected_version=%00", b"{}" * 3000],
)
def test_raw_bodies_never_cause_a_500(client_for, alice, started_match, body):
    client = client_for(alice, raise_request_exception=True)

    response = client.post(
        f"/matches/{started_match.id}/moves/",
        body,
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"},
    )

    assert response.status_code < 500
