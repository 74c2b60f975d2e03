"""Time controls and clocks in the JSON API (issue 10, "Time controls").

POST /api/matches/ takes `time_control` (a preset name or {bank,
increment, cap} in seconds) and `private`; a match body carries the
control, `private`, `paused` and each seat's `clock`. Time is travelled,
never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import exceptions, services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _post(client, **body):
    return client.post(
        "/api/matches/", {"game": "toy", "seats": 2, **body}, format="json"
    )


def test_a_new_match_is_daily_and_public_by_default(api_for, alice):
    body = _post(api_for(alice)).json()

    assert body["time_control"] == {
        "preset": "daily",
        "bank": 86400,
        "increment": 86400,
        "cap": 259200,
    }
    assert (body["private"], body["paused"]) == (False, False)
    # Open: no clock runs yet, each seat will start with the bank.
    assert body["clock"] == [
        {"position": 0, "remaining": 86400, "running": False, "deadline": None},
        {"position": 1, "remaining": 86400, "running": False, "deadline": None},
    ]


def test_a_preset_by_name_and_private(api_for, alice):
    response = _post(api_for(alice), time_control="live", private=True)

    assert response.status_code == 201
    body = response.json()
    assert body["time_control"]["preset"] == "live"
    assert body["private"] is True
    assert Match.objects.get().private


def test_a_custom_control_in_seconds(api_for, alice):
    body = _post(
        api_for(alice), time_control={"bank": 7200, "increment": 1800, "cap": 7200}
    ).json()

    assert body["time_control"] == {
        "preset": "custom",
        "bank": 7200,
        "increment": 1800,
        "cap": 7200,
    }


def test_an_untimed_match_has_no_clock(api_for, alice):
    body = _post(api_for(alice), time_control="untimed", private=True).json()

    assert (body["time_control"], body["clock"]) == (None, None)


@pytest.mark.parametrize(
    "extra",
    [
        {"time_control": "blitz"},
        {"time_control": "custom"},
        {"time_control": 3600},
        {"time_control": ["daily"]},
        {"time_control": {"bank": 3600}},
        {"time_control": {"bank": 10, "increment": 0, "cap": 10}},
        {"time_control": {"bank": "1h", "increment": 0, "cap": 3600}},
        {"private": "yes"},
        {"private": 1},
    ],
)
def test_bad_settings_are_a_400_with_detail(api_for, alice, extra):
    response = _post(api_for(alice), **extra)

    assert response.status_code == 400
    assert set(response.json()) == {"detail"}
    assert response.json()["detail"]
    assert not Match.objects.exists()


def test_an_out_of_bounds_custom_control_says_why(api_for, alice):
    response = _post(
        api_for(alice), time_control={"bank": 30, "increment": 0, "cap": 60}
    )

    assert response.json()["detail"] == (
        "The time bank must be between 1 minute and 30 days."
    )


def test_a_person_cannot_join_a_public_untimed_match(api_for, alice, bob):
    match_id = _post(api_for(alice), time_control="untimed").json()["id"]

    response = api_for(bob).post(f"/api/matches/{match_id}/join/")

    assert response.status_code == 409
    assert response.json()["detail"] == str(exceptions.UNTIMED_ROBOTS_ONLY)


def test_running_clocks_tell_seconds_left_and_the_deadline_in_utc(api_for, alice, bob):
    with time_machine.travel(START, tick=False):
        match = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="live"
        )
        services.seat_claim(match_id=match.id, user=bob)
    with time_machine.travel(START + timedelta(seconds=42), tick=False):
        body = api_for(bob).get(f"/api/matches/{match.id}/").json()

    # Alice's clock runs; bob's waits for his turn with its whole bank.
    assert body["clock"] == [
        {
            "position": 0,
            "remaining": 258,
            "running": True,
            "deadline": "2026-11-23T12:05:00Z",
        },
        {"position": 1, "remaining": 300, "running": False, "deadline": None},
    ]


def test_a_paused_match_says_so(api_for, alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    Match.objects.filter(id=match.id).update(paused_at=START)

    assert api_for(bob).get(f"/api/matches/{match.id}/").json()["paused"] is True


def test_others_private_matches_are_not_listed(api_for, alice, bob, carol):
    private = services.match_create(user=alice, game_slug="toy", seats=2, private=True)
    public = services.match_create(user=alice, game_slug="toy", seats=2)

    carols = {m["id"] for m in api_for(carol).get("/api/matches/").json()}
    alices = {m["id"] for m in api_for(alice).get("/api/matches/").json()}

    assert carols == {public.id}
    assert alices == {public.id, private.id}
    # Seen by its invitation secret only, not by its id.
    assert api_for(carol).get(f"/api/matches/{private.id}/").status_code == 404
    invite = f"/api/matches/{private.id}/?invite={private.invite_secret}"
    assert api_for(carol).get(invite).status_code == 200


def test_the_schema_documents_the_time_control_and_the_clock(api_for):
    schema = (
        api_for()
        .get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
        .json()
    )

    create = schema["components"]["schemas"]["MatchCreateToy"]["properties"]
    assert "in seconds" in create["time_control"]["description"]
    assert create["private"]["type"] == "boolean"
    clock = schema["components"]["schemas"]["Clock"]["properties"]
    assert set(clock) == {"position", "remaining", "running", "deadline"}
    assert "Seconds" in clock["remaining"]["description"]


def test_a_cap_below_the_bank_counts_as_the_bank(api_for, alice):
    # The schema cannot say "cap at least the bank": such a request is valid
    # by it, so it is taken, with the cap raised to the bank (was a 400).
    response = _post(
        api_for(alice), time_control={"bank": 7200, "increment": 0, "cap": 3600}
    )

    assert response.status_code == 201
    assert response.json()["time_control"] == {
        "preset": "custom",
        "bank": 7200,
        "increment": 0,
        "cap": 7200,
    }


@pytest.mark.parametrize("cap", [-77, 0, 59])
def test_a_cap_outside_its_own_bounds_is_refused(api_for, alice, cap):
    # Raising a cap to the bank is for a cap the schema allows; -77 is not.
    response = _post(
        api_for(alice), time_control={"bank": 7200, "increment": 0, "cap": cap}
    )

    assert response.status_code == 400
    assert "most time a seat may hold" in response.json()["detail"]
