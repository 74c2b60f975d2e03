"""Choosing a time control when creating a match (issue 10, "Time controls").

Matches of two or more seats are timed, Daily unless asked otherwise; a
solo match never is. A bad preset or custom control creates nothing. An
untimed match has no strangers: private (joined by its link), or public
with robots only; neither is listed in the lobby. Time is travelled,
never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import exceptions, selectors, services
from games.clocks import DAY, HOUR, MINUTE, PRESETS
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_a_match_of_two_or_more_seats_is_daily_by_default(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=3)

    assert match.time_control == PRESETS["daily"].to_json()
    assert match.clock_control() == PRESETS["daily"]
    assert match.private is False


@pytest.mark.parametrize("preset", ["fast", "daily", "relaxed", "live"])
def test_a_preset_is_stored_as_its_json(alice, preset):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control=preset
    )

    match.refresh_from_db()
    assert match.time_control == PRESETS[preset].to_json()


def test_a_solo_match_is_untimed_whatever_is_asked(alice):
    # Nobody waits on a solo match: no clock may time its player out.
    match = services.match_create(
        user=alice, game_slug="toy", seats=1, time_control="live"
    )

    match.refresh_from_db()
    assert match.time_control is None
    assert match.status == Match.Status.ACTIVE
    assert match.turn_deadline_at is None


def test_a_custom_control_is_stored_in_seconds(alice):
    match = services.match_create(
        user=alice,
        game_slug="toy",
        seats=2,
        time_control={"bank": 2 * HOUR, "increment": 30 * MINUTE, "cap": 4 * HOUR},
    )

    match.refresh_from_db()
    assert match.time_control == {
        "preset": "custom",
        "bank": 7200,
        "increment": 1800,
        "cap": 14400,
    }


def test_the_custom_bounds_themselves_are_accepted(alice):
    services.match_create(
        user=alice,
        game_slug="toy",
        seats=2,
        time_control={"bank": MINUTE, "increment": 0, "cap": MINUTE},
    )
    services.match_create(
        user=alice,
        game_slug="toy",
        seats=2,
        time_control={"bank": 30 * DAY, "increment": 7 * DAY, "cap": 30 * DAY},
    )

    assert Match.objects.count() == 2


@pytest.mark.parametrize(
    ("time_control", "message"),
    [
        ("blitz", exceptions.UNKNOWN_TIME_CONTROL),
        ("custom", exceptions.UNKNOWN_TIME_CONTROL),
        ("", exceptions.UNKNOWN_TIME_CONTROL),
        ({"bank": 59, "increment": 0, "cap": 600}, None),
        ({"bank": 31 * DAY, "increment": 0, "cap": 31 * DAY}, None),
        ({"bank": HOUR, "increment": -1, "cap": HOUR}, None),
        ({"bank": HOUR, "increment": 7 * DAY + 1, "cap": HOUR}, None),
        ({"bank": 2 * HOUR, "increment": 0, "cap": HOUR}, None),
        ({"bank": HOUR, "increment": 0, "cap": 30 * DAY + 1}, None),
        ({"bank": HOUR, "increment": 0}, exceptions.CUSTOM_TIME_CONTROL_SHAPE),
        (
            {"bank": HOUR, "increment": 0, "cap": HOUR, "preset": "custom"},
            exceptions.CUSTOM_TIME_CONTROL_SHAPE,
        ),
        (
            {"bank": "3600", "increment": 0, "cap": HOUR},
            exceptions.CUSTOM_TIME_CONTROL_SHAPE,
        ),
        (
            {"bank": HOUR, "increment": True, "cap": HOUR},
            exceptions.CUSTOM_TIME_CONTROL_SHAPE,
        ),
        (
            {"bank": 60.5, "increment": 0, "cap": HOUR},
            exceptions.CUSTOM_TIME_CONTROL_SHAPE,
        ),
        (3600, exceptions.CUSTOM_TIME_CONTROL_SHAPE),
        (["daily"], exceptions.CUSTOM_TIME_CONTROL_SHAPE),
    ],
)
def test_a_bad_time_control_is_refused_and_creates_nothing(
    alice, time_control, message
):
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.match_create(
            user=alice, game_slug="toy", seats=2, time_control=time_control
        )

    # The reason is a sentence for a person, the one the service names.
    assert str(refusal.value.message)
    if message is not None:
        assert refusal.value.message == message
    assert not Match.objects.exists()


def test_a_bad_time_control_is_refused_for_a_solo_match_too(alice):
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_create(
            user=alice, game_slug="toy", seats=1, time_control="blitz"
        )

    assert not Match.objects.exists()


def test_private_must_be_a_flag(alice):
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.match_create(user=alice, game_slug="toy", seats=2, private="yes")

    assert refusal.value.message == exceptions.PRIVATE_NOT_A_FLAG
    assert not Match.objects.exists()


def test_a_timed_match_starts_every_clock_with_the_bank(alice, bob):
    with time_machine.travel(START, tick=False):
        match = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="fast"
        )
        services.seat_claim(match_id=match.id, user=bob)

    match.refresh_from_db()
    # Every seat's bank; alice's clock runs (she moves first).
    assert match.turn_deadline_at == START + timedelta(hours=12)
    assert {s.clock_bank for s in match.seats.all()} == {12 * HOUR}


def test_a_private_untimed_match_takes_people_and_runs_no_clock(alice, bob):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed", private=True
    )

    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)

    match.refresh_from_db()
    assert (match.time_control, match.private) == (None, True)
    assert match.status == Match.Status.ACTIVE
    assert match.turn_deadline_at is None
    assert all(s.clock_deadline_at is None for s in match.seats.all())


def test_a_public_untimed_match_refuses_people(alice, bob):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed"
    )

    with pytest.raises(exceptions.SeatUnavailable) as refusal:
        services.seat_claim(match_id=match.id, user=bob)

    assert refusal.value.message == exceptions.UNTIMED_ROBOTS_ONLY
    assert not match.seats.filter(user=bob).exists()


def test_a_public_untimed_match_takes_robots(alice):
    match = services.match_create(
        user=alice, game_slug="toy", seats=3, time_control="untimed"
    )

    services.seat_robot_add(match_id=match.id, user=alice)
    services.seat_robot_add(match_id=match.id, user=alice)

    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.turn_deadline_at is None


def test_the_creator_of_an_untimed_match_is_told_they_already_sit_there(alice):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed"
    )

    with pytest.raises(exceptions.SeatUnavailable) as refusal:
        services.seat_claim(match_id=match.id, user=alice)

    assert refusal.value.message == exceptions.ALREADY_SEATED


def test_the_lobby_lists_neither_private_nor_untimed_matches(alice):
    listed = services.match_create(user=alice, game_slug="toy", seats=2)
    live = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="live"
    )
    services.match_create(user=alice, game_slug="toy", seats=2, private=True)
    services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed", private=True
    )
    services.match_create(user=alice, game_slug="toy", seats=2, time_control="untimed")

    assert {m.id for m in selectors.open_matches()} == {listed.id, live.id}
    assert {m.id for m in selectors.open_matches(game_slug="toy")} == {
        listed.id,
        live.id,
    }


def test_a_private_match_is_still_joined_by_its_link(alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2, private=True)

    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)

    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    # Private is not untimed: its clocks run like any Daily match's.
    assert match.turn_deadline_at is not None
