""" "Finish automatically" and stand-ins: who plays a seat is the seat's business.

Race rules, decided game (and Spielpost's ruling in rules/race.md): once the
race is decided, the system offers each player to finish the match for
them (the winners first: test_autoplay_order.py), at any time; accepting
is a seat setting, not a move. A robot then stands in for the person (the
game's default robot), and the person can take the seat back.
"""

from __future__ import annotations

import random

import pytest

from games import exceptions, services
from games.models import Match, Seat
from games.rules.race import RaceRules
from tests.games.helpers import legal_json, seats_to_move

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def offered(monkeypatch):
    """Make the rules offer "finish automatically" to every seat."""
    monkeypatch.setattr(RaceRules, "autoplay_offered", lambda self, state, seat: True)


def _seat(match, position):
    return Seat.objects.get(match=match, position=position)


def test_is_refused_while_the_rules_do_not_offer_it(started_match, alice):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_autoplay_start(match_id=started_match.id, user=alice)

    assert refusal.value.message == exceptions.AUTOPLAY_NOT_OFFERED
    assert _seat(started_match, 0).controller == Seat.Controller.PERSON


def test_puts_a_stand_in_on_the_seat_and_keeps_the_person(
    started_match,
    alice,
    offered,
    django_capture_on_commit_callbacks,
    group_sends,
    robot_enqueues,
):
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_autoplay_start(match_id=started_match.id, user=alice)

    seat = _seat(started_match, 0)
    assert (seat.controller, seat.user, seat.robot) == (
        Seat.Controller.STAND_IN,
        alice,
        "random",
    )
    # Alice is to move (favourites): the robot is asked to play for her, and
    # open boards re-render although no move was made.
    assert robot_enqueues == [(started_match.id, 0)]
    assert group_sends[0][1]["moved"] is False


def test_the_stand_in_plays_the_persons_moves(started_match, alice, offered):
    services.seat_autoplay_start(match_id=started_match.id, user=alice)

    for _ in range(2):
        started_match.refresh_from_db()
        services.robot_move_play(
            match_id=started_match.id, expected_version=started_match.version
        )

    # The robot on seat 2 and the stand-in on seat 0 both chose.
    assert sorted(started_match.moves.values_list("seat", "by_robot")) == [
        (0, True),
        (2, True),
    ]


def test_the_person_cannot_move_while_a_robot_stands_in(started_match, alice, offered):
    services.seat_autoplay_start(match_id=started_match.id, user=alice)

    with pytest.raises(exceptions.NotYourTurn) as refusal:
        services.move_submit(
            match_id=started_match.id,
            user=alice,
            move_data=legal_json(started_match, 0)[0],
            expected_version=0,
        )

    assert refusal.value.message == exceptions.STAND_IN_PLAYS


def test_taking_the_seat_back_stops_the_stand_in(started_match, alice, offered):
    services.seat_autoplay_start(match_id=started_match.id, user=alice)

    services.seat_take_back(match_id=started_match.id, user=alice)

    seat = _seat(started_match, 0)
    assert (seat.controller, seat.robot) == (Seat.Controller.PERSON, "")
    # The robot still plays its own seat, never alice's again.
    services.robot_move_play(match_id=started_match.id, expected_version=0)
    assert list(started_match.moves.values_list("seat", flat=True)) == [2]
    assert services.robot_move_play(match_id=started_match.id, expected_version=1) is None


def test_taking_back_a_seat_nobody_stands_in_for_is_refused(started_match, alice):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_take_back(match_id=started_match.id, user=alice)

    assert refusal.value.message == exceptions.NO_STAND_IN


def test_only_a_seated_person_of_a_running_match_may_ask(
    started_match, open_match, carol, alice, offered
):
    with pytest.raises(exceptions.NotSeated):
        services.seat_autoplay_start(match_id=started_match.id, user=carol)
    with pytest.raises(exceptions.MatchNotActive):
        services.seat_autoplay_start(match_id=open_match.id, user=alice)


def test_asking_twice_is_refused(started_match, alice, offered):
    services.seat_autoplay_start(match_id=started_match.id, user=alice)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_autoplay_start(match_id=started_match.id, user=alice)

    assert refusal.value.message == exceptions.AUTOPLAY_ALREADY_ON


def test_the_race_engine_offers_it_once_decided_and_the_robot_finishes(
    make_user, robot_enqueues
):
    # Race rules, decided game: play real random games until alice is
    # offered, accept, and let the system finish her seat.
    rnd = random.Random(3)
    for attempt in range(12):
        alice = make_user(f"auto-alice-{attempt}")
        bob = make_user(f"auto-bob-{attempt}")
        users = {0: alice, 1: bob}
        match = services.match_create(user=alice, game_slug="toy", seats=3)
        services.seat_claim(match_id=match.id, user=bob)
        services.seat_robot_add(match_id=match.id, user=alice)
        if _play_until_offered(match, users, rnd):
            break
    else:
        pytest.fail("no deal reached a decided race in 12 attempts")

    # Spielpost rulings, Decided game: the winner is asked first, so a
    # winning bob answers before alice can.
    winners = match.rules.decided_winners(match.game_state())
    if 1 in winners and 0 not in winners:
        services.seat_autoplay_decline(match_id=match.id, user=bob)
    services.seat_autoplay_start(match_id=match.id, user=alice)
    accepted_at = match.version
    _finish_with(match, {1: bob}, rnd)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # From then on, every move of alice's seat was the system's.
    assert all(
        move.by_robot for move in match.moves.filter(seat=0, seq__gt=accepted_at)
    )


def _play_until_offered(match, users, rnd) -> bool:
    """Play random moves until the rules offer alice to finish automatically."""
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return False
        if match.rules.autoplay_offered(match.game_state(), 0):
            return True
        _one_move(match, users, rnd)
    return False


def _finish_with(match, users, rnd):
    for _ in range(match.rules.info.max_moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        _one_move(match, users, rnd)


def _one_move(match, users, rnd):
    people = [s for s in sorted(seats_to_move(match)) if s in users]
    system = {s.position for s in match.seats.all() if s.played_by_system}
    people = [s for s in people if s not in system]
    if people:
        services.move_submit(
            match_id=match.id,
            user=users[people[0]],
            move_data=rnd.choice(legal_json(match, people[0])),
            expected_version=match.version,
        )
    else:
        assert services.robot_move_play(
            match_id=match.id, expected_version=match.version
        )
