"""The seats' clocks of a timed match, kept in step with its turns.

Called from games/services/turns.py only, inside the locked transaction of
a match start or a move (call with the match row locked). Untimed matches
(`Match.clock_control()` None) cost nothing here: no query runs.

A seat's bank (`Seat.clock_bank`, seconds) runs only while the seat is to
move: its turn start sets `clock_deadline_at` = now + bank; when its turn
ends, the bank becomes `games.clocks.bank_after_move` (the time used off,
the increment on for its own move, capped). `Match.turn_deadline_at` is
the earliest deadline of the seats to move (issue 10, "Time controls").
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Min

from games.clocks import TimeControl, bank_after_move, deadline_at
from games.models import Match, Seat


def _clocks_start(match: Match, control: TimeControl) -> None:
    """Give every seat of `match` the control's starting bank (no clock runs yet)."""
    match.seats.update(clock_bank=control.bank, clock_deadline_at=None)


def _clocks_run(match: Match, positions: frozenset[int], *, now: datetime) -> None:
    """Start the clocks of the seats at `positions`, whose turn starts `now` (UTC)."""
    seats = list(match.seats.filter(position__in=positions))
    for seat in seats:
        seat.clock_deadline_at = deadline_at(since=now, bank=seat.clock_bank or 0)
    Seat.objects.bulk_update(seats, ["clock_deadline_at"])


def _clocks_stop(
    match: Match,
    control: TimeControl,
    positions: frozenset[int],
    *,
    mover: int | None,
    now: datetime,
) -> None:
    """Stop the clocks of the seats at `positions`, whose decision ends `now`.

    Each bank loses the time since the seat's decision became due
    (`to_move_since`); the `mover` also gains the increment (bank - used +
    increment, capped). Call before the to-move columns are cleared.
    """
    seats = list(match.seats.filter(position__in=positions))
    for seat in seats:
        used = (
            int((now - seat.to_move_since).total_seconds()) if seat.to_move_since else 0
        )
        bank = seat.clock_bank or 0
        if seat.position == mover:
            seat.clock_bank = bank_after_move(bank=bank, used=used, control=control)
        else:
            seat.clock_bank = max(0, bank - max(0, used))
        seat.clock_deadline_at = None
    Seat.objects.bulk_update(seats, ["clock_bank", "clock_deadline_at"])


def _turn_deadline_update(match: Match) -> None:
    """Set `Match.turn_deadline_at` to the earliest deadline of the seats to move."""
    earliest = match.seats.aggregate(earliest=Min("clock_deadline_at"))["earliest"]
    match.turn_deadline_at = earliest
    match.save(update_fields=["turn_deadline_at"])
