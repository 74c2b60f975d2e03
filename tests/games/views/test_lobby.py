from __future__ import annotations

import pytest

from games import services
from games.rules.registry import game_slugs, rules_for
from tests.games.html_tree import html_tree

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


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
    alice_client, alice, bob, started_match
):
    open_match = services.match_create(user=bob, game_slug="toy", seats=2)

    response = alice_client.get("/play/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="/matches/{started_match.id}/"' in html
    assert f'href="/matches/{open_match.id}/"' in html
    # The create form of every game is there.
    assert 'action="/play/toy/new/"' in html


def test_carol_sees_open_matches_but_has_none_of_her_own(
    carol_client, bob, started_match
):
    open_match = services.match_create(user=bob, game_slug="toy", seats=2)

    html = carol_client.get("/play/").content.decode()

    assert f'href="/matches/{open_match.id}/"' in html
    # A running match of others is not in the lobby at all.
    assert f'href="/matches/{started_match.id}/"' not in html


def _new_match_entries(html):
    return {
        entry.attrs["data-game"]: entry
        for entry in html_tree(html).all("details", cls="create-game")
    }


def test_new_match_lists_each_game_closed_with_its_tagline(alice_client):
    # One game's form at a time: a person picks the game, then its options.
    entries = _new_match_entries(alice_client.get("/play/").content.decode())

    # Every registered game, in the registry's order (the Toy included).
    assert list(entries) == game_slugs()
    assert "toy" in entries
    for slug, entry in entries.items():
        assert "open" not in entry.attrs, slug
        assert entry.attrs["name"] == "new-match"
        summary = entry.all("summary")[0]
        assert summary.one("span", cls="create-game-name").text() == (
            rules_for(slug).info.name
        )
        assert rules_for(slug).info.tagline in summary.text()
        assert entry.one("form", cls="create-form").attrs["data-game"] == slug


def test_a_form_sent_back_with_an_error_is_open(alice_client):
    response = alice_client.post("/play/toy/new/", {"seats": "9"})

    assert response.status_code == 400
    entries = _new_match_entries(response.content.decode())
    assert [slug for slug, e in entries.items() if "open" in e.attrs] == ["toy"]


def test_only_a_game_for_one_seat_says_that_one_seat_is_never_timed(alice_client):
    entries = _new_match_entries(alice_client.get("/play/").content.decode())

    says = {
        slug: "A match for one seat is never timed." in entry.text()
        for slug, entry in entries.items()
    }
    assert says == {slug: rules_for(slug).info.min_seats == 1 for slug in entries}
    # The Toy may be played alone: it says so.
    assert says["toy"]
