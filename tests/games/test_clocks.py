"""Clock arithmetic of the time controls (issue 10, "Time controls").

Bank - time used + increment, capped; presets as the issue lists them;
custom values within bounds; all in seconds, instants in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games.clocks import (
    DAY,
    DEFAULT_PRESET,
    HOUR,
    MINUTE,
    PRESETS,
    TimeControl,
    TimeControlError,
    bank_after_move,
    deadline_at,
    is_low,
    seconds_left,
    time_control_custom,
)

NOON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("preset", "bank", "increment", "cap"),
    [
        ("fast", 12 * HOUR, 4 * HOUR, 24 * HOUR),
        ("daily", DAY, DAY, 3 * DAY),
        ("relaxed", 3 * DAY, DAY, 7 * DAY),
        ("live", 5 * MINUTE, 30, 10 * MINUTE),
    ],
)
def test_the_presets_are_the_issues(preset, bank, increment, cap):
    control = PRESETS[preset]

    assert (control.bank, control.increment, control.cap) == (bank, increment, cap)
    assert control.timed


def test_daily_is_the_default_and_untimed_runs_no_clock():
    assert DEFAULT_PRESET == "daily"
    assert not PRESETS["untimed"].timed


def test_a_move_costs_the_time_used_and_earns_the_increment():
    daily = PRESETS["daily"]

    # 1 day bank, 5 hours used: 19 h left + 1 day.
    assert bank_after_move(bank=DAY, used=5 * HOUR, control=daily) == DAY + 19 * HOUR


def test_the_bank_never_holds_more_than_the_cap():
    daily = PRESETS["daily"]

    assert bank_after_move(bank=3 * DAY, used=60, control=daily) == 3 * DAY


def test_an_exhausted_bank_does_not_go_negative():
    live = PRESETS["live"]

    assert bank_after_move(bank=5 * MINUTE, used=HOUR, control=live) == 30


def test_a_clock_stepping_back_costs_nothing():
    live = PRESETS["live"]

    assert bank_after_move(bank=100, used=-5, control=live) == 130


def test_the_deadline_and_what_is_left_in_utc():
    deadline = deadline_at(since=NOON, bank=DAY)

    assert deadline == NOON + timedelta(days=1)
    assert seconds_left(deadline=deadline, now=NOON + timedelta(hours=20)) == 4 * HOUR
    assert seconds_left(deadline=deadline, now=deadline + timedelta(seconds=1)) == 0


def test_a_clock_warns_under_a_fifth_of_its_bank():
    assert is_low(left=19, bank=100)
    assert not is_low(left=20, bank=100)
    assert not is_low(left=0, bank=0)  # untimed


@pytest.mark.parametrize(
    ("bank", "increment", "cap", "message"),
    [
        (30, 0, 60, "between 1 minute and 30 days"),
        (31 * DAY, 0, 31 * DAY, "between 1 minute and 30 days"),
        (HOUR, -1, HOUR, "between 0 and 7 days"),
        (HOUR, 8 * DAY, HOUR, "between 0 and 7 days"),
        (HOUR, 0, HOUR - 1, "at least its starting bank"),
        (HOUR, 0, 31 * DAY, "at most 30 days"),
    ],
)
def test_custom_values_outside_the_bounds_are_refused(bank, increment, cap, message):
    with pytest.raises(TimeControlError) as refusal:
        time_control_custom(bank=bank, increment=increment, cap=cap)

    assert message in str(refusal.value.message)


def test_a_custom_control_round_trips_through_json():
    control = time_control_custom(bank=2 * HOUR, increment=HOUR, cap=6 * HOUR)

    assert TimeControl.from_json(control.to_json()) == control
    assert TimeControl.from_json(PRESETS["fast"].to_json()) == PRESETS["fast"]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"preset": "blitz"},
        {"preset": "custom", "bank": "x", "increment": 0, "cap": 60},
        {"preset": "custom", "bank": 10, "increment": 0, "cap": 60},
        # Declared types: no KeyError, TypeError or coercion on the way.
        None,
        [],
        "daily",
        {"preset": 3},
        {"preset": ["daily"]},
        {"preset": "custom"},
        {"preset": "custom", "bank": 3600, "increment": 0},
        {"preset": "custom", "bank": "3600", "increment": 0, "cap": 3600},
        {"preset": "custom", "bank": 3600.0, "increment": 0, "cap": 3600},
        {"preset": "custom", "bank": True, "increment": 0, "cap": 3600},
        {"preset": "custom", "bank": 3600, "increment": 0, "cap": 3600, "x": 1},
    ],
)
def test_a_malformed_stored_control_is_refused(data):
    with pytest.raises(TimeControlError) as refusal:
        TimeControl.from_json(data)

    assert str(refusal.value.message)
