from __future__ import annotations

import json

import pytest

from games import exceptions, services
from games.models import Match, Move
from games.rules import IllegalMove
from games.rules.rng import Rng
from games.text import message_text
from tests.games.helpers import (
    legal_json,
    play_to_end,
    seats_to_move,
    state_of,
)
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _submit(match, user, move, version=None):
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version if version is None else version,
    )


def test_applies_the_move_bumps_the_version_and_logs_it(started_match, alice):
    move = legal_json(started_match, 0)[0]
    expected_state, expected_events = started_match.rules.apply(
        state_of(started_match), 0, started_match.rules.move_from_json(move)
    )

    match = _submit(started_match, alice, move)

    match.refresh_from_db()
    assert match.version == 1
    # The stored state is exactly what the engine computed.
    assert match.rules.state_from_json(match.state) == expected_state
    row = Move.objects.get(match=match)
    assert (row.seq, row.seat, row.payload, row.by_robot) == (1, 0, move, False)
    assert row.events == [event.to_json() for event in expected_events]
    assert row.events


def test_announces_the_new_version_only_on_commit_with_ids_only(
    started_match, alice, bob, django_capture_on_commit_callbacks, group_sends
):
    toy_position(started_match, pending=5)
    with django_capture_on_commit_callbacks(execute=True):
        _submit(started_match, alice, {"kind": "bank"})
        assert group_sends == []

    assert group_sends == [
        (
            f"match-{started_match.id}",
            {
                "type": "match.changed",
                "match_id": started_match.id,
                "version": 1,
                "moved": True,
            },
        ),
        # alice banked: bob's turn now, and he is told so (a notice), and
        # their lobby's lists and tab titles follow; not their programs'
        # sockets (no "programs-" group), which watch the match itself.
        (f"user-{bob.id}", {"type": "user.notifications_changed"}),
        (
            f"user-{alice.id}",
            {"type": "user.matches_changed", "match_id": started_match.id},
        ),
        (
            f"user-{bob.id}",
            {"type": "user.matches_changed", "match_id": started_match.id},
        ),
    ]
    group, event = group_sends[0]
    # A group message goes to every viewer: it must be plain JSON and carry
    # no game state, or it could leak a hand (STYLE.md B5).
    assert json.loads(json.dumps(event)) == event
    assert set(event) == {"type", "match_id", "version", "moved"}


def test_enqueues_a_robot_turn_only_when_a_robot_is_to_move(
    started_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    # alice banks: bob is to move, no robot.
    toy_position(started_match, pending=5)
    with django_capture_on_commit_callbacks(execute=True):
        _submit(started_match, alice, {"kind": "bank"})
    assert robot_enqueues == []

    # bob banks: the robot on seat 2 is to move, once the move commits.
    toy_position(started_match, pending=5)
    with django_capture_on_commit_callbacks(execute=True):
        _submit(started_match, bob, {"kind": "bank"})
        assert robot_enqueues == []

    assert robot_enqueues == [(started_match.id, 2)]


def test_refuses_a_second_submit_of_the_same_seat_against_the_same_version(
    started_match, alice
):
    # Two tabs, one click each: the first applies, the second is stale
    # (alice is no longer to move), so nothing is doubled.
    toy_position(started_match, pending=5)
    _submit(started_match, alice, {"kind": "bank"}, version=0)

    with pytest.raises(exceptions.StaleMatch) as refusal:
        _submit(started_match, alice, {"kind": "roll"}, version=0)

    assert refusal.value.message == exceptions.STALE_MATCH
    assert started_match.moves.count() == 1


def test_refuses_a_stale_move_of_a_seat_that_was_not_yet_to_move(
    started_match, alice, bob
):
    toy_position(started_match, pending=5)
    _submit(started_match, alice, {"kind": "bank"})
    started_match.refresh_from_db()
    assert seats_to_move(started_match) == {1}

    # bob became to move with the last version: a move made against an
    # older board did not see that last move.
    with pytest.raises(exceptions.StaleMatch):
        _submit(
            started_match,
            bob,
            legal_json(started_match, 1)[0],
            version=started_match.version - 1,
        )

    assert started_match.moves.count() == started_match.version


def test_refuses_a_version_from_the_future(started_match, alice):
    with pytest.raises(exceptions.StaleMatch):
        _submit(started_match, alice, legal_json(started_match, 0)[0], version=5)

    assert not started_match.moves.exists()


def test_refuses_a_repeated_step_of_a_turn_of_several_steps(started_match, alice):
    # A Toy turn is several rolls: the seat stays to move after each step
    # (this die shows 5 first, no bust), so a step sent twice against the
    # same version must not apply twice.
    toy_position(started_match, rng=Rng(seed=0))
    _submit(started_match, alice, {"kind": "roll"}, version=0)
    assert seats_to_move(started_match) == {0}

    with pytest.raises(exceptions.StaleMatch):
        _submit(started_match, alice, {"kind": "roll"}, version=0)

    assert started_match.moves.count() == 1


def test_refuses_a_user_without_a_seat(started_match, carol):
    with pytest.raises(exceptions.NotSeated):
        _submit(started_match, carol, legal_json(started_match, 0)[0])

    assert not Move.objects.filter(match=started_match).exists()


def test_refuses_a_seat_that_is_not_to_move(started_match, alice, bob):
    toy_position(started_match, pending=5)
    _submit(started_match, alice, {"kind": "bank"})
    started_match.refresh_from_db()

    # Alice has banked; it is bob's turn, not hers.
    with pytest.raises(exceptions.NotYourTurn):
        _submit(started_match, alice, {"kind": "roll"})

    started_match.refresh_from_db()
    assert started_match.version == 1


def test_refuses_an_illegal_move_with_the_rules_message(started_match, alice):
    # Banking is illegal before the first roll of a turn.
    move = started_match.rules.move_from_json({"kind": "bank"})
    with pytest.raises(IllegalMove) as engine_refusal:
        started_match.rules.apply(state_of(started_match), 0, move)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        _submit(started_match, alice, move.to_json())

    # The player reads the rules' own message, translated.
    assert str(refusal.value.message) == message_text(engine_refusal.value.as_message())
    started_match.refresh_from_db()
    assert started_match.version == 0
    assert not Move.objects.filter(match=started_match).exists()


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "roll",
        42,
        ["kind", "roll"],
        {},
        {"kind": "teleport"},
        {"kind": ["roll"]},
        {"kind": None},
        {"kind": "roll", "x": 1},
        {"kind": "bank", "times": 2},
    ],
)
def test_refuses_malformed_move_data_as_an_invalid_move(started_match, alice, junk):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        _submit(started_match, alice, junk)

    assert str(refusal.value.message)
    started_match.refresh_from_db()
    assert started_match.version == 0
    assert not Move.objects.filter(match=started_match).exists()


def test_refuses_moves_in_a_finished_match(started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})
    started_match.refresh_from_db()

    with pytest.raises(exceptions.MatchNotActive):
        _submit(started_match, alice, {"kind": "roll"})


def test_refuses_moves_in_an_open_match(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=2)

    with pytest.raises(exceptions.MatchNotActive):
        _submit(match, alice, {"kind": "roll"})


def test_refuses_moves_in_an_unknown_match(alice):
    with pytest.raises(exceptions.MatchNotActive):
        services.move_submit(
            match_id=424242, user=alice, move_data={}, expected_version=0
        )


def test_match_status_stays_active_until_the_outcome(started_match, alice, bob):
    moves = play_to_end(started_match, {0: alice, 1: bob}, seed=3)

    started_match.refresh_from_db()
    assert started_match.status == Match.Status.FINISHED
    assert started_match.outcome is not None
    assert started_match.version == moves == started_match.moves.count()


def test_returns_the_match_with_its_seats_as_the_move_left_them(
    started_match, alice, django_assert_num_queries
):
    toy_position(started_match, pending=5)
    match = _submit(started_match, alice, {"kind": "bank"})

    # Read under the lock and changed by the move: no second read.
    with django_assert_num_queries(0):
        seats = list(match.seats.all())
    fresh = list(Match.objects.get(id=match.id).seats.order_by("position"))
    assert [(s.position, s.to_move_version, s.to_move_since) for s in seats] == [
        (s.position, s.to_move_version, s.to_move_since) for s in fresh
    ]
    assert seats_to_move(match) == {1}


def test_a_finishing_move_returns_the_match_without_stale_seats(
    started_match, alice, bob
):
    users, match = {0: alice, 1: bob}, started_match
    while match.status == Match.Status.ACTIVE:
        seat = min(seats_to_move(match))
        if seat not in users:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
            match.refresh_from_db()
            continue
        match = _submit(match, users[seat], legal_json(match, seat)[0])
    # Finishing cleared the seats' to-move columns in the database: they
    # are read anew, not taken from before the end.
    assert [s.to_move_version for s in match.seats.all()] == [None, None, None]
