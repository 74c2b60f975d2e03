from __future__ import annotations

import pytest

from games import services
from tests.games.helpers import state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.mark.parametrize("persona", ["alice", "bob", "carol", None])
def test_everyone_may_look_at_a_match(request, client_for, started_match, persona):
    user = request.getfixturevalue(persona) if persona else None

    response = client_for(user).get(f"/matches/{started_match.id}/")

    assert response.status_code == 200
    assert 'id="board"' in response.content.decode()


def test_alice_sees_her_moves_and_her_seat(client_for, alice, started_match):
    html = client_for(alice).get(f"/matches/{started_match.id}/").content.decode()

    # Alice is to move: her legal moves are offered (her hand, in a game
    # with hands: tests/games/race/test_platform_race.py).
    assert "move-form" in html
    assert 'data-move="{&quot;kind&quot;: &quot;roll&quot;}"' in html
    assert "(you)" in html


@pytest.mark.parametrize("persona", ["carol", None])
def test_carol_and_anonymous_visitors_get_the_spectator_view(
    request, client_for, started_match, persona
):
    user = request.getfixturevalue(persona) if persona else None

    response = client_for(user).get(f"/matches/{started_match.id}/")

    board = response.context["board"]
    assert board.seat is None
    assert board.view == started_match.rules.view(state_of(started_match), None)
    assert board.legal_moves == ()
    html = response.content.decode()
    # No move can be offered to a spectator.
    assert "move-form" not in html
    assert "(you)" not in html


def test_anonymous_visitors_are_invited_to_log_in_on_an_open_match(client_for, alice):
    match = services.match_create(user=alice, game_slug="toy", seats=2)

    html = client_for().get(f"/matches/{match.id}/").content.decode()

    assert f"/accounts/login/?next=/matches/{match.id}/" in html


def test_an_htmx_request_gets_only_the_live_part(client_for, alice, started_match):
    response = client_for(alice).get(
        f"/matches/{started_match.id}/", headers={"HX-Request": "true"}
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="board"' in html
    assert 'hx-swap-oob="true"' in html


def test_an_unknown_match_is_404(client_for):
    assert client_for().get("/matches/987654/").status_code == 404


def test_the_static_part_of_the_board_is_rendered_once_outside_the_live_part(
    client_for, alice, started_match
):
    client = client_for(alice)

    page = client.get(f"/matches/{started_match.id}/").content.decode()
    live = client.get(
        f"/matches/{started_match.id}/", headers={"HX-Request": "true"}
    ).content.decode()

    # The Toy's die faces, once, after the live part the socket swaps.
    static = started_match.rules.static_view(started_match.options, 3)
    assert static == {"faces": [1, 2, 3, 4, 5, 6]}
    assert page.count('id="board-static"') == 1
    assert page.index('id="board-static"') > page.index('id="move-log"')
    assert page.count("data-face=") == 6
    # What a move re-renders never carries it.
    assert "board-static" not in live
    assert "data-face" not in live
