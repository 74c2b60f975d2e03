"""Timeouts (issue 10, "Enforcement"): a seat whose clock ran out is played by the robot.

The sweep finds overdue matches through the deadline index and enqueues
one task per match and version; the task's service plays the seat's turn
with the stand-in through `move_apply`, marks the moves as timeouts and
counts a strike; moving or "I'm back" clears the strikes; the third in a
row hands the seat to the robot for good. Time is travelled, never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import exceptions, services, tasks
from games.clocks import PRESETS, STRIKES_TO_LEAVE
from games.models import LeaveReason, Match, MatchEvent, Seat
from tests.games.helpers import legal_json, live_match, seats_to_move

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
LIVE = PRESETS["live"]  # 5 min bank, +30 s, cap 10 min


@pytest.fixture
def enqueued(monkeypatch):
    """The (match_id, version) of every timeout task enqueued (on commit)."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: calls.append(args),
    )
    return calls


def _sweep_and_apply(enqueued) -> int:
    """Run the sweep, then every task it enqueued; return the tasks run."""
    enqueued.clear()
    services.expire_overdue_turns()
    for match_id, version in list(enqueued):
        services.turn_timeout_apply(match_id=match_id, expected_version=version)
    return len(enqueued)


def _seat(match, position) -> Seat:
    return match.seats.get(position=position)


def test_nothing_is_enqueued_before_the_deadline(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        live_match(alice, bob)
        traveller.shift(timedelta(minutes=4, seconds=59))
        assert services.expire_overdue_turns() == 0
    assert enqueued == []


def test_an_untimed_match_never_times_out(alice, bob, enqueued):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed", private=True
    )
    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)
    later = datetime.now(tz=UTC) + timedelta(days=365)

    assert services.expire_overdue_turns(now=later) == 0
    assert enqueued == []


def test_the_stand_in_plays_the_overdue_seat_and_everyone_sees_it(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        assert _sweep_and_apply(enqueued) == 1

    match.refresh_from_db()
    # Alice's clock ran out: the robot plays her turn until she is no longer
    # to move (several seats at once: tests/games/race/).
    moves = list(match.moves.order_by("seq"))
    assert moves
    assert all((m.seat, m.by_robot, m.by_timeout) == (0, True, True) for m in moves)
    assert 0 not in seats_to_move(match)
    assert _seat(match, 0).timeouts_in_row == 1
    assert _seat(match, 0).controller == Seat.Controller.PERSON
    assert _seat(match, 1).timeouts_in_row == 0
    # Every viewer sees the seat's mark.
    assert "timed out" in _seat_marks_html(match)


def _seat_marks_html(match) -> str:
    from django.template.loader import render_to_string

    from games import selectors

    selectors.seats_load(match)
    context = selectors.board_context(match=match, seat=None)
    return "".join(
        render_to_string("games/_seat_marks.html", {"seat": seat})
        for seat in context.seats
    )


def test_after_a_timeout_the_next_turn_has_the_increment(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        _sweep_and_apply(enqueued)
        now = START + timedelta(minutes=5)

    match.refresh_from_db()
    # Alice: 0 left + 30 s increment, once for the whole timed-out turn.
    assert _seat(match, 0).clock_bank == LIVE.increment
    # Bob's turn: his bank runs.
    assert seats_to_move(match) == {1}
    bobs = _seat(match, 1)
    assert bobs.clock_deadline_at == now + timedelta(seconds=LIVE.bank)
    assert match.turn_deadline_at == bobs.clock_deadline_at


def test_a_sweep_twice_is_one_timeout(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=6))
        services.expire_overdue_turns()
        services.expire_overdue_turns()
        assert enqueued == [(match.id, 0), (match.id, 0)]
        first = services.turn_timeout_apply(match_id=match.id, expected_version=0)
        moves = match.moves.count()
        second = services.turn_timeout_apply(match_id=match.id, expected_version=0)

    assert first is not None
    assert second is None
    assert match.moves.count() == moves
    assert [s.timeouts_in_row for s in match.seats.order_by("position")] == [1, 0]


def test_a_stale_timeout_task_does_nothing(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=6))
        services.expire_overdue_turns()
        # alice moves late but before the task runs: the match moved on.
        services.move_submit(
            match_id=match.id,
            user=alice,
            move_data=legal_json(match, 0)[0],
            expected_version=0,
        )
        assert (
            services.turn_timeout_apply(match_id=match.id, expected_version=0) is None
        )

    match.refresh_from_db()
    assert match.version == 1
    assert not match.moves.filter(by_timeout=True).exists()


def test_a_timeout_for_a_clock_not_yet_run_out_does_nothing(alice, bob):
    with time_machine.travel(START, tick=False):
        match = live_match(alice, bob)
        assert (
            services.turn_timeout_apply(match_id=match.id, expected_version=0) is None
        )
    assert match.moves.count() == 0


def test_moving_takes_the_seat_back(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        # Alice's clock runs out, then bob's: both are marked.
        traveller.shift(timedelta(minutes=5))
        _sweep_and_apply(enqueued)
        traveller.shift(timedelta(minutes=5))
        _sweep_and_apply(enqueued)
        match.refresh_from_db()
        assert seats_to_move(match) == {0}
        assert [s.timeouts_in_row for s in match.seats.order_by("position")] == [1, 1]
        services.move_submit(
            match_id=match.id,
            user=alice,
            move_data=legal_json(match, 0)[0],
            expected_version=match.version,
        )

    assert _seat(match, 0).timeouts_in_row == 0
    back = MatchEvent.objects.get(match=match, kind=MatchEvent.Kind.BACK)
    assert back.seat == 0
    # The other seat did not move: its mark stays.
    assert _seat(match, 1).timeouts_in_row == 1


def test_i_am_back_clears_the_mark_without_moving(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        _sweep_and_apply(enqueued)
        services.seat_back(match_id=match.id, user=alice)

    assert _seat(match, 0).timeouts_in_row == 0
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_back(match_id=match.id, user=alice)
    assert refusal.value.message == exceptions.NOT_TIMED_OUT


def _time_out_until_left(match, alice, bob, enqueued, traveller) -> int:
    """Let bob's clock run out turn after turn while alice moves at once.

    Alice banks as soon as she may (her last legal move).
    """
    for _ in range(STRIKES_TO_LEAVE * 10):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE or _seat(match, 1).left_at:
            break
        (mover,) = seats_to_move(match)
        if mover == 0:
            services.move_submit(
                match_id=match.id,
                user=alice,
                move_data=legal_json(match, 0)[-1],
                expected_version=match.version,
            )
        else:
            traveller.shift(timedelta(minutes=10, seconds=1))
            _sweep_and_apply(enqueued)
    return _seat(match, 1).timeouts_in_row


def test_three_timeouts_in_a_row_hand_the_seat_to_the_robot_for_good(
    alice, bob, enqueued
):
    with time_machine.travel(START, tick=False) as traveller:
        # A long game, so the robot's turns for bob do not end it first.
        match = services.match_create(
            user=alice,
            game_slug="toy",
            seats=2,
            time_control="live",
            options={"target": "long"},
        )
        services.seat_claim(match_id=match.id, user=bob)
        strikes = _time_out_until_left(match, alice, bob, enqueued, traveller)

    seat = _seat(match, 1)
    assert strikes == STRIKES_TO_LEAVE
    assert seat.controller == Seat.Controller.STAND_IN
    assert seat.user == bob
    assert seat.left_reason == LeaveReason.TIMED_OUT
    assert MatchEvent.objects.filter(
        match=match, kind=MatchEvent.Kind.LEFT_AFTER_TIMEOUTS, seat=1
    ).exists()
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_take_back(match_id=match.id, user=bob)
    assert refusal.value.message == exceptions.LEFT_FOR_GOOD
    with pytest.raises(exceptions.NotYourTurn):
        services.move_submit(
            match_id=match.id,
            user=bob,
            move_data={"kind": "roll"},
            expected_version=match.version,
        )


def test_the_timeout_is_scheduled_only_on_commit(
    alice, bob, django_capture_on_commit_callbacks, monkeypatch
):
    delayed = []
    monkeypatch.setattr(
        tasks.apply_turn_timeout, "delay", lambda *args: delayed.append(args)
    )
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        with django_capture_on_commit_callbacks() as callbacks:
            services.expire_overdue_turns()
            assert delayed == []
        for callback in callbacks:
            callback()
    assert delayed == [(match.id, 0)]


def test_the_tasks_delegate_to_the_services(monkeypatch):
    calls = []
    monkeypatch.setattr(
        "games.services.turn_timeout_apply", lambda **kwargs: calls.append(kwargs)
    )
    monkeypatch.setattr("games.services.expire_overdue_turns", lambda: 4)

    tasks.apply_turn_timeout(7, 3)

    assert calls == [{"match_id": 7, "expected_version": 3}]
    assert tasks.expire_overdue_turns() == 4


def test_a_timeout_lost_with_its_worker_is_found_again_by_the_next_sweep(
    alice, bob, enqueued
):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        services.expire_overdue_turns()
        # The worker died before it ran the task: nothing was applied.
        enqueued.clear()
        traveller.shift(timedelta(seconds=30))
        services.expire_overdue_turns()

    assert enqueued == [(match.id, 0)]
