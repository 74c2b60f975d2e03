from __future__ import annotations

import json

import pytest

from games import exceptions
from games.models import Move
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def _post(client, match, move, version, htmx=True):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"move": json.dumps(move), "expected_version": str(version)},
        headers=HTMX if htmx else {},
    )


def test_an_htmx_move_answers_with_the_new_board(client_for, alice, race_match):
    response = _post(client_for(alice), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 200
    html = response.content.decode()
    # Only the live part, swapped out of band by id.
    assert "<html" not in html
    assert 'id="board"' in html
    assert 'hx-swap-oob="true"' in html
    assert 'data-version="1"' in html
    assert Move.objects.filter(match=race_match, seat=0).count() == 1


def test_a_stale_version_answers_409_with_the_current_board_and_the_reason(
    client_for, alice, bob, race_match
):
    _post(client_for(bob), race_match, legal_json(race_match, 1)[0], 0)

    response = _post(client_for(alice), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 409
    html = response.content.decode()
    assert str(exceptions.STALE_MATCH) in html
    # The current board comes along, so the player can just move again.
    assert 'data-version="1"' in html
    assert not Move.objects.filter(match=race_match, seat=0).exists()


def test_a_move_out_of_turn_answers_403(client_for, alice, race_match):
    client = client_for(alice)
    _post(client, race_match, legal_json(race_match, 0)[0], 0)

    response = _post(
        client, race_match, {"kind": "favourites", "knonsters": ["celya", "elaari"]}, 1
    )

    assert response.status_code == 403
    assert str(exceptions.NOT_YOUR_TURN) in response.content.decode()


def test_carol_without_a_seat_gets_403(client_for, carol, race_match):
    response = _post(client_for(carol), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 403
    assert str(exceptions.NOT_SEATED) in response.content.decode()
    assert not Move.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"move": "{not json", "expected_version": "0"},
        {"move": '{"kind": "play"}', "expected_version": "zero"},
        {"expected_version": "0"},
        {"move": '{"kind": "teleport"}', "expected_version": "0"},
        {"move": "[1, 2]", "expected_version": "0"},
        {"move": '{"kind": "play", "card": "nope"}', "expected_version": "0"},
    ],
)
def test_a_malformed_move_answers_400(client_for, alice, race_match, data):
    response = client_for(alice).post(
        f"/matches/{race_match.id}/moves/", data, headers=HTMX
    )

    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_a_plain_post_redirects_to_the_match(client_for, alice, race_match):
    response = _post(
        client_for(alice), race_match, legal_json(race_match, 0)[0], 0, htmx=False
    )

    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{race_match.id}/",
    )
    assert Move.objects.filter(match=race_match).count() == 1


def test_a_refused_plain_post_redirects_with_the_reason(client_for, carol, race_match):
    response = client_for(carol).post(
        f"/matches/{race_match.id}/moves/",
        {"move": json.dumps(legal_json(race_match, 0)[0]), "expected_version": "0"},
        follow=True,
    )

    assert response.status_code == 200
    assert str(exceptions.NOT_SEATED) in response.content.decode()


def test_anonymous_visitors_must_log_in(client_for, race_match):
    response = _post(client_for(), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Move.objects.exists()


def test_an_unknown_match_is_404(client_for, alice):
    response = client_for(alice).post(
        "/matches/987654/moves/",
        {"move": "{}", "expected_version": "0"},
        headers=HTMX,
    )

    assert response.status_code == 404
