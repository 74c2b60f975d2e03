"""Moves: a person's submit, a robot's move, and the sweep that resumes robots."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, Seat
from games.rules import IllegalMove
from games.selectors import seats_attach
from games.text import message_text

from .core import (
    active_seat_of,
    match_lock_with_seats,
    match_seats,
    match_state,
    move_apply,
    seat_strikes_clear,
)
from .robots import robot_move_choose, robot_task_enqueue
from .vacations import vacation_end

# A robot's task normally runs within a second of its commit; a robot seat
# that has waited this long lost its task (a worker died, the broker
# restarted) and the sweep enqueues it again.
ROBOT_RESUME_AFTER = timedelta(seconds=30)


def move_submit(
    *,
    match_id: int,
    user: User,
    move_data: Any,
    expected_version: int,
    answered_page: str | None = None,
) -> Match:
    """Apply `user`'s move, made against `expected_version`, and schedule its consequences.

    1. Lock the match row; an inactive match raises MatchNotActive (a
       paused one too, with MATCH_PAUSED).
    2. Find the user's seat (NotSeated); it must be to move (NotYourTurn) and
       played by its person (NotYourTurn, STAND_IN_PLAYS).
    3. A stale `expected_version` is still accepted when the seat has been
       waiting to move since that version or earlier, so the moves in
       between were other seats' (simultaneous moves), and the rules find
       the move legal now; otherwise StaleMatch.
    4. The rules parse and judge the move (InvalidMove with their message);
       `move_apply` persists it, and on commit the new version is announced
       and a robot enqueued if one is to move.
    5. A seat that timed out is its person's again: its strikes are cleared.
    6. After commit: a mover on vacation is back, and their clocks run
       again in every match (`vacation_end`).

    `answered_page`: the id of the board page that sent the move and is
    answered with the board it made (`broadcast.page_id_clean`'d); that
    page's socket does not push the same version again.

    Returns the match as the move left it. While it is still active, its
    seats as read and changed under the lock come with it
    (`match.seats.all()` reads them without a query): the mover's answer
    shows exactly the version the move made.
    """
    answered = (
        None
        if answered_page is None
        else broadcast.AnsweredPage(user.pk, answered_page)
    )
    with transaction.atomic():
        match, seats = match_lock_with_seats(match_id)
        seats, seat = active_seat_of(match, user, seats)
        if match.paused_at is not None:
            raise exceptions.MatchNotActive(exceptions.MATCH_PAUSED)
        stale = expected_version != match.version
        if stale and not _waiting_since(seat, expected_version, match):
            raise exceptions.StaleMatch()
        rules = match.rules
        state = match_state(match)
        if seat.position not in rules.to_move(state):
            raise exceptions.NotYourTurn()
        if seat.played_by_system:
            raise exceptions.NotYourTurn(exceptions.STAND_IN_PLAYS)
        if not isinstance(move_data, dict):
            raise exceptions.InvalidMove(exceptions.MALFORMED_MOVE)
        try:
            move = rules.move_from_json(move_data)
            move_apply(
                match,
                seats,
                seat.position,
                move,
                state=state,
                by_robot=False,
                answered=answered,
            )
        except IllegalMove as error:
            if stale:
                raise exceptions.StaleMatch(exceptions.MOVE_OVERTAKEN) from error
            raise exceptions.InvalidMove(message_text(error.as_message())) from error
        if seat.timeouts_in_row:
            # Moving takes the seat back after a timeout ("I'm back").
            seat_strikes_clear(match, seat)
    if user.vacation_until is not None:
        # Moving ends the mover's vacation: their other clocks run again
        # (this match's too, after the seats were read).
        vacation_end(user=user)
    elif match.status == Match.Status.ACTIVE:
        # Finishing reads and clears the seats anew; an active match's are current.
        seats_attach(match, seats)
    return match


def robot_move_play(*, match_id: int, expected_version: int) -> Match | None:
    """Play one move for a seat to move that the system plays (robot or stand-in).

    The robot decides before the match row is locked: a searching robot
    thinks for up to a second (issue 26), and the lock would hold back every
    other write to the match meanwhile. Its decision is made on the state at
    `expected_version`, and the locked write re-checks that version, so a
    decision on a state that has moved on is dropped (that version's own
    task decides again). Idempotent: returns None without doing anything
    when the match is gone, not active, paused, no longer at
    `expected_version` (a stale or repeated task), or no seat the system
    plays is to move. The next robot move, if any, is enqueued on commit by
    `move_apply`.
    """
    planned = _robot_decision(match_id, expected_version)
    if planned is None:
        return None
    position, state, move = planned
    with transaction.atomic():
        try:
            match, seats = match_lock_with_seats(match_id)
        except exceptions.MatchNotActive:
            return None
        if not _robot_may_move(match, expected_version):
            return None
        # The same version is the same state (only `move_apply` writes it,
        # and it bumps the version); who plays the seat may have changed.
        if not seats[position].played_by_system:
            return None
        move_apply(match, seats, position, move, state=state, by_robot=True)
    return match


def _robot_may_move(match: Match, expected_version: int) -> bool:
    return (
        match.status == Match.Status.ACTIVE
        and match.version == expected_version
        and match.paused_at is None
    )


def _robot_decision(
    match_id: int, expected_version: int
) -> tuple[int, Any, Any] | None:
    """Return (seat position, state, move) the system would play now, or None.

    Reads without a lock (two queries: the match, its seats); None when
    the match is gone, may not move (`_robot_may_move`) or no seat the
    system plays is to move.
    """
    match = Match.objects.filter(id=match_id).first()
    if match is None or not _robot_may_move(match, expected_version):
        return None
    state = match_state(match)
    to_move = match.rules.to_move(state)
    seat = next(
        (s for s in match_seats(match) if s.position in to_move and s.played_by_system),
        None,
    )
    if seat is None:
        return None
    return (
        seat.position,
        state,
        robot_move_choose(match, state, seat.position, seat.robot),
    )


def robot_turns_resume() -> int:
    """Re-enqueue the robot moves of active matches that have waited too long.

    A lost task (a worker killed mid-task) would otherwise stall the match.
    One indexed query over the seats the system plays that have been to
    move for ROBOT_RESUME_AFTER: the work grows with the overdue seats, not
    with the active matches. Returns the number of matches enqueued; the
    version makes a duplicate task a no-op.
    """
    overdue = (
        Seat.objects.filter(
            to_move_since__lt=timezone.now() - ROBOT_RESUME_AFTER,
            match__status=Match.Status.ACTIVE,
            # A paused match's robots wait for it to resume (which enqueues them).
            match__paused_at__isnull=True,
        )
        .exclude(controller=Seat.Controller.PERSON)
        .values_list("match_id", "match__version")
        # No ordering: DISTINCT must see the match alone, not its seats.
        .order_by()
        .distinct()
    )
    count = 0
    for match_id, version in overdue:
        robot_task_enqueue(match_id, version)
        count += 1
    return count


def _waiting_since(seat: Seat, version: int, match: Match) -> bool:
    """Return whether `seat` has been to move, without moving, since `version`.

    Then every move after `version` was another seat's, and the seat chose
    against a state that differs from today's only by those moves.
    """
    return (
        version < match.version
        and seat.to_move_version is not None
        and seat.to_move_version <= version
    )
