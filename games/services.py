"""Every write to matches, seats and moves (STYLE.md B5).

Views, consumers, tasks and the API call these functions and nothing else
that writes. Side effects (pushes to open boards, robot tasks) are scheduled
with `transaction.on_commit`, so nothing announces a move that rolled back.
"""

from __future__ import annotations

import secrets
from typing import Any, cast

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, Move, Seat
from games.rules import JSON, IllegalMove, InvalidOptions, Rng
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG
from games.text import message_text

# ---------------------------------------------------------------------------
# Creating and filling matches


def match_create(
    *, user: User, game_slug: str, seats: int, options: dict[str, Any] | None = None
) -> Match:
    """Create an open match with `seats` seats; `user` takes seat 0.

    A one-seat (solo) match starts at once.

    Raises InvalidMatchSettings for an unknown game, a seat count outside the
    game's range or options the game refuses.
    """
    rules = RULES_BY_SLUG.get(game_slug)
    if rules is None:
        raise exceptions.InvalidMatchSettings(exceptions.UNKNOWN_GAME)
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    if options is not None and not isinstance(options, dict):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    try:
        normalised = rules.validate_options(dict(options or {}), seats)
    except InvalidOptions as error:
        raise exceptions.InvalidMatchSettings(
            message_text(error.as_message())
        ) from error
    with transaction.atomic():
        match = Match.objects.create(
            game_slug=game_slug,
            options=normalised,
            seed=secrets.randbits(62),
            created_by=user,
        )
        Seat.objects.bulk_create(
            Seat(match=match, position=position) for position in range(seats)
        )
        match.seats.filter(position=0).update(user=user, joined_at=timezone.now())
        if seats == 1:
            # A solo match is full as soon as its creator sits down.
            _start_if_full(match)
        else:
            broadcast.lobby_changed_on_commit()
    return match


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
        robots = ROBOTS_BY_SLUG[match.game_slug]
        name = robot or next(iter(robots))
        if name not in robots:
            raise exceptions.SeatUnavailable(exceptions.UNKNOWN_ROBOT)
        seat = _first_free_seat(match)
        seat.robot = name
        seat.joined_at = timezone.now()
        seat.save(update_fields=["robot", "joined_at"])
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
            match.status = Match.Status.ABORTED
            match.finished_at = timezone.now()
            match.save(update_fields=["status", "finished_at", "updated_at"])
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
    return match


# ---------------------------------------------------------------------------
# Moves


def move_submit(
    *, match_id: int, user: User, move_data: Any, expected_version: int
) -> Match:
    """Apply `user`'s move and schedule its consequences.

    1. Lock the match row; an inactive match raises MatchNotActive and a
       version other than `expected_version` raises StaleMatch.
    2. Find the user's seat (NotSeated) among the seats to move (NotYourTurn);
       the rules parse and judge the move (InvalidMove with their message).
    3. Persist state, Move row and events; bump the version.
    4. On commit: announce the new version; enqueue a robot turn if due.
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        if match.status != Match.Status.ACTIVE:
            raise exceptions.MatchNotActive()
        if expected_version != match.version:
            raise exceptions.StaleMatch()
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise exceptions.NotSeated()
        rules = match.rules
        # An active match has a state (None only while seats are open).
        state = rules.state_from_json(cast(JSON, match.state))
        if seat.position not in rules.to_move(state):
            raise exceptions.NotYourTurn()
        if not isinstance(move_data, dict):
            raise exceptions.InvalidMove(exceptions.MALFORMED_MOVE)
        try:
            move = rules.move_from_json(move_data)
            _move_apply(match, seat.position, move, state=state, by_robot=False)
        except IllegalMove as error:
            raise exceptions.InvalidMove(message_text(error.as_message())) from error
    return match


def robot_move_play(*, match_id: int, expected_version: int) -> Match | None:
    """Play one move for a robot (or autoplaying) seat that is to move.

    Idempotent: returns None without doing anything when the match is gone,
    not active, or no longer at `expected_version` (a stale or repeated task).
    The next robot move, if any, is enqueued on commit by `_move_apply`.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(id=match_id).first()
        if (
            match is None
            or match.status != Match.Status.ACTIVE
            or match.version != expected_version
        ):
            return None
        rules = match.rules
        # An active match has a state (None only while seats are open).
        state = rules.state_from_json(cast(JSON, match.state))
        seats = _system_seats_to_move(match, state)
        if not seats:
            return None
        position, robot_name = seats[0]
        robot = ROBOTS_BY_SLUG[match.game_slug][robot_name]
        # A robot's randomness is seeded too, apart from the game's own Rng.
        rng = Rng(seed=-match.seed - 1, draws=match.version)
        move = robot.choose(
            rules.view(state, position), rules.legal_moves(state, position), rng
        )
        _move_apply(match, position, move, state=state, by_robot=True)
    return match


def robot_turns_resume() -> int:
    """Re-enqueue robot turns of active matches waiting on a robot.

    A lost task (a worker killed mid-task) would otherwise stall the match.
    Returns the number of tasks enqueued; the version makes duplicates no-ops.
    """
    count = 0
    for match in Match.objects.filter(status=Match.Status.ACTIVE).iterator():
        # An active match has a state (None only while seats are open).
        state = match.rules.state_from_json(cast(JSON, match.state))
        if _system_seats_to_move(match, state):
            _robot_turn_enqueue(match)
            count += 1
    return count


# ---------------------------------------------------------------------------
# Helpers


def _match_lock(match_id: int) -> Match:
    """Return the match row locked for this transaction (call inside atomic)."""
    try:
        return Match.objects.select_for_update().get(id=match_id)
    except Match.DoesNotExist:
        raise exceptions.MatchNotActive() from None


def _require_open(match: Match) -> None:
    if match.status != Match.Status.OPEN:
        raise exceptions.SeatUnavailable(exceptions.MATCH_NOT_OPEN)


def _first_free_seat(match: Match) -> Seat:
    seat = match.seats.filter(user__isnull=True, robot="").order_by("position").first()
    if seat is None:
        raise exceptions.SeatUnavailable(exceptions.NO_FREE_SEAT)
    return seat


def _start_if_full(match: Match) -> None:
    """Start `match` if no seat is free. Call with the match row locked."""
    if match.seats.filter(user__isnull=True, robot="").exists():
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
        return
    rules = match.rules
    state = rules.new_state(
        seats=match.seats.count(), options=match.options, seed=match.seed
    )
    match.state = state.to_json()
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    match.save(update_fields=["state", "status", "started_at", "updated_at"])
    broadcast.match_changed_on_commit(match)
    broadcast.lobby_changed_on_commit()
    if _system_seats_to_move(match, state):
        _robot_turn_enqueue(match)


def _move_apply(
    match: Match, position: int, move: Any, *, state: Any, by_robot: bool
) -> None:
    """Apply `move` for seat `position` and persist everything it changes.

    Call with the match row locked and `state` parsed from `match.state`.
    The one place every move goes through (human, robot, later timeouts).
    Raises IllegalMove and then changes nothing.
    """
    rules = match.rules
    new_state, events = rules.apply(state, position, move)
    match.state = new_state.to_json()
    match.version += 1
    outcome = rules.outcome(new_state)
    fields = ["state", "version", "updated_at"]
    if outcome is not None:
        match.status = Match.Status.FINISHED
        match.outcome = outcome.to_json()
        match.finished_at = timezone.now()
        fields += ["status", "outcome", "finished_at"]
    match.save(update_fields=fields)
    Move.objects.create(
        match=match,
        seq=match.version,
        seat=position,
        payload=move.to_json(),
        events=[event.to_json() for event in events],
        by_robot=by_robot,
    )
    broadcast.match_changed_on_commit(match)
    if outcome is None and _system_seats_to_move(match, new_state):
        _robot_turn_enqueue(match)


def _system_seats_to_move(match: Match, state: Any) -> list[tuple[int, str]]:
    """Return (position, robot name) for each seat to move that the system plays.

    Robot seats play with their robot; a person who switched on "finish
    automatically" plays with the game's default robot.
    """
    rules = match.rules
    to_move = rules.to_move(state)
    if not to_move:
        return []
    default_robot = next(iter(ROBOTS_BY_SLUG[match.game_slug]))
    robots = dict(
        match.seats.filter(position__in=to_move).values_list("position", "robot")
    )
    result = []
    for position in sorted(to_move):
        if robots.get(position):
            result.append((position, robots[position]))
        elif rules.autoplay(state, position):
            result.append((position, default_robot))
    return result


def _robot_turn_enqueue(match: Match) -> None:
    """Enqueue the robot task for the match's current version, after commit.

    Robust: a broker that is down must not turn a committed move into an
    error page; the failure is logged and `resume_robot_turns` retries.
    """
    from games.tasks import play_robot_turn as play_robot_turn_task

    match_id, version = match.id, match.version
    transaction.on_commit(
        lambda: play_robot_turn_task.delay(match_id, version), robust=True
    )
