"""The seats' clocks of a timed match follow its turns (issue 10, "Time controls").

A seat's bank runs only while it is to move; several seats to move at once
each run (Race's favourites: tests/games/race/); after a move: bank - time used + increment,
capped; `Match.turn_deadline_at` is the earliest deadline of the seats to
move, written in the move's transaction. Time is travelled, never slept.
Untimed matches run no clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.clocks import PRESETS
from tests.games.helpers import legal_json, live_match, state_of
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
LIVE = PRESETS["live"]  # 5 min bank, +30 s, cap 10 min


def _clocks(match):
    return {
        s.position: (s.clock_bank, s.clock_deadline_at)
        for s in match.seats.order_by("position")
    }


def _move(match, user, seat):
    """Let `seat` end its turn: bank (the position has points pending)."""
    match.refresh_from_db()
    assert {"kind": "bank"} in legal_json(match, seat)
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data={"kind": "bank"},
        expected_version=match.version,
    )
    match.refresh_from_db()


def test_at_the_start_the_seat_to_move_runs_its_clock(alice, bob):
    with time_machine.travel(START, tick=False):
        match = live_match(alice, bob)

    # Alice moves first: her clock runs, bob's waits (seats moving at once
    # each run theirs: tests/games/race/test_platform_race.py).
    deadline = START + timedelta(minutes=5)
    assert _clocks(match) == {0: (300, deadline), 1: (300, None)}
    assert match.turn_deadline_at == deadline


def test_a_move_costs_the_time_used_and_earns_the_increment(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        toy_position(match, pending=5)
        traveller.shift(timedelta(seconds=60))
        _move(match, alice, 0)  # bank: bob's turn

    # alice: 300 - 60 + 30 = 270, and her clock stops; bob's starts.
    clocks = _clocks(match)
    assert clocks[0] == (270, None)
    bobs = START + timedelta(seconds=60 + 300)
    assert clocks[1] == (300, bobs)
    assert match.turn_deadline_at == bobs


def test_the_bank_is_capped(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        # A running clock's deadline is what counts: 590 s left.
        match.seats.filter(position=0).update(
            clock_bank=LIVE.cap - 10,
            clock_deadline_at=START + timedelta(seconds=LIVE.cap - 10),
        )
        toy_position(match, pending=5)
        traveller.shift(timedelta(seconds=1))
        _move(match, alice, 0)

    # 590 - 1 + 30 = 619: held at the cap of 10 minutes.
    assert match.seats.get(position=0).clock_bank == LIVE.cap == 600


def test_the_next_seat_to_move_gets_its_deadline_from_its_bank(alice, bob):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        toy_position(match, current=1, pending=5)
        match.refresh_from_db()
        state = state_of(match)
        mover = next(iter(match.rules.to_move(state)))
        users = {0: alice, 1: bob}
        traveller.shift(timedelta(seconds=100))
        now = START + timedelta(seconds=100)
        _move(match, users[mover], mover)

    other = 1 - mover
    clocks = _clocks(match)
    assert clocks[mover][1] is None
    assert clocks[other][1] == now + timedelta(seconds=clocks[other][0])
    assert match.turn_deadline_at == clocks[other][1]


def test_an_untimed_match_runs_no_clock(alice, bob):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed", private=True
    )
    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)
    match.refresh_from_db()

    assert match.time_control is None
    assert match.turn_deadline_at is None
    assert all(
        bank is None and deadline is None for bank, deadline in _clocks(match).values()
    )


def test_the_end_of_a_match_stops_every_clock(alice, bob):
    with time_machine.travel(START, tick=False):
        match = live_match(alice, bob)
        services.match_abort(match_id=match.id)

    match.refresh_from_db()
    assert match.turn_deadline_at is None
    assert all(deadline is None for _bank, deadline in _clocks(match).values())
