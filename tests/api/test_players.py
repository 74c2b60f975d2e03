"""`GET /api/players/{name}/`: a person's public profile (issue 23)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import LeaveReason, Match, Seat
from tests.games.records import match_with, move_at, rated

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def test_the_body_has_the_profile(api_for, alice, bob):
    with time_machine.travel(START, tick=False):
        first = match_with([alice, bob, None], ranks=[1, 2, 3])
        match_with([bob, alice], ranks=[1, 2])
        rated(alice, [(first, 27.0, 8.0)])
        running = match_with([bob, alice], status=Match.Status.ACTIVE)
        move_at(running, 1, seconds=90)
        Seat.objects.filter(match=running, user=alice).update(
            left_at=START, left_reason=LeaveReason.RESIGNED
        )

        response = api_for(bob).get("/api/players/Alice/")

    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "Alice"
    assert body["member_since"] == alice.date_joined.isoformat().replace("+00:00", "Z")
    (toy,) = body["games"]
    assert toy == {
        "game": "toy",
        "name": "Push Your Luck",
        "played": 2,
        "won": 1,
        "rating": {
            "value": 1060,
            "uncertainty": 160,
            "matches": 1,
            "provisional": True,
        },
        "start": 1000,
        "history": [{"match": first.id, "at": "2026-03-01T12:00:00Z", "rating": 1060}],
    }
    assert [m["id"] for m in body["current"]] == [running.id]
    assert body["current"][0]["seats"][1]["name"] == "Alice"
    assert body["current"][0]["finished_at"] is None
    assert len(body["recent"]) == 2
    assert body["reliability"] == {
        "days": 90,
        "median_seconds": 90.0,
        "moves": 1,
        "timeouts": 0,
        "matches_left": 1,
        "left_by_reason": {"resigned": 1},
    }


def test_a_profile_needs_no_token(api_for, alice):
    assert api_for().get("/api/players/Alice/").status_code == 200


def test_private_matches_are_listed_only_to_a_caller_seated_there(
    api_for, alice, bob, carol
):
    private = match_with([alice, bob], status=Match.Status.ACTIVE, private=True)
    ended = match_with([alice, bob], private=True)

    def listed(user):
        body = api_for(user).get("/api/players/Alice/").json()
        return {m["id"] for m in body["current"] + body["recent"]}

    assert listed(bob) == {private.id, ended.id}
    assert listed(carol) == set()
    assert listed(None) == set()


def test_an_unknown_name_is_a_json_404(api_for, alice):
    response = api_for(alice).get("/api/players/Nobody/")

    assert response.status_code == 404
    assert set(response.json()) == {"detail"}


def test_a_deactivated_account_is_a_404(api_for, alice, bob):
    bob.is_active = False
    bob.save()

    assert api_for(alice).get("/api/players/Bob/").status_code == 404


def test_a_name_with_a_slash_is_found(api_for, make_user):
    make_user("slashy", display_name="AC/DC fan")

    response = api_for().get("/api/players/AC/DC%20fan/")

    assert response.status_code == 200
    assert response.json()["name"] == "AC/DC fan"


def test_the_api_reads_as_many_queries_for_one_match_as_for_twenty(api_for, alice, bob):
    client = api_for(bob)

    def count():
        with CaptureQueriesContext(connection) as context:
            assert client.get("/api/players/Alice/").status_code == 200
        return len(context.captured_queries)

    def play():
        move_at(match_with([alice, bob]), 0, seconds=3)
        match_with([alice, bob], status=Match.Status.ACTIVE)

    play()
    one = count()
    for _ in range(20):
        play()

    # Token with its user; the person; record, rating and history per
    # game; the running and recent matches with their seats; reliability.
    assert one == 5
    assert count() == one
