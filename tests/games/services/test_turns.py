"""The seams every write shares: a match starts, a turn starts, a match ends.

The seats' stored to-move columns follow the rules' `to_move` in the same
transaction as the state, and the two seams (`turns_start`,
`match_finish`) are called exactly where the rules say a turn starts or
the match ends.
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Match
from games.rules.rng import Rng
from games.services import core, matches, seats, turns
from tests.games.helpers import play_to_end
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


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


@pytest.fixture
def finishes(monkeypatch):
    """Record each call of the match-finished seam as (match id, status)."""
    calls = []
    real = core.match_finish

    def spy(match, *, status, outcome=None):
        calls.append((match.id, status))
        real(match, status=status, outcome=outcome)

    # The modules that end matches hold their own reference to the seam.
    for module in (core, matches, seats):
        monkeypatch.setattr(module, "match_finish", spy)
    return calls


def test_starting_a_match_starts_the_turns_of_the_seats_to_move(
    alice, bob, turn_starts
):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    # Alice moves first (seats that move at once: tests/games/race/).
    assert turn_starts == [(match.id, frozenset({0}), 0)]
    assert _columns(match) == {0: 0, 1: None}
    assert [bool(seat.to_move_since) for seat in match.seats.order_by("position")] == [
        True,
        False,
    ]


def test_the_columns_follow_the_rules_through_a_whole_match(
    started_match, alice, bob, monkeypatch
):
    rules = started_match.rules
    checked = 0
    real = core.to_move_record

    def check(match, *, before, after, mover, **kwargs):
        nonlocal checked
        real(match, before=before, after=after, mover=mover, **kwargs)
        if kwargs.get("writes") is not None:
            # A move's writes go out together after this; send them now.
            kwargs["writes"].send()
        stored = {p for p, v in _columns(match).items() if v is not None}
        assert stored == set(rules.to_move(match.game_state()))
        checked += 1

    monkeypatch.setattr(core, "to_move_record", check)
    play_to_end(started_match, {0: alice, 1: bob}, seed=4)

    assert checked == started_match.moves.count() - 1
    # Over: nobody is to move any more.
    assert set(_columns(started_match).values()) == {None}


def test_a_turn_of_several_steps_is_one_turn_with_a_new_decision_each_step(
    started_match, alice, turn_starts
):
    # A Toy turn is several rolls of the same seat (this die shows 5 first).
    toy_position(started_match, rng=Rng(seed=0))

    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data={"kind": "roll"},
        expected_version=0,
    )

    assert turn_starts == []
    # The seat's pending decision is now the one at version 1.
    assert _columns(started_match) == {0: 1, 1: None, 2: None}


def test_a_turn_starts_when_another_seat_becomes_to_move(
    started_match, alice, turn_starts
):
    toy_position(started_match, pending=5)

    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data={"kind": "bank"},
        expected_version=0,
    )

    assert turn_starts == [(started_match.id, frozenset({1}), 1)]
    assert _columns(started_match) == {0: None, 1: 1, 2: None}


def test_the_last_move_finishes_the_match_through_the_seam_once(
    started_match, alice, bob, finishes
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=5)

    started_match.refresh_from_db()
    assert finishes == [(started_match.id, Match.Status.FINISHED)]
    assert started_match.finished_at is not None
    assert started_match.outcome is not None


def test_an_abort_ends_the_match_through_the_same_seam(started_match, finishes):
    services.match_abort(match_id=started_match.id)

    started_match.refresh_from_db()
    assert finishes == [(started_match.id, Match.Status.ABORTED)]
    assert started_match.status == Match.Status.ABORTED
    assert set(_columns(started_match).values()) == {None}
