"""The creator may make a match unrated: the form, the API, the badges (issue 23, Ratings)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.services import api_token_get_or_create
from games import exceptions, services
from games.models import Match
from tests.games.html_tree import html_tree

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def api_for():
    def make(user):
        client = APIClient()
        token = api_token_get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


def _create(client, **data):
    return client.post(
        "/play/toy/new/", {"seats": "2", "option_target": "short", **data}
    )


def test_the_form_offers_rated_checked_and_explains_it(alice_client):
    page = html_tree(alice_client.get("/play/").content.decode())

    boxes = page.all("input", name="rated")  # one create form per game
    assert boxes
    assert all(b.attrs.get("type") == "checkbox" for b in boxes)
    assert all("checked" in b.attrs for b in boxes)
    assert "at least two people" in page.text()


def test_a_checked_box_makes_a_rated_match(alice_client):
    _create(alice_client, rated="on")

    assert Match.objects.get().rated is True


def test_an_unchecked_box_makes_an_unrated_match_shown_as_unrated(
    alice_client, alice, bob
):
    _create(alice_client)

    match = Match.objects.get()
    assert match.rated is False
    lobby = html_tree(alice_client.get("/play/").content.decode())
    # In "my matches" and among the open ones.
    rows = [li for li in lobby.all("li", "match-row") if f"#{match.id}" in li.text()]
    assert rows
    assert all(row.one("span", "unrated").text() == "unrated" for row in rows)


def test_a_rated_match_shows_no_unrated_badge(alice_client):
    _create(alice_client, rated="on")

    match = Match.objects.get()
    lobby = html_tree(alice_client.get("/play/").content.decode())
    assert lobby.all("span", "unrated") == []
    board = html_tree(alice_client.get(f"/matches/{match.id}/").content.decode())
    assert board.all("span", "unrated") == []


def test_the_api_creates_rated_matches_by_default(api_for, alice):
    response = api_for(alice).post(
        "/api/matches/", {"game": "toy", "seats": 2}, format="json"
    )

    assert response.status_code == 201
    assert Match.objects.get().rated is True


def test_the_api_creates_an_unrated_match_on_request(api_for, alice):
    response = api_for(alice).post(
        "/api/matches/", {"game": "toy", "seats": 2, "rated": False}, format="json"
    )

    assert response.status_code == 201
    assert Match.objects.get().rated is False


def test_the_api_refuses_a_rated_that_is_no_flag(api_for, alice):
    response = api_for(alice).post(
        "/api/matches/", {"game": "toy", "seats": 2, "rated": "yes"}, format="json"
    )

    assert response.status_code == 400
    assert not Match.objects.exists()


def test_the_service_refuses_a_rated_that_is_no_flag(alice):
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_create(user=alice, game_slug="toy", seats=2, rated=1)
