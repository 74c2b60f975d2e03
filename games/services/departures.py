"""A person leaves for good: their seats, invitations and lines (issue 24).

Two callers: the moderation's suspension and ban (`seats_to_robots`, from
games/services/moderation_sanctions.py) and the deletion of an account by
its person (`account_deleting`, registered in games/apps.py on the seam
`accounts.seams.account_deleting`, called by accounts.deletion inside its
transaction). Times in UTC.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q

from accounts.models import User
from games import broadcast
from games.models import (
    ChatLine,
    Invitation,
    LeaveReason,
    Match,
    MatchEvent,
    Notification,
    Seat,
)

from .core import match_lock
from .seats import seat_leave
from .timeouts import seat_left_for_good
from .vacations import vacation_end

# At most this many of a deleted person's newest chat lines leave open
# pages live; older ones are gone at the next load.
LINES_PUSHED = 200


def seats_to_robots(
    *, user: User, actor: User | None, now: datetime, reason: LeaveReason
) -> list[int]:
    """Let robots play `user`'s seats in running matches to the end.

    Each match row is locked in id order (as every multi-match write), the
    seat handed over as after timeouts (`seat_left_for_good`: clocks and
    ranks go on, the seat ranks last) with `reason` as `Seat.left_reason`,
    and the hand-over logged (`MatchEvent` SEAT_HANDED, by `actor`: the
    moderator, or None when the person left by themself), so the board
    says what happened. The log names the person only for a sanction: a
    deleted account's name is not kept. Call inside a transaction.
    Returns the ids of the matches handed over.
    """
    match_ids = sorted(
        Seat.objects.filter(
            user=user, match__status=Match.Status.ACTIVE, left_at__isnull=True
        ).values_list("match_id", flat=True)
    )
    handed = []
    for match_id in match_ids:
        match = match_lock(match_id)
        if match.status != Match.Status.ACTIVE:
            continue
        seat = match.seats.get(user=user)
        seat_left_for_good(match, seat, now=now, reason=reason)
        params: dict[str, object] = {"to": "robot"}
        if reason == LeaveReason.DELETED:
            params["reason"] = str(reason)
        else:
            params["from"] = user.name
        MatchEvent.objects.create(
            match=match,
            version=match.version,
            kind=MatchEvent.Kind.SEAT_HANDED,
            seat=seat.position,
            actor=actor,
            params=params,
        )
        broadcast.match_changed_on_commit(match)
        broadcast.user_matches_changed_on_commit(
            match, match.seats.values_list("user_id", flat=True)
        )
        handed.append(match_id)
    return handed


def account_deleting(*, user: User, now: datetime) -> None:
    """Take `user`, whose account is being deleted, out of play (GDPR, issue 24).

    Called by accounts.deletion.account_delete in its transaction, before
    the person's row is emptied:
    0. a running vacation ends (`vacation_end`: their clocks run again);
    1. seats in running matches go to robot stand-ins (`seats_to_robots`,
       LeaveReason.DELETED): the match goes on, the seat ranks last as
       after timeouts;
    2. seats in open matches are left (`seat_leave`: an open match left
       without a person is aborted);
    3. pending invitations from or to the person are withdrawn;
    4. their chat lines are hidden (`hidden_at` now, by nobody);
    5. their notices are deleted (nothing more is e-mailed to them);
    6. after commit their open sockets are closed.
    """
    vacation_end(user=user, now=now)
    seats_to_robots(user=user, actor=None, now=now, reason=LeaveReason.DELETED)
    open_ids = sorted(
        Seat.objects.filter(user=user, match__status=Match.Status.OPEN).values_list(
            "match_id", flat=True
        )
    )
    for match_id in open_ids:
        seat_leave(match_id=match_id, user=user)
    Invitation.objects.filter(
        Q(inviter=user) | Q(invitee=user), state=Invitation.State.PENDING
    ).update(state=Invitation.State.WITHDRAWN, answered_at=now)
    lines = ChatLine.objects.filter(author=user, hidden_at__isnull=True)
    # The newest lines are those open pages can show (a chat panel shows
    # its latest page): each leaves them by its own event, as a
    # moderator's hiding (issue 24), the lobby's included.
    shown = list(lines.order_by("-id").values_list("id", "match_id")[:LINES_PUSHED])
    lines.update(hidden_at=now, hidden_by=None)
    for line_id, match_id in shown:
        broadcast.chat_line_hidden_on_commit(line_id=line_id, match_id=match_id)
    Notification.objects.filter(user=user).delete()
    broadcast.user_sockets_close_on_commit(user.id)
