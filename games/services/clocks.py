"""The seats' clocks of a timed match, kept in step with its turns.

Called by the services only, inside the locked transaction of a match
start, a move, a pause or a vacation (call with the match row locked).
Untimed matches (`Match.clock_control()` None) cost nothing here: no query
runs.

A seat's bank (`Seat.clock_bank`, seconds) runs only while the seat is to
move: while it runs, `clock_deadline_at` (UTC) says when it runs out and
is the truth (the bank is what was left when it started). When the
seat's decision ends, the bank becomes what is left, plus the increment
for the seat's own move, capped (`games.clocks.bank_after_move`).
`Match.turn_deadline_at` is the earliest deadline of the seats to move
(issue 10, "Time controls"). A running clock also marks when 80 % of its
bank is used (`Seat.clock_warn_at`), for the "your time is running out"
notice (issue 11).

A clock is frozen, and does not run although its seat is to move, while
the match is paused by a moderator or the seat's person is on vacation.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Min

from games.clocks import (
    WARNING_SHARE,
    TimeControl,
    bank_after_move,
    deadline_at,
    seconds_left,
)
from games.models import Match, Seat

# A seat's clock columns, as `clocks_follow` leaves them for its caller to write.
CLOCK_FIELDS = ["clock_bank", "clock_deadline_at", "clock_warn_at"]


def clocks_start(match: Match, control: TimeControl, seats: list[Seat]) -> None:
    """Give every seat of `match` the control's starting bank (no clock runs yet).

    `seats`: the match's, read under its lock; they get the bank too, as
    `clocks_follow` then reads it from them.
    """
    match.seats.update(clock_bank=control.bank, clock_deadline_at=None)
    for seat in seats:
        seat.clock_bank, seat.clock_deadline_at = control.bank, None


def _clocks_run(match: Match, positions: frozenset[int], *, now: datetime) -> None:
    """Start the clocks of the seats at `positions`, whose decision is due `now` (UTC).

    A frozen clock (match paused, person on vacation) stays stopped; it
    starts when the pause or the vacation ends (`clocks_thaw`).
    """
    seats = list(match.seats.filter(position__in=positions).select_related("user"))
    for seat in seats:
        if _frozen(match, seat, now):
            seat.clock_deadline_at = seat.clock_warn_at = None
        else:
            _clock_start(seat, now)
    Seat.objects.bulk_update(seats, ["clock_deadline_at", "clock_warn_at"])


def clocks_follow(
    match: Match,
    control: TimeControl,
    *,
    seats: list[Seat],
    stop: frozenset[int],
    run: frozenset[int],
    mover: int | None,
    now: datetime,
    increment: bool = True,
) -> None:
    """Bring the clocks in step with a change of the seats to move, at `now` (UTC).

    The seats at `stop` finished a decision: each bank keeps what was left
    on its clock (all of it if the clock was frozen); the `mover` also
    gains the increment, capped, unless `increment` is False (the later
    moves of a turn the robot plays at a timeout earn none). Then the
    seats at `run` face a decision due now: their clocks start, unless
    frozen. `Match.turn_deadline_at` becomes the earliest running
    deadline. `seats`: the match's, with their persons, read under the
    match's lock (`match_seats`).

    Writes nothing: the caller (`turns.to_move_record`) writes the clock
    columns (`CLOCK_FIELDS`) of the seats at `stop | run` and the match's
    `turn_deadline_at` with the rest of the move.
    """
    for seat in seats:
        if seat.position in stop:
            left = _left(seat, now)
            if seat.position == mover and increment:
                left = bank_after_move(bank=left, used=0, control=control)
            seat.clock_bank = left
            seat.clock_deadline_at = seat.clock_warn_at = None
        if seat.position in run and not _frozen(match, seat, now):
            _clock_start(seat, now)
    deadlines = [s.clock_deadline_at for s in seats if s.clock_deadline_at]
    match.turn_deadline_at = min(deadlines, default=None)


def clocks_freeze(match: Match, *, now: datetime, user_id: int | None = None) -> None:
    """Stop the running clocks of `match` (of `user_id`'s seat only, if given).

    A pause or a vacation begins: each bank keeps what was left, and no
    increment is earned. Updates `Match.turn_deadline_at`.
    """
    seats = match.seats.filter(clock_deadline_at__isnull=False)
    if user_id is not None:
        seats = seats.filter(user_id=user_id)
    stopped = list(seats)
    for seat in stopped:
        seat.clock_bank = _left(seat, now)
        seat.clock_deadline_at = seat.clock_warn_at = None
    Seat.objects.bulk_update(stopped, CLOCK_FIELDS)
    _turn_deadline_update(match)


def clocks_thaw(match: Match, *, now: datetime) -> None:
    """Start the clocks of the seats to move whose clock is stopped and not frozen.

    A pause or a vacation ended: each runs on from the bank it kept.
    Updates `Match.turn_deadline_at`. Untimed matches: nothing happens.
    """
    if match.clock_control() is None:
        return
    waiting = frozenset(
        match.seats.filter(
            to_move_version__isnull=False, clock_deadline_at__isnull=True
        ).values_list("position", flat=True)
    )
    if waiting:
        _clocks_run(match, waiting, now=now)
    _turn_deadline_update(match)


def clocks_extend(match: Match, *, seconds: int, now: datetime) -> None:
    """Give every seat to move `seconds` more on its clock (a moderator's extension).

    Running clocks run out later; stopped ones keep the extra seconds in
    their bank. The cap does not apply: a moderator decided.
    """
    seats = list(match.seats.filter(to_move_version__isnull=False))
    for seat in seats:
        if seat.clock_deadline_at is not None:
            seat.clock_deadline_at += timedelta(seconds=seconds)
        else:
            seat.clock_bank = (seat.clock_bank or 0) + seconds
    Seat.objects.bulk_update(seats, ["clock_bank", "clock_deadline_at"])
    _turn_deadline_update(match)


def _turn_deadline_update(match: Match) -> None:
    """Set `Match.turn_deadline_at` to the earliest deadline of the seats to move."""
    earliest = match.seats.aggregate(earliest=Min("clock_deadline_at"))["earliest"]
    match.turn_deadline_at = earliest
    match.save(update_fields=["turn_deadline_at"])


def _clock_start(seat: Seat, now: datetime) -> None:
    """Start `seat`'s clock at `now` from its bank; mark when 80 % of it is used."""
    bank = seat.clock_bank or 0
    seat.clock_deadline_at = deadline_at(since=now, bank=bank)
    # The "your time is running out" notice (games/services/notices.py).
    seat.clock_warn_at = (
        now + timedelta(seconds=bank * (1 - WARNING_SHARE)) if bank else None
    )


def _left(seat: Seat, now: datetime) -> int:
    """Return the seconds left on `seat`'s clock at `now` (its bank while stopped)."""
    if seat.clock_deadline_at is None:
        return seat.clock_bank or 0
    return seconds_left(deadline=seat.clock_deadline_at, now=now)


def _frozen(match: Match, seat: Seat, now: datetime) -> bool:
    """Return whether `seat`'s clock may not run now (paused match, vacation)."""
    if match.paused_at is not None:
        return True
    user = seat.user
    return (
        user is not None
        and user.vacation_until is not None
        and user.vacation_until > now
    )
