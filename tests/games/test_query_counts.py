"""Hot requests read a fixed number of rows sets, whatever the data.

Each count is the exact number of queries today: a change that adds one
must change the number here, on purpose.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


def _queries(call):
    with CaptureQueriesContext(connection) as context:
        call()
    return len(context.captured_queries)


def _matches_for(alice, bob, count):
    for _ in range(count):
        match = services.match_create(user=alice, game_slug="race", seats=2)
        services.seat_claim(match_id=match.id, user=bob)


def test_the_lobby_reads_my_matches_in_constant_queries(alice_client, alice, bob):
    _matches_for(alice, bob, 2)
    few = _queries(lambda: alice_client.get("/play/"))
    _matches_for(alice, bob, 12)
    many = _queries(lambda: alice_client.get("/play/"))

    assert few == many


def test_the_robot_sweep_is_one_query_whatever_the_number_of_matches(
    alice, bob, robot_enqueues
):
    _matches_for(alice, bob, 3)

    # One select over the overdue robot seats; nothing per match.
    assert _queries(services.robot_turns_resume) == 1


def test_a_move_costs_a_fixed_number_of_queries(race_match, alice):
    move = legal_json(race_match, 0)[0]

    count = _queries(
        lambda: services.move_submit(
            match_id=race_match.id, user=alice, move_data=move, expected_version=0
        )
    )

    # Lock, seats, save, Move row, to-move columns (mover cleared), plus
    # the savepoint pair of the atomic block in a test transaction.
    assert count == 7


def test_the_board_page_reads_a_fixed_number_of_queries(
    client_for, alice, bob, race_match
):
    client = client_for(alice)
    before = _queries(lambda: client.get(f"/matches/{race_match.id}/"))
    for position, user in ((0, alice), (1, bob)):
        race_match.refresh_from_db()
        services.move_submit(
            match_id=race_match.id,
            user=user,
            move_data=legal_json(race_match, position)[0],
            expected_version=race_match.version,
        )

    after = _queries(lambda: client.get(f"/matches/{race_match.id}/"))

    # More moves in the log, not more queries.
    assert after == before
