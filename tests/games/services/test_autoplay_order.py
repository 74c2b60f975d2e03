"""Who is asked to "finish automatically" when, and the answer "no".

The rules say when a match is decided and who wins it (Race: Choice of
Favorites, "the system will first ask the winner, then all other players";
here the test-only Toy, told so by `toy_decided`); Spielpost rulings, Decided
game: the offer goes first to
the winner(s) and, once they have answered, to the other players, at any
time, not only on their turn. An answer is a seat setting: accepting puts a
robot stand-in on the seat, declining is stored on the seat; robots are not
asked.
"""

from __future__ import annotations

import pytest

from games import exceptions, selectors, services
from games.models import Seat
from tests.games.helpers import seats_to_move
from tests.games.toy import toy_decided

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def bob_wins(started_match, monkeypatch):
    """The match is decided (the rules say so): bob (1) wins, alice (0) is to move."""
    toy_decided(monkeypatch, frozenset({1}))
    return started_match


@pytest.fixture
def robot_wins(started_match, monkeypatch):
    """The match is decided: the robot (2) wins, alice (0) is to move."""
    toy_decided(monkeypatch, frozenset({2}))
    return started_match


def _offer(match, user):
    """Return (asked, told they win, declined) as `user`'s board shows it."""
    match, seat = selectors.match_for_viewer(match_id=match.id, user=user)
    board = selectors.board_context(match=match, seat=seat, with_log=False)
    return board.autoplay_offered, board.autoplay_winning, board.autoplay_declined


def _seat(match, position):
    return Seat.objects.get(match=match, position=position)


def test_the_winner_is_asked_first_though_not_to_move(bob_wins, alice, bob):
    assert seats_to_move(bob_wins) == {0}

    assert _offer(bob_wins, bob) == (True, True, False)
    # Alice is asked once bob has answered.
    assert _offer(bob_wins, alice) == (False, False, False)


@pytest.mark.parametrize(
    "answer", [services.seat_autoplay_start, services.seat_autoplay_decline]
)
def test_the_others_cannot_answer_before_the_winner(bob_wins, alice, answer):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        answer(match_id=bob_wins.id, user=alice)

    assert refusal.value.message == exceptions.AUTOPLAY_NOT_YET
    seat = _seat(bob_wins, 0)
    assert (seat.controller, seat.autoplay_declined_at) == (
        Seat.Controller.PERSON,
        None,
    )


def test_once_the_winner_declines_the_others_are_asked(
    bob_wins, alice, bob, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)

    seat = _seat(bob_wins, 1)
    assert seat.controller == Seat.Controller.PERSON
    assert seat.autoplay_declined_at is not None
    assert _offer(bob_wins, alice) == (True, False, False)
    # Bob's question is gone; he may still accept (the small button).
    assert _offer(bob_wins, bob) == (False, False, True)
    # A seat setting, not a move: same version, and every open board
    # re-renders, so alice's offer appears live.
    bob_wins.refresh_from_db()
    assert (bob_wins.version, bob_wins.moves.count()) == (0, 0)
    changes = [event for _, event in group_sends if event["type"] == "match.changed"]
    assert changes == [
        {
            "type": "match.changed",
            "match_id": bob_wins.id,
            "version": 0,
            "moved": False,
        }
    ]


def test_once_the_winner_accepts_the_others_are_asked(bob_wins, alice, bob):
    services.seat_autoplay_start(match_id=bob_wins.id, user=bob)

    assert _seat(bob_wins, 1).controller == Seat.Controller.STAND_IN
    assert _offer(bob_wins, alice) == (True, False, False)
    services.seat_autoplay_decline(match_id=bob_wins.id, user=alice)
    assert _seat(bob_wins, 0).autoplay_declined_at is not None


def test_a_robot_winner_is_not_asked_so_the_others_are_at_once(robot_wins, alice, bob):
    assert _offer(robot_wins, alice) == (True, False, False)
    assert _offer(robot_wins, bob) == (True, False, False)


def test_declining_twice_is_refused(bob_wins, bob):
    services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)

    assert refusal.value.message == exceptions.AUTOPLAY_ALREADY_DECLINED


def test_declining_is_refused_while_the_match_is_open(started_match, alice):
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_autoplay_decline(match_id=started_match.id, user=alice)

    assert refusal.value.message == exceptions.AUTOPLAY_NOT_OFFERED
    assert _seat(started_match, 0).autoplay_declined_at is None


def test_declining_while_a_robot_stands_in_is_refused(bob_wins, bob):
    services.seat_autoplay_start(match_id=bob_wins.id, user=bob)

    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)

    assert refusal.value.message == exceptions.AUTOPLAY_ALREADY_ON


def test_a_seat_that_declined_may_still_accept(bob_wins, bob):
    services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)

    services.seat_autoplay_start(match_id=bob_wins.id, user=bob)

    seat = _seat(bob_wins, 1)
    assert (seat.controller, seat.autoplay_declined_at) == (
        Seat.Controller.STAND_IN,
        None,
    )


def test_taking_the_seat_back_counts_as_declining(bob_wins, alice, bob):
    services.seat_autoplay_start(match_id=bob_wins.id, user=bob)

    services.seat_take_back(match_id=bob_wins.id, user=bob)

    # Else alice's offer would vanish until bob answered again.
    assert _seat(bob_wins, 1).autoplay_declined_at is not None
    assert _offer(bob_wins, bob) == (False, False, True)
    assert _offer(bob_wins, alice) == (True, False, False)


def test_taking_back_a_stand_in_before_any_offer_is_no_answer(started_match, alice):
    services.seat_stand_in_assign(match_id=started_match.id, position=0)

    services.seat_take_back(match_id=started_match.id, user=alice)

    # Once the match is decided, alice is asked like everybody else.
    assert _seat(started_match, 0).autoplay_declined_at is None


def test_only_a_seated_person_of_a_running_match_may_decline(
    bob_wins, open_match, alice, carol
):
    with pytest.raises(exceptions.NotSeated):
        services.seat_autoplay_decline(match_id=bob_wins.id, user=carol)
    with pytest.raises(exceptions.MatchNotActive):
        services.seat_autoplay_decline(match_id=open_match.id, user=alice)


def test_a_finished_match_asks_nobody(bob_wins, alice, bob):
    bob_wins.status = "finished"
    bob_wins.save(update_fields=["status"])

    assert _offer(bob_wins, bob) == (False, False, False)
    with pytest.raises(exceptions.MatchNotActive):
        services.seat_autoplay_decline(match_id=bob_wins.id, user=bob)
