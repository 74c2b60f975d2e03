"""The game services notify persons at their seams (issue 11, "What is notified").

Your turn; 80 % of your time used; you timed out / a robot now plays your
seat; a match you sit in started, finished (with the result), was
cancelled; someone joined your open match; your vacation ends tomorrow.
Robots are never notified, and a notice is written in the transaction of
the change it tells of.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services, tasks
from games.clocks import PRESETS
from games.models import Notification
from games.services.notices import time_warnings_send, vacation_endings_notify
from tests.games.helpers import (
    legal_json,
    live_match,
    play_to_end,
    seats_to_move,
)
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
LIVE = PRESETS["live"]


def _kinds(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user)
        .order_by("created_at", "id")
        .values_list("kind", flat=True)
    )


def test_a_match_that_starts_tells_everyone_whose_turn_it_is(alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    # Alice moves first: she hears "your turn", bob that the match started.
    notice = Notification.objects.get(user=alice)
    assert notice.kind == Kind.YOUR_TURN
    assert notice.match_id == match.id
    assert notice.params["version"] == 0
    assert notice.params["opponents"] == ["Bob"]
    assert _kinds(bob) == [Kind.MATCH_STARTED]


def test_someone_joining_an_open_match_tells_those_seated(alice, bob, carol):
    match = services.match_create(user=alice, game_slug="toy", seats=3)

    services.seat_claim(match_id=match.id, user=bob)

    notice = Notification.objects.get(user=alice)
    assert (notice.kind, notice.params["name"]) == (Kind.PLAYER_JOINED, "Bob")
    assert _kinds(bob) == []


def test_the_player_to_move_next_hears_of_their_turn(alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    toy_position(match, pending=5)
    match.refresh_from_db()
    (mover,) = seats_to_move(match)
    Notification.objects.all().delete()
    users = {0: alice, 1: bob}

    services.move_submit(
        match_id=match.id,
        user=users[mover],
        move_data={"kind": "bank"},
        expected_version=match.version,
    )

    other = users[1 - mover]
    assert _kinds(other) == [Kind.YOUR_TURN]
    assert _kinds(users[mover]) == []


def _turns_unread(user, match):
    return list(
        Notification.objects.filter(
            user=user, match=match, kind=Kind.YOUR_TURN, read_at__isnull=True
        )
    )


def _play(match, users, moves):
    """Let the persons to move play `moves` moves (bank when they may)."""
    for _ in range(moves):
        match.refresh_from_db()
        mover = min(seats_to_move(match))
        services.move_submit(
            match_id=match.id,
            user=users[mover],
            move_data=legal_json(match, mover)[-1],
            expected_version=match.version,
        )


def test_a_live_match_keeps_one_unread_turn_notice_per_person(alice, bob):
    # Issue 21: the bell read "99+" after 25 minutes of live play, a notice
    # per turn. A new turn replaces the unread one.
    users = {0: alice, 1: bob}
    with time_machine.travel(START, tick=False) as traveller:
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        for _ in range(12):
            traveller.shift(timedelta(seconds=20))
            _play(match, users, 1)
        # End on a move that began a turn (a roll continues one): which the
        # 12th is depends on the deal, and the deal on the seeds.
        for _ in range(20):
            if match.moves.order_by("-seq").first().events[0]["kind"] != "rolled":
                break
            traveller.shift(timedelta(seconds=20))
            _play(match, users, 1)

    match.refresh_from_db()
    for person in (alice, bob):
        assert len(_turns_unread(person, match)) == 1
        assert (
            Notification.objects.filter(user=person, kind=Kind.YOUR_TURN).count() == 1
        )
    # The one left tells the latest turn of whoever is to move.
    (mover,) = seats_to_move(match)
    (latest,) = _turns_unread(users[mover], match)
    seat = match.seats.get(position=mover)
    assert latest.params["version"] == seat.to_move_version


def _pass_turns(match, users, turns):
    """Let the person to move end their turn (bank 5 points), `turns` times.

    After two, alice (0) is to move again and bob has had a turn (and its
    notice).
    """
    for _ in range(turns):
        toy_position(match, pending=5)
        match.refresh_from_db()
        (mover,) = seats_to_move(match)
        services.move_submit(
            match_id=match.id,
            user=users[mover],
            move_data={"kind": "bank"},
            expected_version=match.version,
        )
    match.refresh_from_db()


def test_a_new_turn_moves_the_notice_to_the_top_with_its_time_and_text(
    alice, bob, carol
):
    users = {0: alice, 1: bob}
    with time_machine.travel(START, tick=False) as traveller:
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        _pass_turns(match, users, 2)
        (mover,) = seats_to_move(match)
        other = users[1 - mover]
        (before,) = _turns_unread(other, match)
        # Something newer, of another match, on top of the old turn.
        newer = services.match_create(user=carol, game_slug="toy", seats=3)
        traveller.shift(timedelta(minutes=1))
        services.seat_claim(match_id=newer.id, user=other)
        traveller.shift(timedelta(minutes=5))
        _pass_turns(match, users, 1)
        moment = START + timedelta(minutes=6)

    (after,) = _turns_unread(other, match)
    assert after.id == before.id
    assert after.created_at == moment
    assert after.params["version"] > before.params["version"]
    # Newest first: the turn is on top again.
    assert Notification.objects.filter(user=other).first().id == after.id
    # Its e-mail's grace starts anew with the new turn.
    assert after.email_state == Notification.EmailState.PENDING
    assert after.email_due_at > moment


def test_a_turn_notice_read_is_kept_and_the_next_turn_is_a_new_one(alice, bob):
    users = {0: alice, 1: bob}
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    _pass_turns(match, users, 2)
    (mover,) = seats_to_move(match)
    other = users[1 - mover]
    Notification.objects.filter(user=other).update(read_at=START)

    _pass_turns(match, users, 1)

    assert len(_turns_unread(other, match)) == 1
    assert Notification.objects.filter(
        user=other, kind=Kind.YOUR_TURN, read_at=START
    ).exists()


def test_a_new_turn_tells_the_bell_again(
    alice, bob, group_sends, django_capture_on_commit_callbacks
):
    users = {0: alice, 1: bob}
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    _pass_turns(match, users, 2)
    (mover,) = seats_to_move(match)
    other = users[1 - mover]
    group_sends.clear()

    with django_capture_on_commit_callbacks(execute=True):
        _pass_turns(match, users, 1)

    assert (
        f"user-{other.id}",
        {"type": "user.notifications_changed"},
    ) in group_sends


def test_robots_are_never_notified_and_the_result_reaches_every_person(
    started_match, alice, bob
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=3)

    started_match.refresh_from_db()
    finished = Notification.objects.filter(kind=Kind.MATCH_FINISHED)
    assert {n.user_id for n in finished} == {alice.id, bob.id}
    ranks = started_match.outcome["ranks"]
    for notice in finished:
        position = notice.params["seat"]
        assert notice.params["rank"] == ranks[position]
        assert notice.params["winners"]


def test_an_aborted_match_is_cancelled_for_its_persons(started_match, alice, bob):
    services.match_abort(match_id=started_match.id)

    cancelled = Notification.objects.filter(kind=Kind.MATCH_CANCELLED)
    assert {n.user_id for n in cancelled} == {alice.id, bob.id}


def test_a_timeout_tells_the_person_and_the_last_strike_says_the_seat_is_lost(
    alice, bob, monkeypatch
):
    monkeypatch.setattr("games.services.timeouts._timeout_task_enqueue", lambda *a: 0)
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        services.turn_timeout_apply(match_id=match.id, expected_version=0)
        assert Kind.TIMED_OUT in _kinds(alice)
        # Two strikes already: alice's next timeout is her last.
        match.seats.filter(position=0).update(timeouts_in_row=2)
        match.refresh_from_db()
        while 0 not in seats_to_move(match):
            services.move_submit(
                match_id=match.id,
                user=bob,
                move_data=legal_json(match, 1)[-1],
                expected_version=match.version,
            )
            match.refresh_from_db()
        traveller.shift(timedelta(minutes=11))
        services.turn_timeout_apply(match_id=match.id, expected_version=match.version)

    assert _kinds(alice)[-1] == Kind.SEAT_LOST


def test_a_clock_past_80_percent_warns_its_person_once(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        seat = match.seats.get(position=0)
        # 300 s bank: the warning falls due after 240 s.
        assert seat.clock_warn_at == START + timedelta(seconds=240)
        traveller.shift(timedelta(seconds=239))
        assert time_warnings_send() == 0
        traveller.shift(timedelta(seconds=1))
        # Only alice is to move: only her clock runs.
        assert time_warnings_send() == 1
        assert tasks.send_time_warnings() == 0

    notice = Notification.objects.get(user=alice, kind=Kind.TIME_LOW)
    assert notice.params["left"] == 60
    assert notice.params["version"] == 0


def test_a_move_before_80_percent_clears_the_warning(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        toy_position(match, pending=5)
        traveller.shift(timedelta(seconds=100))
        services.move_submit(
            match_id=match.id,
            user=alice,
            move_data={"kind": "bank"},
            expected_version=0,
        )
        # Bob's clock started at 100 s: his warning falls due at 340 s.
        traveller.shift(timedelta(seconds=250))
        time_warnings_send()

    assert not Notification.objects.filter(user=alice, kind=Kind.TIME_LOW).exists()
    assert Notification.objects.filter(user=bob, kind=Kind.TIME_LOW).exists()


def test_a_vacation_ending_tomorrow_is_told_once(alice):
    with time_machine.travel(START, tick=False) as traveller:
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(days=1, hours=23))
        assert vacation_endings_notify() == 0
        traveller.shift(timedelta(hours=2))
        assert vacation_endings_notify() == 1
        assert tasks.notify_vacation_endings() == 0

    assert _kinds(alice) == [Kind.VACATION_ENDING]
