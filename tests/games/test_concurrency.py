from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from games import exceptions, services
from games.models import Move
from tests.games.helpers import legal_json, play_to_end

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy")]


@pytest.fixture(autouse=True)
def _postgres_only():
    # SQLite serialises writers on the whole file: no row locks to test.
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (select_for_update)")


def _race(match, attempts):
    """Run each (user, move) submit against the same version at the same time."""
    barrier = threading.Barrier(len(attempts))
    results = [None] * len(attempts)
    version = match.version

    def submit(index, user, move):
        try:
            barrier.wait(timeout=10)
            services.move_submit(
                match_id=match.id,
                user=user,
                move_data=move,
                expected_version=version,
            )
            results[index] = "applied"
        except exceptions.MatchError as refusal:
            results[index] = refusal
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=submit, args=(i, user, move))
        for i, (user, move) in enumerate(attempts)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_two_submits_against_the_same_version_apply_exactly_once(started_match, alice):
    move = legal_json(started_match, 0)[0]

    # The same player in two tabs: both name version 0.
    results = _race(started_match, [(alice, move), (alice, move)])

    assert results.count("applied") == 1
    loser = next(r for r in results if r != "applied")
    assert isinstance(loser, exceptions.StaleMatch | exceptions.NotYourTurn)
    started_match.refresh_from_db()
    assert started_match.version == 1
    assert Move.objects.filter(match=started_match).count() == 1


def test_two_players_moving_at_once_both_get_their_move_in(started_match, alice, bob):
    # Both choose favourites at the same moment against version 0: the row
    # lock serialises them, and the second is judged again against the
    # first's result; both seats were waiting since version 0, so both apply.
    alices, bobs = legal_json(started_match, 0)[0], legal_json(started_match, 1)[-1]

    results = _race(started_match, [(alice, alices), (bob, bobs)])

    assert results == ["applied", "applied"]
    started_match.refresh_from_db()
    assert started_match.version == 2
    assert sorted(started_match.moves.values_list("seq", "seat")) in (
        [(1, 0), (2, 1)],
        [(1, 1), (2, 0)],
    )
    assert {m.seat: m.payload for m in started_match.moves.all()} == {
        0: alices,
        1: bobs,
    }


def test_many_simultaneous_submits_lose_nothing_and_double_nothing(make_user, alice):
    # Four people choose favourites at once, each from two tabs: each seat's
    # choice is applied exactly once, in some order, with a gapless log.
    players = [alice] + [make_user(f"player{n}") for n in range(1, 4)]
    match = services.match_create(user=alice, game_slug="toy", seats=4)
    for player in players[1:]:
        services.seat_claim(match_id=match.id, user=player)
    match.refresh_from_db()
    attempts = [
        (player, legal_json(match, seat)[tab])
        for seat, player in enumerate(players)
        for tab in (0, 1)
    ]

    results = _race(match, attempts)

    assert results.count("applied") == 4
    refused = [r for r in results if r != "applied"]
    assert all(isinstance(r, exceptions.StaleMatch) for r in refused)
    match.refresh_from_db()
    assert sorted(match.moves.values_list("seat", flat=True)) == [0, 1, 2, 3]
    assert list(match.moves.order_by("seq").values_list("seq", flat=True)) == list(
        range(1, match.version + 1)
    )


def test_a_match_played_to_the_end_on_postgresql_keeps_a_gapless_log(
    started_match, alice, bob
):
    played = play_to_end(started_match, {0: alice, 1: bob}, seed=2)

    assert list(started_match.moves.values_list("seq", flat=True)) == list(
        range(1, played + 1)
    )


def test_timeout_tasks_on_several_workers_play_the_timeout_once(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    from games.clocks import PRESETS
    from games.models import Match

    match = services.match_create(user=alice, game_slug="toy", seats=2)
    Match.objects.filter(id=match.id).update(time_control=PRESETS["live"].to_json())
    services.seat_claim(match_id=match.id, user=bob)
    # Both clocks ran out a minute ago.
    past = timezone.now() - timedelta(minutes=1)
    match.seats.update(clock_deadline_at=past)
    Match.objects.filter(id=match.id).update(turn_deadline_at=past)
    barrier = threading.Barrier(3)
    results = []

    def apply():
        try:
            barrier.wait(timeout=10)
            results.append(
                services.turn_timeout_apply(match_id=match.id, expected_version=0)
            )
        finally:
            connections.close_all()

    threads = [threading.Thread(target=apply) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sum(result is not None for result in results) == 1
    assert sorted(Move.objects.filter(match=match).values_list("seq", flat=True))[
        :2
    ] == [1, 2]
    assert {s.timeouts_in_row for s in match.seats.all()} == {1}
