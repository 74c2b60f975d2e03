from __future__ import annotations

import pytest

from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_a_valid_form_creates_the_match_and_redirects_to_it(alice_client, alice):
    response = alice_client.post(
        "/play/toy/new/", {"seats": "3", "option_target": "long"}
    )

    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.id}/"
    assert match.options == {"target": "long"}
    assert match.seats.get(position=0).user == alice
    assert match.seats.count() == 3


@pytest.mark.parametrize(
    "data",
    [{}, {"seats": "9"}, {"seats": "0"}, {"seats": "abc"}, {"seats": ""}],
)
def test_an_invalid_form_is_shown_again_with_400(alice_client, data):
    response = alice_client.post("/play/toy/new/", data)

    assert response.status_code == 400
    # The lobby is re-rendered with the form's errors, nothing is created.
    assert 'class="errorlist' in response.content.decode()
    assert not Match.objects.exists()


def test_an_unknown_game_is_404(alice_client):
    assert alice_client.post("/play/chess/new/", {"seats": "2"}).status_code == 404


def test_anonymous_visitors_must_log_in(client):
    response = client.post("/play/toy/new/", {"seats": "2"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Match.objects.exists()


def test_get_is_not_allowed(alice_client):
    assert alice_client.get("/play/toy/new/").status_code == 405


def test_a_solo_match_starts_at_once(alice_client):
    response = alice_client.post(
        "/play/toy/new/", {"seats": "1", "option_target": "short"}
    )

    match = Match.objects.get()
    assert response.status_code == 302
    # One seat is a full table: the board is there without waiting for anyone.
    assert match.status == Match.Status.ACTIVE
    assert match.state is not None
