""" "Finish automatically" and stand-ins: who plays a seat is the seat's business.

Once the rules call a match decided (Race's decided race, Spielpost's ruling
in rules/race.md), the system offers each player to finish the match for
them (the winners first: test_autoplay_order.py), at any time; accepting
is a seat setting, not a move. A robot then stands in for the person (the
game's default robot), and the person can take the seat back.
"""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Seat
from tests.games.helpers import legal_json
from tests.games.toy import toy_position
from tests.games.toy.engine import ToyRules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def offered(monkeypatch):
    """Make the rules offer "finish automatically" to every seat."""
    monkeypatch.setattr(ToyRules, "autoplay_offered", lambda self, state, seat: True)


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
        "greedy",  # the game's default robot
    )
    # Alice is to move: the robot is asked to play for her, and
    # open boards re-render although no move was made.
    assert robot_enqueues == [(started_match.id, 0)]
    assert group_sends[0][1]["moved"] is False


def test_the_stand_in_plays_the_persons_moves(started_match, alice, offered):
    services.seat_autoplay_start(match_id=started_match.id, user=alice)

    services.robot_move_play(match_id=started_match.id, expected_version=0)

    # Alice was to move: the stand-in on her seat played.
    assert list(started_match.moves.values_list("seat", "by_robot")) == [(0, True)]


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
    # Alice is to move: the system never plays her seat again...
    assert (
        services.robot_move_play(match_id=started_match.id, expected_version=0) is None
    )
    assert not started_match.moves.exists()
    # ... but the robot still plays its own seat.
    toy_position(started_match, current=2)
    services.robot_move_play(match_id=started_match.id, expected_version=0)
    assert list(started_match.moves.values_list("seat", flat=True)) == [2]


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
