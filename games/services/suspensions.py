"""Suspensions at the doors of play (issue 24, Sanctions).

A suspended person may neither play nor chat until `User.suspended_until`
(UTC); the moderation services set it (moderation_sanctions.suspend). The
chat checks it itself (games.chat.services); play meets it here.
"""

from __future__ import annotations

from django.utils import timezone

from accounts.models import User
from games import exceptions


def play_allowed_require(user: User, *, reload: bool = False) -> None:
    """Refuse a suspended person (issue 24): raises Suspended until `suspended_until`.

    The one check every door meets: moves and seat actions through
    `active_seat_of` (with the seat's person as read with the seats),
    joining and creating through their services with `reload` (one query:
    a socket's `user` was loaded when it connected, maybe before the
    suspension).
    """
    until = user.suspended_until
    if reload:
        until = (
            User.objects.filter(pk=user.pk)
            .values_list("suspended_until", flat=True)
            .first()
        )
    if until is not None and until > timezone.now():
        raise exceptions.Suspended()
