"""Which notices become e-mails, and when (issue 11, "E-mail rules").

Placeholder until the scheduling lands: every notice is e-mail-free.
"""

from __future__ import annotations

from datetime import datetime

from accounts.models import Notification, User


def email_plan(user: User, kind: str, *, now: datetime) -> tuple[str, datetime | None]:
    """Return (`Notification.email_state`, `email_due_at`) for a new notice."""
    return Notification.EmailState.NONE, None
