"""The board's controls to resign and to cancel by consent (issue 10)."""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _page(client, match):
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_seated_person_sees_resign_behind_a_confirmation(alice_client, started_match):
    html = _page(alice_client, started_match)

    # A disclosure: no JavaScript needed, and no resignation by one click.
    assert '<details class="resign">' in html
    assert f'action="/matches/{started_match.id}/resign/"' in html
    assert "Yes, resign" in html
    assert "a robot plays your seat to the end and you are ranked last" in html
    assert "Propose to cancel" in html


@pytest.mark.parametrize("viewer", ["carol", None])
def test_spectators_and_guests_see_no_table_controls(
    client_for, started_match, carol, viewer
):
    html = _page(client_for(carol if viewer else None), started_match)

    assert "/resign/" not in html
    assert "/cancel/" not in html


def test_resigning_ends_a_duel_and_says_so(client_for, alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    response = client_for(alice).post(f"/matches/{match.id}/resign/", follow=True)

    html = response.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert "Bob wins." in html
    assert "Alice resigned and is ranked last." in html
    assert "Alice resigned." in html
    assert "Yes, resign" not in html


def test_resigning_alone_says_the_game_won(client_for, alice):
    match = services.match_create(user=alice, game_slug="toy", seats=1)

    response = client_for(alice).post(f"/matches/{match.id}/resign/", follow=True)

    assert "You resigned: the game wins." in response.content.decode()


def test_after_resigning_at_a_bigger_table_the_controls_are_gone(
    client_for, started_match, bob
):
    response = client_for(bob).post(f"/matches/{started_match.id}/resign/")

    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{started_match.id}/",
    )
    html = _page(client_for(bob), started_match)
    assert "Yes, resign" not in html
    # The seat is the robot's for good: no offer to play it again.
    assert f"/matches/{started_match.id}/take-back/" not in html
    assert "Bob resigned." in html
    seat = started_match.seats.get(position=1)
    assert seat.controller == Seat.Controller.STAND_IN


def test_an_htmx_resign_redirects_through_htmx(client_for, started_match, bob):
    response = client_for(bob).post(
        f"/matches/{started_match.id}/resign/", headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/matches/{started_match.id}/"


def test_a_refusal_is_shown_on_the_board(client_for, started_match, carol):
    response = client_for(carol).post(
        f"/matches/{started_match.id}/resign/", follow=True
    )

    assert str(exceptions.NOT_SEATED) in response.content.decode()


def test_the_proposal_shows_who_agreed_and_who_is_awaited(
    client_for, alice, bob, carol
):
    match = services.match_create(user=alice, game_slug="toy", seats=4)
    for user in (bob, carol):
        services.seat_claim(match_id=match.id, user=user)
    services.seat_robot_add(match_id=match.id, user=alice)

    client_for(alice).post(f"/matches/{match.id}/cancel/")

    waiting = "Alice proposed to cancel the match; waiting for Bob, Carol."
    alice_page, bob_page = (
        _page(client_for(alice), match),
        _page(client_for(bob), match),
    )
    assert waiting in alice_page
    assert "Agree to cancel" not in alice_page
    assert waiting in bob_page
    assert "Agree to cancel" in bob_page
    assert "Alice proposes to cancel the match." in bob_page

    client_for(bob).post(f"/matches/{match.id}/cancel/")
    assert "waiting for Carol." in _page(client_for(carol), match)
    client_for(carol).post(f"/matches/{match.id}/cancel/")

    match.refresh_from_db()
    assert match.status == Match.Status.CANCELLED
    assert "The match was cancelled by consent." in _page(client_for(carol), match)


def test_the_actions_take_post_only(alice_client, started_match):
    for action in ("resign", "cancel"):
        response = alice_client.get(f"/matches/{started_match.id}/{action}/")
        assert response.status_code == 405
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.ACTIVE


def test_the_actions_need_a_csrf_token(client_for, alice, started_match):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post(f"/matches/{started_match.id}/resign/")

    assert response.status_code == 403
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.ACTIVE


def test_guests_are_sent_to_log_in(client, started_match):
    response = client.post(f"/matches/{started_match.id}/cancel/")

    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_an_unknown_match_is_404(alice_client):
    assert alice_client.post("/matches/999999/resign/").status_code == 404
