from __future__ import annotations

import pytest

from games import services

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get("/play/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_home_sends_players_to_the_lobby_and_shows_guests_the_landing_page(
    client_for, alice
):
    assert client_for().get("/").status_code == 200
    response = client_for(alice).get("/")
    assert (response.status_code, response["Location"]) == (302, "/play/")


def test_lists_the_players_matches_and_the_open_matches(
    alice_client, alice, bob, race_match
):
    open_match = services.match_create(user=bob, game_slug="race", seats=2)

    response = alice_client.get("/play/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="/matches/{race_match.id}/"' in html
    assert f'href="/matches/{open_match.id}/"' in html
    # The create form of every game is there.
    assert 'action="/play/race/new/"' in html


def test_carol_sees_open_matches_but_has_none_of_her_own(carol_client, bob, race_match):
    open_match = services.match_create(user=bob, game_slug="race", seats=2)

    html = carol_client.get("/play/").content.decode()

    assert f'href="/matches/{open_match.id}/"' in html
    # A running match of others is not in the lobby at all.
    assert f'href="/matches/{race_match.id}/"' not in html
