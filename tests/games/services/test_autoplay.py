""" "Finish automatically": once chosen, the system plays the person's turns.

Race rules, "decided game" (rules/race.md, Decided game): each player may
let the system finish; the platform then plays that seat with the default
robot, like a robot seat (games.services._system_seats_to_move).
"""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Match, Move
from tests.games.helpers import legal_json, pick, seats_to_move

pytestmark = pytest.mark.django_db

AUTOPLAY = {"kind": "autoplay"}


def _play_until_alice_may_autoplay(match, users, robot_enqueues) -> bool:
    """Play random moves until alice is offered "finish automatically"."""
    rnd = random.Random(7)
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return False
        movers = sorted(seats_to_move(match))
        humans = [seat for seat in movers if seat in users]
        if not humans:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
            continue
        seat = humans[0]
        moves = legal_json(match, seat)
        if seat == 0 and AUTOPLAY in moves:
            return True
        services.move_submit(
            match_id=match.id,
            user=users[seat],
            move_data=pick(moves, rnd),
            expected_version=match.version,
        )
    return False


def test_finish_automatically_hands_the_seat_to_the_robot(
    make_user, django_capture_on_commit_callbacks, robot_enqueues
):
    # A decided race is not certain in one game: try a few deals.
    for attempt in range(12):
        alice = make_user(f"auto-alice-{attempt}")
        bob = make_user(f"auto-bob-{attempt}")
        match = services.match_create(user=alice, game_slug="race", seats=3)
        services.seat_claim(match_id=match.id, user=bob)
        services.seat_robot_add(match_id=match.id, user=alice)
        if _play_until_alice_may_autoplay(match, {0: alice, 1: bob}, robot_enqueues):
            break
    else:
        pytest.fail("no deal reached a decided race in 12 attempts")

    robot_enqueues.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.move_submit(
            match_id=match.id,
            user=alice,
            move_data=AUTOPLAY,
            expected_version=match.version,
        )

    # Alice keeps her turn, but now the system is asked to play it.
    assert robot_enqueues == [(match.id, match.version)]
    services.robot_move_play(match_id=match.id, expected_version=match.version)
    last = Move.objects.filter(match=match).latest("seq")
    assert last.seat == 0
    assert last.by_robot
