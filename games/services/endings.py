"""Ending a running match early: resigning, and cancelling by consent (issue 10).

A resignation is the person's alone. In a match of two seats (or one) it
ends the match at once; at a bigger table the seat stays in the game,
played to the end by the game's default robot, and its person is ranked
last when the match ends (`match_finish`). A cancel needs every seated
person's consent: proposing is agreeing, the last agreement cancels the
match (status "cancelled", apart from a moderator's "aborted"), and a move lets a proposal lapse (`move_apply`).

Both are table events (`MatchEvent`) for the log, written here with the
match version of the moment; neither is a move, so the version stays.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import LeaveReason, Match, MatchEvent, Seat
from games.rules import Outcome

from .core import (
    active_seat_of,
    match_finish,
    match_lock,
    seat_controller_set,
)
from .robots import robot_name_resolve

# Outcome.reason of a match that ended because a person resigned.
RESIGNED = "resigned"


def match_resign(*, match_id: int, user: User) -> Match:
    """Let `user` resign from a running match.

    1. Lock the match; `user` must have a seat they have not left
       (MatchNotActive, NotSeated, InvalidMove LEFT_FOR_GOOD).
    2. The seat's person has left (`left_reason` "resigned") and no longer
       takes part in a cancel; a table event is logged.
    3. Alone against the game, or with one opponent, the match finishes at
       once: the opponent ranks 1, the person 2 (solo: the game wins),
       reason "resigned", no scores.
    4. At a bigger table the game's default robot plays the seat to the
       end (enqueued on commit if the seat is to move); the final ranking
       puts the person last (`match_finish`).
    5. On commit every board and every seated person's list of matches is
       told.
    """
    with transaction.atomic():
        match = match_lock(match_id)
        seats, seat = active_seat_of(match, user)
        if seat.left_at is not None:
            raise exceptions.InvalidMove(exceptions.LEFT_FOR_GOOD)
        seat.left_at = timezone.now()
        seat.left_reason = LeaveReason.RESIGNED
        seat.cancel_agreed_at = None
        seat.save(update_fields=["left_at", "left_reason", "cancel_agreed_at"])
        _event_log(match, MatchEvent.Kind.RESIGNED, seat=seat, actor=user)
        if len(seats) <= 2:
            match_finish(
                match,
                status=Match.Status.FINISHED,
                outcome=_resigned_outcome(len(seats), seat.position),
            )
            broadcast.match_changed_on_commit(match)
        else:
            # Announces the change to the boards and to the person's list.
            seat_controller_set(
                match,
                seats,
                seat,
                Seat.Controller.STAND_IN,
                robot_name_resolve(match, ""),
            )
            broadcast.user_matches_changed_on_commit(
                match, (s.user_id for s in seats if s.position != seat.position)
            )
    return match


def match_cancel_agree(*, match_id: int, user: User) -> Match:
    """Propose to cancel a running match, or agree to the standing proposal.

    1. Lock the match; `user` must have a seat they have not left
       (MatchNotActive, NotSeated, InvalidMove LEFT_FOR_GOOD) and must not
       have agreed already (InvalidMove CANCEL_ALREADY_AGREED).
    2. The agreement is stored on the seat (`cancel_agreed_at`, now) and
       logged: the first as the proposal, the others as agreements.
    3. Once every seated person agrees (robots, and persons who left the
       match, have no say) the match ends as cancelled, without a
       winner, and that is logged too.
    4. On commit every board is told; at the end the lists of matches too
       (`match_finish`).

    A move lets the proposal lapse (`move_apply` clears the agreements).
    """
    with transaction.atomic():
        match = match_lock(match_id)
        seats, seat = active_seat_of(match, user)
        if seat.left_at is not None:
            raise exceptions.InvalidMove(exceptions.LEFT_FOR_GOOD)
        if seat.cancel_agreed_at is not None:
            raise exceptions.InvalidMove(exceptions.CANCEL_ALREADY_AGREED)
        voters = [s for s in seats if _cancel_voter(s)]
        proposed = any(s.cancel_agreed_at is not None for s in voters)
        seat.cancel_agreed_at = timezone.now()
        seat.save(update_fields=["cancel_agreed_at"])
        kind = (
            MatchEvent.Kind.CANCEL_AGREED
            if proposed
            else MatchEvent.Kind.CANCEL_PROPOSED
        )
        _event_log(match, kind, seat=seat, actor=user)
        if all(s.cancel_agreed_at is not None for s in voters):
            _event_log(match, MatchEvent.Kind.CANCELLED)
            match_finish(match, status=Match.Status.CANCELLED)
        broadcast.match_changed_on_commit(match)
    return match


def _cancel_voter(seat: Seat) -> bool:
    """Return whether `seat`'s say counts for a cancel: a person who has not left.

    A robot's seat has no person; a person who left (resigned, timed out
    too often) has given the seat to the robot for good. A person whose
    seat a robot plays for the moment (finish automatically) still counts.
    """
    return seat.user_id is not None and seat.left_at is None


# Helpers


def _resigned_outcome(seat_count: int, resigner: int) -> Outcome:
    """Return the outcome of a match of one or two seats that `resigner` gave up.

    Solo ranks (base.Outcome): 1 the seat won, 2 the game won.
    """
    ranks = tuple(2 if position == resigner else 1 for position in range(seat_count))
    return Outcome(ranks=ranks, reason=RESIGNED)


def _event_log(
    match: Match, kind: str, *, seat: Seat | None = None, actor: User | None = None
) -> MatchEvent:
    """Record a table event at the match's current version (match row locked)."""
    return MatchEvent.objects.create(
        match=match,
        version=match.version,
        kind=kind,
        seat=seat.position if seat is not None else None,
        actor=actor,
    )
