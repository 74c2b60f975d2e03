"""Helpers of the e-mail tests: a started duel, its turn notice, one sent e-mail.

The e-mails go to the real SMTP server of the `smtp` fixture
(tests/accounts/conftest.py); `email_deliver` runs the e-mail task's first
attempt as the sweeps would queue it.
"""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Match, Notification
from games.notifications.emails import email_queue
from games.tasks import send_notification_emails


def duel(first: Any, second: Any, *, game_slug: str = "toy") -> Match:
    """Return a started, timed (Daily) 2-seat match: `first` on seat 0."""
    match = services.match_create(user=first, game_slug=game_slug, seats=2)
    services.seat_claim(match_id=match.id, user=second)
    match.refresh_from_db()
    return match


def turn_notice(user: Any, match: Match) -> Notification:
    """Return `user`'s latest your-turn notice of `match`."""
    return Notification.objects.filter(
        user=user, match=match, kind=Notification.Kind.YOUR_TURN
    ).latest("id")


def email_deliver(
    user: Any, notification_ids: list[int], *, digest: bool = False
) -> Any:
    """Record an e-mail as the sweeps do and run its task's first attempt."""
    delivery = email_queue(
        user_id=user.id, notification_ids=notification_ids, digest=digest
    )
    return send_notification_emails.apply(args=(delivery.id, 0))


def email_parts(message: Any) -> tuple[str, str]:
    """Return the (plain text, HTML) bodies of a received message."""
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text, html
