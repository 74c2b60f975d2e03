from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_frees_the_seat_and_keeps_the_match_open_while_someone_is_left(
    open_match, alice, bob
):
    services.seat_claim(match_id=open_match.id, user=bob)

    services.seat_leave(match_id=open_match.id, user=bob)

    open_match.refresh_from_db()
    assert open_match.status == Match.Status.OPEN
    assert not open_match.seats.filter(user=bob).exists()
    assert open_match.seats.filter(user=alice).exists()


def test_aborts_the_match_when_nobody_is_left(open_match, alice):
    services.seat_leave(match_id=open_match.id, user=alice)

    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ABORTED
    assert open_match.finished_at is not None


def test_robots_alone_do_not_keep_a_match_alive(open_match, alice):
    services.seat_robot_add(match_id=open_match.id, user=alice)

    services.seat_leave(match_id=open_match.id, user=alice)

    open_match.refresh_from_db()
    assert open_match.status == Match.Status.ABORTED


def test_refuses_a_player_without_a_seat(open_match, carol):
    with pytest.raises(exceptions.NotSeated):
        services.seat_leave(match_id=open_match.id, user=carol)


def test_refuses_to_leave_a_running_match(started_match, bob):
    with pytest.raises(exceptions.SeatUnavailable):
        services.seat_leave(match_id=started_match.id, user=bob)

    assert started_match.seats.filter(user=bob).exists()
