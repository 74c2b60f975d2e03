from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_creates_an_open_match_with_the_creator_on_seat_zero(alice):
    match = services.match_create(user=alice, game_slug="toy", seats=3, options={})

    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    assert match.game_slug == "toy"
    # Options are normalised by the rules: missing ones get their default.
    assert match.options == {"target": "short"}
    # No state until the last seat is taken: the deal needs the seat count.
    assert match.state is None
    assert match.version == 0
    seats = list(match.seats.order_by("position"))
    assert [s.position for s in seats] == [0, 1, 2]
    assert seats[0].user == alice
    assert all(s.is_free for s in seats[1:])


def test_announces_the_new_match_to_the_lobby_only_on_commit(
    alice, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        # Nothing may reach the lobby before the row is committed.
        assert group_sends == []

    assert group_sends == [
        ("lobby", {"type": "lobby.changed"}),
        # alice's other lobby tabs list the new match too.
        (f"user-{alice.id}", {"type": "user.matches_changed", "match_id": match.id}),
        # Her programs' sockets watch it (a seat of hers).
        (
            f"programs-{alice.id}",
            {"type": "user.matches_changed", "match_id": match.id},
        ),
    ]


def test_refuses_an_unknown_game_and_creates_nothing(alice):
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.match_create(user=alice, game_slug="chess", seats=2)

    assert refusal.value.message == exceptions.UNKNOWN_GAME
    assert not Match.objects.exists()


@pytest.mark.parametrize("seats", [0, 5, -2, 100])
def test_refuses_a_seat_count_outside_the_games_range(alice, seats):
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_create(user=alice, game_slug="toy", seats=seats)

    assert not Match.objects.exists()
    assert not Seat.objects.exists()


@pytest.mark.parametrize("seats", ["3", 3.0, True, None])
def test_refuses_a_seat_count_that_is_not_an_int(alice, seats):
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_create(user=alice, game_slug="toy", seats=seats)

    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "options",
    [
        {"target": "medium"},
        {"target": 1},
        {"target": None},
        {"turbo": True},
        {"target": "long", "extra": 1},
        ["target"],
        "target",
        5,
    ],
)
def test_refuses_bad_options_and_creates_nothing(alice, options):
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.match_create(user=alice, game_slug="toy", seats=2, options=options)

    # The message is shown to the player, so it must say something.
    assert str(refusal.value.message)
    assert not Match.objects.exists()


def test_a_one_seat_match_starts_and_is_announced_on_commit(
    alice, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(user=alice, game_slug="toy", seats=1)

    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.started_at is not None
    assert match.version == 0
    assert {group for group, _ in group_sends} >= {"lobby", f"match-{match.id}"}
