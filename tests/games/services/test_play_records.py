"""PlayRecord and Move.user agree with the matches they summarise (issue 23, profiles).

The profile reads a person's played and won counts from PlayRecord, kept by
`match_finish`, and their moves by `Move.user`, set by `move_apply`. Here
matches end every way a match can end, through the services, and the kept
figures are compared with a fresh count of the finished matches' seats.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.models import LeaveReason, Match, Move, PlayRecord, Seat
from games.services.records import play_records_rebuild, play_records_recount
from tests.games.helpers import legal_json, play_to_end, seats_to_move

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _kept():
    return {
        (r.user_id, r.game_slug): (r.played, r.won) for r in PlayRecord.objects.all()
    }


def _match(creator, *others, seats=None, robots=0, **options):
    match = services.match_create(
        user=creator,
        game_slug="toy",
        seats=seats or 1 + len(others) + robots,
        **options,
    )
    for person in others:
        services.seat_claim(match_id=match.id, user=person)
    for _ in range(robots):
        services.seat_robot_add(match_id=match.id, user=creator)
    match.refresh_from_db()
    return match


def _bob_times_out_until_he_leaves(match, alice, enqueued, traveller):
    """Let bob's clock (seat 1) run out turn after turn while alice moves."""
    for _ in range(100):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE or match.seats.get(position=1).left_at:
            return
        (mover,) = seats_to_move(match)
        if mover == 0:
            services.move_submit(
                match_id=match.id,
                user=alice,
                move_data=legal_json(match, 0)[-1],
                expected_version=match.version,
            )
        else:
            traveller.shift(timedelta(minutes=10, seconds=1))
            enqueued.clear()
            services.expire_overdue_turns()
            for match_id, version in list(enqueued):
                services.turn_timeout_apply(match_id=match_id, expected_version=version)


@pytest.fixture
def enqueued(monkeypatch):
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: calls.append(args),
    )
    return calls


def test_the_kept_counts_agree_with_a_recount_however_matches_end(
    alice, bob, carol, enqueued
):
    with time_machine.travel(START, tick=False) as traveller:
        # Played out, with a robot at the table.
        played = _match(alice, bob, robots=1)
        play_to_end(played, {0: alice, 1: bob})
        # Resigned duel: ends at once, bob wins.
        resigned = _match(alice, bob)
        services.match_resign(match_id=resigned.id, user=alice)
        # Resigned at a bigger table: the robot plays carol's seat out and
        # she ranks last.
        big = _match(alice, bob, carol)
        services.match_resign(match_id=big.id, user=carol)
        play_to_end(big, {0: alice, 1: bob})
        # Bob's seat lost after three timeouts, then played out.
        timed = _match(alice, bob, time_control="live", options={"target": "long"})
        _bob_times_out_until_he_leaves(timed, alice, enqueued, traveller)
        play_to_end(timed, {0: alice})
        # Cancelled by consent and aborted: not counted.
        cancelled = _match(alice, bob)
        services.match_cancel_agree(match_id=cancelled.id, user=alice)
        services.match_cancel_agree(match_id=cancelled.id, user=bob)
        aborted = _match(alice, carol)
        services.match_abort(match_id=aborted.id)
        # Still running: not counted.
        _match(bob, carol)

    statuses = {
        m.pk: m.status for m in Match.objects.filter(pk__in=[cancelled.pk, aborted.pk])
    }
    assert statuses == {
        cancelled.pk: Match.Status.CANCELLED,
        aborted.pk: Match.Status.ABORTED,
    }
    assert Seat.objects.get(match=timed, position=1).left_reason == (
        LeaveReason.TIMED_OUT
    )
    recount = play_records_recount()
    assert _kept() == recount
    assert recount[(alice.pk, "toy")][0] == 4
    assert recount[(carol.pk, "toy")] == (1, 0)  # resigned: last, not a win
    assert recount[(bob.pk, "toy")][1] >= 1  # the resigned duel
    # A rebuild gives the same rows.
    play_records_rebuild()
    assert _kept() == recount


def test_every_move_names_the_person_of_its_seat(alice, bob, enqueued):
    with time_machine.travel(START, tick=False) as traveller:
        match = _match(alice, bob, robots=1)
        play_to_end(match, {0: alice, 1: bob})
        timed = _match(alice, bob, time_control="live", options={"target": "long"})
        _bob_times_out_until_he_leaves(timed, alice, enqueued, traveller)

    seated = {(s.match_id, s.position): s.user_id for s in Seat.objects.all()}
    moves = list(Move.objects.all())
    assert {m.user_id for m in moves} == {alice.pk, bob.pk, None}
    assert all(m.user_id == seated[(m.match_id, m.seat)] for m in moves)
    # Bob's timed-out turns are his, though the robot played them.
    assert Move.objects.filter(user=bob, by_timeout=True).exists()


def test_a_match_finished_twice_is_counted_once(alice, bob):
    from django.db import transaction

    from games.rules import Outcome
    from games.services.core import match_finish, match_lock

    match = _match(alice, bob)
    for _ in range(2):
        with transaction.atomic():
            match_finish(
                match_lock(match.id),
                status=Match.Status.FINISHED,
                outcome=Outcome(ranks=(1, 2), reason="score"),
            )

    assert _kept() == {(alice.pk, "toy"): (1, 1), (bob.pk, "toy"): (1, 0)}
    assert _kept() == play_records_recount()
