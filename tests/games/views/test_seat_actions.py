from __future__ import annotations

import pytest

from games.models import Match

pytestmark = pytest.mark.django_db


def test_bob_joins_and_is_sent_back_to_the_match(client_for, bob, open_match):
    response = client_for(bob).post(f"/matches/{open_match.id}/join/")

    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{open_match.id}/",
    )
    assert open_match.seats.get(position=1).user == bob


def test_an_htmx_join_redirects_through_htmx(client_for, bob, open_match):
    response = client_for(bob).post(
        f"/matches/{open_match.id}/join/", headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/matches/{open_match.id}/"


def test_joining_twice_shows_the_reason_and_changes_nothing(alice_client, open_match):
    response = alice_client.post(f"/matches/{open_match.id}/join/", follow=True)

    assert response.status_code == 200
    assert "You already have a seat at this match." in response.content.decode()
    assert open_match.seats.filter(user__isnull=False).count() == 1


def test_alice_adds_a_robot_and_the_full_match_starts(
    alice_client, client_for, bob, open_match
):
    client_for(bob).post(f"/matches/{open_match.id}/join/")

    response = alice_client.post(f"/matches/{open_match.id}/robots/", {"robot": ""})

    assert response.status_code == 302
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ACTIVE
    assert open_match.seats.get(position=2).is_robot


def test_carol_without_a_seat_cannot_add_robots(carol_client, open_match):
    response = carol_client.post(f"/matches/{open_match.id}/robots/", follow=True)

    assert response.status_code == 200
    assert "You do not have a seat at this match." in response.content.decode()
    assert not open_match.seats.exclude(robot="").exists()


def test_an_unknown_robot_is_refused(alice_client, open_match):
    alice_client.post(f"/matches/{open_match.id}/robots/", {"robot": "skynet"})

    assert not open_match.seats.exclude(robot="").exists()


def test_leaving_as_the_last_person_aborts_the_match(alice_client, open_match):
    response = alice_client.post(f"/matches/{open_match.id}/leave/")

    assert response.status_code == 302
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ABORTED


@pytest.mark.parametrize("action", ["join", "robots", "leave"])
def test_anonymous_visitors_must_log_in(client, open_match, action):
    response = client.post(f"/matches/{open_match.id}/{action}/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("action", ["join", "robots", "leave"])
def test_an_unknown_match_is_404(alice_client, action):
    assert alice_client.post(f"/matches/987654/{action}/").status_code == 404


@pytest.mark.parametrize("action", ["join", "robots", "leave"])
def test_get_is_not_allowed(alice_client, open_match, action):
    assert alice_client.get(f"/matches/{open_match.id}/{action}/").status_code == 405


def test_the_match_page_offers_each_robot_of_the_game(alice_client, open_match):
    html = alice_client.get(f"/matches/{open_match.id}/").content.decode()

    # The game's default robot is chosen at first (issue 26: "medium" in the
    # four games; the toy game names none, so its first).
    assert '<option value="greedy" selected>Greedy robot</option>' in html
    assert '<option value="timid">Timid robot</option>' in html


def test_alice_chooses_which_robot_takes_the_seat(alice_client, open_match):
    alice_client.post(f"/matches/{open_match.id}/robots/", {"robot": "timid"})

    assert open_match.seats.get(position=1).robot == "timid"
