"""The friends list and a person's pending invitations (issue 24).

A person's friends are the people they follow (`accounts.models.Follow`),
deleted and deactivated accounts left out. Each comes with whether they
have a page open now (`presence.present_among`, the notices' presence)
and their open and running matches the viewer may see
(`games.selectors.access`: public ones, the viewer's own, and private
ones the viewer holds a pending invitation to). Everything here is read in
a fixed number of queries, however many friends.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Prefetch, Q

from accounts.models import Follow, User
from games.models import Invitation, Match, Seat
from games.notifications.presence import present_among

# Statuses of the matches the list shows: waiting for players, or running.
LIVE_STATUSES = (Match.Status.OPEN, Match.Status.ACTIVE)


@dataclass(frozen=True, slots=True)
class Friend:
    """A person the viewer follows: `online` (a page open now) and `matches`
    (their open and running matches the viewer may see, newest first)."""

    person: User
    online: bool
    matches: list[Match] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Invitations:
    """A person's pending invitations: `received` and `sent`, newest first.

    Lapsed ones (their match no longer open) are left out.
    """

    received: list[Invitation]
    sent: list[Invitation]


def followed_people(*, user: User) -> list[User]:
    """Return the people `user` follows, by name; deleted and inactive left out.

    One query.
    """
    people = list(
        User.objects.filter(
            Exists(Follow.objects.filter(owner=user, other=OuterRef("pk"))),
            is_active=True,
            deleted_at__isnull=True,
        )
    )
    return sorted(people, key=lambda person: person.name.casefold())


def friends_list(*, user: User) -> list[Friend]:
    """Return `user`'s friends (`followed_people`), online first, then by name.

    Four queries (or three and one Redis round trip): the people, their
    presence, the matches, the matches' seats with their persons.
    """
    people = followed_people(user=user)
    if not people:
        return []
    ids = [person.pk for person in people]
    online = present_among(ids)
    invited = Invitation.objects.filter(
        match=OuterRef("pk"), invitee=user, state=Invitation.State.PENDING
    )
    mine = Seat.objects.filter(match=OuterRef("pk"), user=user)
    matches = (
        Match.objects.filter(
            Exists(Seat.objects.filter(match=OuterRef("pk"), user_id__in=ids)),
            status__in=LIVE_STATUSES,
        )
        .filter(
            Q(private=False)
            | Exists(mine)
            | (Q(status=Match.Status.OPEN) & Exists(invited))
        )
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("user").order_by("position"),
            )
        )
        .order_by("-created_at", "-pk")
    )
    by_person: dict[int, list[Match]] = {pk: [] for pk in ids}
    for match in matches:
        for seat in match.seats.all():
            if seat.user_id in by_person:
                by_person[seat.user_id].append(match)
    friends = [
        Friend(person=p, online=p.pk in online, matches=by_person[p.pk]) for p in people
    ]
    # Stable: by name within each group.
    return sorted(friends, key=lambda friend: not friend.online)


def invitations_pending(*, user: User) -> Invitations:
    """Return `user`'s pending invitations, received and sent (two queries).

    Each with its match, inviter and invitee loaded; lapsed ones (match
    no longer open) left out, as are those from or to a deleted account.
    """
    pending = Invitation.objects.filter(
        state=Invitation.State.PENDING, match__status=Match.Status.OPEN
    ).select_related("match", "inviter", "invitee")
    received = list(pending.filter(invitee=user, inviter__deleted_at__isnull=True))
    sent = list(pending.filter(inviter=user, invitee__deleted_at__isnull=True))
    return Invitations(received=received, sent=sent)
