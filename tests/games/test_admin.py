from __future__ import annotations

import pytest

from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db


def test_the_match_change_page_shows_seats_and_moves_inline(
    admin_client, race_match, alice, bob
):
    play_to_end(race_match, {0: alice, 1: bob}, seed=1)

    response = admin_client.get(f"/admin/games/match/{race_match.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "seats-TOTAL_FORMS" in html
    assert "moves-TOTAL_FORMS" in html
    assert (
        'value="3" name="seats-TOTAL_FORMS"' in html
        or 'name="seats-TOTAL_FORMS" value="3"' in html
    )
    assert "Alice" in html


def test_the_match_list_renders(admin_client, race_match):
    response = admin_client.get("/admin/games/match/")

    assert response.status_code == 200
    assert f"/admin/games/match/{race_match.id}/change/" in response.content.decode()


def test_players_cannot_reach_the_admin(alice_client, race_match):
    response = alice_client.get(f"/admin/games/match/{race_match.id}/change/")

    assert response.status_code == 302
