"""The caller's data export and account deletion by the API (issue 24, GDPR).

`GET /api/me/export/` and `DELETE /api/me/` with the password, token auth;
a refusal is `{"detail": ...}` and changes nothing.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from accounts.deletion import WRONG_PASSWORD
from games.models import LeaveReason, Match, Seat

pytestmark = pytest.mark.django_db


def test_the_export_is_the_callers_data(api_for, alice, bob, started_match):
    answer = api_for(alice).get("/api/me/export/")
    assert answer.status_code == 200
    data = answer.json()
    assert data["account"]["email"] == "alice@example.com"
    assert [m["id"] for m in data["matches"]] == [started_match.id]
    assert "bob@example.com" not in json.dumps(data)


def test_the_export_needs_a_token(api_for):
    answer = api_for().get("/api/me/export/")
    assert answer.status_code == 401
    assert "detail" in answer.json()


@pytest.mark.parametrize(
    ("body", "status"),
    [({"password": "wrong"}, 403), ({}, 400), ({"password": ""}, 400), ([], 400)],
)
def test_a_refused_deletion_changes_nothing(
    api_for, alice, started_match, body, status
):
    client = api_for(alice)
    answer = client.delete("/api/me/", body, format="json")
    assert answer.status_code == status
    assert set(answer.json()) == {"detail"}
    if status == 403:
        assert answer.json() == {"detail": str(WRONG_PASSWORD)}
    alice.refresh_from_db()
    assert (alice.deleted_at, alice.is_active) == (None, True)
    assert Token.objects.filter(user=alice).exists()
    assert started_match.seats.get(user=alice).controller == Seat.Controller.PERSON


def test_deletion_needs_a_token(api_for, password):
    answer = api_for().delete("/api/me/", {"password": password}, format="json")
    assert answer.status_code == 401


def test_deleting_revokes_the_token_and_hands_the_seat_over(
    api_for, alice, bob, started_match, password, django_capture_on_commit_callbacks
):
    client = api_for(alice)
    with django_capture_on_commit_callbacks():
        answer = client.delete("/api/me/", {"password": password}, format="json")
    assert answer.status_code == 204
    alice.refresh_from_db()
    assert alice.deleted_at is not None
    assert alice.name == "deleted player"
    assert not Token.objects.filter(user=alice).exists()
    seat = started_match.seats.get(position=0)
    assert (seat.controller, seat.left_reason) == (
        Seat.Controller.STAND_IN,
        LeaveReason.DELETED,
    )
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.ACTIVE
    # The old token opens nothing any more.
    assert client.get("/api/me/export/").status_code == 401
    # A deleted person cannot get a new token with the old password.
    from rest_framework.test import APIClient

    token = APIClient().post(
        "/api/token/", {"username": "alice", "password": password}, format="json"
    )
    assert token.status_code == 401
