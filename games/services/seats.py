"""Who sits where and who plays each seat: joining, robots, stand-ins."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, Seat
from games.rules.registry import ROBOTS_BY_SLUG, default_robot

from .matches import _start_if_full
from .turns import (
    _active_seat_of,
    _match_finish,
    _match_lock,
    _match_seats,
    _match_state,
    _system_move_enqueue,
)


def seat_claim(*, match_id: int, user: User) -> Seat:
    """Give `user` the first free seat of an open match; start it when full.

    Raises SeatUnavailable when the match is not open, the user already sits
    there, or no seat is free.
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        _require_open(match)
        if match.seats.filter(user=user).exists():
            raise exceptions.SeatUnavailable(exceptions.ALREADY_SEATED)
        seat = _first_free_seat(match)
        seat.user = user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        _start_if_full(match)
    return seat


def seat_robot_add(*, match_id: int, user: User, robot: str = "") -> Seat:
    """Put a robot on the first free seat; start the match when full.

    Any seated player may add robots. `robot` names one of the game's robots
    (default: the game's first). Raises NotSeated, SeatUnavailable.
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        _require_open(match)
        if not match.seats.filter(user=user).exists():
            raise exceptions.NotSeated()
        name = _robot_name(match, robot)
        seat = _first_free_seat(match)
        seat.controller = Seat.Controller.ROBOT
        seat.robot = name
        seat.joined_at = timezone.now()
        seat.save(update_fields=["controller", "robot", "joined_at"])
        _start_if_full(match)
    return seat


def seat_leave(*, match_id: int, user: User) -> Match:
    """Take `user` off an open match; abort it if no person is left.

    Raises NotSeated, SeatUnavailable (match already started).
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        _require_open(match)
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise exceptions.NotSeated()
        seat.user = None
        seat.joined_at = None
        seat.save(update_fields=["user", "joined_at"])
        if not match.seats.filter(user__isnull=False).exists():
            _match_finish(match, status=Match.Status.ABORTED)
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
    return match


def seat_autoplay_start(*, match_id: int, user: User) -> Seat:
    """Accept the rules' offer to let the system finish the match for `user`.

    The seat keeps its person and gets a stand-in: the game's default robot
    plays its moves from now on (Race rules, decided game). Raises
    MatchNotActive, NotSeated, InvalidMove (AUTOPLAY_NOT_OFFERED,
    AUTOPLAY_ALREADY_ON).
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        seats, seat = _active_seat_of(match, user)
        if seat.is_stand_in:
            raise exceptions.InvalidMove(exceptions.AUTOPLAY_ALREADY_ON)
        state = _match_state(match)
        if not match.rules.autoplay_offered(state, seat.position):
            raise exceptions.InvalidMove(exceptions.AUTOPLAY_NOT_OFFERED)
        _controller_set(
            match, seats, seat, Seat.Controller.STAND_IN, _robot_name(match, "")
        )
    return seat


def seat_take_back(*, match_id: int, user: User) -> Seat:
    """Let `user` play their seat again instead of its robot stand-in.

    Raises MatchNotActive, NotSeated, InvalidMove (NO_STAND_IN).
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        seats, seat = _active_seat_of(match, user)
        if not seat.is_stand_in:
            raise exceptions.InvalidMove(exceptions.NO_STAND_IN)
        _controller_set(match, seats, seat, Seat.Controller.PERSON, "")
    return seat


def seat_stand_in_assign(*, match_id: int, position: int, robot: str = "") -> Seat:
    """Let a robot play a person's seat of a running match (moderation).

    `robot` names one of the game's robots (default: the game's first). The
    person can take the seat back. Raises MatchNotActive, SeatUnavailable
    (UNKNOWN_ROBOT, NO_PERSON_SEATED).
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        if match.status != Match.Status.ACTIVE:
            raise exceptions.MatchNotActive()
        seats = _match_seats(match)
        seat = next((s for s in seats if s.position == position), None)
        if seat is None or seat.user_id is None:
            raise exceptions.SeatUnavailable(exceptions.NO_PERSON_SEATED)
        _controller_set(
            match, seats, seat, Seat.Controller.STAND_IN, _robot_name(match, robot)
        )
    return seat


# Helpers


def _require_open(match: Match) -> None:
    if match.status != Match.Status.OPEN:
        raise exceptions.SeatUnavailable(exceptions.MATCH_NOT_OPEN)


def _first_free_seat(match: Match) -> Seat:
    seat = (
        match.seats.filter(user__isnull=True, controller=Seat.Controller.PERSON)
        .order_by("position")
        .first()
    )
    if seat is None:
        raise exceptions.SeatUnavailable(exceptions.NO_FREE_SEAT)
    return seat


def _robot_name(match: Match, robot: str) -> str:
    """Return `robot` if the game has it, or the default robot for ""."""
    if not robot:
        return default_robot(match.game_slug).name
    if robot not in ROBOTS_BY_SLUG[match.game_slug]:
        raise exceptions.SeatUnavailable(exceptions.UNKNOWN_ROBOT)
    return robot


def _controller_set(
    match: Match, seats: list[Seat], seat: Seat, controller: str, robot: str
) -> None:
    """Hand `seat` to `controller` (playing `robot`) and announce it.

    Call with the match row locked. A robot that now plays a seat to move
    is enqueued on commit.
    """
    seat.controller = controller
    seat.robot = robot
    seat.save(update_fields=["controller", "robot"])
    broadcast.match_changed_on_commit(match)
    to_move = frozenset(s.position for s in seats if s.is_to_move)
    _system_move_enqueue(match, seats, to_move)
