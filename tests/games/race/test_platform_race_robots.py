"""Race's robots: the decided race played out, a robot seated to move, two robots at once.

Moved from platform tests (test_platform_race.py says why they stay with Race).
"""

from __future__ import annotations

import random

import pytest
import time_machine
from django.utils import timezone

from games import services, tasks
from games.models import Match
from games.services.moves import ROBOT_RESUME_AFTER
from tests.games.helpers import legal_json, seats_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def race_open_match(alice):
    """An open 3-seat Race match: alice on seat 0, two seats free."""
    return services.match_create(user=alice, game_slug="race", seats=3)


# ---------------------------------------------------------------------------
# From tests/games/services/test_autoplay.py: Race's own decided race.


def test_the_race_engine_offers_it_once_decided_and_the_robot_finishes(
    make_user, robot_enqueues
):
    # Race rules, decided game: play real random games until alice is
    # offered, accept, and let the system finish her seat.
    rnd = random.Random(3)
    for attempt in range(12):
        alice = make_user(f"auto-alice-{attempt}")
        bob = make_user(f"auto-bob-{attempt}")
        users = {0: alice, 1: bob}
        match = services.match_create(user=alice, game_slug="race", seats=3)
        services.seat_claim(match_id=match.id, user=bob)
        services.seat_robot_add(match_id=match.id, user=alice)
        if _play_until_offered(match, users, rnd):
            break
    else:
        pytest.fail("no deal reached a decided race in 12 attempts")

    # Spielpost rulings, Decided game: the winner is asked first, so a
    # winning bob answers before alice can.
    winners = match.rules.decided_winners(match.game_state())
    if 1 in winners and 0 not in winners:
        services.seat_autoplay_decline(match_id=match.id, user=bob)
    services.seat_autoplay_start(match_id=match.id, user=alice)
    accepted_at = match.version
    _finish_with(match, {1: bob}, rnd)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # From then on, every move of alice's seat was the system's.
    assert all(
        move.by_robot for move in match.moves.filter(seat=0, seq__gt=accepted_at)
    )


def _play_until_offered(match, users, rnd) -> bool:
    """Play random moves until the rules offer alice to finish automatically."""
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return False
        if match.rules.autoplay_offered(match.game_state(), 0):
            return True
        _one_move(match, users, rnd)
    return False


def _finish_with(match, users, rnd):
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        _one_move(match, users, rnd)


def _one_move(match, users, rnd):
    people = [s for s in sorted(seats_to_move(match)) if s in users]
    system = {s.position for s in match.seats.all() if s.played_by_system}
    people = [s for s in people if s not in system]
    if people:
        services.move_submit(
            match_id=match.id,
            user=users[people[0]],
            move_data=rnd.choice(legal_json(match, people[0])),
            expected_version=match.version,
        )
    else:
        assert services.robot_move_play(
            match_id=match.id, expected_version=match.version
        )


# ---------------------------------------------------------------------------
# From tests/games/services/test_seat_robot_add.py: a robot to move at the
# start (every Race seat chooses favourites at once).


def test_filling_the_last_seat_with_a_robot_starts_the_match(
    race_open_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    services.seat_claim(match_id=race_open_match.id, user=bob)

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_robot_add(match_id=race_open_match.id, user=alice)
        # The robot task must not run before the started match is committed.
        assert robot_enqueues == []

    race_open_match.refresh_from_db()
    assert race_open_match.status == Match.Status.ACTIVE
    assert race_open_match.version == 0
    # Race starts with everybody choosing favourites, the robot included,
    # so its turn is enqueued with ids and the version only.
    assert robot_enqueues == [(race_open_match.id, 0)]


# ---------------------------------------------------------------------------
# From tests/games/test_tasks.py: two robots to move at once.


def test_resume_robot_turns_enqueues_a_match_once_for_two_waiting_robots(
    alice, django_capture_on_commit_callbacks, robot_enqueues
):
    match = services.match_create(user=alice, game_slug="race", seats=3)
    services.seat_robot_add(match_id=match.id, user=alice)
    services.seat_robot_add(match_id=match.id, user=alice)
    robot_enqueues.clear()

    # Both robots choose favourites at once and both tasks were lost.
    with (
        time_machine.travel(timezone.now() + ROBOT_RESUME_AFTER, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.resume_robot_turns() == 1

    assert robot_enqueues == [(match.id, 0)]
