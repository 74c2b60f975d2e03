"""Dice Stars's own settings through the platform's doors (moved from
tests/games/views/test_match_create.py, which runs on the Toy)."""

from __future__ import annotations

import pytest

from games.models import Match

pytestmark = pytest.mark.django_db


def test_a_solo_dice_stars_match_starts_at_once_with_its_grid_size(alice_client):
    response = alice_client.post(
        "/play/dice-stars/new/", {"seats": "1", "option_solo_grid": "25"}
    )

    match = Match.objects.get()
    assert response.status_code == 302
    assert match.options == {"solo_grid": 25}
    # One seat is a full table: the board is there without waiting for anyone.
    assert match.status == Match.Status.ACTIVE
    assert match.state["solo_grid"] == 25
    assert match.state["current"] == 0


@pytest.mark.parametrize("grid", ["9", "61", "x"])
def test_a_solo_grid_size_out_of_range_is_refused(alice_client, grid):
    response = alice_client.post(
        "/play/dice-stars/new/", {"seats": "1", "option_solo_grid": grid}
    )

    assert response.status_code == 400
    assert not Match.objects.exists()
