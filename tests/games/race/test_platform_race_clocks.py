"""Race's clocks and turns: every seat choosing at once runs its clock and times out at once.

Moved from platform tests (test_platform_race.py says why they stay with Race).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts.models import User
from games import services
from games.models import Seat
from games.services import turns
from tests.games.helpers import legal_json, seats_to_move

pytestmark = pytest.mark.django_db


START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _clocks(match):
    return {
        s.position: (s.clock_bank, s.clock_deadline_at)
        for s in match.seats.order_by("position")
    }


def race_live_match(first, second):
    """Return a started 2-seat Race, Live time control: `first` on seat 0."""
    match = services.match_create(
        user=first, game_slug="race", seats=2, time_control="live"
    )
    services.seat_claim(match_id=match.id, user=second)
    match.refresh_from_db()
    return match


# ---------------------------------------------------------------------------
# From tests/games/services/test_clocks.py


def test_at_the_start_every_seat_to_move_runs_its_clock(alice, bob):
    with time_machine.travel(START, tick=False):
        match = race_live_match(alice, bob)

    # Race's favourites: both seats choose at once, both clocks run.
    deadline = START + timedelta(minutes=5)
    assert _clocks(match) == {0: (300, deadline), 1: (300, deadline)}
    assert match.turn_deadline_at == deadline


# ---------------------------------------------------------------------------
# From tests/games/services/test_turns.py: turns of seats that move at once.


def _columns(match):
    return {
        seat.position: seat.to_move_version for seat in match.seats.order_by("position")
    }


@pytest.fixture
def turn_starts(monkeypatch):
    """Record each call of the turn-started seam as (match id, seats, version)."""
    calls = []
    real = turns.turns_start

    def spy(match, seats, positions, *, now, writes=None):
        calls.append((match.id, positions, match.version))
        real(match, seats, positions, now=now, writes=writes)

    # to_move_record (games/services/turns.py) calls it there.
    monkeypatch.setattr(turns, "turns_start", spy)
    return calls


def test_a_move_clears_the_mover_and_starts_no_turn_while_others_choose(
    race_match, alice, turn_starts
):
    services.move_submit(
        match_id=race_match.id,
        user=alice,
        move_data=legal_json(race_match, 0)[0],
        expected_version=0,
    )

    assert _columns(race_match) == {0: None, 1: 0, 2: 0}
    assert turn_starts == []


def test_starting_a_race_starts_the_turns_of_every_seat_choosing(
    alice, bob, turn_starts
):
    match = services.match_create(user=alice, game_slug="race", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    # Race rules, Choice of Favorites: every seat chooses at once.
    assert turn_starts == [(match.id, frozenset({0, 1}), 0)]
    assert _columns(match) == {0: 0, 1: 0}
    assert all(seat.to_move_since for seat in match.seats.all())


# ---------------------------------------------------------------------------
# From tests/games/services/test_turn_timeout_apply.py: every seat choosing
# at once times out at once.


def _sweep_and_apply(enqueued) -> int:
    """Run the sweep, then every task it enqueued; return the tasks run."""
    enqueued.clear()
    services.expire_overdue_turns()
    for match_id, version in list(enqueued):
        services.turn_timeout_apply(match_id=match_id, expected_version=version)
    return len(enqueued)


@pytest.fixture
def enqueued(monkeypatch):
    """The (match_id, version) of every timeout task enqueued (on commit)."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: calls.append(args),
    )
    return calls


def test_the_stand_in_plays_every_overdue_seat_choosing_at_once(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(minutes=5))
        assert _sweep_and_apply(enqueued) == 1

    match.refresh_from_db()
    # Race's favourites: both seats chose at once, and both clocks ran out.
    # The robot plays each seat's turn until the seat is no longer to move:
    # a seat whose favourite choice ends the phase plays its first card too.
    moves = list(match.moves.order_by("seq"))
    assert [(m.seat, m.by_robot, m.by_timeout) for m in moves[:2]] == [
        (0, True, True),
        (1, True, True),
    ]
    assert all(m.by_timeout for m in moves)
    assert not set(seats_to_move(match)) & {m.seat for m in moves[2:]}
    for position in (0, 1):
        seat = match.seats.get(position=position)
        assert seat.timeouts_in_row == 1
        assert seat.controller == Seat.Controller.PERSON


# ---------------------------------------------------------------------------
# From tests/games/services/test_vacations.py: a vacation stops one of the
# clocks that run at once.


def _clock(match, position):
    seat = match.seats.get(position=position)
    return seat.clock_bank, seat.clock_deadline_at


def test_starting_stops_the_running_clock_and_keeps_what_was_left(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)

    match.refresh_from_db()
    # Race's favourites: both were to move. alice's clock stopped with the
    # 240 s it had left; bob's runs on and is the match's deadline.
    assert _clock(match, 0) == (240, None)
    assert _clock(match, 1) == (300, START + timedelta(minutes=5))
    assert match.turn_deadline_at == START + timedelta(minutes=5)
    alice = User.objects.get(id=alice.id)
    assert alice.vacation_started_at == START + timedelta(seconds=60)
    assert alice.vacation_until == START + timedelta(days=3, seconds=60)


def test_ending_starts_the_clocks_again_from_their_banks(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = race_live_match(alice, bob)
        traveller.shift(timedelta(seconds=60))
        services.vacation_start(user=alice, days=3)
        traveller.shift(timedelta(hours=5))
        services.vacation_end(user=alice)
        now = START + timedelta(hours=5, seconds=60)

    match.refresh_from_db()
    assert _clock(match, 0) == (240, now + timedelta(seconds=240))
    # bob's clock was never stopped: it ran out long ago and stays the
    # match's deadline.
    assert match.turn_deadline_at == START + timedelta(minutes=5)
    alice = User.objects.get(id=alice.id)
    assert (alice.vacation_started_at, alice.vacation_until) == (None, None)
    assert alice.vacation_used == 5 * 3600
