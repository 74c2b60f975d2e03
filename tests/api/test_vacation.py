"""`/api/me/vacation/`: the caller's vacation, its state, start and stop."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts.models import User
from games import services
from games.clocks import DAY, PRESETS
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

URL = "/api/me/vacation/"
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _days_per_year(settings):
    settings.VACATION_DAYS_PER_YEAR = 21


def test_the_state_of_someone_not_on_vacation(api_for, alice):
    with time_machine.travel(START, tick=False):
        response = api_for(alice).get(URL)

    assert response.status_code == 200
    assert response.json() == {"on_vacation": False, "until": None, "days_left": 21.0}


def test_starting_answers_the_running_vacation(api_for, alice):
    with time_machine.travel(START, tick=False):
        response = api_for(alice).post(
            URL, {"action": "start", "days": 3}, format="json"
        )

    assert response.status_code == 200
    assert response.json() == {
        "on_vacation": True,
        "until": "2026-03-05T12:00:00Z",
        "days_left": 21.0,
    }
    assert User.objects.get(id=alice.id).vacation_until == START + timedelta(days=3)


def test_starting_stops_the_callers_clock(api_for, alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        Match.objects.filter(id=match.id).update(time_control=PRESETS["live"].to_json())
        services.seat_claim(match_id=match.id, user=bob)
        traveller.shift(timedelta(seconds=100))
        api_for(alice).post(URL, {"action": "start", "days": 1}, format="json")

    seat = match.seats.get(user=alice)
    assert (seat.clock_bank, seat.clock_deadline_at) == (200, None)


def test_stopping_keeps_the_days_not_taken(api_for, alice):
    client = api_for(alice)
    with time_machine.travel(START, tick=False) as traveller:
        client.post(URL, {"action": "start", "days": 7}, format="json")
        traveller.shift(timedelta(days=2, hours=12))
        running = client.get(URL).json()
        response = client.post(URL, {"action": "stop"}, format="json")

    assert running["on_vacation"] is True
    assert running["days_left"] == 18.5
    assert response.status_code == 200
    assert response.json() == {"on_vacation": False, "until": None, "days_left": 18.5}


def test_stopping_without_a_vacation_changes_nothing(api_for, alice):
    response = api_for(alice).post(URL, {"action": "stop"}, format="json")

    assert response.status_code == 200
    assert response.json()["on_vacation"] is False


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({}, "action: This field is required."),
        ({"action": "travel"}, 'action: "travel" is not a valid choice.'),
        ({"action": "start"}, "days: This field is required."),
        ({"action": "start", "days": "3"}, "days: A valid integer is required."),
        ({"action": "start", "days": 2.5}, "days: A valid integer is required."),
        (
            {"action": "start", "days": 0},
            "days: Ensure this value is greater than or equal to 1.",
        ),
        ([], "Send a JSON object."),
    ],
)
def test_bad_input_is_400_with_a_detail(api_for, alice, body, detail):
    response = api_for(alice).post(URL, body, format="json")

    assert response.status_code == 400
    assert response.json() == {"detail": detail}
    assert User.objects.get(id=alice.id).vacation_until is None


def test_more_days_than_are_left_are_refused(api_for, alice):
    User.objects.filter(id=alice.id).update(vacation_used=19 * DAY, vacation_year=2026)

    with time_machine.travel(START, tick=False):
        response = api_for(alice).post(
            URL, {"action": "start", "days": 3}, format="json"
        )

    assert response.status_code == 409
    assert response.json() == {"detail": "You can take 1 to 2 days of vacation."}


def test_a_second_vacation_is_refused(api_for, alice):
    client = api_for(alice)
    with time_machine.travel(START, tick=False):
        client.post(URL, {"action": "start", "days": 3}, format="json")
        response = client.post(URL, {"action": "start", "days": 1}, format="json")

    assert response.status_code == 409
    assert response.json() == {
        "detail": "You are already on vacation. End it before you start another."
    }


def test_a_form_body_is_415(api_for, alice):
    response = api_for(alice).post(URL, {"action": "stop"})

    assert response.status_code == 415
    assert "detail" in response.json()


def test_anonymous_callers_are_401(api_for):
    for response in (
        api_for().get(URL),
        api_for().post(URL, {"action": "stop"}, format="json"),
    ):
        assert response.status_code == 401
        assert "detail" in response.json()


def test_a_session_post_without_csrf_token_is_403(client_for, alice):
    client = client_for(alice, enforce_csrf_checks=True)

    response = client.post(
        URL, {"action": "start", "days": 1}, content_type="application/json"
    )

    assert response.status_code == 403
    assert "detail" in response.json()
    assert User.objects.get(id=alice.id).vacation_until is None
