"""Rat um Rad's board reads a fixed, small number of rows sets, whatever the data.

Moved from tests/games/test_query_counts.py (which holds the bounds on the
Toy): the same bounds for a Rat um Rad on Basel, the heaviest board, and no
query per road built.
"""

from __future__ import annotations

import pytest

from games import services
from tests.games.helpers import legal_json

# The platform's bounds, collected again here with this module's
# `match_and_players` (a Rat um Rad): the same claims on the heaviest board.
from tests.games.test_query_counts import (  # noqa: F401
    _moves,
    _queries,
    test_a_board_move_reads_a_fixed_number_of_queries,
    test_a_push_render_reads_four_queries,
    test_the_api_match_get_reads_three_queries,
    test_the_api_move_post_reads_a_fixed_number_of_queries,
    test_the_board_page_reads_a_fixed_number_of_queries,
)

# api_for: the API client by token, from this folder's conftest.py.
pytestmark = [pytest.mark.django_db]


@pytest.fixture
def rat_um_rad_four_seats(alice, bob, robot_enqueues):
    """A Rat um Rad on Basel with alice, bob and two robots (robots never move here).

    Its board is the heaviest: the map drawing, builds grouped by road.
    """
    match = services.match_create(
        user=alice, game_slug="rat-um-rad", seats=4, options={"map": "basel"}
    )
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice, robot="")
    services.seat_robot_add(match_id=match.id, user=alice, robot="")
    match.refresh_from_db()
    return match


@pytest.fixture
def match_and_players(rat_um_rad_four_seats, alice, bob):
    """Rat um Rad with alice, bob and two robots (the platform file's parameter)."""
    return rat_um_rad_four_seats, {0: alice, 1: bob}


def test_a_rat_um_rad_board_reads_no_query_per_road_built(
    client_for, rat_um_rad_four_seats, alice, bob
):
    match, players = rat_um_rad_four_seats, {0: alice, 1: bob}
    _moves(match, players, 2)
    client = client_for(alice)
    before = _queries(lambda: client.get(f"/matches/{match.id}/"))
    # Every seat builds whenever it can: many roads on the map, a long log.
    for _ in range(60):
        match.refresh_from_db()
        state = match.game_state()
        if state.phase == "over":
            break
        seat = min(match.rules.to_move(state))
        moves = legal_json(match, seat)
        builds = [m for m in moves if m["kind"] == "build"]
        if seat in players:
            services.move_submit(
                match_id=match.id,
                user=players[seat],
                move_data=(builds or moves)[0],
                expected_version=match.version,
            )
        else:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
    match.refresh_from_db()
    assert len(match.game_state().built) >= 5

    assert _queries(lambda: client.get(f"/matches/{match.id}/")) == before
