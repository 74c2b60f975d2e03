from __future__ import annotations

import threading

import pytest
from django.db import connections

from games import exceptions, services
from games.models import Move

# postgres_only: an autouse fixture, applied to this module by the import.
from tests.games.concurrency import moves_at_once, postgres_only  # noqa: F401
from tests.games.helpers import legal_json, play_to_end

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("toy"),
]


def test_two_submits_against_the_same_version_apply_exactly_once(started_match, alice):
    move = legal_json(started_match, 0)[0]

    # The same player in two tabs: both name version 0.
    results = moves_at_once(started_match, [(alice, move), (alice, move)])

    assert results.count("applied") == 1
    loser = next(r for r in results if r != "applied")
    assert isinstance(loser, exceptions.StaleMatch | exceptions.NotYourTurn)
    started_match.refresh_from_db()
    assert started_match.version == 1
    assert Move.objects.filter(match=started_match).count() == 1


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
    # Alice's clock ran out a minute ago.
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
    # The robot played alice's turn once: a gapless log of her seat's moves.
    moves = list(Move.objects.filter(match=match).order_by("seq"))
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
    assert {m.seat for m in moves} == {0}
    assert [s.timeouts_in_row for s in match.seats.order_by("position")] == [1, 0]


def test_a_match_finished_from_two_threads_is_rated_once(alice, bob):
    # Issue 23, Ratings: updated exactly once per match, idempotent; the
    # same match finished from two threads finds one update.
    from django.db import transaction

    from games.models import Match, Rating, RatingChange
    from games.rules import Outcome
    from games.services.core import match_finish, match_lock

    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    barrier = threading.Barrier(2)
    errors = []

    def finish():
        try:
            barrier.wait(timeout=10)
            with transaction.atomic():
                locked = match_lock(match.id)
                match_finish(
                    locked,
                    status=Match.Status.FINISHED,
                    outcome=Outcome(ranks=(1, 2), reason="score"),
                )
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    assert RatingChange.objects.filter(match=match).count() == 2
    assert sorted(Rating.objects.values_list("matches", flat=True)) == [1, 1]
    # Counted once in the profiles' played and won too.
    from games.models import PlayRecord

    assert sorted(PlayRecord.objects.values_list("played", flat=True)) == [1, 1]


def test_two_matches_of_the_same_newcomers_finished_at_once_both_count(alice, bob):
    # Issue 23, Ratings: each person's first rating is created once, and
    # two matches sharing players lock their ratings in one order.
    from django.db import transaction

    from games.models import Match, Rating, RatingChange
    from games.rules import Outcome
    from games.services.core import match_finish, match_lock

    matches = []
    for _ in range(2):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
        matches.append(match)
    barrier = threading.Barrier(2)
    errors = []

    def finish(match_id):
        try:
            barrier.wait(timeout=10)
            with transaction.atomic():
                match_finish(
                    match_lock(match_id),
                    status=Match.Status.FINISHED,
                    outcome=Outcome(ranks=(1, 2), reason="score"),
                )
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish, args=(m.id,)) for m in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    assert RatingChange.objects.count() == 4
    assert sorted(Rating.objects.values_list("matches", flat=True)) == [2, 2]
