"""Who may see and join a match: the one rule every door asks.

Match ids are sequential, so a private match must not be found by its id.
A public match is open to everyone. A private match is seen (and joined) by
the people seated at it, by staff (moderators), by a person with a pending
invitation to it while it is open (issue 24, `games.friends`), and by
whoever brings its invitation secret (`Match.invite_secret`, carried by the link
`/matches/<id>/?invite=<secret>`); to anyone else it does not exist. Every
door answers it exactly as an unknown id: the pages and the REST API with
404, the board socket by closing as for an unknown match, `/ws/play/` with
`not_found`. Joining asks the same rule (`services.seat_claim`); putting
robots on seats, cancelling and the rest stay with the seated people.

A browser that came with the secret keeps it in its session
(`invite_keep`, under INVITES_SESSION_KEY): the board page, its partials and
its socket then see the match as long as the session lasts, and a guest who
logs in to take a seat keeps it too (Django keeps an anonymous session's
data at log-in). A program sends the secret with its commands (REST: the
`invite` query parameter or join body; `/ws/play/`: `"invite"`).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, MutableMapping
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import User
from games import exceptions
from games.models import Invitation, Match, Seat

from .seating import match_with_seats, viewer_seat

INVITES_SESSION_KEY = "match_invites"
# A session keeps the secrets of this many private matches at most.
INVITES_KEPT = 50


def invite_valid(*, match: Match, invite: Any) -> bool:
    """Return whether `invite` is `match`'s invitation secret (constant time).

    False for a match without a secret (public, or never given one) and for
    anything that is not a non-empty string.
    """
    if not match.invite_secret or not isinstance(invite, str) or not invite:
        return False
    return secrets.compare_digest(
        match.invite_secret.encode(), invite.encode("utf-8", "surrogatepass")
    )


def match_visible_to(
    *,
    match: Match,
    user: Any,
    invite: Any = "",
    session: Mapping[str, Any] | None = None,
) -> bool:
    """Return whether `user` (a User, AnonymousUser or None) may see `match`.

    True for a public match; for a private one, when `user` is staff or has
    a seat (reads `match.seats.all()`: no query when prefetched), or when
    `invite` or the secret kept in `session` (`invite_keep`) is the match's,
    or when `user` holds a pending invitation to it while it is open (one
    query, asked last). A public match costs no query; the session is read
    only when needed.
    """
    if not match.private:
        return True
    signed_in = user is not None and user.is_authenticated
    if signed_in and (user.is_staff or viewer_seat(match, user) is not None):
        return True
    if invite_valid(match=match, invite=invite):
        return True
    if session is not None and invite_valid(
        match=match, invite=session_invite(session, match.pk)
    ):
        return True
    return signed_in and invited_to(match=match, user=user)


def invited_to(*, match: Match, user: User) -> bool:
    """Return whether `user` holds a pending invitation to the open `match`.

    An invitation to a match that started or ended lapsed: it opens
    nothing any more (issue 24). One query for an open match, none else.
    """
    if match.status != Match.Status.OPEN:
        return False
    return Invitation.objects.filter(
        match=match, invitee_id=user.pk, state=Invitation.State.PENDING
    ).exists()


def matches_visible_to(*, user: User) -> QuerySet[Match]:
    """Return the matches `user` finds in a list: newest first, seats prefetched.

    The public matches and the private ones `user` has a seat at; others'
    private matches are left out, for staff too: they are found by id (and
    secret) only, as `match_visible_to` says. The one list behind GET
    /api/matches/ and `/ws/play/`'s REQUEST_GAMES; callers add their
    filters and slice. Three queries when evaluated, however many matches:
    the matches, their seats, the seats' persons
    (`prefetch_related("seats__user")`).
    """
    mine = Exists(Seat.objects.filter(match=OuterRef("pk"), user=user))
    return (
        Match.objects.filter(Q(private=False) | mine)
        .prefetch_related("seats__user")
        .order_by("-created_at")
    )


def match_require_visible(
    *,
    match: Match,
    user: Any,
    invite: Any = "",
    session: Mapping[str, Any] | None = None,
) -> Match:
    """Return `match` if `match_visible_to` says so; raise MatchNotFound otherwise."""
    if not match_visible_to(match=match, user=user, invite=invite, session=session):
        raise exceptions.MatchNotFound()
    return match


def match_visible(
    *,
    match_id: int,
    user: Any,
    invite: Any = "",
    session: Mapping[str, Any] | None = None,
) -> Match:
    """Return match `match_id` with its seats loaded, if `user` may see it.

    Raises MatchNotFound for an unknown id and for a match hidden from
    `user` alike (see the module's docstring). Two queries.
    """
    try:
        match = match_with_seats(match_id=match_id)
    except Match.DoesNotExist:
        raise exceptions.MatchNotFound() from None
    return match_require_visible(match=match, user=user, invite=invite, session=session)


def session_invite(session: Mapping[str, Any], match_id: int) -> str:
    """Return the invitation secret `session` keeps for match `match_id` ("" if none)."""
    kept = session.get(INVITES_SESSION_KEY)
    value = kept.get(str(match_id), "") if isinstance(kept, dict) else ""
    return value if isinstance(value, str) else ""


def invite_keep(session: MutableMapping[str, Any], match_id: int, invite: str) -> None:
    """Keep `invite` for match `match_id` in `session` (the newest INVITES_KEPT).

    Call only with a secret `invite_valid` accepted.
    """
    kept = session.get(INVITES_SESSION_KEY)
    invites = dict(kept) if isinstance(kept, dict) else {}
    invites.pop(str(match_id), None)
    invites[str(match_id)] = invite
    session[INVITES_SESSION_KEY] = dict(list(invites.items())[-INVITES_KEPT:])
