"""What a board shows of each seat's clock and of its person's vacation.

`board_context` fills `SeatInfo`'s clock fields (`seat_clock_fields`: time
left, running, deadline, frozen, low) and `vacation_until` (a vacation
stands the seat's clock still) from the seat's columns and the match's
`TimeControl`, at one moment `now` (UTC), without a query.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from games.clocks import WARNING_SHARE, TimeControl, is_low, seconds_left
from games.models import Match, Seat


def opponents_on_vacation(match: Match, *, now: datetime) -> list[tuple[str, datetime]]:
    """Return (name, until) of the people of `match`'s other seats on vacation at `now`.

    "Other" than `match.viewer_id` (annotated by `matches_for_user`; none:
    every seat). Reads the prefetched seats and players: no query.
    """
    viewer_id: Any = getattr(match, "viewer_id", None)
    away = []
    for seat in match.seats.all():
        user = seat.user if seat.user_id is not None else None
        if user is None or seat.user_id == viewer_id:
            continue
        until = seat_vacation_until(seat, now)
        if until is not None:
            away.append((user.name, until))
    return away


def seat_vacation_until(seat: Seat, now: datetime) -> datetime | None:
    """Return when the vacation of `seat`'s person ends, if it runs now (UTC)."""
    user = seat.user if seat.user_id is not None else None
    if user is None or user.vacation_until is None or user.vacation_until <= now:
        return None
    return user.vacation_until


def seat_clock_fields(
    seat: Seat, control: TimeControl | None, *, now: datetime, running_allowed: bool
) -> dict[str, Any]:
    """Return `SeatInfo`'s clock fields for `seat` at `now` (UTC); {} if untimed."""
    if control is None:
        return {}
    deadline = seat.clock_deadline_at if running_allowed else None
    if deadline is None:
        # Before the start no bank is set: every seat will get the control's.
        return {
            "clock_left": seat.clock_bank
            if seat.clock_bank is not None
            else control.bank,
            "clock_frozen": running_allowed and seat.is_to_move,
        }
    # While a clock runs, its bank is what it had when it started.
    bank = seat.clock_bank or 0
    left = seconds_left(deadline=deadline, now=now)
    return {
        "clock_left": left,
        "clock_running": True,
        "clock_deadline": deadline,
        "clock_low": is_low(left=left, bank=bank),
        # For whole seconds, left < share * bank exactly when left < its ceiling.
        "clock_low_below": math.ceil(WARNING_SHARE * bank) if bank else None,
    }
