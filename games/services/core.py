"""The public kernel every write shares: lock, seats, start, move, turns, end.

The service modules beside this one (matches, seats, moves, endings,
timeouts, moderation, vacations) are written on top of these functions and
import nothing private from each other. What is here:

- `match_lock(match_id) -> Match`: the one way to lock a match row
  (`SELECT ... FOR UPDATE`). Raises MatchNotActive for an unknown id; a
  caller for which a missing match is no error (a stale task, a sweep)
  catches that and does nothing.
- Reads under the lock: `match_seats`, `active_seat_of`, `match_state`;
  `match_lock_with_seats` locks and reads the seats in one round trip.
- The seams: every match starts in `match_start` (or
  `match_start_if_full`), every move (a person's, a robot's, a timeout's)
  goes through `move_apply`, a seat's turn starts in `turns.turns_start`
  (via `to_move_record`), every match ends in `match_finish`.
- Seat changes several services share: `seat_controller_set`,
  `seat_strikes_clear`.

Beside it, small kernels of their own: `robots` (which robot, its move,
its task), `suspensions` (`play_allowed_require`, the suspension check
every door of play meets) and `turns` (`to_move_record`, `turns_start`:
the seats' to-move columns and clocks after a start or a move).

Each keeps the stored columns (status, version, the seats' to-move columns)
in step with the engine state in the same transaction, and schedules what
follows (pushes, robot tasks) with `transaction.on_commit`. Except
`match_lock` itself and the pure `outcome_resigned_last`, every function
here must be called inside `transaction.atomic()` with the match row locked
by `match_lock`; none takes another lock.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from msgspec.structs import replace

from accounts.models import User
from games import broadcast, exceptions, fairness
from games.models import Match, MatchEvent, Move, Seat
from games.models.prepared import MATCH_LOCKED, SEATS_OF_MATCH
from games.models.writes import WriteBatch, read_together
from games.rules import IllegalMove, Outcome

from .clocks import clocks_start
from .notices import notify_match_ended, notify_match_started
from .ratings import match_rate
from .records import play_records_count
from .robots import system_move_enqueue
from .suspensions import play_allowed_require
from .turns import to_move_record


def match_lock(match_id: int) -> Match:
    """Return match `match_id` with its row locked until the transaction ends.

    Call inside `transaction.atomic()`; the lock (`SELECT ... FOR UPDATE`)
    is what serialises every write to a match, its seats and its moves.
    Raises MatchNotActive when there is no such match; callers for which
    that is no error (idempotent tasks, sweeps) catch it and return.
    """
    found = MATCH_LOCKED.fetch(match_id)
    if not found:
        raise exceptions.MatchNotActive()
    return found[0]


def match_lock_with_seats(match_id: int) -> tuple[Match, list[Seat]]:
    """Return `match_lock(match_id)` and the match's `match_seats`, read in one round trip.

    The seats are read after the lock is held (PostgreSQL runs the two
    statements of the query in order, each with its own snapshot), so
    they are as fresh as `match_seats` after `match_lock`. Call inside
    `transaction.atomic()`. Raises MatchNotActive as `match_lock`.
    """
    found, seats = read_together(
        (MATCH_LOCKED, (match_id,)), (SEATS_OF_MATCH, (match_id,))
    )
    if not found:
        raise exceptions.MatchNotActive()
    match = found[0]
    for seat in seats:
        seat.match = match
    return match, seats


def match_seats(match: Match) -> list[Seat]:
    """Return the match's seats in position order, with their persons (one query).

    Each seat's `match` is `match`. Takes no lock itself: callers that
    write hold the match row's lock.
    """
    seats = SEATS_OF_MATCH.fetch(match.pk)
    for seat in seats:
        seat.match = match
    return seats


def active_seat_of(
    match: Match, user: User, seats: list[Seat] | None = None
) -> tuple[list[Seat], Seat]:
    """Return the seats of an active `match` and `user`'s among them.

    Call with the match row locked; `seats`: the match's, when already
    read under the lock (`match_lock_with_seats`), else they are read
    here. Raises MatchNotActive, NotSeated.
    """
    if match.status != Match.Status.ACTIVE:
        raise exceptions.MatchNotActive()
    if seats is None:
        seats = match_seats(match)
    seat = next((s for s in seats if s.user_id == user.id), None)
    if seat is None:
        raise exceptions.NotSeated()
    # The seat's person, read with the seats: fresh even when `user` was
    # loaded long ago (a socket's, at connect).
    play_allowed_require(seat.user or user)
    return seats, seat


def match_state(match: Match) -> Any:
    """Return the engine state of an active match (the game's own State type).

    A caller that writes holds the match row locked. Raises InvalidMove when the stored state cannot be read (for example a
    state of an older rules version that the engine cannot upgrade).
    """
    try:
        return match.game_state()
    except IllegalMove as error:
        raise exceptions.InvalidMove(exceptions.STATE_UNREADABLE) from error


def match_start(match: Match, seats: list[Seat]) -> None:
    """Deal `match` and start it, every seat being taken.

    Call with the match row locked; `seats` are the match's (`match_seats`).

    1. Create the state from the match's options and its key: HMAC-SHA256
       of the server seed and the seats' client seeds (games/fairness.py,
       issue 23); a match created before that (no server seed) from its
       legacy int seed. The match is active under the engine's current
       rules version.
    2. Start the first turns (`turns_start`).
    3. On commit: announce the match; enqueue a robot if one is to move.
    """
    rules = match.rules
    seed = fairness.match_seed(match, seats)
    state = rules.new_state(seats=len(seats), options=match.options, seed=seed)
    match.game_state_set(state)
    match.rules_version = rules.info.version
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    match.save(
        update_fields=["state", "rules_version", "status", "started_at", "updated_at"]
    )
    control = match.clock_control()
    if control is not None:
        clocks_start(match, control, seats)
    to_move = rules.to_move(state)
    to_move_record(match, before=frozenset(), after=to_move, mover=None, seats=seats)
    # Those whose turn it is hear it from their "your turn" notice.
    notify_match_started(match, seats, skip=to_move)
    broadcast.match_changed_on_commit(match)
    broadcast.lobby_changed_on_commit()
    broadcast.user_matches_changed_on_commit(match, (s.user_id for s in seats))
    system_move_enqueue(match, seats, to_move)


# One batch: a move's announcements reach Redis together.
@broadcast.batch()
def move_apply(
    match: Match,
    seats: list[Seat],
    position: int,
    move: Any,
    *,
    state: Any,
    by_robot: bool,
    by_timeout: bool = False,
    clock_increment: bool = True,
    answered: broadcast.AnsweredPage | None = None,
) -> None:
    """Apply `move` for seat `position` and persist everything it changes.

    `state` is parsed from `match.state`; `seats` are the match's seats.
    The one place every move goes through (person, robot, timeout).
    `by_timeout`: the robot played it because the seat's clock ran out;
    `clock_increment=False`: the mover earns no increment (the later moves
    of a turn played at a timeout). `answered`: the board page whose request
    is answered with the new version (its socket does not push it again).

    1. The rules judge and apply the move (IllegalMove: nothing changes).
    2. Persist the state, the version bump and the Move row.
    3. Bring the seats' to-move columns in step (`to_move_record`, which
       starts new turns), or finish the match (`match_finish`). The Move
       row, the seats and the match are written together (`WriteBatch`:
       one round trip on PostgreSQL).
    4. On commit: announce the new version; enqueue a robot if one is to move.
    """
    rules = match.rules
    new_state, events = rules.apply(state, position, move)
    match.game_state_set(new_state)
    match.rules_version = rules.info.version
    match.version += 1
    # Saved with the turn's deadline by `to_move_record` (one write of the
    # row), or here when the move ends the match.
    unsaved = ["state", "rules_version", "version", "updated_at"]
    mover = next((s for s in seats if s.position == position), None)
    due = mover.to_move_since if mover else None
    # The Move row, the changed seats and the match go out together.
    writes = WriteBatch()
    writes.insert(
        Move(
            user_id=mover.user_id if mover else None,
            seconds_taken=(
                None
                if by_robot or due is None
                else max(0, int((timezone.now() - due).total_seconds()))
            ),
            match=match,
            seq=match.version,
            seat=position,
            payload=move.to_json(),
            rules_version=rules.info.version,
            events=[event.to_json() for event in events],
            by_robot=by_robot,
            by_timeout=by_timeout,
        )
    )
    for seat in seats:
        if seat.cancel_agreed_at is not None:
            # A proposal to cancel lapses with the next move.
            seat.cancel_agreed_at = None
            writes.update(seat, ["cancel_agreed_at"])
    outcome = rules.outcome(new_state)
    broadcast.match_changed_on_commit(match, moved=True, answered=answered)
    if outcome is not None:
        writes.update(match, unsaved)
        writes.send()
        match_finish(match, status=Match.Status.FINISHED, outcome=outcome)
        return
    to_move, before = rules.to_move(new_state), rules.to_move(state)
    to_move_record(
        match,
        before=before,
        after=to_move,
        mover=position,
        seats=seats,
        clock_increment=clock_increment,
        started=rules.turns_begun(state, new_state),
        match_fields=unsaved,
        writes=writes,
    )
    writes.send()
    # Whose turn it is shows in the players' lists of matches.
    broadcast.user_matches_changed_on_commit(
        match,
        [s.user_id for s in seats if s.position in before ^ to_move],
        pages_only=True,
    )
    system_move_enqueue(match, seats, to_move)


def match_finish(match: Match, *, status: str, outcome: Outcome | None = None) -> None:
    """End `match` as FINISHED (with its `outcome`), CANCELLED or ABORTED.

    The one place where a match ends, after its last move or by an abort:
    status, outcome and end time are saved, no seat is to move any more.
    What else follows the end belongs here too: the persons seated are
    notified (finished with their result, or cancelled), and a finished
    rated match updates its persons' ratings (`ratings.match_rate`, issue
    23), and a finished one their counts played and won, once per match
    (`records.play_records_count`). Seats whose person left for good
    (resigned, lost after three timeouts, removed by a moderator or
    deleted their account: any `LeaveReason`) are ranked last
    (`outcome_resigned_last`; issue 23, Ratings; issue 24, Sanctions).
    """
    # A match ended twice (two finishers, the second after the first's
    # lock) is counted and rated once; RatingChange's unique match and
    # person stay as the backstop.
    first_end = match.status not in Match.ENDED
    seats = match_seats(match)
    if outcome is not None:
        # Every reason to leave ranks the seat last: the robot that played
        # it on must neither win it rating nor cost the others theirs.
        resigned = frozenset(s.position for s in seats if s.left_reason)
        outcome = outcome_resigned_last(outcome, resigned)
    match.status = status
    match.outcome = outcome.to_json() if outcome is not None else None
    match.finished_at = timezone.now()
    match.turn_deadline_at = None
    match.save(
        update_fields=[
            "status",
            "outcome",
            "finished_at",
            "turn_deadline_at",
            "updated_at",
        ]
    )
    match.seats.filter(to_move_version__isnull=False).update(
        to_move_since=None,
        to_move_version=None,
        clock_deadline_at=None,
        clock_warn_at=None,
    )
    if status == Match.Status.FINISHED and first_end:
        play_records_count(match, seats)
        if outcome is not None:
            match_rate(match, seats, outcome)
    broadcast.user_matches_changed_on_commit(match, [s.user_id for s in seats])
    notify_match_ended(match, seats, outcome=outcome)


def outcome_resigned_last(outcome: Outcome, resigned: frozenset[int]) -> Outcome:
    """Return `outcome` with the seats at `resigned` tied for last place.

    The other seats keep their order and ties (ranks counted as the rules
    count them: 1 + the seats ranked better); reason and scores stay. A
    solo outcome, or one where every seat resigned, stays as it is: there
    is nobody to rank them below. Issue 10, "Resign".
    """
    ranks = outcome.ranks
    if not resigned or len(ranks) < 2 or resigned >= set(range(len(ranks))):
        return outcome
    stayed = [rank for seat, rank in enumerate(ranks) if seat not in resigned]
    new_ranks = tuple(
        1 + len(stayed)
        if seat in resigned
        else 1 + sum(other < rank for other in stayed)
        for seat, rank in enumerate(ranks)
    )
    return replace(outcome, ranks=new_ranks)


def match_start_if_full(match: Match) -> None:
    """Start `match` if no seat is free, else announce the seat change.

    Call with the match row locked.
    """
    seats = match_seats(match)
    if any(seat.is_free for seat in seats):
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
        broadcast.user_matches_changed_on_commit(match, (s.user_id for s in seats))
        return
    match_start(match, seats)


def seat_strikes_clear(match: Match, seat: Seat) -> None:
    """Clear `seat`'s strikes and log that its person is back.

    Call with the match row locked. Saves the seat, writes a BACK table
    event at the match's version and announces the match on commit.
    """
    seat.timeouts_in_row = 0
    seat.save(update_fields=["timeouts_in_row"])
    MatchEvent.objects.create(
        match=match,
        version=match.version,
        kind=MatchEvent.Kind.BACK,
        seat=seat.position,
        actor_id=seat.user_id,
    )
    broadcast.match_changed_on_commit(match)


def seat_controller_set(
    match: Match, seats: list[Seat], seat: Seat, controller: str, robot: str
) -> None:
    """Hand `seat` to `controller` (playing `robot`) and announce it.

    Also saves the seat's answer to the offer to finish automatically
    (`autoplay_declined_at`), as the caller set it. Call with the match
    row locked. A robot that now plays a seat to move
    is enqueued on commit.
    """
    seat.controller = controller
    seat.robot = robot
    seat.save(update_fields=["controller", "robot", "autoplay_declined_at"])
    broadcast.match_changed_on_commit(match)
    # Whether it is the person's turn (not their stand-in's) shows in their list.
    broadcast.user_matches_changed_on_commit(match, [seat.user_id])
    to_move = frozenset(s.position for s in seats if s.is_to_move)
    system_move_enqueue(match, seats, to_move)
