from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match
from games.rules.registry import robots_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_puts_the_default_robot_on_the_first_free_seat(open_match, alice):
    seat = services.seat_robot_add(match_id=open_match.id, user=alice)

    assert seat.position == 1
    assert seat.robot == next(iter(robots_for("toy")))
    assert seat.user is None


def test_puts_a_named_robot(open_match, alice):
    name = list(robots_for("toy"))[-1]

    seat = services.seat_robot_add(match_id=open_match.id, user=alice, robot=name)

    assert seat.robot == name


def test_only_a_seated_player_may_add_robots(open_match, carol):
    # Otherwise anyone could fill (and so start) a stranger's match.
    with pytest.raises(exceptions.NotSeated):
        services.seat_robot_add(match_id=open_match.id, user=carol)

    assert not open_match.seats.exclude(robot="").exists()


def test_refuses_an_unknown_robot(open_match, alice):
    with pytest.raises(exceptions.SeatUnavailable) as refusal:
        services.seat_robot_add(match_id=open_match.id, user=alice, robot="skynet")

    assert refusal.value.message == exceptions.UNKNOWN_ROBOT
    assert not open_match.seats.exclude(robot="").exists()


def test_filling_the_last_seat_with_a_robot_starts_the_match(
    open_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    services.seat_claim(match_id=open_match.id, user=bob)

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_robot_add(match_id=open_match.id, user=alice)

    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ACTIVE
    assert open_match.version == 0
    # Alice (seat 0) moves first in the Toy: no robot turn to enqueue (a
    # robot to move at the start: tests/games/race/test_platform_race.py).
    assert robot_enqueues == []


def test_refuses_when_the_match_is_running(started_match, alice):
    with pytest.raises(exceptions.SeatUnavailable):
        services.seat_robot_add(match_id=started_match.id, user=alice)
