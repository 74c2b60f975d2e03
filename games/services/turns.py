"""The seats' to-move columns and clocks after a match starts or a move.

Part of the services' kernel (core.py re-exports both functions): call
with the match row locked (`core.match_lock`), inside the transaction
that changed the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone

from games.models import Match, Seat
from games.models.writes import WriteBatch
from games.rules import turns_started

from .clocks import CLOCK_FIELDS, clocks_follow
from .notices import notify_turns


def to_move_record(
    match: Match,
    *,
    before: frozenset[int],
    after: frozenset[int],
    mover: int | None,
    seats: list[Seat],
    clock_increment: bool = True,
    started: frozenset[int] | None = None,
    match_fields: Sequence[str] = (),
    writes: WriteBatch | None = None,
) -> None:
    """Bring the seats' to-move columns from `before` to `after` (the rules' to_move).

    Call after the version bump. Seats that left `after` are cleared; the
    seats at `started` (the rules' `turns_begun`; default: those that joined
    `after`) start their turn (`turns_start`); the `mover`, if it stays to
    move within its turn (a turn of several steps), faces a new decision,
    due now. A mover that stays to move but begins a new turn (Knatsch: a
    defender whose own turn follows) ends the one turn and starts the next.
    In a timed match the clocks follow (games/services/clocks.py): stopped
    for the seats whose decision ended, started for the new ones, and
    `Match.turn_deadline_at` set to the earliest deadline.

    `seats` are the match's, read under its lock (`match_seats`): they are
    changed in memory, and each changed seat's to-move and clock columns
    are written together (one UPDATE per seat). `match_fields`: columns of
    `match` the caller changed and has not saved yet (a move's state and
    version); they are saved with the turn deadline in one write of the
    match row. `writes`: the caller's batch (a move's), which the caller
    sends; without it the writes are sent here.
    """
    now = timezone.now()
    left = before - after
    if started is None:
        started = turns_started(before, after)
    staying = after & {mover} if mover is not None else frozenset()
    continuing = staying - started
    for seat in seats:
        if seat.position in left:
            seat.to_move_since = seat.to_move_version = None
        elif seat.position in continuing:
            seat.to_move_since, seat.to_move_version = now, match.version
    batch = WriteBatch() if writes is None else writes
    if started:
        turns_start(match, seats, started, now=now, writes=batch)
    fields = ["to_move_since", "to_move_version"]
    saved = list(match_fields)
    control = match.clock_control()
    if control is not None:
        clocks_follow(
            match,
            control,
            seats=seats,
            stop=left | staying,
            run=started | continuing,
            mover=mover,
            now=now,
            increment=clock_increment,
        )
        fields += CLOCK_FIELDS
        saved.append("turn_deadline_at")
    # The clocks change only seats whose to-move columns change too
    # (staying is within started | continuing).
    changed = left | started | continuing
    for seat in seats:
        if seat.position in changed:
            batch.update(seat, fields)
    if saved:
        batch.update(match, saved)
    if writes is None:
        batch.send()


def turns_start(
    match: Match,
    seats: list[Seat],
    positions: frozenset[int],
    *,
    now: datetime,
    writes: WriteBatch | None = None,
) -> None:
    """Start the turns of the seats at `positions`, which just became to move.

    The seam where a seat's turn begins: the seats' to-move columns are
    set to `now` (UTC) and the current version here, in memory (the caller,
    `to_move_record`, writes them with the clocks). What else follows a new
    turn belongs here too: the "your turn" notices (`seats` are the match's,
    with their persons; queued on `writes`, the caller's batch, if given);
    the clocks start in `to_move_record`, together with the mover's when
    its turn goes on.
    """
    for seat in seats:
        if seat.position in positions:
            seat.to_move_since, seat.to_move_version = now, match.version
    notify_turns(match, seats, positions, writes=writes)
