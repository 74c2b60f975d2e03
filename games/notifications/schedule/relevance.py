"""Which of a person's notices an e-mail may still tell of.

A notice e-mailed after its grace period, or held for the digest, must
still be true when the e-mail goes out (`_still_relevant`: still their
turn at that version, the match still running...); at most one e-mail
tells of a match's turn (`_one_per_turn`, the most urgent notice kept);
mail goes only to a verified address, and no turn e-mail to a person on
vacation. `sort_out` applies all of it to a person's pending notices for
`sweeps`.
"""

from __future__ import annotations

from datetime import datetime

from allauth.account.models import EmailAddress

from accounts.models import User
from games.models import Invitation, Match, Notification, Seat
from games.notifications.presence import seen_since

Kind = Notification.Kind
State = Notification.EmailState

# Notices about one turn of a match: their params name the turn (`version`,
# the match version it began at) and the `seat`. One e-mail at most per
# match and turn.
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.TIME_LOW})
# Of two notices about the same turn, the e-mail tells the more urgent.
_URGENCY: dict[str, int] = {Kind.TIME_LOW: 0, Kind.YOUR_TURN: 1}


def sort_out(
    user: User, notices: list[Notification], now: datetime
) -> tuple[list[Notification], list[Notification]]:
    """Split a person's pending notices into (to e-mail, to skip).

    See step 3 of `emails_send_due` (`sweeps`).
    """
    if not has_verified_address(user):
        return [], notices
    switched_off = set(user.email_off or [])
    away = user_on_vacation(user, now)
    candidates = [
        notice
        for notice in relevant_only(user, notices, now)
        if notice.kind not in switched_off
        and not (away and notice.kind in TURN_KINDS)
        and not seen_since(user.pk, notice.created_at)
    ]
    keep = _one_per_turn(user, candidates)
    return keep, [n for n in notices if n not in keep]


def _one_per_turn(user: User, notices: list[Notification]) -> list[Notification]:
    """Keep one notice per match and turn, and none for a turn already e-mailed.

    Of several about one turn the most urgent is kept. Order is preserved.
    """
    turns = [n for n in notices if n.kind in TURN_KINDS]
    if not turns:
        return notices
    e_mailed = {
        (match_id, params.get("version"))
        for match_id, params in Notification.objects.filter(
            user_id=user.pk,
            kind__in=TURN_KINDS,
            email_state=State.SENT,
            match_id__in={n.match_id for n in turns if n.match_id is not None},
        ).values_list("match_id", "params")
    }
    chosen: dict[tuple[int | None, object], Notification] = {}
    for notice in sorted(turns, key=lambda n: _URGENCY.get(n.kind, 9)):
        turn = (notice.match_id, notice.params.get("version"))
        if turn not in e_mailed:
            chosen.setdefault(turn, notice)
    winners = {notice.pk for notice in chosen.values()}
    return [n for n in notices if n.kind not in TURN_KINDS or n.pk in winners]


def relevant_only(
    user: User, notices: list[Notification], now: datetime
) -> list[Notification]:
    """Return the notices that still matter, in order (one query for the seats)."""
    turn_matches = {
        n.match_id for n in notices if n.kind in TURN_KINDS and n.match_id is not None
    }
    seats = {
        (seat.match_id, seat.position): seat
        for seat in Seat.objects.filter(match_id__in=turn_matches).only(
            "match_id", "position", "user_id", "controller", "to_move_version"
        )
    }
    return [n for n in notices if _still_relevant(user, n, seats, now)]


def _still_relevant(
    user: User,
    notice: Notification,
    seats: dict[tuple[int, int], Seat],
    now: datetime,
) -> bool:
    """Return whether an e-mail about `notice` still tells something true.

    Precondition: `notice.match` is loaded and `seats` holds the seats of
    the matches of its turn notices by (match id, position).
    - your turn, time low: the person still plays the seat themself and it
      still waits to move since the turn's version, in a running match;
    - match started: the match still runs; someone joined: it still waits
      or runs;
    - vacation ending: the vacation still runs;
    - invited: the invitation still waits and its match is still open
      (one query);
    - the rest (timed out, seat lost, finished, cancelled) are facts.
    """
    match = notice.match
    if notice.kind in TURN_KINDS:
        if match is None or match.status != Match.Status.ACTIVE:
            return False
        seat = seats.get((match.pk, _int(notice.params.get("seat"))))
        version = _int(notice.params.get("version"))
        return (
            seat is not None
            and version >= 0
            and seat.user_id == user.pk
            and seat.controller == Seat.Controller.PERSON
            and seat.to_move_version == version
        )
    if notice.kind == Kind.MATCH_STARTED:
        return match is not None and match.status == Match.Status.ACTIVE
    if notice.kind == Kind.PLAYER_JOINED:
        return match is not None and match.status in {
            Match.Status.OPEN,
            Match.Status.ACTIVE,
        }
    if notice.kind == Kind.VACATION_ENDING:
        return user_on_vacation(user, now)
    if notice.kind == Kind.INVITED:
        # Issue 24: only while the invitation still waits and can be taken.
        return (
            match is not None
            and match.status == Match.Status.OPEN
            and Invitation.objects.filter(
                match=match, invitee_id=user.pk, state=Invitation.State.PENDING
            ).exists()
        )
    return True


def _int(value: object) -> int:
    """Return `value` as an int, or -1 (matches no seat or version)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def user_on_vacation(user: User, now: datetime) -> bool:
    return user.vacation_until is not None and user.vacation_until > now


def has_verified_address(user: User) -> bool:
    """Return whether the person's address (`user.email`) is verified (one query)."""
    if not user.email:
        return False
    return bool(
        EmailAddress.objects.filter(
            user_id=user.pk, email__iexact=user.email, verified=True
        ).exists()
    )


def to_move_anywhere(user_id: int) -> bool:
    """Return whether a seat the person plays themself waits for their move."""
    return Seat.objects.filter(
        user_id=user_id,
        controller=Seat.Controller.PERSON,
        to_move_version__isnull=False,
        match__status=Match.Status.ACTIVE,
    ).exists()
