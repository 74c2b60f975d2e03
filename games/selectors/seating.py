"""Loading a match with its seats, and finding a viewer's seat (STYLE.md B5).

Every door loads the match it shows through these: two queries (the match,
then its seats with their players; one round trip on PostgreSQL), after
which `match.seats.all()` is read without a query. Both queries' SQL is
built once (games/models/prepared.py): every board, push and API body reads
a match this way.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Prefetch, QuerySet

from accounts.models import User
from games.models import Match, Seat
from games.models.prepared import MATCH_BY_ID, SEATS_OF_MATCH
from games.models.writes import read_together


def match_for_viewer(*, match_id: int, user: User | Any) -> tuple[Match, Seat | None]:
    """Return the match, its seats loaded, and the user's seat (None for spectators).

    Raises Match.DoesNotExist for an unknown id. Does not ask who may see
    the match: the doors load it through `access.match_visible`, which
    does. Seats see their own view, everyone else the spectator's view. Two
    queries: the match, then its seats with their players (`match.seats.all()`
    reads them from then on).
    """
    match = match_with_seats(match_id=match_id)
    return match, viewer_seat(match, user)


def match_with_seats(*, match_id: int) -> Match:
    """Return the match with its seats and their players loaded.

    Two queries, in one round trip on PostgreSQL (`read_together`). Raises
    Match.DoesNotExist for an unknown id.
    """
    found, seats = read_together(
        (MATCH_BY_ID, (match_id,)), (SEATS_OF_MATCH, (match_id,))
    )
    if not found:
        raise Match.DoesNotExist(f"no match {match_id}")
    return seats_attach(found[0], seats)


def viewer_seat(match: Match, user: User | Any) -> Seat | None:
    """Return `user`'s seat at `match` (None for spectators and guests).

    Reads `match.seats.all()`: no query when the seats were prefetched.
    """
    if user is None or not user.is_authenticated:
        return None
    return next((s for s in match.seats.all() if s.user_id == user.pk), None)


def seats_load(match: Match) -> Match:
    """Load `match`'s seats with their players into `match.seats.all()` (one query).

    For a match that a service returned: what the board shows of its seats
    is then read without a query per seat. No query when they are loaded
    already (`match_with_seats`, `seats_attach`, a prefetch). Returns `match`.
    """
    if "seats" in getattr(match, "_prefetched_objects_cache", {}):
        return match
    return seats_attach(match, SEATS_OF_MATCH.fetch(match.pk))


def seats_attach(match: Match, seats: list[Seat]) -> Match:
    """Make `seats` what `match.seats.all()` answers, without a query; return `match`.

    `seats` are the match's seats in position order with their persons (as
    `seats_prefetch` loads them), read with the match or under its lock.
    What Django's `prefetch_related` stores (its prefetch cache), filled
    from seats already read; each seat's `match` is this instance.
    """
    for seat in seats:
        seat.match = match
    cached = match.seats.all()
    cached._result_cache = seats
    # Django's own names for a prefetched queryset (not in its stubs).
    cached._prefetch_done = True  # type: ignore[attr-defined]
    match._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    return match


def seats_prefetch() -> Prefetch[str, QuerySet[Seat], str]:
    """Return the prefetch of a match's seats in position order, with players."""
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("user").order_by("position")
    )


def board_stamp(match: Match) -> str:
    """Return a digest (16 hex digits) of what a board shows of `match` besides its log.

    Made of the version, the status, the pause, the turn deadline and, per
    seat, its player, controller and robot, to-move version, clock, timeouts,
    departure, cancel agreement and declined autoplay: every change that
    pushes a board changes one of them (a move the version; a proposal to
    cancel, a resignation, a pause, a hand-over or "I'm back" a column).
    The board page (`views.match_detail`) puts it in its socket's URL,
    and the socket compares it
    when it connects: a change between the page's render and the socket
    joining the match's group is pushed at once (`MatchConsumer.connect`).
    Reads `match.seats.all()`: no query when the seats were prefetched.
    """
    parts: list[Any] = [
        match.version,
        match.status,
        match.paused_at,
        match.turn_deadline_at,
    ]
    for seat in match.seats.all():
        parts.append(
            (
                seat.position,
                seat.user_id,
                seat.controller,
                seat.robot,
                seat.to_move_version,
                seat.clock_bank,
                seat.clock_deadline_at,
                seat.timeouts_in_row,
                seat.left_at,
                seat.cancel_agreed_at,
                seat.autoplay_declined_at,
            )
        )
    return hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()
