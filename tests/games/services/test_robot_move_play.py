from __future__ import annotations

import pytest

from games import services
from games.models import Match, Move
from tests.games.helpers import legal_json, play_to_end, seats_to_move, state_of
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_plays_exactly_one_robot_move(started_match):
    toy_position(started_match, current=2)
    assert seats_to_move(started_match) == {2}
    offered = legal_json(started_match, 2)

    match = services.robot_move_play(match_id=started_match.id, expected_version=0)

    assert match is not None
    started_match.refresh_from_db()
    assert started_match.version == 1
    row = Move.objects.get(match=started_match)
    assert (row.seq, row.seat, row.by_robot) == (1, 2, True)
    # The robot only plays what the rules offered its seat.
    assert row.payload in offered


def test_a_stale_expected_version_does_nothing(started_match, alice):
    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data=legal_json(started_match, 0)[0],
        expected_version=0,
    )
    started_match.refresh_from_db()
    before = started_match.state

    # A task enqueued for version 0 arrives after version 1 was committed.
    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )

    started_match.refresh_from_db()
    assert (started_match.version, started_match.state) == (1, before)
    assert not Move.objects.filter(match=started_match, by_robot=True).exists()


def test_a_decision_overtaken_while_the_robot_thinks_is_dropped(
    started_match, alice, monkeypatch
):
    # Issue 26: the robot decides before the row lock (a hard robot thinks
    # up to a second); a write committed meanwhile makes its move stale.
    from games.services import moves

    toy_position(started_match, current=2)
    choose = moves.robot_move_choose

    def slow_choose(match, state, position, robot):
        move = choose(match, state, position, robot)
        Match.objects.filter(id=match.id).update(version=match.version + 1)
        return move

    monkeypatch.setattr(moves, "robot_move_choose", slow_choose)

    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )
    started_match.refresh_from_db()
    assert started_match.version == 1
    assert not Move.objects.filter(match=started_match).exists()


def test_a_seat_taken_back_while_the_robot_thinks_is_not_played(
    started_match, monkeypatch
):
    from games.models import Seat
    from games.services import moves
    from tests.factories import UserFactory

    carol = UserFactory()
    toy_position(started_match, current=2)
    choose = moves.robot_move_choose

    def slow_choose(match, state, position, robot):
        move = choose(match, state, position, robot)
        # The seat is a person's now (say, a moderator gave it away).
        Seat.objects.filter(match=match, position=position).update(
            controller=Seat.Controller.PERSON, robot="", user=carol
        )
        return move

    monkeypatch.setattr(moves, "robot_move_choose", slow_choose)

    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )
    assert not Move.objects.filter(match=started_match).exists()


def test_running_the_same_task_twice_plays_once(started_match):
    toy_position(started_match, current=2)
    services.robot_move_play(match_id=started_match.id, expected_version=0)

    # acks_late redelivers tasks: the second run must be a no-op.
    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )

    started_match.refresh_from_db()
    assert started_match.version == 1
    assert Move.objects.filter(match=started_match).count() == 1


def test_does_nothing_when_no_robot_is_to_move(started_match):
    # Alice is to move, not the robot.
    assert seats_to_move(started_match) == {0}

    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )
    started_match.refresh_from_db()
    assert started_match.version == 0
    assert not started_match.moves.exists()


@pytest.mark.parametrize("match_id", [0, 999999])
def test_does_nothing_for_a_missing_match(db, match_id):
    assert services.robot_move_play(match_id=match_id, expected_version=0) is None


def test_does_nothing_for_an_open_match(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=2)

    assert services.robot_move_play(match_id=match.id, expected_version=0) is None


def test_announces_and_enqueues_the_next_robot_turn_only_on_commit(
    alice, bob, django_capture_on_commit_callbacks, group_sends, robot_enqueues
):
    match = services.match_create(user=alice, game_slug="toy", seats=3)
    services.seat_robot_add(match_id=match.id, user=alice)
    services.seat_robot_add(match_id=match.id, user=alice)
    # The robot on seat 1 is to move and banks (it banks from 12 points on).
    toy_position(match, current=1, pending=12)

    with django_capture_on_commit_callbacks(execute=True):
        services.robot_move_play(match_id=match.id, expected_version=0)
        assert group_sends == []
        assert robot_enqueues == []

    assert (
        f"match-{match.id}",
        {"type": "match.changed", "match_id": match.id, "version": 1, "moved": True},
    ) in group_sends
    # The other robot is to move next.
    assert robot_enqueues == [(match.id, 1)]


def test_plays_a_whole_match_to_the_end_with_alice_and_bob(started_match, alice, bob):
    played = play_to_end(started_match, {0: alice, 1: bob}, seed=11)

    started_match.refresh_from_db()
    assert started_match.status == Match.Status.FINISHED
    assert started_match.finished_at is not None
    outcome = started_match.rules.outcome(state_of(started_match))
    assert outcome is not None
    assert started_match.outcome == outcome.to_json()
    assert sorted(started_match.outcome["ranks"]) == sorted(outcome.ranks)
    assert len(outcome.ranks) == 3
    # Every move is in the log, once, in order.
    assert list(started_match.moves.values_list("seq", flat=True)) == list(
        range(1, played + 1)
    )
    assert started_match.moves.filter(seat=2, by_robot=True).exists()


def test_a_finished_match_is_left_alone(started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob}, seed=5)
    started_match.refresh_from_db()

    assert (
        services.robot_move_play(
            match_id=started_match.id, expected_version=started_match.version
        )
        is None
    )


def test_a_robot_move_costs_a_bounded_number_of_queries(
    started_match, django_assert_max_num_queries
):
    # The hot path of every robot turn: 2 unlocked reads to decide (match,
    # seats), then the locked write (match, seats, the move, the seats to
    # move, the clocks; a savepoint pair in tests). 10 before issue 26's
    # decide-before-locking; the 2 reads keep the lock short.
    toy_position(started_match, current=2)

    with django_assert_max_num_queries(12):
        services.robot_move_play(match_id=started_match.id, expected_version=0)

    started_match.refresh_from_db()
    assert started_match.version == 1
