"""Rat um Rad's board reads a fixed, small number of rows sets, whatever the data.

Moved from tests/games/test_query_counts.py (which holds the bounds on the
Toy): the same bounds for a Rat um Rad on Basel, the heaviest board, and no
query per road built.
"""

from __future__ import annotations

import json

import pytest

from games import consumers, services
from tests.games.helpers import legal_json
from tests.games.test_query_counts import _moves, _person_to_move, _queries

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


def test_the_board_page_reads_a_fixed_number_of_queries(
    client_for, alice, bob, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    client = client_for(alice)
    before = _queries(lambda: client.get(f"/matches/{match.id}/"))
    _moves(match, players, 2)

    # Session, user, match, seats with players, log (moves, table events);
    # the person's turn count (the tab title); the bell's unread count.
    with django_assert_max_num_queries(8):
        client.get(f"/matches/{match.id}/")
    assert _queries(lambda: client.get(f"/matches/{match.id}/")) == before


def test_a_board_move_reads_a_fixed_number_of_queries(
    client_for, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 2)
    seat = _person_to_move(match, players)
    client = client_for(players[seat])
    data = {
        "move": json.dumps(legal_json(match, seat)[0]),
        "expected_version": str(match.version),
    }

    # Session, user, match, seats; the locked write (as for the API); the
    # seats again as the move left them, the new log entries (moves, table
    # events). Timed (Daily, the default): three for the clocks (seats
    # read, changed ones written, the match's deadline); the "your turn"
    # notice of the seat whose turn begins.
    with django_assert_max_num_queries(19):
        response = client.post(
            f"/matches/{match.id}/moves/", data, headers={"HX-Request": "true"}
        )
    assert response.status_code == 200


def test_the_api_match_get_reads_three_queries(
    api_for, alice, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    client = api_for(alice)
    _moves(match, players, 2)

    # Token with its user, match, seats with players: no log, no per-seat query.
    with django_assert_max_num_queries(3):
        response = client.get(f"/api/matches/{match.id}/")
    assert response.status_code == 200


def test_the_api_move_post_reads_a_fixed_number_of_queries(
    api_for, alice, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 2)
    seat = _person_to_move(match, players)
    client = api_for(players[seat])
    body = {"version": match.version, "move": legal_json(match, seat)[0]}

    # Token, match; the locked write (savepoints here, BEGIN/COMMIT in
    # production: lock, seats, state, Move row, up to two to-move updates);
    # the seats with players for the answer. Timed (Daily, the default):
    # three for the clocks (seats read, changed ones written, the deadline);
    # the "your turn" notice of the seat whose turn begins.
    with django_assert_max_num_queries(15):
        response = client.post(f"/api/matches/{match.id}/moves/", body, format="json")
    assert response.status_code == 200, response.content


def test_a_push_render_reads_four_queries(
    match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 3)

    # Match, seats with players, the log since the socket's version (moves,
    # table events).
    for position in (None, 0, 1):
        with django_assert_max_num_queries(4):
            consumers.board_render(match.id, position, True, "en", 1)
