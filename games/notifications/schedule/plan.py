"""What becomes of a notice's e-mail, decided when the notice is written.

`email_plan` reads only the person's preferences on the `User` row (no
query: it runs inside the game's locked transaction): no e-mail, held for
the daily digest (`DIGEST_KINDS`), or pending for the grace period, after
which the sweeps (`sweeps`) check it again and send it or skip it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from accounts.models import User
from games.models import Notification

Kind = Notification.Kind
State = Notification.EmailState

# Held for the daily digest when the person chose it.
DIGEST_KINDS = frozenset({Kind.YOUR_TURN})


def email_plan(user: User, kind: str, *, now: datetime) -> tuple[str, datetime | None]:
    """Return (`Notification.email_state`, `email_due_at`) for a new notice.

    From the person's preferences on `user` alone (no query: this runs for
    every notice, inside the game's locked transaction):
    - ("", None) when `kind` is switched off (`user.email_off`) or the
      person has no address;
    - ("digest", None) for a "your turn" when they chose the daily digest;
    - else ("pending", `now` + NOTIFY_EMAIL_GRACE seconds), UTC.
    """
    if kind in (user.email_off or []) or not user.email:
        return State.NONE, None
    if user.email_digest and kind in DIGEST_KINDS:
        return State.DIGEST, None
    return State.PENDING, now + timedelta(seconds=settings.NOTIFY_EMAIL_GRACE)
