"""The profile page's vacation section: days left, start and end (issue 10)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.messages import get_messages

from accounts.models import User
from games import services
from games.clocks import DAY

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _days_per_year(settings):
    settings.VACATION_DAYS_PER_YEAR = 21


def _page(client):
    response = client.get("/profile/")
    assert response.status_code == 200
    return response.content.decode()


def _messages(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_page_shows_the_days_left_and_offers_a_week(alice_client):
    with time_machine.travel(START, tick=False):
        html = _page(alice_client)

    assert "21 of 21 days left in 2026." in html
    assert 'action="/profile/vacation/start/"' in html
    assert 'name="days" value="7"' in html
    assert "End my vacation" not in html


def test_with_fewer_days_left_the_form_offers_them_all(alice_client, alice):
    User.objects.filter(id=alice.id).update(
        vacation_used=17 * DAY + DAY // 2, vacation_year=2026
    )

    with time_machine.travel(START, tick=False):
        html = _page(alice_client)

    # Vacation time counts in whole hours (issue 21): 3.5 days are 3 d 12 h.
    assert "3 d 12 h of 21 days left in 2026." in html
    assert 'name="days" value="3"' in html


def test_with_less_than_a_day_left_no_vacation_is_offered(alice_client, alice):
    User.objects.filter(id=alice.id).update(
        vacation_used=20 * DAY + 3600, vacation_year=2026
    )

    with time_machine.travel(START, tick=False):
        html = _page(alice_client)

    assert "You have no whole vacation day left this year." in html
    assert 'action="/profile/vacation/start/"' not in html


def test_starting_a_vacation(alice_client, alice):
    with time_machine.travel(START, tick=False):
        response = alice_client.post("/profile/vacation/start/", {"days": "5"})
        html = _page(alice_client)

    assert (response.status_code, response["Location"]) == (302, "/profile/")
    assert _messages(response) == [
        "Your vacation has started: your clocks stand still until "
        "March 7, 2026, noon UTC."
    ]
    assert User.objects.get(id=alice.id).vacation_until == START + timedelta(days=5)
    assert "You are on vacation until March 7, 2026, noon UTC." in html
    assert 'action="/profile/vacation/end/"' in html
    assert 'action="/profile/vacation/start/"' not in html


def test_the_end_of_the_vacation_is_shown_in_the_viewers_language(alice_client, alice):
    User.objects.filter(id=alice.id).update(language="de")
    with time_machine.travel(START, tick=False):
        services.vacation_start(user=alice, days=5)
        html = _page(alice_client)

    assert "7. März 2026 12:00 UTC" in html


def test_ending_the_vacation_keeps_the_days_not_taken(alice_client, alice):
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=5)
        traveller.shift(timedelta(days=1))
        response = alice_client.post("/profile/vacation/end/")
        html = _page(alice_client)

    assert (response.status_code, response["Location"]) == (302, "/profile/")
    assert _messages(response) == [
        "Your vacation has ended and your clocks run again. The days you did "
        "not take are kept."
    ]
    alice = User.objects.get(id=alice.id)
    assert (alice.vacation_until, alice.vacation_used) == (None, DAY)
    assert "20 of 21 days left in 2026." in html


def test_ending_without_a_vacation_says_so(alice_client):
    response = alice_client.post("/profile/vacation/end/")

    assert response.status_code == 302
    assert _messages(response) == ["You are not on vacation."]


def test_a_refused_vacation_shows_the_page_again_with_the_reason(alice_client, alice):
    with time_machine.travel(START, tick=False):
        response = alice_client.post("/profile/vacation/start/", {"days": "30"})

    assert response.status_code == 400
    assert "You can take 1 to 21 days of vacation." in response.content.decode()
    assert User.objects.get(id=alice.id).vacation_until is None


@pytest.mark.parametrize("days", ["", "x", "0"])
def test_unreadable_days_are_400(alice_client, alice, days):
    response = alice_client.post("/profile/vacation/start/", {"days": days})

    assert response.status_code == 400
    assert 'class="errorlist' in response.content.decode()
    assert User.objects.get(id=alice.id).vacation_until is None


@pytest.mark.parametrize("path", ["/profile/vacation/start/", "/profile/vacation/end/"])
def test_the_vacation_actions_take_post_only(alice_client, path):
    assert alice_client.get(path).status_code == 405


@pytest.mark.parametrize("path", ["/profile/vacation/start/", "/profile/vacation/end/"])
def test_the_vacation_actions_need_a_login(client, path):
    response = client.post(path, {"days": "3"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_starting_needs_the_csrf_token(client_for, alice):
    client = client_for(alice, enforce_csrf_checks=True)

    response = client.post("/profile/vacation/start/", {"days": "3"})

    assert response.status_code == 403
    assert User.objects.get(id=alice.id).vacation_until is None
