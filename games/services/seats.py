"""Who sits where and who plays each seat: joining, robots, stand-ins."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts import community
from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, Seat
from games.rules import IllegalMove
from games.rules.registry import autoplay_robot
from games.selectors import autoplay_offer_reached, match_require_visible

from .core import (
    active_seat_of,
    match_finish,
    match_lock,
    match_seats,
    match_start_if_full,
    match_state,
    seat_controller_set,
)
from .fairness import client_seed_clean
from .notices import notify_joined
from .robots import robot_name_resolve
from .suspensions import play_allowed_require


def seat_claim(
    *, match_id: int, user: User, invite: str = "", client_seed: str = ""
) -> Seat:
    """Give `user` the first free seat of an open match; start it when full.

    `invite`: the invitation secret a private match needs from a stranger
    (`selectors.match_visible_to`: the one rule every door asks).
    `client_seed`: the person's contribution to the match's randomness
    (games/fairness.py; blank: one is generated). Raises
    InvalidMatchSettings (400) for a client seed that is not up to 64
    printable ASCII characters, before anything else; raises
    MatchNotFound when `user` may not see the match (as for an unknown id),
    SeatUnavailable when the match is not open, the user already sits
    there, no seat is free (or, silently alike, someone seated there
    blocked `user`: issue 24), or the match is untimed and not private
    (UNTIMED_ROBOTS_ONLY: such a match has no strangers, see `match_create`).
    """
    client_seed = client_seed_clean(client_seed)
    play_allowed_require(user, reload=True)
    with transaction.atomic():
        match = match_lock(match_id)
        match_require_visible(match=match, user=user, invite=invite)
        _require_open(match)
        if match.seats.filter(user=user).exists():
            raise exceptions.SeatUnavailable(exceptions.ALREADY_SEATED)
        if community.blocked_between(
            owner_ids=[s.user_id for s in match.seats.all() if s.user_id],
            other_id=user.pk,
        ):
            # Someone seated blocked them (issue 24): silently, as a full match.
            raise exceptions.SeatUnavailable(exceptions.NO_FREE_SEAT)
        if match.clock_control() is None and not match.private:
            raise exceptions.SeatUnavailable(exceptions.UNTIMED_ROBOTS_ONLY)
        seat = _first_free_seat(match)
        seat.user = user
        seat.joined_at = timezone.now()
        seat.client_seed = client_seed
        seat.save(update_fields=["user", "joined_at", "client_seed"])
        match_start_if_full(match)
        if match.status == Match.Status.OPEN:
            # A match that started tells them so instead.
            notify_joined(match, match_seats(match), seat)
    return seat


def seat_robot_add(*, match_id: int, user: User, robot: str = "") -> Seat:
    """Put a robot on the first free seat; start the match when full.

    Any seated player may add robots. `robot` names one of the game's robots
    (default: the game's first). Raises NotSeated, SeatUnavailable.
    """
    with transaction.atomic():
        match = match_lock(match_id)
        _require_open(match)
        if not match.seats.filter(user=user).exists():
            raise exceptions.NotSeated()
        name = robot_name_resolve(match, robot)
        seat = _first_free_seat(match)
        seat.controller = Seat.Controller.ROBOT
        seat.robot = name
        seat.joined_at = timezone.now()
        # A robot contributes a generated client seed (games/fairness.py).
        seat.client_seed = client_seed_clean("")
        seat.save(update_fields=["controller", "robot", "joined_at", "client_seed"])
        match_start_if_full(match)
    return seat


def seat_leave(*, match_id: int, user: User) -> Match:
    """Take `user` off an open match; abort it if no person is left.

    Raises NotSeated, SeatUnavailable (match already started).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        _require_open(match)
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise exceptions.NotSeated()
        seat.user = None
        seat.joined_at = None
        # The next person to sit here brings their own.
        seat.client_seed = ""
        seat.save(update_fields=["user", "joined_at", "client_seed"])
        if not match.seats.filter(user__isnull=False).exists():
            match_finish(match, status=Match.Status.ABORTED)
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
        broadcast.user_matches_changed_on_commit(
            match, [user.id, *match.seats.values_list("user_id", flat=True)]
        )
    return match


def seat_autoplay_start(*, match_id: int, user: User) -> Seat:
    """Accept the rules' offer to let the system finish the match for `user`.

    The offer must have come to the seat (`Rules.autoplay_offer_order`: in
    a decided Race the winner first, then the others once the winner has
    answered); a seat that declined may still accept. The seat keeps its
    person and gets a stand-in: the game's autoplay robot plays its moves
    from now on (`GameEntry.autoplay`; Race rules, decided game: a random
    card, the easy robot). Raises MatchNotActive,
    NotSeated, InvalidMove (AUTOPLAY_NOT_OFFERED, AUTOPLAY_NOT_YET,
    AUTOPLAY_ALREADY_ON, STATE_UNREADABLE).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        seats, seat = active_seat_of(match, user)
        if seat.is_stand_in:
            raise exceptions.InvalidMove(exceptions.AUTOPLAY_ALREADY_ON)
        _autoplay_offer_require(match, seats, seat)
        # The answer is "yes" now: the stand-in says so.
        seat.autoplay_declined_at = None
        seat_controller_set(
            match,
            seats,
            seat,
            Seat.Controller.STAND_IN,
            autoplay_robot(match.game_slug).name,
        )
    return seat


def seat_autoplay_decline(*, match_id: int, user: User) -> Seat:
    """Answer "no, I'll play on" to the offer to finish automatically.

    1. The offer must have come to `user`'s seat of a running match and
       not been answered yet (`Rules.autoplay_offer_order`; Race rules,
       decided game: the winner is asked first, then the others).
    2. The answer is stored on the seat (`autoplay_declined_at`, now): a
       seat setting, not a move, so the version stays.
    3. On commit, every open board is told: the seats asked next see the
       offer now.

    The seat may still accept later (`seat_autoplay_start`). Raises
    MatchNotActive, NotSeated, InvalidMove (AUTOPLAY_ALREADY_ON,
    AUTOPLAY_ALREADY_DECLINED, AUTOPLAY_NOT_OFFERED, AUTOPLAY_NOT_YET,
    STATE_UNREADABLE).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        seats, seat = active_seat_of(match, user)
        if seat.is_stand_in:
            raise exceptions.InvalidMove(exceptions.AUTOPLAY_ALREADY_ON)
        if seat.autoplay_declined_at is not None:
            raise exceptions.InvalidMove(exceptions.AUTOPLAY_ALREADY_DECLINED)
        _autoplay_offer_require(match, seats, seat)
        seat.autoplay_declined_at = timezone.now()
        seat.save(update_fields=["autoplay_declined_at"])
        broadcast.match_changed_on_commit(match)
    return seat


def seat_take_back(*, match_id: int, user: User) -> Seat:
    """Let `user` play their seat again instead of its robot stand-in.

    Taking the seat back while the offer to finish automatically has come
    to it counts as declining it (the seats asked after it keep their
    offer; the seat may accept again). Raises MatchNotActive, NotSeated,
    InvalidMove (NO_STAND_IN; LEFT_FOR_GOOD once the person left the match).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        seats, seat = active_seat_of(match, user)
        if seat.left_at is not None:
            raise exceptions.InvalidMove(exceptions.LEFT_FOR_GOOD)
        if not seat.is_stand_in:
            raise exceptions.InvalidMove(exceptions.NO_STAND_IN)
        offered = _autoplay_offer_reached(match, seats, seat)
        seat.autoplay_declined_at = timezone.now() if offered else None
        seat_controller_set(match, seats, seat, Seat.Controller.PERSON, "")
    return seat


def seat_stand_in_assign(*, match_id: int, position: int, robot: str = "") -> Seat:
    """Let a robot play a person's seat of a running match (moderation).

    `robot` names one of the game's robots (default: the game's first). The
    person can take the seat back. Raises MatchNotActive, SeatUnavailable
    (UNKNOWN_ROBOT, NO_PERSON_SEATED).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        if match.status != Match.Status.ACTIVE:
            raise exceptions.MatchNotActive()
        seats = match_seats(match)
        seat = next((s for s in seats if s.position == position), None)
        if seat is None or seat.user_id is None:
            raise exceptions.SeatUnavailable(exceptions.NO_PERSON_SEATED)
        seat_controller_set(
            match,
            seats,
            seat,
            Seat.Controller.STAND_IN,
            robot_name_resolve(match, robot),
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


def _autoplay_offer_require(match: Match, seats: list[Seat], seat: Seat) -> None:
    """Raise InvalidMove unless the offer to finish automatically came to `seat`.

    Call with the match row locked; `seats` are the match's seats.
    AUTOPLAY_NOT_YET: the rules offer it to the seat, but a seat asked
    before it has not answered; AUTOPLAY_NOT_OFFERED: not offered to it
    now; STATE_UNREADABLE: the state cannot be read.
    """
    order = match.rules.autoplay_offer_order(match_state(match), len(seats))
    if autoplay_offer_reached(order=order, seats=seats, position=seat.position):
        return
    if any(seat.position in group for group in order):
        raise exceptions.InvalidMove(exceptions.AUTOPLAY_NOT_YET)
    raise exceptions.InvalidMove(exceptions.AUTOPLAY_NOT_OFFERED)


def _autoplay_offer_reached(match: Match, seats: list[Seat], seat: Seat) -> bool:
    """Return whether the offer to finish automatically came to `seat`.

    Call with the match row locked. An unreadable state offers nothing.
    """
    try:
        state = match.game_state()
    except IllegalMove:
        return False
    order = match.rules.autoplay_offer_order(state, len(seats))
    return autoplay_offer_reached(order=order, seats=seats, position=seat.position)
