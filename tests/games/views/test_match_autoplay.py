"""The board's "finish automatically" offer: yes, "no, I'll play on", later.

Spielpost rulings, Decided game: the winner is asked first (and told so),
the others once the winner has answered; a "no" leaves a small button.
"""

from __future__ import annotations

import pytest

from games import exceptions
from tests.games.toy import toy_decided

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

WINNER_TEXT = "This match is decided and you win."
OTHERS_TEXT = "The rules let Spielpost finish this match for you"
NO = "No, I'll play on"


@pytest.fixture
def bob_wins(started_match, monkeypatch):
    """The match is decided (the rules say so): bob (1) wins, alice (0) is to move."""
    toy_decided(monkeypatch, frozenset({1}))
    return started_match


def _page(client, match):
    return client.get(f"/matches/{match.id}/").content.decode()


def test_the_winner_is_asked_and_told_they_win(client_for, bob, bob_wins):
    html = _page(client_for(bob), bob_wins)

    assert WINNER_TEXT in html
    assert f'action="/matches/{bob_wins.id}/autoplay/"' in html
    assert f'action="/matches/{bob_wins.id}/autoplay/decline/"' in html
    assert NO in html


def test_the_others_are_not_asked_before_the_winner(client_for, alice, carol, bob_wins):
    for user in (alice, carol):
        html = _page(client_for(user), bob_wins)
        assert "autoplay" not in html


def test_declining_leaves_a_small_button_and_asks_the_others(
    client_for, alice, bob, bob_wins
):
    response = client_for(bob).post(f"/matches/{bob_wins.id}/autoplay/decline/")

    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{bob_wins.id}/",
    )
    assert bob_wins.seats.get(position=1).autoplay_declined_at is not None
    bobs = _page(client_for(bob), bob_wins)
    assert NO not in bobs
    assert WINNER_TEXT not in bobs
    # Bob may still change his mind.
    assert 'class="seat-control autoplay-later"' in bobs
    assert f'action="/matches/{bob_wins.id}/autoplay/"' in bobs
    alices = _page(client_for(alice), bob_wins)
    assert OTHERS_TEXT in alices
    assert WINNER_TEXT not in alices
    assert NO in alices


def test_an_htmx_decline_redirects_through_htmx(client_for, bob, bob_wins):
    response = client_for(bob).post(
        f"/matches/{bob_wins.id}/autoplay/decline/", headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/matches/{bob_wins.id}/"


def test_declining_before_the_winner_shows_the_reason(client_for, alice, bob_wins):
    response = client_for(alice).post(
        f"/matches/{bob_wins.id}/autoplay/decline/", follow=True
    )

    assert response.status_code == 200
    assert str(exceptions.AUTOPLAY_NOT_YET) in response.content.decode()
    assert bob_wins.seats.get(position=0).autoplay_declined_at is None


def test_a_spectator_cannot_decline(carol_client, bob_wins):
    response = carol_client.post(
        f"/matches/{bob_wins.id}/autoplay/decline/", follow=True
    )

    assert "You do not have a seat at this match." in response.content.decode()


def test_anonymous_visitors_must_log_in(client, bob_wins):
    response = client.post(f"/matches/{bob_wins.id}/autoplay/decline/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_an_unknown_match_is_404(alice_client):
    assert alice_client.post("/matches/987654/autoplay/decline/").status_code == 404


def test_get_is_not_allowed(client_for, bob, bob_wins):
    response = client_for(bob).get(f"/matches/{bob_wins.id}/autoplay/decline/")

    assert response.status_code == 405
