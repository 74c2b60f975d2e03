"""The notices the game services send (issue 11, "What is notified").

Called at the seams of games/services (a turn starts, a match starts or
ends, someone joins, a timeout) inside their locked transaction, and by two
sweeps of the beat (time running out, vacations ending). Each writes
`games.models.Notification` rows through `games.notifications.services.notify`,
which plans the e-mails and tells the bells on commit. Only persons are
notified: robots, and persons a robot plays for for good, are not.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.exceptions import MatchNotActive
from games.models import Match, Notification, Seat
from games.models.writes import WriteBatch
from games.notifications.services import notify
from games.rules import Outcome

Kind = Notification.Kind

# A vacation's "ends tomorrow" notice goes out this long before its end.
VACATION_NOTICE_BEFORE = timedelta(days=1)


def notify_turns(
    match: Match,
    seats: list[Seat],
    positions: Iterable[int],
    *,
    writes: WriteBatch | None = None,
) -> None:
    """Tell the persons of the seats at `positions` that their turn began.

    `params["version"]` is the match version the turn began at: an e-mail
    about it goes out only while the seat still waits since then.
    `writes`: the move's batch the notices are queued on (`notify`).
    """
    wanted = set(positions)
    for seat in seats:
        if seat.position in wanted and _person(seat) is not None:
            notify(
                [seat.user],
                Kind.YOUR_TURN,
                match=match,
                params=_params(match, seats, seat, version=match.version),
                writes=writes,
            )


def notify_match_started(
    match: Match, seats: list[Seat], *, skip: Iterable[int] = ()
) -> None:
    """Tell every person seated that `match` started, but those at `skip`."""
    skipped = set(skip)
    for seat in seats:
        if seat.position not in skipped and _person(seat) is not None:
            notify(
                [seat.user],
                Kind.MATCH_STARTED,
                match=match,
                params=_params(match, seats, seat),
            )


def notify_match_ended(
    match: Match, seats: list[Seat], *, outcome: Outcome | None
) -> None:
    """Tell every person seated (also those who left) how `match` ended.

    Finished: with their rank and the winners' names; aborted (by consent,
    a moderator, or the last person leaving an open match): cancelled.
    """
    winners = (
        [s.name for s in seats if outcome.ranks[s.position] == 1]
        if outcome is not None
        else []
    )
    for seat in seats:
        if seat.user_id is None:
            continue
        if outcome is None:
            kind, extra = Kind.MATCH_CANCELLED, {}
        else:
            extra = {"rank": outcome.ranks[seat.position], "winners": winners}
            kind = Kind.MATCH_FINISHED
        notify(
            [seat.user],
            kind,
            match=match,
            params=_params(match, seats, seat, **extra),
        )


def notify_joined(match: Match, seats: list[Seat], newcomer: Seat) -> None:
    """Tell the persons already seated at an open `match` that someone joined."""
    for seat in seats:
        if seat.position != newcomer.position and _person(seat) is not None:
            notify(
                [seat.user],
                Kind.PLAYER_JOINED,
                match=match,
                params=_params(match, seats, seat, name=newcomer.name),
            )


def notify_timed_out(
    match: Match, seats: list[Seat], seat: Seat, *, left: bool
) -> None:
    """Tell `seat`'s person that their clock ran out (and, at the last strike, the seat is lost)."""
    if seat.user is None:
        return
    notify(
        [seat.user],
        Kind.SEAT_LOST if left else Kind.TIMED_OUT,
        match=match,
        params=_params(match, seats, seat, version=match.version),
    )


def time_warnings_send() -> int:
    """Send "your time is running out" for every clock past 80 % of its bank.

    One indexed query over `Seat.clock_warn_at` (set when a clock starts,
    cleared when it stops); each seat is handled in its own transaction
    with its match locked, and its mark cleared, so a warning goes out
    once. Returns the number of warnings written.
    """
    # Imported here: the kernel calls this module's notify_* at its seams, so
    # importing the kernel at the top would be a cycle.
    from . import core

    now = timezone.now()
    due = list(
        Seat.objects.filter(clock_warn_at__lte=now)
        .order_by("clock_warn_at")
        .values_list("match_id", "position")
    )
    count = 0
    for match_id, position in due:
        with transaction.atomic():
            try:
                match = core.match_lock(match_id)
            except MatchNotActive:
                continue  # deleted since the query: nothing to warn about
            seats = core.match_seats(match)
            seat = next(s for s in seats if s.position == position)
            if seat.clock_warn_at is None or seat.clock_warn_at > now:
                continue
            seat.clock_warn_at = None
            seat.save(update_fields=["clock_warn_at"])
            if match.status != Match.Status.ACTIVE or _person(seat) is None:
                continue
            left = (
                int((seat.clock_deadline_at - now).total_seconds())
                if seat.clock_deadline_at
                else None
            )
            notify(
                [seat.user],
                Kind.TIME_LOW,
                match=match,
                params=_params(
                    match, seats, seat, version=seat.to_move_version, left=left
                ),
            )
            count += 1
    return count


def vacation_endings_notify() -> int:
    """Tell every person whose vacation ends within a day that it ends tomorrow.

    One indexed query over `User.vacation_until`; a vacation is told once
    (a notice since it started is looked for with the person's row locked,
    so sweeps running at once on several nodes tell it once). Returns the
    number told.
    """
    now = timezone.now()
    count = 0
    ending = User.objects.filter(
        vacation_until__isnull=False,
        vacation_until__gt=now,
        vacation_until__lte=now + VACATION_NOTICE_BEFORE,
    ).values_list("id", flat=True)
    for user_id in list(ending):
        with transaction.atomic():
            user = User.objects.select_for_update().filter(id=user_id).first()
            if (
                user is None
                or user.vacation_until is None
                or user.vacation_until > now + VACATION_NOTICE_BEFORE
            ):
                continue  # ended, moved or deleted since the query
            told = Notification.objects.filter(
                user=user,
                kind=Kind.VACATION_ENDING,
                created_at__gte=user.vacation_started_at or now,
            ).exists()
            if told:
                continue
            notify(
                [user],
                Kind.VACATION_ENDING,
                params={"until": user.vacation_until.isoformat()},
            )
        count += 1
    return count


def _person(seat: Seat) -> User | None:
    """Return the person who plays `seat` themself, or None (free, robot, stand-in)."""
    if seat.controller != Seat.Controller.PERSON:
        return None
    return seat.user


def _params(
    match: Match, seats: list[Seat], seat: Seat, **extra: Any
) -> dict[str, Any]:
    """Return a notice's params for `seat`: the game, the opponents' names, `extra`."""
    return {
        "game": match.game_slug,
        "seat": seat.position,
        "opponents": [s.name for s in seats if s.position != seat.position],
        **extra,
    }
