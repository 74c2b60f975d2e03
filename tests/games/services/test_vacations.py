"""Vacations pause a person's clocks in every running match (issue 10).

Each account has VACATION_DAYS_PER_YEAR days per calendar year (UTC); only
the time actually taken is charged, and a vacation across New Year counts
for the year it started. Time is travelled, never slept.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts import exceptions
from accounts.models import User
from games import services
from games.clocks import DAY, PRESETS
from games.tasks import expire_vacations
from tests.games.helpers import legal_json, live_match, seats_to_move
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
LIVE = PRESETS["live"]  # 5 min bank, +30 s, cap 10 min


@pytest.fixture(autouse=True)
def _days_per_year(settings):
    settings.VACATION_DAYS_PER_YEAR = 21


def _clock(match, position):
    seat = match.seats.get(position=position)
    return seat.clock_bank, seat.clock_deadline_at


def _move(match, user, position):
    match.refresh_from_db()
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data=legal_json(match, position)[-1],  # bank when it may
        expected_version=match.version,
    )
    match.refresh_from_db()


def _fresh(user) -> User:
    return User.objects.get(id=user.id)


# Starting and ending: the clocks


def test_starting_stops_the_running_clock_and_keeps_what_was_left(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)

    match.refresh_from_db()
    # alice was to move: her clock stopped with the 240 s it had left, and
    # no clock runs now (another seat's running clock stays the match's
    # deadline: tests/games/race/test_platform_race.py).
    assert _clock(match, 0) == (240, None)
    assert _clock(match, 1) == (300, None)
    assert match.turn_deadline_at is None
    alice = _fresh(alice)
    assert alice.vacation_started_at == START + timedelta(seconds=60)
    assert alice.vacation_until == START + timedelta(days=3, seconds=60)


def test_ending_starts_the_clock_again_from_its_bank(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(hours=5))
        services.vacation_end(user=alice)
        now = START + timedelta(hours=5, seconds=60)

    match.refresh_from_db()
    assert _clock(match, 0) == (240, now + timedelta(seconds=240))
    assert match.turn_deadline_at == now + timedelta(seconds=240)
    alice = _fresh(alice)
    assert (alice.vacation_started_at, alice.vacation_until) == (None, None)
    assert alice.vacation_used == 5 * 3600


def test_the_user_passed_in_is_updated(alice):
    with time_machine.travel(START, tick=False):
        returned = services.vacation_start(user=alice, days=2)

    assert (
        returned.vacation_until == alice.vacation_until == START + 2 * timedelta(days=1)
    )


def test_a_turn_that_starts_during_the_vacation_does_not_start_the_clock(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        toy_position(match, pending=5)
        traveller.shift(timedelta(seconds=10))
        _move(match, alice, 0)  # she banks: 300 - 10 + 30 = 320
        traveller.shift(timedelta(seconds=10))
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(seconds=10))
        toy_position(match, pending=5)
        _move(match, bob, 1)  # he banks: her turn

    match.refresh_from_db()
    # Her turn started (at the version of bob's move) with her clock stopped.
    assert seats_to_move(match) == {0}
    assert match.seats.get(position=0).to_move_version == match.version
    assert _clock(match, 0) == (320, None)
    # No clock runs, so the match has no deadline.
    assert match.turn_deadline_at is None


def test_a_clock_paused_by_another_vacation_stays_stopped(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        services.vacation_start(user=alice, days=3)
        services.vacation_start(user=bob, days=3)
        traveller.shift(timedelta(hours=1))
        services.vacation_end(user=alice)

    match.refresh_from_db()
    # alice's clock runs again; bob is still away.
    assert _clock(match, 0)[1] == START + timedelta(hours=1, seconds=300)
    assert _clock(match, 1) == (300, None)


def test_starting_and_ending_announce_each_running_match_on_commit(
    alice, bob, carol, django_capture_on_commit_callbacks, group_sends
):
    with time_machine.travel(START, tick=False):
        timed = live_match(alice, bob)
        other = services.match_create(user=carol, game_slug="toy", seats=2)
        services.seat_claim(match_id=other.id, user=alice)
        # An open match of alice's has no board to change.
        services.match_create(user=alice, game_slug="toy", seats=2)

        for action in (
            lambda: services.vacation_start(user=alice, days=1),
            lambda: services.vacation_end(user=alice),
        ):
            group_sends.clear()
            with django_capture_on_commit_callbacks(execute=True):
                action()
                assert group_sends == []

            assert group_sends == [
                (
                    f"match-{timed.id}",
                    {
                        "type": "match.changed",
                        "match_id": timed.id,
                        "version": 0,
                        "moved": False,
                    },
                ),
                (
                    f"user-{alice.id}",
                    {"type": "user.matches_changed", "match_id": timed.id},
                ),
                (
                    f"user-{bob.id}",
                    {"type": "user.matches_changed", "match_id": timed.id},
                ),
                (
                    f"match-{other.id}",
                    {
                        "type": "match.changed",
                        "match_id": other.id,
                        "version": 0,
                        "moved": False,
                    },
                ),
                (
                    f"user-{alice.id}",
                    {"type": "user.matches_changed", "match_id": other.id},
                ),
                (
                    f"user-{carol.id}",
                    {"type": "user.matches_changed", "match_id": other.id},
                ),
            ]
            # What goes over the channel layer must survive JSON.
            assert all(json.loads(json.dumps(e)) == e for _g, e in group_sends)


def test_ending_when_not_on_vacation_does_nothing(alice, django_assert_num_queries):
    # Cheap enough to run after every move.
    with django_assert_num_queries(0):
        returned = services.vacation_end(user=alice)

    assert returned is alice
    assert alice.vacation_used == 0


# Days


def test_a_new_account_has_the_full_allowance(alice):
    assert services.vacation_days_left(alice, now=START) == 21
    state = services.vacation_state(user=alice, now=START)
    assert state == services.VacationState(
        on_vacation=False,
        until=None,
        days_left=21,
        hours_left=21 * 24,
        days_per_year=21,
        year=2026,
        days_startable=21,
    )


def test_only_the_time_taken_is_charged_and_the_rest_is_kept(alice):
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=7)
        traveller.shift(timedelta(days=1, hours=2))
        running = services.vacation_state(user=alice)
        services.vacation_end(user=alice)

    alice = _fresh(alice)
    assert alice.vacation_used == DAY + 2 * 3600
    left = services.vacation_days_left(alice, now=START + timedelta(days=2))
    assert left == pytest.approx(21 - 26 / 24)
    state = services.vacation_state(user=alice, now=START + timedelta(days=2))
    # 19.916… days: shown rounded down; only whole days may start.
    assert (state.days_left, state.days_startable) == (19.9, 19)
    # While it ran, the days went down already.
    assert running.on_vacation
    assert running.until == START + timedelta(days=7)
    assert (running.days_left, running.days_startable) == (19.9, 0)


def test_the_vacation_ends_when_its_days_run_out(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        services.vacation_start(user=alice, days=2)
        services.vacation_start(user=bob, days=5)
        traveller.shift(timedelta(days=2, seconds=30))
        ended = expire_vacations()
        again = services.vacations_expire()

    assert (ended, again) == (1, 0)
    alice, bob = _fresh(alice), _fresh(bob)
    assert alice.vacation_until is None
    # The sweep ran 30 s late: those are not charged, but her clock only
    # starts now.
    assert alice.vacation_used == 2 * DAY
    assert _clock(match, 0) == (
        300,
        START + timedelta(days=2, seconds=30 + 300),
    )
    assert bob.vacation_until == START + timedelta(days=5)
    assert _clock(match, 1) == (300, None)


def test_a_new_year_brings_the_full_allowance_again(alice):
    User.objects.filter(id=alice.id).update(vacation_used=20 * DAY, vacation_year=2025)
    alice = _fresh(alice)

    assert services.vacation_days_left(alice, now=START) == 21
    with time_machine.travel(START, tick=False):
        services.vacation_start(user=alice, days=21)

    alice = _fresh(alice)
    assert (alice.vacation_used, alice.vacation_year) == (0, 2026)


def test_a_vacation_across_new_year_counts_for_the_year_it_started(alice):
    eve = datetime(2026, 12, 30, 12, 0, tzinfo=UTC)
    with time_machine.travel(eve, tick=False) as traveller:
        services.vacation_start(user=alice, days=5)
        traveller.shift(timedelta(days=3))
        in_january = services.vacation_days_left(alice, now=eve + timedelta(days=3))
        services.vacation_end(user=alice)

    alice = _fresh(alice)
    assert in_january == 21
    assert (alice.vacation_used, alice.vacation_year) == (3 * DAY, 2026)
    assert services.vacation_days_left(alice, now=eve + timedelta(days=4)) == 21
    assert services.vacation_days_left(alice, now=eve) == 18


def test_a_vacation_that_ran_out_unswept_does_not_block_the_next(alice):
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=1)
        traveller.shift(timedelta(days=1, minutes=1))
        services.vacation_start(user=alice, days=2)

    alice = _fresh(alice)
    assert alice.vacation_used == DAY
    assert alice.vacation_until == START + timedelta(days=3, minutes=1)


# Refusals


def test_refuses_a_second_vacation_while_one_runs(alice):
    with time_machine.travel(START, tick=False):
        services.vacation_start(user=alice, days=2)
        with pytest.raises(exceptions.VacationRefused) as refused:
            services.vacation_start(user=alice, days=1)

    assert refused.value.message == exceptions.ALREADY_ON_VACATION
    assert _fresh(alice).vacation_until == START + timedelta(days=2)


@pytest.mark.parametrize("days", [0, -1, 22])
def test_refuses_days_outside_what_is_left(alice, days):
    with (
        time_machine.travel(START, tick=False),
        pytest.raises(exceptions.VacationRefused) as refused,
    ):
        services.vacation_start(user=alice, days=days)

    assert str(refused.value) == "You can take 1 to 21 days of vacation."
    assert _fresh(alice).vacation_until is None


def test_refuses_more_whole_days_than_are_left(alice):
    User.objects.filter(id=alice.id).update(
        vacation_used=19 * DAY + 1, vacation_year=2026
    )

    with (
        time_machine.travel(START, tick=False),
        pytest.raises(exceptions.VacationRefused) as refused,
    ):
        services.vacation_start(user=_fresh(alice), days=2)

    # 1.99… days left: one whole day may start.
    assert str(refused.value) == "You can take at most 1 day of vacation."


def test_refuses_when_less_than_a_whole_day_is_left(alice):
    User.objects.filter(id=alice.id).update(
        vacation_used=20 * DAY + 3600, vacation_year=2026
    )

    with (
        time_machine.travel(START, tick=False),
        pytest.raises(exceptions.VacationRefused) as refused,
    ):
        services.vacation_start(user=_fresh(alice), days=1)

    assert refused.value.message == exceptions.NO_VACATION_DAYS_LEFT
    assert services.vacation_state(user=_fresh(alice), now=START).days_left == 0.9


def test_moving_ends_the_vacation_and_restarts_the_other_clocks(alice, bob, carol):
    with time_machine.travel(START, tick=False) as traveller:
        first = live_match(alice, bob)
        second = live_match(alice, carol)
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(hours=2))
        alice = _fresh(alice)
        _move(first, alice, 0)

    alice = _fresh(alice)
    assert alice.vacation_until is None
    # Two hours taken, the rest of the days kept.
    assert alice.vacation_used == 2 * 60 * 60
    second.refresh_from_db()
    moved_at = START + timedelta(hours=2)
    assert _clock(second, 0) == (300, moved_at + timedelta(minutes=5))


@pytest.mark.parametrize(
    ("lasted", "charged"),
    [
        (timedelta(seconds=10), 0),
        (timedelta(minutes=59, seconds=59), 0),
        (timedelta(hours=1, minutes=59), 3600),
        (timedelta(days=2, hours=3, minutes=30), 2 * DAY + 3 * 3600),
    ],
)
def test_a_vacation_is_charged_in_whole_hours_rounded_down(alice, lasted, charged):
    # Issue 21: a vacation started and ended after 10 s cost 0.1 day.
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=7)
        traveller.shift(lasted)
        running = services.vacation_state(user=alice)
        services.vacation_end(user=alice)

    assert _fresh(alice).vacation_used == charged
    state = services.vacation_state(user=_fresh(alice), now=START + timedelta(days=3))
    assert state.hours_left == running.hours_left == 21 * 24 - charged // 3600
    if not charged:
        assert state.days_left == 21
