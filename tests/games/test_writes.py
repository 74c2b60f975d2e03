"""A move's writes sent together write what `save()` writes (games/models/writes.py).

On PostgreSQL they go out as one query string; on SQLite one after
another. Both: the same rows as the ORM's, errors as Django's classes and
a rolled-back transaction; the lock and the seats read together see what
the lock's last holder committed (PostgreSQL, two connections).
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.db import IntegrityError, connection, connections, transaction
from django.utils import timezone

from games import services
from games.models import Match, Move, Notification, Seat
from games.models.prepared import MATCH_LOCKED, SEATS_OF_MATCH
from games.models.writes import WriteBatch, read_together
from games.notifications.services import notify
from games.services.core import match_lock_with_seats

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("toy")]


def _columns(obj, *, without=("id",)):
    return {
        f.attname: getattr(obj, f.attname)
        for f in type(obj)._meta.concrete_fields
        if f.attname not in without
    }


@pytest.fixture
def started(alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return Match.objects.get(id=match.id)


def _move(match, seq, **extra):
    return Move(
        match=match,
        seq=seq,
        seat=0,
        payload={"roll": True, "note": "ü ' \" ;"},
        rules_version="1",
        events=[{"kind": "rolled", "dice": [1, 6]}],
        **extra,
    )


def test_an_insert_writes_the_row_the_orm_writes(started, alice):
    with transaction.atomic():
        writes = WriteBatch()
        writes.insert(_move(started, 100, user_id=alice.id, seconds_taken=7))
        assert len(writes) == 1
        writes.send()
        assert len(writes) == 0
    Move.objects.create(
        **{**_columns(_move(started, 101)), "user_id": alice.id, "seconds_taken": 7}
    )

    ours, orm = Move.objects.filter(match=started, seq__in=[100, 101]).order_by("seq")
    assert _columns(ours, without=("id", "seq", "created_at")) == _columns(
        orm, without=("id", "seq", "created_at")
    )
    # auto_now_add: the time of the insert, as save() gives it.
    assert abs(ours.created_at - orm.created_at) < timedelta(seconds=5)


def test_an_update_writes_the_fields_named_and_auto_now(started):
    seat = Seat.objects.get(match=started, position=1)
    stamp = timezone.now() + timedelta(days=3)
    with time_machine.travel(stamp, tick=False), transaction.atomic():
        started.version = 41
        started.state = {"nested": {"list": [1, 2, None]}, "text": "ä"}
        started.status = Match.Status.CANCELLED
        seat.to_move_since, seat.to_move_version = stamp, 41
        writes = WriteBatch()
        writes.update(started, ["state", "version", "updated_at"])
        writes.update(seat, ["to_move_since", "to_move_version"])
        writes.send()

    stored = Match.objects.get(id=started.id)
    assert (stored.version, stored.state) == (41, started.state)
    assert stored.status == Match.Status.ACTIVE  # not named, not written
    assert stored.updated_at == stamp
    stored_seat = Seat.objects.get(id=seat.id)
    assert (stored_seat.to_move_since, stored_seat.to_move_version) == (stamp, 41)


def test_an_error_is_djangos_and_the_transaction_rolls_back(started):
    Move.objects.create(**_columns(_move(started, 7)))
    before = started.version
    started.version = 99
    writes = WriteBatch()

    def both() -> None:
        with transaction.atomic():
            writes.update(started, ["version"])
            writes.insert(_move(started, 7))  # (match, seq) is unique
            writes.send()

    with pytest.raises(IntegrityError):
        both()

    assert Match.objects.get(id=started.id).version == before
    assert Move.objects.filter(match=started).count() == 1
    # The connection is usable afterwards.
    assert Match.objects.filter(id=started.id).exists()


def test_only_new_rows_and_plain_columns_are_written(started):
    row = Move.objects.create(**_columns(_move(started, 8)))
    with pytest.raises(ValueError, match="primary key"):
        WriteBatch().insert(row)


def test_reads_together_give_what_each_read_gives(started):
    with transaction.atomic():
        (locked,), seats = read_together(
            (MATCH_LOCKED, (started.id,)), (SEATS_OF_MATCH, (started.id,))
        )
        assert _columns(locked, without=()) == _columns(
            MATCH_LOCKED.fetch(started.id)[0], without=()
        )
        assert [_columns(s, without=()) for s in seats] == [
            _columns(s, without=()) for s in SEATS_OF_MATCH.fetch(started.id)
        ]
        assert [s.user.username for s in seats] == ["alice", "bob"]
        # A key no row has: nothing, as fetch answers.
        assert read_together((MATCH_LOCKED, (2**63,)), (SEATS_OF_MATCH, (-1,))) == [
            [],
            [],
        ]


def _lock_waiters() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return int(cursor.fetchone()[0])


def test_seats_read_with_the_lock_are_those_its_last_holder_committed(started):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (select_for_update)")
    holding, done = threading.Event(), threading.Event()
    release = threading.Event()

    def holder() -> None:
        try:
            with transaction.atomic():
                match = Match.objects.select_for_update().get(id=started.id)
                holding.set()
                release.wait(timeout=20)
                Seat.objects.filter(match=match, position=1).update(
                    to_move_since=timezone.now(), to_move_version=77
                )
        finally:
            connections.close_all()
            done.set()

    seen: list[int | None] = []

    def reader() -> None:
        try:
            with transaction.atomic():
                _match, seats = match_lock_with_seats(started.id)
                seen.append(seats[1].to_move_version)
        finally:
            connections.close_all()

    first = threading.Thread(target=holder)
    first.start()
    assert holding.wait(timeout=20)
    second = threading.Thread(target=reader)
    second.start()
    # Until the server says the reader waits on the row lock (a condition,
    # not a time); then the holder writes a seat and commits.
    polls = 0
    while not _lock_waiters():
        polls += 1
        assert polls < 100_000, "the reader never waited on the lock"
    release.set()
    first.join(timeout=20)
    second.join(timeout=20)

    # Read after the lock was granted: the committed seat, not the one
    # the reader's statement would have seen when it began.
    assert seen == [77]


def _turn_notice(user, match, **params):
    return notify(
        [user], Notification.Kind.YOUR_TURN, match=match, params=params or {"v": 1}
    )


def _queued_turn_notice(user, match, **params):
    """Queue a "your turn" notice on a new batch; return the batch."""
    writes = WriteBatch()
    notify(
        [user], Notification.Kind.YOUR_TURN, match=match, params=params, writes=writes
    )
    return writes


def _notices(user):
    return [
        _columns(n, without=("id", "created_at"))
        for n in Notification.objects.filter(user=user).order_by("id")
    ]


@time_machine.travel("2026-11-27 12:00Z", tick=False)
def test_a_turn_notice_queued_replaces_the_unread_one_as_notify_does(started, alice):
    Notification.objects.filter(user=alice).delete()  # the start's
    _turn_notice(alice, started)
    with transaction.atomic():
        writes = _queued_turn_notice(alice, started, v=2)
        assert Notification.objects.get(user=alice).params == {"v": 1}  # not yet
        writes.send()
    queued = _notices(alice)
    Notification.objects.filter(user=alice).delete()
    _turn_notice(alice, started)
    _turn_notice(alice, started, v=2)

    assert len(queued) == 1
    assert queued == _notices(alice)


def test_a_turn_notice_queued_after_the_last_was_read_is_a_new_one(started, alice):
    Notification.objects.filter(user=alice).delete()  # the start's
    (first,) = _turn_notice(alice, started)
    Notification.objects.filter(id=first.id).update(read_at=timezone.now())
    with transaction.atomic():
        _queued_turn_notice(alice, started, v=2).send()

    rows = list(Notification.objects.filter(user=alice).order_by("id"))
    assert [(n.id == first.id, n.params, n.read_at is None) for n in rows] == [
        (True, {"v": 1}, False),
        (False, {"v": 2}, True),
    ]
