"""What lists and boards show of the clocks (issue 10, "Time controls").

"My matches" put the matches where it is my turn first, the clock that
runs out soonest first; the board gives each seat its time left, whether
its clock runs, freezes or warns. Time is travelled, never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts.models import User
from games import selectors, services
from games.models import Match, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _started(alice, bob, time_control, **fields):
    """Return a running 2-seat Toy match: alice (0) is to move, her clock runs."""
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control=time_control, **fields
    )
    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)
    match.refresh_from_db()
    return match


def _board(match, user=None):
    match, seat = selectors.match_for_viewer(match_id=match.id, user=user)
    return selectors.board_context(match=match, seat=seat)


def test_my_turns_come_first_the_soonest_deadline_first(alice, bob, carol):
    with time_machine.travel(START, tick=False):
        waiting = services.match_create(user=alice, game_slug="toy", seats=2)
        untimed = _started(alice, bob, "untimed", private=True)
        daily = _started(alice, bob, "daily")
        live = _started(alice, bob, "live")
        fast = _started(alice, bob, "fast")

    with time_machine.travel(START + timedelta(minutes=1), tick=False):
        rows = selectors.matches_for_user(user=alice)

    # Running clocks by deadline; an untimed turn after them; then the rest.
    assert [(m.id, my_turn) for m, my_turn in rows] == [
        (live.id, True),
        (fast.id, True),
        (daily.id, True),
        (untimed.id, True),
        (waiting.id, False),
    ]
    assert rows[0][0].my_deadline == START + timedelta(minutes=5)
    assert rows[3][0].my_deadline is None


def test_a_frozen_clock_sorts_after_the_running_ones(alice, bob):
    with time_machine.travel(START, tick=False):
        frozen = _started(alice, bob, "live")
        Seat.objects.filter(match=frozen, user=alice).update(clock_deadline_at=None)
        daily = _started(alice, bob, "daily")

    rows = selectors.matches_for_user(user=alice)

    assert [m.id for m, _my_turn in rows] == [daily.id, frozen.id]


def test_my_matches_stay_two_queries(alice, bob, django_assert_num_queries):
    for control in ("live", "daily", "untimed"):
        _started(alice, bob, control, private=True)

    with django_assert_num_queries(2):
        rows = selectors.matches_for_user(user=alice)
        for match, _my_turn in rows:
            list(match.seats.all())


def test_a_running_clock_shows_its_time_left_and_deadline(alice, bob):
    with time_machine.travel(START, tick=False):
        match = _started(alice, bob, "live")
    with time_machine.travel(START + timedelta(seconds=100), tick=False):
        board = _board(match, alice)

    seat = board.seats[0]
    assert board.time_control is not None
    assert board.time_control.preset == "live"
    assert (seat.clock_left, seat.clock_running) == (200, True)
    assert seat.clock_deadline == START + timedelta(minutes=5)
    # 20 % of the 300 s the clock started with.
    assert (seat.clock_low, seat.clock_low_below) == (False, 60)
    assert not seat.clock_frozen


def test_a_clock_under_a_fifth_of_its_bank_warns(alice, bob):
    with time_machine.travel(START, tick=False):
        match = _started(alice, bob, "live")
    with time_machine.travel(START + timedelta(seconds=241), tick=False):
        low = _board(match).seats[0]
    with time_machine.travel(START + timedelta(seconds=240), tick=False):
        not_yet = _board(match).seats[0]

    assert (low.clock_left, low.clock_low) == (59, True)
    assert (not_yet.clock_left, not_yet.clock_low) == (60, False)


def test_an_untimed_match_has_no_clock(alice, bob):
    board = _board(_started(alice, bob, "untimed", private=True))

    assert board.time_control is None
    assert all(s.clock_left is None and not s.clock_running for s in board.seats)


def test_an_open_match_shows_the_bank_every_seat_will_get(alice):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="fast"
    )

    seats = _board(match).seats

    assert [(s.clock_left, s.clock_running) for s in seats] == [
        (12 * 3600, False),
        (12 * 3600, False),
    ]


def test_a_vacation_freezes_the_clock_of_a_seat_to_move(alice, bob):
    User.objects.filter(id=alice.id).update(vacation_until=START + timedelta(days=5))
    with time_machine.travel(START, tick=False):
        match = _started(alice, bob, "daily")
        board = _board(match)

    # Alice is to move but away: her clock stands; bob's waits for his turn.
    alice_seat, bob_seat = board.seats
    assert (alice_seat.clock_running, alice_seat.clock_frozen) == (False, True)
    assert alice_seat.clock_left == 24 * 3600
    assert alice_seat.vacation_until == START + timedelta(days=5)
    assert (bob_seat.clock_running, bob_seat.clock_frozen) == (False, False)


def test_a_paused_match_says_so_and_its_clocks_stand(alice, bob):
    with time_machine.travel(START, tick=False):
        match = _started(alice, bob, "daily")
        # As the moderators' pause leaves it: no deadline, banks kept.
        Seat.objects.filter(match=match).update(clock_deadline_at=None)
        Match.objects.filter(id=match.id).update(paused_at=START)
        board = _board(match)

    assert board.paused
    # Alice was to move: her clock stands; no clock runs.
    assert board.seats[0].clock_frozen
    assert not any(s.clock_running for s in board.seats)
