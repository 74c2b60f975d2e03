"""Moderators' writes (issue 10, "Vacation, resign, cancel"): deadlines, pauses, seats.

Called by the admin actions (games/admin/). Each is recorded as a table
event with the moderator as its `actor` and the time, so the board log
says what happened ("A moderator paused the match.") and the admin shows
who did it. Like every write, each locks the match row and announces the
change on commit.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, MatchEvent, Seat

from .clocks import clocks_extend, clocks_freeze, clocks_thaw
from .core import (
    match_lock,
    match_seats,
    match_state,
)
from .robots import robot_name_resolve, system_move_enqueue

# A moderator extends a deadline by at most this much at once (seconds).
EXTENSION_MAX = 30 * 24 * 60 * 60


def match_deadline_extend(*, match_id: int, seconds: int, actor: User) -> Match:
    """Give the seats to move of a running timed match `seconds` more.

    Raises MatchNotActive (not running), InvalidMatchSettings (NOT_TIMED,
    or `seconds` outside 1 .. EXTENSION_MAX).
    """
    if not 0 < seconds <= EXTENSION_MAX:
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    with transaction.atomic():
        match = _running(match_id)
        if match.clock_control() is None:
            raise exceptions.InvalidMatchSettings(exceptions.NOT_TIMED)
        clocks_extend(match, seconds=seconds, now=timezone.now())
        _event(match, MatchEvent.Kind.DEADLINE_EXTENDED, actor, seconds=seconds)
    return match


def match_pause(*, match_id: int, actor: User) -> Match:
    """Pause a running match: its clocks stop and nobody moves until it resumes.

    Robots wait too. Raises MatchNotActive, InvalidMatchSettings
    (ALREADY_PAUSED).
    """
    with transaction.atomic():
        match = _running(match_id)
        if match.paused_at is not None:
            raise exceptions.InvalidMatchSettings(exceptions.ALREADY_PAUSED)
        now = timezone.now()
        match.paused_at = now
        match.save(update_fields=["paused_at"])
        if match.clock_control() is not None:
            clocks_freeze(match, now=now)
        _event(match, MatchEvent.Kind.PAUSED, actor)
    return match


def match_resume(*, match_id: int, actor: User) -> Match:
    """Resume a paused match: the clocks of the seats to move run on from their banks.

    Raises MatchNotActive, InvalidMatchSettings (NOT_PAUSED).
    """
    with transaction.atomic():
        match = _running(match_id)
        if match.paused_at is None:
            raise exceptions.InvalidMatchSettings(exceptions.NOT_PAUSED)
        match.paused_at = None
        match.save(update_fields=["paused_at"])
        clocks_thaw(match, now=timezone.now())
        _event(match, MatchEvent.Kind.RESUMED, actor)
        seats = match_seats(match)
        system_move_enqueue(match, seats, match.rules.to_move(match_state(match)))
    return match


def seat_hand_over(
    *,
    match_id: int,
    position: int,
    actor: User,
    user: User | None = None,
    robot: str = "",
) -> Seat:
    """Hand seat `position` of a running match to another person, or to a robot.

    With `user`: that person plays the seat from now on, with its clock and
    a clean record (no strikes, not left); the seat's previous person no
    longer sits there. Without: a robot (`robot`, default the game's first)
    plays it, standing in for its person, who can take it back. Raises
    MatchNotActive,
    SeatUnavailable (NO_FREE_SEAT for an unknown position,
    ALREADY_SEATED_THERE, UNKNOWN_ROBOT).
    """
    with transaction.atomic():
        match = _running(match_id)
        seats = match_seats(match)
        seat = next((s for s in seats if s.position == position), None)
        if seat is None:
            raise exceptions.SeatUnavailable(exceptions.NO_FREE_SEAT)
        previous = seat.user_id
        previous_name = seat.name
        if user is not None:
            if any(s.user_id == user.id for s in seats):
                raise exceptions.SeatUnavailable(exceptions.ALREADY_SEATED_THERE)
            seat.user = user
            seat.controller = Seat.Controller.PERSON
            seat.robot = ""
            seat.joined_at = timezone.now()
            params = {"to": "user", "name": user.name, "from": previous_name}
        else:
            if seat.user_id is None:
                raise exceptions.SeatUnavailable(exceptions.NO_PERSON_SEATED)
            seat.robot = robot_name_resolve(match, robot)
            seat.controller = Seat.Controller.STAND_IN
            params = {"to": "robot", "from": previous_name}
        seat.timeouts_in_row = 0
        seat.left_at = None
        seat.left_reason = ""
        seat.autoplay_declined_at = None
        seat.cancel_agreed_at = None
        seat.save()
        _event(match, MatchEvent.Kind.SEAT_HANDED, actor, seat=position, **params)
        # A clock frozen for the previous person's vacation runs for the new one.
        clocks_thaw(match, now=timezone.now())
        broadcast.user_matches_changed_on_commit(match, [previous, seat.user_id])
        to_move = match.rules.to_move(match_state(match))
        system_move_enqueue(match, seats, to_move)
    return seat


def _running(match_id: int) -> Match:
    """Return the running match locked (call inside atomic); else MatchNotActive."""
    match = match_lock(match_id)
    if match.status != Match.Status.ACTIVE:
        raise exceptions.MatchNotActive()
    return match


def _event(
    match: Match,
    kind: str,
    actor: User,
    *,
    seat: int | None = None,
    **params: object,
) -> None:
    """Record a moderator's action and announce the match's change on commit."""
    MatchEvent.objects.create(
        match=match,
        version=match.version,
        kind=kind,
        seat=seat,
        actor=actor,
        params=params,
    )
    broadcast.match_changed_on_commit(match)
    broadcast.user_matches_changed_on_commit(
        match, match.seats.values_list("user_id", flat=True)
    )
