"""Timeouts: a seat whose clock ran out is played by the robot (issue 10, "Enforcement").

Deadlines are rows, not task ETAs (STYLE.md B8): every 30 s the beat task
`expire_overdue_turns` reads the active matches whose `turn_deadline_at`
has passed, through the partial index `match_deadline_idx`, and enqueues
`apply_turn_timeout(match_id, expected_version)` for each. The work grows
with the overdue matches, not with the active ones.

`turn_timeout_apply` plays the overdue seat's turn with the game's default
robot (the stand-in) through the one `move_apply`, marks each move as a
timeout, and counts a strike for the seat's person. The person takes the
seat back by moving or with "I'm back" (`seat_back`); after
STRIKES_TO_LEAVE timeouts in a row the robot plays the seat for good and
the person has left the match.

Idempotent: the sweep and the tasks may run twice, late, or on several
workers at once. The task names the version it was enqueued for, and the
service does nothing once the match moved on; a task lost with its worker
is enqueued again by the next sweep, as the row is still overdue.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.clocks import STRIKES_TO_LEAVE
from games.models import LeaveReason, Match, MatchEvent, Seat
from games.rules.registry import default_robot

from .core import (
    active_seat_of,
    match_lock,
    match_seats,
    match_state,
    move_apply,
    seat_strikes_clear,
)
from .notices import notify_timed_out
from .robots import robot_move_choose, system_move_enqueue

# A turn the robot plays at a timeout ends when the seat is no longer to
# move; this bounds a turn that would not end (a bug in a game's rules
# must not hold the match row locked for ever).
TIMEOUT_MOVES_MAX = 200


def expire_overdue_turns(*, now: datetime | None = None) -> int:
    """Enqueue `apply_turn_timeout` for every active match past its turn deadline.

    `now` (UTC) defaults to the current time. One query through the
    partial index on `Match.turn_deadline_at` (status active): paused
    matches and frozen clocks have no deadline and are not read. Returns
    the number of tasks enqueued. Enqueueing twice is harmless (the version
    makes the second task a no-op).
    """
    moment = now or timezone.now()
    overdue = (
        Match.objects.filter(status=Match.Status.ACTIVE, turn_deadline_at__lte=moment)
        .values_list("id", "version")
        # In index order: no sort of the matches by their last move.
        .order_by("turn_deadline_at")
    )
    count = 0
    for match_id, version in overdue:
        _timeout_task_enqueue(match_id, version)
        count += 1
    return count


def turn_timeout_apply(*, match_id: int, expected_version: int) -> Match | None:
    """Let the robot play the turns of the seats whose clock has run out.

    1. Lock the match; do nothing (return None) when it is gone, not
       active, paused, no longer at `expected_version` (a stale or
       repeated task) or no seat to move is past its deadline.
    2. For each overdue seat, earliest deadline first: the game's default
       robot plays the seat's turn (`move_apply`, each move marked
       `by_timeout`) until the seat is no longer to move. Only the first
       of these moves earns the clock's increment, so the person's next
       turn has the increment to decide in.
    3. A seat its person plays gets a strike (`Seat.timeouts_in_row`); at
       STRIKES_TO_LEAVE the robot plays it for good and the person has
       left (`left_reason` "timed_out", a table event for the log).

    Everything after commit (pushes, lists, a robot to move next) is
    scheduled by `move_apply`.
    """
    with transaction.atomic():
        try:
            match = match_lock(match_id)
        except exceptions.MatchNotActive:
            return None  # deleted since the task was enqueued
        if (
            match.status != Match.Status.ACTIVE
            or match.paused_at is not None
            or match.version != expected_version
        ):
            return None
        now = timezone.now()
        seats = match_seats(match)
        overdue = sorted(
            (
                s
                for s in seats
                if s.clock_deadline_at is not None and s.clock_deadline_at <= now
            ),
            key=lambda s: (s.clock_deadline_at, s.position),
        )
        if not overdue:
            return None
        for seat in overdue:
            if match.status != Match.Status.ACTIVE:
                break
            # An earlier seat's timeout may have ended this seat's turn and
            # started a new one, with a fresh deadline.
            seat.refresh_from_db(fields=["clock_deadline_at"])
            if seat.clock_deadline_at is None or seat.clock_deadline_at > now:
                continue
            if _turn_play_out(match, seats, seat):
                _strike(match, seats, seat, now=now)
    return match


def seat_back(*, match_id: int, user: User) -> Seat:
    """Say "I'm back" after a timeout: the seat's strikes are cleared.

    Moving does the same (see `move_submit`). Raises MatchNotActive,
    NotSeated, InvalidMove (LEFT_FOR_GOOD once the person has left,
    NOT_TIMED_OUT when there is nothing to clear).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        _seats, seat = active_seat_of(match, user)
        if seat.left_at is not None:
            raise exceptions.InvalidMove(exceptions.LEFT_FOR_GOOD)
        if not seat.timeouts_in_row:
            raise exceptions.InvalidMove(exceptions.NOT_TIMED_OUT)
        seat_strikes_clear(match, seat)
    return seat


def _turn_play_out(match: Match, seats: list[Seat], seat: Seat) -> bool:
    """Let the robot play `seat`'s turn at a timeout; return whether it played.

    The seat's own robot plays a seat the system plays (a lost robot task),
    the game's default robot stands in for a person. Nothing is played when
    the seat is no longer to move (an earlier seat's timeout ended it). The
    play-out ends with the turn: when the seat is no longer to move, or a
    new turn of it begins (the rules' `turns_begun`: a Knatsch defender
    whose own turn follows the defence plays that turn themself).
    """
    rules = match.rules
    state = match_state(match)
    robot = seat.robot or default_robot(match.game_slug).name
    played = False
    for _ in range(TIMEOUT_MOVES_MAX):
        if match.status != Match.Status.ACTIVE:
            break
        if seat.position not in rules.to_move(state):
            break
        move = robot_move_choose(match, state, seat.position, robot)
        move_apply(
            match,
            seats,
            seat.position,
            move,
            state=state,
            by_robot=True,
            by_timeout=True,
            clock_increment=not played,
        )
        played = True
        before, state = state, match.game_state()
        if seat.position in rules.turns_begun(before, state):
            break
    return played


def _strike(match: Match, seats: list[Seat], seat: Seat, *, now: datetime) -> None:
    """Count a timeout against `seat`'s person; hand the seat over at the last strike.

    Seats the system plays get no strikes. Call with the match row locked.
    The person is notified: "you timed out", or at the last strike "a robot
    now plays your seat".
    """
    if seat.controller != Seat.Controller.PERSON or seat.user_id is None:
        return
    seat.timeouts_in_row += 1
    seat.save(update_fields=["timeouts_in_row"])
    if seat.timeouts_in_row >= STRIKES_TO_LEAVE:
        seat_left_for_good(match, seat, now=now, reason=LeaveReason.TIMED_OUT)
        MatchEvent.objects.create(
            match=match,
            version=match.version,
            kind=MatchEvent.Kind.LEFT_AFTER_TIMEOUTS,
            seat=seat.position,
        )
    notify_timed_out(match, seats, seat, left=seat.left_at is not None)
    broadcast.user_matches_changed_on_commit(match, [seat.user_id])


def seat_left_for_good(
    match: Match, seat: Seat, *, now: datetime, reason: LeaveReason
) -> None:
    """Let the game's default robot play `seat` to the end; its person has left.

    As at the last timeout strike (issue 10) and for a suspended or banned
    person (issue 24, "Sanctions"): the seat's clock and rank go on, the
    other players are not harmed. Call with the match row locked; the robot
    task is enqueued after commit when the seat is to move.
    """
    seat.controller = Seat.Controller.STAND_IN
    seat.robot = default_robot(match.game_slug).name
    seat.left_at = now
    seat.left_reason = reason
    seat.save(update_fields=["controller", "robot", "left_at", "left_reason"])
    if match.status == Match.Status.ACTIVE:
        to_move = match.rules.to_move(match.game_state())
        system_move_enqueue(match, match_seats(match), to_move)


def _timeout_task_enqueue(match_id: int, version: int) -> None:
    """Enqueue the timeout task for `match_id` at `version`, after commit.

    Robust: a broker that is down is logged, and the next sweep retries.
    """
    from games.tasks import apply_turn_timeout as apply_turn_timeout_task

    transaction.on_commit(
        lambda: apply_turn_timeout_task.delay(match_id, version), robust=True
    )
