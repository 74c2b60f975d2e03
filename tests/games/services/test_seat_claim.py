from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_gives_the_first_free_seat(open_match, bob):
    seat = services.seat_claim(match_id=open_match.id, user=bob)

    assert seat.position == 1
    assert seat.user == bob
    assert seat.joined_at is not None
    open_match.refresh_from_db()
    # Two of three seats taken: the match waits for the third.
    assert open_match.status == Match.Status.OPEN
    assert open_match.state is None


def test_refuses_a_player_who_already_has_a_seat(open_match, alice):
    with pytest.raises(exceptions.SeatUnavailable) as refusal:
        services.seat_claim(match_id=open_match.id, user=alice)

    assert refusal.value.message == exceptions.ALREADY_SEATED
    assert open_match.seats.filter(user=alice).count() == 1


def test_refuses_a_full_match(alice, bob, carol):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    # Full means started, so the refusal names the closed match.
    with pytest.raises(exceptions.SeatUnavailable):
        services.seat_claim(match_id=match.id, user=carol)

    assert not match.seats.filter(user=carol).exists()


def test_refuses_a_match_that_is_not_open(started_match, carol):
    with pytest.raises(exceptions.SeatUnavailable) as refusal:
        services.seat_claim(match_id=started_match.id, user=carol)

    assert refusal.value.message == exceptions.MATCH_NOT_OPEN


def test_refuses_an_unknown_match(carol):
    with pytest.raises(exceptions.MatchError):
        services.seat_claim(match_id=987654, user=carol)


def test_the_last_seat_starts_the_match(alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)

    services.seat_claim(match_id=match.id, user=bob)

    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.started_at is not None
    # Version 0 is the dealt state: the first move must name it.
    assert match.version == 0
    state = match.rules.state_from_json(match.state)
    assert match.rules.to_move(state)
    assert match.moves.count() == 0


def test_starting_announces_on_commit_and_enqueues_no_robot_without_robots(
    alice, bob, django_capture_on_commit_callbacks, group_sends, robot_enqueues
):
    match = services.match_create(user=alice, game_slug="toy", seats=2)

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_claim(match_id=match.id, user=bob)
        assert group_sends == []

    assert (
        f"match-{match.id}",
        {"type": "match.changed", "match_id": match.id, "version": 0, "moved": False},
    ) in group_sends
    assert ("lobby", {"type": "lobby.changed"}) in group_sends
    assert robot_enqueues == []


def test_refuses_a_second_claim_after_the_first_filled_the_last_seat(alice, bob, carol):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)

    with pytest.raises(exceptions.SeatUnavailable):
        services.seat_claim(match_id=match.id, user=carol)
