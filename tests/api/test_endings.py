"""POST /api/matches/{id}/resign/ and cancel/ (issue 10)."""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def table_of_four(alice, bob, carol):
    """A running 4-seat Toy match: alice (0), bob (1), carol (2) and a robot (3)."""
    match = services.match_create(user=alice, game_slug="toy", seats=4)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_claim(match_id=match.id, user=carol)
    services.seat_robot_add(match_id=match.id, user=alice)
    return match


def test_resigning_answers_the_match_with_the_seat_left(api_for, started_match, bob):
    response = api_for(bob).post(f"/api/matches/{started_match.id}/resign/")

    assert response.status_code == 200
    body = response.json()
    assert [seat["left"] for seat in body["seats"]] == [None, "resigned", None]
    assert body["seats"][1]["controller"] == "stand_in"
    # The robot plays the seat for good: nothing to take back, no moves.
    assert (body["autoplay"], body["legal_moves"]) == (False, [])
    assert body["status"] == "active"


def test_resigning_a_duel_finishes_it(api_for, alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    body = api_for(bob).post(f"/api/matches/{match.id}/resign/").json()

    assert body["status"] == "finished"
    assert body["outcome"] == {"ranks": [1, 2], "reason": "resigned", "scores": None}


def test_resigning_twice_is_a_409_with_the_reason(api_for, started_match, bob):
    api_for(bob).post(f"/api/matches/{started_match.id}/resign/")

    response = api_for(bob).post(f"/api/matches/{started_match.id}/resign/")

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.LEFT_FOR_GOOD)}


def test_cancel_lists_who_agreed_and_ends_with_the_last(
    api_for, table_of_four, alice, bob, carol
):
    url = f"/api/matches/{table_of_four.id}/cancel/"

    first = api_for(alice).post(url).json()
    second = api_for(carol).post(url).json()
    last = api_for(bob).post(url).json()

    assert (first["cancel_agreed"], first["status"]) == ([0], "active")
    assert second["cancel_agreed"] == [0, 2]
    assert (last["status"], last["outcome"], last["to_move"]) == ("cancelled", None, [])
    assert Match.objects.get(id=table_of_four.id).status == Match.Status.CANCELLED


def test_nobody_agreed_is_an_empty_list(api_for, started_match, alice):
    body = api_for(alice).get(f"/api/matches/{started_match.id}/").json()

    assert body["cancel_agreed"] == []


def test_agreeing_twice_is_a_409_with_the_reason(api_for, table_of_four, alice):
    url = f"/api/matches/{table_of_four.id}/cancel/"
    api_for(alice).post(url)

    response = api_for(alice).post(url)

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.CANCEL_ALREADY_AGREED)}


@pytest.mark.parametrize("action", ["resign", "cancel"])
def test_a_spectator_gets_a_403(api_for, started_match, carol, action):
    response = api_for(carol).post(f"/api/matches/{started_match.id}/{action}/")

    assert response.status_code == 403
    assert response.json() == {"detail": str(exceptions.NOT_SEATED)}


@pytest.mark.parametrize("action", ["resign", "cancel"])
def test_an_open_match_is_a_409(api_for, open_match, alice, action):
    response = api_for(alice).post(f"/api/matches/{open_match.id}/{action}/")

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.MATCH_NOT_ACTIVE)}


@pytest.mark.parametrize("action", ["resign", "cancel"])
def test_an_unknown_match_is_a_404(api_for, alice, action):
    response = api_for(alice).post(f"/api/matches/999999/{action}/")

    assert response.status_code == 404
    assert set(response.json()) == {"detail"}


@pytest.mark.parametrize("action", ["resign", "cancel"])
def test_without_a_token_it_is_a_401(api_for, started_match, action):
    response = api_for().post(f"/api/matches/{started_match.id}/{action}/")

    assert response.status_code == 401
    assert set(response.json()) == {"detail"}
